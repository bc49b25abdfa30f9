// IGTF (docs/product/fiscal-invoices.md#igtf): when the business collects it, a payment in foreign
// currency (dollars in cash, Zelle, Binance: the payment methods whose currency is USD) carries
// the tax inside it. Of P paid, the IGTF is P × r ÷ (1 + r) (igtfIncludedIn), entered in the
// ledger as a charge on the invoice the payment pays (or on account), so the payment covers the
// debt and its tax; paying what the factura says to pay in foreign currency settles it exactly.
// Once per payment: a unique index on the payment id.
import { igtfIncludedIn, formatRatePercent } from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { fiscalIgtfCharges, ledgerEntries } from '../../db/schema';
import { getFiscalSettings } from './settings';

export async function chargeIgtf(
  tx: DbOrTx,
  payment: { id: string; userId: string; amountUsdCents: number },
  invoiceId: string | null,
  approvedBy: string | null,
  now: Date,
): Promise<number> {
  const settings = await getFiscalSettings(tx);
  if (!settings.enabled || !settings.igtfApplies || settings.igtfBasisPoints <= 0) return 0;
  const igtf = igtfIncludedIn(payment.amountUsdCents, settings.igtfBasisPoints);
  if (igtf <= 0) return 0;
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      userId: payment.userId,
      kind: 'charge',
      usdCents: igtf,
      invoiceId,
      description: `IGTF (${formatRatePercent(settings.igtfBasisPoints)} %) sobre pago en divisas`,
      createdBy: approvedBy,
      createdAt: now,
    })
    .returning({ id: ledgerEntries.id });
  await tx.insert(fiscalIgtfCharges).values({
    userId: payment.userId,
    paymentId: payment.id,
    invoiceId,
    paidUsdCents: payment.amountUsdCents,
    igtfUsdCents: igtf,
    basisPoints: settings.igtfBasisPoints,
    ledgerEntryId: entry.id,
  });
  return igtf;
}
