// Billing (docs/product/product-decisions.md#d14-two-currencies-one-truth, docs/decisions/021-billing-in-bolivares.md): invoices with a gapless number per year
// and the rate of their day frozen in them, and the customer's append-only ledger.
//
// Every change to a customer's ledger takes that customer's advisory lock first, so two
// approvals, an invoice and a credit application of one customer take turns; different
// customers never wait for each other. Amounts are integers: USD cents, Bs. céntimos.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  dollarsToCents,
  CLIENT_MESSAGES,
  FISCAL_MESSAGES,
  RECONCILIATION_TOLERANCE_CENTIMOS,
  usdCentsToVesCentimos,
  vesCentimosToUsdCents,
  type ChargeKind,
  type LedgerKind,
  type PaymentType,
} from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../db/client';
import {
  invoiceCounters,
  invoices,
  ledgerEntries,
  mailboxes,
  paymentTransactions,
  userProfiles,
  users,
  type InvoiceLine,
} from '../db/schema';
import { businessToday } from '../lib/business-clock';
import { DomainError } from '../lib/domain-error';
import { rateForDay } from '../queries/billing';
import { fiscalTermsFor, issueFiscalDocument } from './fiscal/documents';
import { chargeIgtf } from './fiscal/igtf';
import { issueFiscalNote, liveFacturaOf } from './fiscal/notes';
import { getPricesInEffect } from '../queries/prices';
import { markComprasPaid } from './compras-paid';
import { enqueueWebhookEvent } from './webhooks';

/** Serialises every ledger change of one customer until the transaction ends. */
export async function lockLedger(tx: DbOrTx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ledger:${userId}`}, 0))`);
}

/** 'F-2026-000123'. */
export const invoiceNumber = (year: number, sequence: number) => `F-${year}-${String(sequence).padStart(6, '0')}`;

/**
 * The next number of the year. The counter's row stays locked until the issuing transaction
 * ends: a rolled-back invoice gives its number back, so numbers have no gaps.
 */
async function nextInvoiceSequence(tx: DbOrTx, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  return row.lastNumber;
}

export type IssueInvoice = {
  userId: string;
  concept: PaymentType;
  description: string;
  lines: InvoiceLine[];
  mailboxId?: string | null;
  shipmentId?: string | null;
  createdBy?: string | null;
  now?: Date;
  /**
   * The price list it charged (docs/product/price-lists.md): a ship request's honoured version;
   * by default the version in effect when it is issued.
   */
  priceListVersionId?: string | null;
  /** The caller applies the customer's credit itself, once it has linked what it must (activations). */
  deferCredit?: boolean;
};

/**
 * Issues an invoice: its number, the rate of the business day (or the latest before it) frozen
 * in it with its Bs. amount, and its charge in the ledger; then credit on account pays it.
 * Must run inside a transaction.
 */
export async function issueInvoice(tx: DbOrTx, input: IssueInvoice) {
  const linesUsdCents = input.lines.reduce((sum, l) => sum + l.usdCents, 0);
  if (!Number.isSafeInteger(linesUsdCents) || linesUsdCents <= 0)
    throw new Error('Una factura necesita un monto mayor a 0.');
  await lockLedger(tx, input.userId);
  const now = input.now ?? new Date();
  const issueDate = businessToday(now);
  const year = Number(issueDate.slice(0, 4));
  const rate = await rateForDay(tx, issueDate);
  // With fiscal documents on (docs/product/fiscal-invoices.md), what is owed is the lines and their taxes.
  const fiscal = await fiscalTermsFor(tx, input.lines, rate?.vesPerUsd ?? null);
  const usdCents = fiscal ? fiscal.taxes.totalUsdCents : linesUsdCents;
  const [profile] = await tx
    .select({ fullName: userProfiles.fullName, cedula: userProfiles.cedula })
    .from(userProfiles)
    .where(eq(userProfiles.userId, input.userId));
  const sequence = await nextInvoiceSequence(tx, year);
  const priceListVersionId = input.priceListVersionId ?? (await getPricesInEffect(tx, now)).id;
  const vesCentimos = fiscal?.ves
    ? fiscal.ves.totalVesCentimos
    : rate
      ? usdCentsToVesCentimos(usdCents, rate.vesPerUsd)
      : null;
  const [invoice] = await tx
    .insert(invoices)
    .values({
      userId: input.userId,
      year,
      sequence,
      number: invoiceNumber(year, sequence),
      concept: input.concept,
      description: input.description,
      // The kind chooses the tax; the invoice keeps its lines as before, the fiscal document the kinds.
      lines: input.lines.map(({ description, usdCents: cents }) => ({ description, usdCents: cents })),
      usdCents,
      exchangeRateId: rate?.id ?? null,
      vesPerUsd: rate?.vesPerUsd ?? null,
      rateDate: rate?.rateDate ?? null,
      vesCentimos,
      issueDate,
      mailboxId: input.mailboxId ?? null,
      shipmentId: input.shipmentId ?? null,
      customerName: profile?.fullName ?? '',
      customerIdNumber: profile?.cedula ?? null,
      priceListVersionId,
      createdBy: input.createdBy ?? null,
      createdAt: now,
    })
    .returning();
  if (fiscal) await issueFiscalDocument(tx, invoice, fiscal, input.createdBy ?? null);
  await tx.insert(ledgerEntries).values({
    userId: input.userId,
    kind: 'charge',
    usdCents,
    vesCentimos,
    vesPerUsd: rate?.vesPerUsd ?? null,
    invoiceId: invoice.id,
    description: `Factura ${invoice.number}: ${input.description}`,
    createdBy: input.createdBy ?? null,
    createdAt: now,
  });
  await enqueueWebhookEvent(tx, 'invoice.issued', [
    {
      userId: input.userId,
      data: {
        invoiceId: invoice.id,
        number: invoice.number,
        concept: invoice.concept,
        description: invoice.description,
        usdCents: invoice.usdCents,
        vesCentimos: invoice.vesCentimos,
        issueDate: invoice.issueDate,
        shipmentId: invoice.shipmentId,
      },
    },
  ]);
  if (!input.deferCredit) await applyCredit(tx, input.userId, input.createdBy ?? null, now);
  return invoice;
}

/** What is still owed on an invoice, in USD cents (0 or less: paid). */
export async function invoiceRemaining(tx: DbOrTx, invoiceId: string): Promise<number> {
  const [row] = await tx
    .select({ remaining: sql<number>`coalesce(sum(${ledgerEntries.usdCents}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.invoiceId, invoiceId));
  return row.remaining;
}

/** Credit on account (not tied to an invoice), in USD cents: what the customer has in their favour. */
export async function creditOnAccount(tx: DbOrTx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.usdCents}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), isNull(ledgerEntries.invoiceId)));
  return Math.max(0, -row.sum);
}

/**
 * Credit on account pays the customer's open invoices, oldest first: each application is a pair
 * of entries (the invoice's, and the account's) that add up to zero. Answers the invoices that it
 * settled completely. The caller holds the customer's ledger lock.
 */
export async function applyCredit(
  tx: DbOrTx,
  userId: string,
  createdBy: string | null,
  now = new Date(),
): Promise<string[]> {
  let credit = await creditOnAccount(tx, userId);
  if (credit <= 0) return [];
  const open = await tx.execute<{ id: string; number: string; remaining: string }>(sql`
    select i.id, i.number, sum(le.usd_cents)::bigint as remaining
    from invoices i join ledger_entries le on le.invoice_id = i.id
    where i.user_id = ${userId} and i.voided_at is null
    group by i.id, i.number, i.created_at
    having sum(le.usd_cents) > 0
    order by i.created_at, i.number`);
  const settled: string[] = [];
  for (const invoice of rowsOf<{ id: string; number: string; remaining: string }>(open)) {
    if (credit <= 0) break;
    const remaining = Number(invoice.remaining);
    const applied = Math.min(credit, remaining);
    await tx.insert(ledgerEntries).values([
      {
        userId,
        kind: 'credit_applied',
        usdCents: applied,
        invoiceId: null,
        description: `Saldo a favor aplicado a la factura ${invoice.number}`,
        createdBy,
        createdAt: now,
      },
      {
        userId,
        kind: 'credit_applied',
        usdCents: -applied,
        invoiceId: invoice.id,
        description: `Pagada con saldo a favor`,
        createdBy,
        createdAt: now,
      },
    ]);
    credit -= applied;
    if (applied === remaining) settled.push(invoice.id);
  }
  await activatePaidMailboxes(tx, settled);
  return settled;
}

/**
 * What paying an invoice in full does: an activation invoice activates its mailbox
 * (docs/product/product-decisions.md#d9-customers-own-flows-are-real), and the payment the system opened for it and nobody reported is no longer owed (it is
 * cancelled, so Facturas stops asking for it). Answers the codes of the mailboxes activated.
 */
export async function activatePaidMailboxes(tx: DbOrTx, paidInvoiceIds: string[]): Promise<string[]> {
  if (paidInvoiceIds.length === 0) return [];
  // An assisted purchase paid in full may be bought (docs/product/compra-asistida.md).
  await markComprasPaid(tx, paidInvoiceIds);
  await tx
    .update(paymentTransactions)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(
      and(
        inArray(paymentTransactions.invoiceId, paidInvoiceIds),
        eq(paymentTransactions.status, 'pending'),
        isNull(paymentTransactions.reportedAt),
      ),
    );
  const codes: string[] = [];
  for (const id of paidInvoiceIds) {
    const [invoice] = await tx
      .select({ mailboxId: invoices.mailboxId, concept: invoices.concept })
      .from(invoices)
      .where(eq(invoices.id, id));
    if (invoice?.concept !== 'mailbox_activation' || !invoice.mailboxId) continue;
    const [mailbox] = await tx
      .update(mailboxes)
      .set({ status: 'active', updatedAt: new Date() })
      .where(eq(mailboxes.id, invoice.mailboxId))
      .returning({ code: mailboxes.mailboxCode });
    if (mailbox) codes.push(mailbox.code);
  }
  return codes;
}

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

/**
 * Voids an invoice that no longer applies (its shipment was removed): the number stays, its
 * charge is reversed by an adjustment, and whatever was paid on it becomes credit on account.
 */
export async function voidInvoice(tx: DbOrTx, invoiceId: string, createdBy: string | null, reason: string) {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), isNull(invoices.voidedAt)));
  if (!invoice) return;
  await lockLedger(tx, invoice.userId);
  const remaining = await invoiceRemaining(tx, invoiceId);
  // The money on it (payments and credit applied, less what a credit note already sent back to
  // the account); what it charges now is what is owed plus that money (docs/product/fiscal-invoices.md).
  const paid = await moneyOnInvoice(tx, invoiceId);
  const entries: (typeof ledgerEntries.$inferInsert)[] = [
    {
      userId: invoice.userId,
      kind: 'adjustment',
      usdCents: -(remaining + paid),
      invoiceId,
      description: `Factura ${invoice.number} anulada: ${reason}`,
      createdBy,
    },
  ];
  if (paid > 0) {
    entries.push(
      {
        userId: invoice.userId,
        kind: 'adjustment',
        usdCents: paid,
        invoiceId,
        description: `Lo pagado de la factura ${invoice.number} pasa a saldo a favor`,
        createdBy,
      },
      {
        userId: invoice.userId,
        kind: 'adjustment',
        usdCents: -paid,
        invoiceId: null,
        description: `Saldo a favor por la factura anulada ${invoice.number}`,
        createdBy,
      },
    );
  }
  await tx.insert(ledgerEntries).values(entries);
  await tx.update(invoices).set({ voidedAt: new Date() }).where(eq(invoices.id, invoiceId));
  // Its factura stays as it was issued: a credit note for what is left of it documents the void.
  const facturaId = await liveFacturaOf(tx, invoiceId);
  if (facturaId)
    await issueFiscalNote(tx, {
      facturaId,
      kind: 'nota_de_credito',
      amount: 'remaining',
      reason: FISCAL_MESSAGES.voidReason(reason),
      sourceKey: `void:${invoiceId}`,
      createdBy,
    });
  await applyCredit(tx, invoice.userId, createdBy);
}

/** The money an invoice holds: payments and credit applied to it, net of credit moved back to the account. */
export async function moneyOnInvoice(tx: DbOrTx, invoiceId: string): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.usdCents}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.invoiceId, invoiceId), inArray(ledgerEntries.kind, ['payment', 'credit_applied'])));
  return -row.sum;
}

/**
 * A correction by staff, as a new entry on account: an adjustment (positive: the customer owes
 * more; negative: credit in their favour) or a refund of credit (money given back, which can
 * not exceed the credit). A credit adjustment then pays open invoices.
 */
export async function recordLedgerCorrection(
  tx: DbOrTx,
  staffId: string,
  input: { userId: string; kind: 'adjustment' | 'refund'; amountUsd: number; reason: string },
  refundExceedsCredit: string,
) {
  await lockLedger(tx, input.userId);
  // Only a customer has a ledger: any other id is not found (not a foreign-key error, a 500).
  const [customer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.userId), eq(users.role, 'user')));
  if (!customer) throw new DomainError('NOT_FOUND', CLIENT_MESSAGES.notFound);
  const cents = dollarsToCents(input.amountUsd);
  // A refund gives credit back: it raises the balance by its (positive) amount.
  const usdCents = input.kind === 'refund' ? Math.abs(cents) : cents;
  if (input.kind === 'refund' && usdCents > (await creditOnAccount(tx, input.userId))) {
    throw new DomainError('BAD_INPUT', refundExceedsCredit);
  }
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      userId: input.userId,
      kind: input.kind,
      usdCents,
      invoiceId: null,
      description: input.reason,
      createdBy: staffId,
    })
    .returning({ id: ledgerEntries.id });
  await applyCredit(tx, input.userId, staffId);
  return entry;
}
