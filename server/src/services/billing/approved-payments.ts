// An approved payment in the ledger (docs/product/product-decisions.md#d14-two-currencies-one-truth):
// against its invoice up to what is owed, the rest as credit on account.
import { eq } from 'drizzle-orm';
import {
  RECONCILIATION_TOLERANCE_CENTIMOS,
  usdCentsToVesCentimos,
  vesCentimosToUsdCents,
  type ChargeKind,
  type LedgerKind,
  type PaymentType,
} from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { invoices, ledgerEntries } from '../../db/schema';
import { chargeIgtf } from '../fiscal/igtf';
import { issueInvoice } from './invoices';
import { activatePaidMailboxes, applyCredit, invoiceRemaining, lockLedger } from './ledger';

export type PaidPayment = {
  id: string;
  userId: string;
  transactionType: PaymentType;
  description: string | null;
  currency: 'USD' | 'VES';
  amountUsdCents: number;
  amountVesCents: number | null;
  invoiceId: string | null;
  mailboxId?: string | null;
  shipmentId?: string | null;
};

/**
 * An approved payment enters the ledger once (a unique index on the payment id): against its
 * invoice up to what is still owed, the rest as credit on account, which then pays other open
 * invoices. A payment in bolívares counts at its invoice's frozen rate; within the stated
 * tolerance of what is owed in Bs. it settles the invoice exactly. A course or shipping payment
 * reported without an invoice gets one for its amount first; a credit purchase stays credit.
 * Answers the invoice it paid and whether it is now paid, and the mailboxes that activated.
 */
export async function creditApprovedPayment(
  tx: DbOrTx,
  payment: PaidPayment,
  approvedBy: string | null,
  now = new Date(),
) {
  await lockLedger(tx, payment.userId);
  let invoiceId = payment.invoiceId;
  if (!invoiceId && payment.transactionType !== 'credit_purchase') {
    const usdCents = payment.amountUsdCents;
    if (usdCents > 0) {
      const description = payment.description ?? conceptLabel(payment.transactionType);
      const invoice = await issueInvoice(tx, {
        userId: payment.userId,
        concept: payment.transactionType,
        description,
        lines: [{ description, usdCents, kind: CONCEPT_KINDS[payment.transactionType] }],
        mailboxId: payment.mailboxId ?? null,
        shipmentId: payment.shipmentId ?? null,
        createdBy: approvedBy,
        now,
      });
      invoiceId = invoice.id;
    }
  }

  // IGTF on a payment in foreign currency, when the business collects it: a charge of its own,
  // inside the payment (docs/product/fiscal-invoices.md#igtf).
  if (payment.currency === 'USD') await chargeIgtf(tx, payment, invoiceId, approvedBy, now);

  let rate: string | null = null;
  let remaining = 0;
  if (invoiceId) {
    const [invoice] = await tx
      .select({ vesPerUsd: invoices.vesPerUsd, number: invoices.number })
      .from(invoices)
      .where(eq(invoices.id, invoiceId));
    rate = invoice?.vesPerUsd ?? null;
    remaining = Math.max(0, await invoiceRemaining(tx, invoiceId));
  }
  const vesPaid = payment.currency === 'VES' && payment.amountVesCents != null ? payment.amountVesCents : null;
  let credited: number;
  if (vesPaid != null && rate) {
    const owedVes = usdCentsToVesCentimos(remaining, rate);
    credited =
      remaining > 0 && Math.abs(vesPaid - owedVes) <= RECONCILIATION_TOLERANCE_CENTIMOS
        ? remaining
        : vesCentimosToUsdCents(vesPaid, rate);
  } else {
    // USD, or Bs. whose USD value was fixed when reported (no invoice rate to count it at).
    credited = payment.amountUsdCents;
  }

  const toInvoice = invoiceId ? Math.min(credited, remaining) : 0;
  const toAccount = credited - toInvoice;
  const share = (usd: number) => (vesPaid == null || credited === 0 ? null : -Math.round((vesPaid * usd) / credited));
  const entries: (typeof ledgerEntries.$inferInsert)[] = [];
  const kind: LedgerKind = 'payment';
  const onInvoice = toInvoice > 0 || (invoiceId && toAccount === 0);
  const invoiceVes = onInvoice ? share(toInvoice) : null;
  // The account's part is what the invoice's did not take, so the two add up to the Bs. paid
  // (two halves each rounded up would show a céntimo nobody paid).
  const accountVes = vesPaid == null || credited === 0 ? null : -vesPaid - (invoiceVes ?? 0);
  if (onInvoice) {
    entries.push({
      userId: payment.userId,
      kind,
      usdCents: -toInvoice,
      vesCentimos: invoiceVes,
      vesPerUsd: vesPaid != null ? rate : null,
      invoiceId,
      paymentId: payment.id,
      description: paymentDescription(payment),
      createdBy: approvedBy,
      createdAt: now,
    });
  }
  if (toAccount > 0) {
    entries.push({
      userId: payment.userId,
      kind,
      usdCents: -toAccount,
      vesCentimos: accountVes,
      vesPerUsd: vesPaid != null ? rate : null,
      invoiceId: null,
      paymentId: payment.id,
      description: invoiceId
        ? `${paymentDescription(payment)} (excedente: saldo a favor)`
        : paymentDescription(payment),
      createdBy: approvedBy,
      createdAt: now,
    });
  }
  if (entries.length) await tx.insert(ledgerEntries).values(entries);

  const invoicePaid = invoiceId ? (await invoiceRemaining(tx, invoiceId)) <= 0 : false;
  const activated = invoicePaid && invoiceId ? await activatePaidMailboxes(tx, [invoiceId]) : [];
  const settledByCredit = await applyCredit(tx, payment.userId, approvedBy, now);
  return { invoiceId, invoicePaid, creditedUsdCents: credited, creditUsdCents: toAccount, activated, settledByCredit };
}

const CONCEPTS: Record<PaymentType, string> = {
  mailbox_activation: 'Activación de casillero',
  shipping_payment: 'Envío',
  course_purchase: 'Curso',
  credit_purchase: 'Compra de crédito',
  assisted_purchase: 'Compra asistida',
};
const conceptLabel = (t: PaymentType) => CONCEPTS[t];
/** The kind of charge (its tax treatment) of an invoice opened for a reported payment. */
const CONCEPT_KINDS: Record<PaymentType, ChargeKind> = {
  mailbox_activation: 'activation',
  shipping_payment: 'shipping',
  course_purchase: 'course',
  credit_purchase: 'other',
  assisted_purchase: 'other',
};

function paymentDescription(p: PaidPayment) {
  return `Pago ${p.currency === 'VES' ? 'en bolívares' : 'en dólares'} aprobado`;
}
