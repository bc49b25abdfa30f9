// An ally's monthly statement as a PDF (docs/product/allies.md#statement): the ally, the month,
// every shipment of its customers with the price charged, and the totals, drawn as a table
// (pdf/table.ts).
import {
  ALLY_STATEMENT_HEADERS,
  SHIPPING_METHOD_LABELS,
  formatAllyAdjustment,
  formatDate,
  formatDecimal,
  formatUsdFromCents,
  formatCountOf,
} from '@casillero/shared';
import type { AllyScope, AllyStatement, StatementRow } from '../queries/allies';
import { LABEL_BUSINESS_NAME } from './text';
import { tablePdf } from './table';

/** Column widths, in the order of ALLY_STATEMENT_HEADERS. */
const WIDTHS = [60, 80, 130, 110, 52, 50, 86, 70, 82];

export const allyStatementFileName = (prefix: string, month: string, ext: 'xlsx' | 'csv' | 'pdf') =>
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
  const pdf = tablePdf({
    title: `Estado de cuenta ${ally.name} ${statement.month}`,
    headers: ALLY_STATEMENT_HEADERS,
    widths: WIDTHS,
  });
  pdf.heading(`${LABEL_BUSINESS_NAME}: estado de cuenta de ${ally.name}`);
  pdf.fact(
    `Mes: ${statement.month}   Prefijo: ${ally.prefix}   Ajuste de precio: ${formatAllyAdjustment(ally.priceAdjustmentBp)}`,
  );
  pdf.fact(`Envíos: ${statement.totals.shipments}`);
  for (const r of statement.rows) pdf.row(statementCells(r));
  const t = statement.totals;
  pdf.row(
    [
      'TOTALES',
      formatCountOf(t.shipments, 'envíos'),
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
  return pdf.end();
}
