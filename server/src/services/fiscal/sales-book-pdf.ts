// The sales book as a PDF (docs/product/fiscal-invoices.md#the-sales-book): landscape Letter, the
// columns of SALES_BOOK_HEADERS repeated on each page, one row per document (credit notes
// negative) and the totals. Drawn as the departure manifest is (services/manifest-pdf.ts).
import PDFDocument from 'pdfkit';
import { SALES_BOOK_HEADERS, formatUsdCents, formatVesCentimos } from '@casillero/shared';
import type { SalesBook } from '../../queries/sales-book';
import { invoiceDay } from '../invoice-pdf';
import { LABEL_BUSINESS_NAME, printable } from '../labels';

const PAGE: [number, number] = [792, 612];
const MARGIN = 28;
const BOTTOM = PAGE[1] - MARGIN;
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
  const doc = new PDFDocument({ size: PAGE, margin: MARGIN, info: { Title: `Libro de ventas ${book.month}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const put = (
    text: string,
    x: number,
    y: number,
    w: number,
    font = 'Helvetica',
    size = 7,
    align: 'left' | 'right' = 'left',
  ) => doc.font(font).fontSize(size).fillColor('#111111').text(printable(text), x, y, { width: w, align });

  const [year, month] = book.month.split('-');
  put(`${LABEL_BUSINESS_NAME}: libro de ventas de ${month}/${year}`, MARGIN, MARGIN, 700, 'Helvetica-Bold', 14);
  let y = MARGIN + 24;
  const numeric = (i: number) => i >= 7;
  const header = () => {
    doc.rect(MARGIN, y, PAGE[0] - 2 * MARGIN, 20).fill('#EEEEEE');
    let x = MARGIN + 2;
    SALES_BOOK_HEADERS.forEach((h, i) => {
      put(h, x, y + 3, WIDTHS[i]! - 4, 'Helvetica-Bold', 6.5, numeric(i) ? 'right' : 'left');
      x += WIDTHS[i]!;
    });
    y += 24;
  };
  header();
  const line = (cells: string[], font = 'Helvetica') => {
    const height = Math.max(
      ...cells.map((c, i) =>
        doc
          .font(font)
          .fontSize(7)
          .heightOfString(printable(c), { width: WIDTHS[i]! - 4 }),
      ),
    );
    if (y + height > BOTTOM) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    let x = MARGIN + 2;
    cells.forEach((c, i) => {
      put(c, x, y, WIDTHS[i]! - 4, font, 7, numeric(i) ? 'right' : 'left');
      x += WIDTHS[i]!;
    });
    y += height + 4;
  };
  for (const r of book.rows) line(salesBookCells(r));
  const t = book.totals;
  line(
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
  doc.end();
  return done;
}
