// An ally's monthly statement as a PDF (docs/product/allies.md#statement): the ally, the month,
// every shipment of its customers with the price charged, and the totals, on landscape Letter
// pages with the column header repeated on each (as the departure manifest).
import PDFDocument from 'pdfkit';
import {
  ALLY_STATEMENT_HEADERS,
  SHIPPING_METHOD_LABELS,
  formatAllyAdjustment,
  formatDate,
  formatDecimal,
  formatUsdFromCents,
} from '@casillero/shared';
import type { AllyScope, AllyStatement, StatementRow } from '../queries/allies';
import { LABEL_BUSINESS_NAME, printable } from './labels';

const PAGE: [number, number] = [792, 612];
const MARGIN = 36;
const BOTTOM = PAGE[1] - MARGIN;
/** Column widths, in the order of ALLY_STATEMENT_HEADERS. */
const WIDTHS = [60, 80, 130, 110, 52, 50, 86, 70, 82];

export const allyStatementFileName = (prefix: string, month: string, ext: 'csv' | 'pdf') =>
  `estado-de-cuenta-${prefix}-${month}.${ext}`.replace(/[^A-Za-z0-9._-]/g, '_');

const kg = (n: number) => formatDecimal(n, { decimals: 2, fixed: true });

export function statementCells(r: StatementRow): string[] {
  return [
    formatDate(r.createdAt),
    r.shipmentCode,
    r.customer,
    r.mailboxCodes,
    SHIPPING_METHOD_LABELS[r.shippingMethod],
    kg(r.weightKg),
    formatUsdFromCents(r.shippingUsdCents),
    formatUsdFromCents(r.deliveryUsdCents),
    formatUsdFromCents(r.totalUsdCents),
  ];
}

export async function renderAllyStatementPdf(ally: AllyScope, statement: AllyStatement): Promise<Buffer> {
  const doc = new PDFDocument({
    size: PAGE,
    margin: MARGIN,
    info: { Title: `Estado de cuenta ${ally.name} ${statement.month}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const put = (text: string, x: number, y: number, w: number, font = 'Helvetica', size = 8) =>
    doc.font(font).fontSize(size).fillColor('#111111').text(printable(text), x, y, { width: w });

  put(`${LABEL_BUSINESS_NAME}: estado de cuenta de ${ally.name}`, MARGIN, MARGIN, 700, 'Helvetica-Bold', 14);
  let y = MARGIN + 22;
  for (const f of [
    `Mes: ${statement.month}   Prefijo: ${ally.prefix}   Ajuste de precio: ${formatAllyAdjustment(ally.priceAdjustmentBp)}`,
    `Envíos: ${statement.totals.shipments}`,
  ]) {
    put(f, MARGIN, y, 720, 'Helvetica', 9);
    y += 13;
  }
  y += 6;

  const header = () => {
    doc.rect(MARGIN, y, PAGE[0] - 2 * MARGIN, 16).fill('#EEEEEE');
    let x = MARGIN + 2;
    ALLY_STATEMENT_HEADERS.forEach((h, i) => {
      put(h, x, y + 4, WIDTHS[i]! - 4, 'Helvetica-Bold', 8);
      x += WIDTHS[i]!;
    });
    y += 20;
  };
  header();
  const line = (cells: string[], font = 'Helvetica') => {
    const height = Math.max(
      ...cells.map((c, i) =>
        doc
          .font(font)
          .fontSize(8)
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
      put(c, x, y, WIDTHS[i]! - 4, font);
      x += WIDTHS[i]!;
    });
    y += height + 4;
  };
  for (const r of statement.rows) line(statementCells(r));
  const t = statement.totals;
  line(
    [
      'TOTALES',
      `${t.shipments} envíos`,
      '',
      '',
      '',
      kg(t.weightKg),
      formatUsdFromCents(t.shippingUsdCents),
      formatUsdFromCents(t.deliveryUsdCents),
      formatUsdFromCents(t.totalUsdCents),
    ],
    'Helvetica-Bold',
  );
  doc.end();
  return done;
}
