// The sales book as a PDF (docs/product/fiscal-invoices.md#the-sales-book): landscape Letter, the
// columns of SALES_BOOK_HEADERS repeated on each page, one row per document (credit notes
// negative) and the totals, drawn as a table (services/table-pdf.ts).
import { SALES_BOOK_HEADERS, formatUsdCents, formatVesCentimos } from '@casillero/shared';
import type { SalesBook } from '../../queries/sales-book';
import { invoiceDay } from '../invoice-pdf';
import { LABEL_BUSINESS_NAME } from '../labels';
import { tablePdf } from '../table-pdf';

/** Column widths, in the order of SALES_BOOK_HEADERS (736 points). */
const WIDTHS = [46, 62, 96, 50, 58, 54, 58, 56, 50, 50, 46, 56, 74];

export const salesBookFileName = (month: string, ext: 'csv' | 'pdf') =>
  `libro-de-ventas-${month}.${ext}`.replace(/[^A-Za-z0-9._-]/g, '_');

const usd = (cents: number) => formatUsdCents(cents);

export function salesBookCells(r: SalesBook['rows'][number]): string[] {
  return [
    invoiceDay(r.issueDate),
    r.customerIdNumber ?? '—',
    r.customerName,
    r.kindLabel,
    r.number,
    r.controlNumber ?? 'Pendiente',
    r.referencesNumber ?? '',
    usd(r.baseUsdCents),
    usd(r.exemptUsdCents),
    usd(r.ivaUsdCents),
    usd(r.igtfUsdCents),
    usd(r.totalUsdCents),
    r.totalVesCentimos === null ? '—' : formatVesCentimos(r.totalVesCentimos),
  ];
}

export async function renderSalesBookPdf(book: SalesBook): Promise<Buffer> {
  const pdf = tablePdf({
    title: `Libro de ventas ${book.month}`,
    headers: SALES_BOOK_HEADERS,
    widths: WIDTHS,
    margin: 28,
    fontSize: 7,
    headerFontSize: 6.5,
    headerHeight: 20,
    headerTextOffset: 3,
    // The amounts, from the base on.
    alignRight: (column) => column >= 7,
  });
  const [year, month] = book.month.split('-');
  pdf.heading(`${LABEL_BUSINESS_NAME}: libro de ventas de ${month}/${year}`, 24);
  for (const r of book.rows) pdf.row(salesBookCells(r));
  const t = book.totals;
  pdf.row(
    [
      'TOTALES',
      '',
      `${book.rows.length} documentos`,
      '',
      '',
      '',
      '',
      usd(t.baseUsdCents),
      usd(t.exemptUsdCents),
      usd(t.ivaUsdCents),
      usd(t.igtfUsdCents),
      usd(t.totalUsdCents),
      formatVesCentimos(t.totalVesCentimos),
    ],
    'Helvetica-Bold',
  );
  return pdf.end();
}
