// "Reportar pago": the customer tells us they paid (method, reference, amount, receipt image).
// The payment stays pending until an admin approves it; the admins get an e-mail in the same
// transaction. The same method and reference cannot be reported twice (unique index), nor a
// reference that an approved payment already carries (a bank reference pays once).
// A new shipping payment names the customer's trackings it pays (ready to ship, dispatch not yet
// authorised); they are linked in the same transaction, so approving it authorises them.
import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import {
  BILLING_MESSAGES,
  PAYMENT_MESSAGES,
  PAYMENT_TYPE_LABELS,
  formatUsdFromCents,
  formatVesFromCents,
  type reportPaymentSchema,
  toCents,
  invoiceRemainingVesCentimos,
  usdCentsToVesCentimos,
  vesCentimosToUsdCents,
  type Currency,
  type PaymentType,
} from '@casillero/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../db/client';
import type { Config } from '../env';
import { invoices, paymentTrackings, paymentTransactions, trackings } from '../db/schema';
import { businessToday } from '../lib/business-clock';
import { DomainError } from '../lib/domain-error';
import { payableInvoiceColumns, rateForDay } from '../queries/billing';
import { invoiceRemaining, lockLedger } from './billing/ledger';
import { findActiveMethod } from './payment-methods';
import { findOwnFile } from '../files/store';
import { enqueueEmail } from '../mail/outbox';
import { layout, type EmailMessage } from '../mail/templates';
import { isUniqueViolation } from './auth';
import { customerForAdmins } from './notify';
import { approvedPaymentWithReference } from './reference-paid-once';

export type ReportPayment = z.output<typeof reportPaymentSchema>;

/** What a report answers of the payment it wrote. */
const REPORTED = {
  id: paymentTransactions.id,
  transactionType: paymentTransactions.transactionType,
  amountUsdCents: paymentTransactions.amountUsdCents,
  description: paymentTransactions.description,
};

/** The unique index on the method and the reference compared ignoring case and whitespace. */
const DUPLICATE_INDEX = 'payment_transactions_method_reference_norm_key';

export async function reportPayment(
  db: Db,
  config: Pick<Config, 'adminNotifyEmails' | 'appUrl'>,
  userId: string,
  input: ReportPayment,
) {
  try {
    return await db.transaction(async (tx) => {
      const receipt = await findOwnFile(tx, input.receiptFileId, userId, 'receipt');
      // Another customer's file is answered as a missing one (docs/product/security.md#only-your-own: a foreign id is NOT_FOUND).
      if (!receipt) throw new DomainError('NOT_FOUND', PAYMENT_MESSAGES.receiptNotFound);

      const method = await findActiveMethod(tx, input.methodId);
      // Told now rather than refused at approval (the unique index on approved payments).
      const scope = { currency: method.currency, method: method.name, reference: input.paymentReference };
      if (await approvedPaymentWithReference(tx, scope))
        throw new DomainError('CONFLICT', PAYMENT_MESSAGES.referenceAlreadyPaid);
      const reported = {
        paymentMethod: method.name,
        paymentMethodId: method.id,
        currency: method.currency,
        paymentReference: input.paymentReference,
        receiptFileId: receipt.id,
        reportedAt: new Date(),
        status: 'pending' as const,
      };

      let paidNumbers: string[] = [];
      let amountVesCents: number | null = null;
      let payment: { id: string; transactionType: PaymentType; amountUsdCents: number; description: string | null };
      // A new payment: toward `invoice`, or of its own concept.
      const insertReported = async (
        invoice: PayableInvoice | null,
        values: { transactionType: PaymentType; description: string | null } & Partial<
          typeof paymentTransactions.$inferInsert
        >,
      ) => {
        const amounts = await paidAmounts(tx, method.currency, input.amount, invoice, null);
        amountVesCents = amounts.amountVesCents;
        const [row] = await tx
          .insert(paymentTransactions)
          .values({ ...reported, ...amounts, userId, ...values })
          .returning(REPORTED);
        return row;
      };
      if (input.paymentId) {
        const [existing] = await tx
          .select({
            id: paymentTransactions.id,
            status: paymentTransactions.status,
            reportedAt: paymentTransactions.reportedAt,
            metadata: paymentTransactions.metadata,
            invoiceId: paymentTransactions.invoiceId,
            amountUsdCents: paymentTransactions.amountUsdCents,
          })
          .from(paymentTransactions)
          .where(and(eq(paymentTransactions.id, input.paymentId), eq(paymentTransactions.userId, userId)))
          .for('update');
        if (!existing) throw new DomainError('NOT_FOUND', PAYMENT_MESSAGES.notFound);
        if (existing.status === 'completed' || existing.status === 'cancelled') {
          throw new DomainError('CONFLICT', PAYMENT_MESSAGES.alreadyProcessed);
        }
        if (existing.status === 'pending' && existing.reportedAt) {
          throw new DomainError('CONFLICT', PAYMENT_MESSAGES.alreadyReported);
        }
        // The customer's words go in a note; the amount is what they paid, in the method's currency.
        const { customer_note: _previous, ...metadata } = existing.metadata;
        const invoice = existing.invoiceId ? await payableInvoice(tx, userId, existing.invoiceId, existing.id) : null;
        const amounts = await paidAmounts(tx, method.currency, input.amount, invoice, existing.amountUsdCents);
        amountVesCents = amounts.amountVesCents;
        [payment] = await tx
          .update(paymentTransactions)
          .set({
            ...reported,
            ...amounts,
            metadata: input.description ? { ...metadata, customer_note: input.description } : metadata,
            processedAt: null,
            processedBy: null,
          })
          .where(eq(paymentTransactions.id, existing.id))
          .returning(REPORTED);
      } else if (input.invoiceId) {
        // Billing (docs/decisions/021-billing-in-bolivares.md): a payment toward one of the customer's invoices (the rest of a partial one).
        const invoice = await payableInvoice(tx, userId, input.invoiceId, null);
        payment = await insertReported(invoice, {
          transactionType: invoice.concept,
          description: invoice.description,
          invoiceId: invoice.id,
          mailboxId: invoice.mailboxId,
          shipmentId: invoice.shipmentId,
          metadata: input.description ? { customer_note: input.description } : {},
        });
      } else {
        const paid =
          input.transactionType === 'shipping_payment' ? await lockPayableTrackings(tx, userId, input.trackingIds) : [];
        payment = await insertReported(null, {
          transactionType: input.transactionType!,
          description: input.description,
        });
        if (paid.length)
          await tx.insert(paymentTrackings).values(paid.map((t) => ({ paymentId: payment.id, trackingId: t.id })));
        paidNumbers = paid.map((t) => t.trackingNumber).sort();
      }

      await enqueueEmail(
        tx,
        config.adminNotifyEmails,
        paymentReportedEmail({
          ...(await customerForAdmins(tx, userId)),
          type: payment.transactionType,
          amountUsdCents: payment.amountUsdCents,
          amountVesCents,
          method: method.name,
          reference: input.paymentReference,
          description: payment.description,
          note: input.paymentId || input.invoiceId ? input.description : null,
          trackings: paidNumbers,
          url: `${config.appUrl}/admin/pagos`,
        }),
      );
      return { id: payment.id, message: PAYMENT_MESSAGES.reportedMessage };
    });
  } catch (err) {
    if (isUniqueViolation(err, DUPLICATE_INDEX)) {
      throw new DomainError('CONFLICT', PAYMENT_MESSAGES.duplicateReference);
    }
    throw err;
  }
}

type PayableInvoice = {
  id: string;
  concept: PaymentType;
  description: string;
  mailboxId: string | null;
  shipmentId: string | null;
  remainingUsdCents: number;
  vesPerUsd: string | null;
  usdCents: number;
  vesCentimos: number | null;
};

/**
 * One of the customer's invoices that still owes something and has no other report under review
 * (`exceptPaymentId`: the payment being reported itself). Another customer's is NOT_FOUND.
 */
async function payableInvoice(
  tx: DbOrTx,
  userId: string,
  invoiceId: string,
  exceptPaymentId: string | null,
): Promise<PayableInvoice> {
  const [invoice] = await tx
    .select({ ...payableInvoiceColumns, voidedAt: invoices.voidedAt })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
  if (!invoice) throw new DomainError('NOT_FOUND', BILLING_MESSAGES.invoiceNotFound);
  if (invoice.voidedAt) throw new DomainError('CONFLICT', BILLING_MESSAGES.invoiceVoid);
  // Reports of one customer take turns, so two cannot both pass the check below.
  await lockLedger(tx, userId);
  const remainingUsdCents = await invoiceRemaining(tx, invoice.id);
  if (remainingUsdCents <= 0) throw new DomainError('CONFLICT', BILLING_MESSAGES.invoicePaid);
  const [underReview] = await tx
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.invoiceId, invoice.id),
        eq(paymentTransactions.status, 'pending'),
        isNotNull(paymentTransactions.reportedAt),
        exceptPaymentId ? ne(paymentTransactions.id, exceptPaymentId) : undefined,
      ),
    )
    .limit(1);
  if (underReview) throw new DomainError('CONFLICT', PAYMENT_MESSAGES.alreadyReported);
  return { ...invoice, remainingUsdCents };
}

/**
 * What a report records: the amount in the method's currency and its USD value. Bolívares count
 * at the invoice's frozen rate (or, on account, at the rate in force today). An empty amount for
 * an invoice is what is still owed on it, in that currency.
 */
async function paidAmounts(
  tx: DbOrTx,
  currency: Currency,
  amount: number | null,
  invoice: PayableInvoice | null,
  owedUsdCents: number | null,
) {
  // The typed amount becomes cents here, once; from here to the ledger it stays in cents.
  const typedCents = amount == null ? null : toCents(amount);
  if (amount != null && typedCents == null) throw new DomainError('BAD_INPUT', PAYMENT_MESSAGES.amountDecimals);
  if (currency === 'USD') {
    const usdCents = typedCents ?? (invoice ? invoice.remainingUsdCents : owedUsdCents);
    if (usdCents == null) throw new DomainError('BAD_INPUT', PAYMENT_MESSAGES.amountRequired);
    if (usdCents < 1) throw new DomainError('BAD_INPUT', PAYMENT_MESSAGES.amountPositive);
    if (usdCents > 10_000_000) throw new DomainError('BAD_INPUT', PAYMENT_MESSAGES.amountMax);
    return { amountUsdCents: usdCents, amountVesCents: null };
  }
  const rate = invoice?.vesPerUsd ?? (await rateForDay(tx, businessToday()))?.vesPerUsd ?? null;
  if (!rate) throw new DomainError('BAD_INPUT', PAYMENT_MESSAGES.noRateForVes);
  // Nothing typed: what the invoice still asks in Bs., as Facturas shows it; on account, today's rate.
  const owedVes = invoice
    ? invoiceRemainingVesCentimos(invoice, rate)
    : owedUsdCents != null
      ? usdCentsToVesCentimos(owedUsdCents, rate)
      : null;
  const vesCentimos = typedCents ?? owedVes;
  if (vesCentimos == null) throw new DomainError('BAD_INPUT', PAYMENT_MESSAGES.amountRequired);
  if (vesCentimos < 1) throw new DomainError('BAD_INPUT', PAYMENT_MESSAGES.amountPositive);
  const usdCents = vesCentimosToUsdCents(vesCentimos, rate);
  // Never a cent the customer did not pay: what is worth less than one is refused, not rounded up.
  if (usdCents < 1) throw new DomainError('BAD_INPUT', PAYMENT_MESSAGES.amountUnderOneCent);
  if (usdCents > 10_000_000) throw new DomainError('BAD_INPUT', PAYMENT_MESSAGES.amountMax);
  return { amountUsdCents: usdCents, amountVesCents: vesCentimos };
}

/**
 * The trackings a new shipping payment pays, each the customer's own, ready to ship and not yet
 * authorised; locked until the report commits. Any other id refuses the whole report.
 */
async function lockPayableTrackings(tx: DbOrTx, userId: string, ids: string[]) {
  if (ids.length === 0) throw new DomainError('BAD_INPUT', PAYMENT_MESSAGES.trackingsRequired);
  const rows = await tx
    .select({ id: trackings.id, trackingNumber: trackings.trackingNumber })
    .from(trackings)
    .where(
      and(
        inArray(trackings.id, ids),
        eq(trackings.userId, userId),
        eq(trackings.status, 'ready_to_ship'),
        isNull(trackings.dispatchAuthorizedAt),
      ),
    )
    .for('update');
  if (rows.length !== ids.length) {
    // An id that is not one of the customer's trackings is NOT_FOUND (docs/product/security.md#only-your-own); one of theirs
    // that cannot be paid now is a bad request. The message is the same: it names neither.
    const [own] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(trackings)
      .where(and(inArray(trackings.id, ids), eq(trackings.userId, userId)));
    throw new DomainError(own.n < ids.length ? 'NOT_FOUND' : 'BAD_INPUT', PAYMENT_MESSAGES.trackingsNotPayable);
  }
  return rows;
}

export function paymentReportedEmail(p: {
  customer: string;
  email: string;
  type: PaymentType;
  amountUsdCents: number;
  amountVesCents: number | null;
  method: string;
  reference: string;
  description: string | null;
  note: string | null;
  /** The tracking numbers a new shipping payment pays. */
  trackings?: string[];
  url: string;
}): EmailMessage {
  const title = `Pago reportado: ${PAYMENT_TYPE_LABELS[p.type]} de ${formatUsdFromCents(p.amountUsdCents)}`;
  const { html, text } = layout({
    title,
    paragraphs: [
      `${p.customer} (${p.email}) reportó un pago que espera verificación.`,
      `Concepto: ${PAYMENT_TYPE_LABELS[p.type]}${p.description ? ` (${p.description})` : ''}.`,
      `Monto: ${formatUsdFromCents(p.amountUsdCents)}${p.amountVesCents != null ? ` · ${formatVesFromCents(p.amountVesCents)}` : ''}.`,
      `Método: ${p.method} · Referencia: ${p.reference}.`,
      ...(p.trackings?.length ? [`Trackings que paga: ${p.trackings.join(', ')}.`] : []),
      ...(p.note ? [`Nota del cliente: ${p.note}`] : []),
      'El comprobante está adjunto al pago en el panel de administración.',
    ],
    action: { label: 'Revisar pagos', url: p.url },
  });
  return { template: 'payment-reported', subject: title, html, text };
}
