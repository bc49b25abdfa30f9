// The texts the WhatsApp desk answers a linked customer with (docs/product/whatsapp-desk.md):
// built from the same queries as the customer's own pages, only ever for that customer.
import {
  DESK_PATHS,
  formatDate,
  formatRate,
  formatUsdFromCents,
  formatVesFromCents,
  PACKAGE_STATUS_LABELS,
  PAYMENT_METHOD_FIELDS,
  PAYMENT_METHOD_KIND_LABELS,
  SHIPMENT_STATUS_LABELS,
  WHATSAPP_DESK_MESSAGES as M,
} from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { listCustomerInvoices } from '../../queries/billing';
import { DESK_LIST_LIMIT, openShipmentsOf, parcelsOnTheShelfOf } from '../../queries/whatsapp-desk';
import { listPaymentMethods } from '../payment-methods';

/** "Mis paquetes": each open shipment with its state and its departure's promise, then the parcels on our shelves. */
export async function packagesAnswer(db: DbOrTx, userId: string, appUrl: string): Promise<string> {
  const [open, shelf] = await Promise.all([openShipmentsOf(db, userId), parcelsOnTheShelfOf(db, userId)]);
  if (open.total === 0 && shelf.total === 0) return M.packagesNone;
  const lines: string[] = [M.packagesHeading];
  if (open.total > 0) {
    lines.push('', M.shipmentsTitle);
    for (const s of open.rows) {
      const parts = [`• ${s.code}: ${SHIPMENT_STATUS_LABELS[s.status]}`];
      if (s.departure?.delayed) parts.push(M.promiseDelayed);
      else if (s.departure?.promisedArrival)
        parts.push(M.promise(formatDate(s.departure.promisedArrival), s.departure.code));
      lines.push(parts.join(', '));
    }
    if (open.total > open.rows.length) lines.push(M.more(open.total - open.rows.length));
  }
  if (shelf.total > 0) {
    lines.push('', M.parcelsTitle);
    for (const p of shelf.rows) {
      const name = p.trackingNumber ? `${p.description} (${p.trackingNumber})` : p.description;
      lines.push(`• ${name}: ${PACKAGE_STATUS_LABELS[p.status]}`);
    }
    if (shelf.total > shelf.rows.length) lines.push(M.more(shelf.total - shelf.rows.length));
  }
  lines.push('', M.seeAll(`${appUrl}${open.total > 0 ? DESK_PATHS.shipments : DESK_PATHS.parcels}`));
  return lines.join('\n');
}

/**
 * "Cuánto debo": each open invoice in $ and in Bs. at its own frozen rate (never today's), as the
 * invoices page shows it, the total, and how to pay.
 */
export async function debtAnswer(db: DbOrTx, userId: string, appUrl: string): Promise<string> {
  const open = (await listCustomerInvoices(db, userId)).filter((i) => i.status === 'pending' || i.status === 'partial');
  if (open.length === 0) return M.debtNone;
  const lines: string[] = [M.debtHeading];
  let usdCents = 0;
  let vesCentimos = 0;
  let everyOneHasRate = true;
  // In the order they were issued.
  open.sort((a, b) => a.issueDate.localeCompare(b.issueDate) || a.number.localeCompare(b.number));
  for (const [i, invoice] of open.entries()) {
    usdCents += invoice.remainingUsdCents;
    if (invoice.remainingVesCentimos === null || !invoice.vesPerUsd) everyOneHasRate = false;
    else vesCentimos += invoice.remainingVesCentimos;
    // Every one counts in the total; the first few are listed (the message has a limit).
    if (i >= DESK_LIST_LIMIT) continue;
    lines.push(
      M.invoiceLine(
        invoice.number,
        formatUsdFromCents(invoice.remainingUsdCents),
        invoice.remainingVesCentimos === null ? null : formatVesFromCents(invoice.remainingVesCentimos),
        invoice.vesPerUsd ? formatRate(invoice.vesPerUsd) : null,
      ),
    );
  }
  if (open.length > DESK_LIST_LIMIT) lines.push(M.more(open.length - DESK_LIST_LIMIT));
  // A Bs. total only when every invoice has its rate: a sum of some would read as the whole.
  lines.push('', M.debtTotal(formatUsdFromCents(usdCents), everyOneHasRate ? formatVesFromCents(vesCentimos) : null));
  if (everyOneHasRate && open.length > 1) lines.push(M.debtRateNote);
  const methods = await listPaymentMethods(db, true);
  if (methods.length > 0) {
    lines.push('', M.paymentMethodsTitle);
    for (const method of methods) {
      const fields = PAYMENT_METHOD_FIELDS[method.kind] as Record<string, string>;
      const details = Object.entries(fields)
        .map(([key, label]) => (method.details[key] ? `${label}: ${method.details[key]}` : null))
        .filter((d): d is string => d !== null);
      lines.push(`• ${method.name} (${PAYMENT_METHOD_KIND_LABELS[method.kind]}, ${method.currency})`);
      for (const d of details) lines.push(`   ${d}`);
      if (method.instructions) lines.push(`   ${method.instructions}`);
    }
  }
  lines.push('', M.reportPayment(`${appUrl}${DESK_PATHS.invoices}`));
  return lines.join('\n');
}
