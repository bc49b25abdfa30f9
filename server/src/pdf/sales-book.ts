// The sales book as a PDF (docs/product/fiscal-invoices.md#the-sales-book): landscape Letter, the
// legal columns of SALES_BOOK_HEADERS in Bs. repeated on each page, one row per document (credit
// notes negative) and the totals, drawn as a table (pdf/table.ts).
import { SALES_BOOK_HEADERS, formatRatePercent, formatVesCentimos } from '@casillero/shared';
import type { SalesBook } from '../queries/sales-book';
import { invoiceDay } from './invoice';
import { LABEL_BUSINESS_NAME } from './text';
import { tablePdf } from './table';
import {
  LEGAL_COLUMNS,
  type SalesBookCell,
  type SalesBookIssuer,
  salesBookRowCells,
  salesBookTotalCells,
} from '../services/fiscal/sales-book-cells';

/** Column widths, in the order of SALES_BOOK_HEADERS (736 points). */
const WIDTHS = [22, 44, 54, 66, 48, 50, 48, 50, 58, 54, 58, 56, 30, 52, 46];

/** Whose book it is, printed at its top: the business's razón social and RIF. */

export const salesBookFileName = (month: string, ext: string) =>
  `libro-de-ventas-${month}.${ext}`.replace(/[^A-Za-z0-9._-]/g, '_');

/** A cell as the PDF (and the screen) writes it: es-VE figures, '—' for Bs. a document lacks. */
export function cellText(cell: SalesBookCell): string {
  switch (cell.type) {
    case 'text':
      return cell.value;
    case 'count':
      return String(cell.value);
    case 'date':
      return invoiceDay(cell.value);
    case 'ves':
      return cell.value === null ? '—' : formatVesCentimos(cell.value);
    case 'percent':
      return cell.value.length ? `${cell.value.map(formatRatePercent).join(' y ')} %` : '';
    default:
      return '';
  }
}

export async function renderSalesBookPdf(book: SalesBook, issuer: SalesBookIssuer): Promise<Buffer> {
  const pdf = tablePdf({
    title: `Libro de ventas ${book.month}`,
    headers: SALES_BOOK_HEADERS,
    widths: WIDTHS,
    margin: 28,
    fontSize: 6.5,
    headerFontSize: 6,
    headerHeight: 30,
    headerTextOffset: 3,
    // The amounts, from the total on.
    alignRight: (column) => column >= SALES_BOOK_HEADERS.indexOf('Total de ventas con IVA (Bs.)'),
  });
  const [year, month] = book.month.split('-');
  pdf.heading(`${issuer.legalName || LABEL_BUSINESS_NAME}: libro de ventas de ${month}/${year}`);
  if (issuer.rif) pdf.fact(`RIF ${issuer.rif}`);
  pdf.fact('Montos en bolívares, cada documento a la tasa con que se emitió. Las notas de crédito restan.');
  if (book.withoutRate > 0)
    pdf.fact(`${book.withoutRate} documentos sin tasa registrada no tienen montos en bolívares (—).`);
  const legal = (cells: SalesBookCell[]) => cells.slice(0, LEGAL_COLUMNS).map(cellText);
  for (const r of book.rows) pdf.row(legal(salesBookRowCells(r)));
  pdf.row(legal(salesBookTotalCells(book)), 'Helvetica-Bold');
  return pdf.end();
}
