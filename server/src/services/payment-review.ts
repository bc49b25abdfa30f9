// 'Actualizar Pago' (docs/product/admin-payments-and-billing.md#actualizar-pago): the admin approves, rejects or keeps a payment under review.
// Approval and rejection happen once (docs/product/product-decisions.md#d6-races-are-closed-by-the-database): one transaction whose first statement is a
// conditional UPDATE … WHERE status = 'pending' RETURNING. Of fifty concurrent approvals, one
// finds the row pending; the others wait for its row lock, re-check the condition, find it
// completed and are refused, so the mailbox is activated, the trackings authorised and the
// customer notified exactly once. A bank reference pays once: approving a payment whose reference
// an approved payment already carries breaks the unique index REFERENCE_PAID_ONCE_INDEX, and is
// refused naming that payment (services/reference-paid-once.ts).
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  ADMIN_PAYMENT_MESSAGES,
  PAYMENT_MESSAGES,
  PAYMENT_NOTIFICATIONS,
  type paymentReviewInput,
  type z,
} from '@casillero/shared';
import type { Db, DbOrTx } from '../db/client';
import { DomainError } from '../lib/domain-error';
import { mailboxes, paymentTrackings, paymentTransactions, trackingHistory, trackings } from '../db/schema';
import type { Config } from '../env';
import { notifyUser } from './notify';
import { enqueueWebhookEvent } from './webhooks';
import { creditApprovedPayment } from './billing/approved-payments';
import { isUniqueViolation } from '../lib/database-errors';
import { REFERENCE_PAID_ONCE_INDEX, referencePaidRefusal } from './reference-paid-once';

export type PaymentReview = z.output<typeof paymentReviewInput>;

/** Where the customer's notification leads. */
const FACTURAS_PATH = '/dashboard/facturas';
const MAILBOXES_PATH = '/dashboard/mis-casilleros';

export async function reviewPayment(
  db: Db,
  admin: { id: string },
  input: PaymentReview,
  config: Pick<Config, 'appUrl'>,
) {
  try {
    return await reviewOnce(db, admin, input, config);
  } catch (err) {
    // The failed statement is rolled back (its savepoint, when nested), so `db` still reads.
    if (isUniqueViolation(err, REFERENCE_PAID_ONCE_INDEX)) throw await referencePaidRefusal(db, input.id, err);
    throw err;
  }
}

function reviewOnce(db: Db, admin: { id: string }, input: PaymentReview, config: Pick<Config, 'appUrl'>) {
  return db.transaction(async (tx) => {
    const isFinal = input.status !== 'pending';
    const now = new Date();
    // Kept pending, the customer is told once that it is being reviewed (the first time staff
    // look at it); saving it pending again changes nothing they would read, so tells nothing.
    const [before] = await tx
      .select({
        underReview: sql<boolean>`coalesce((${paymentTransactions.metadata}->>'under_review')::boolean, false)`,
      })
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.id, input.id), eq(paymentTransactions.status, 'pending')))
      .for('update');
    const metadataChanges = {
      ...(input.adminNotes !== null ? { admin_notes: input.adminNotes } : {}),
      ...(isFinal ? {} : { under_review: true }),
    };
    // Only a pending payment changes; the notes are merged into the metadata (docs/product/admin-payments-and-billing.md#actualizar-pago).
    const [payment] = await tx
      .update(paymentTransactions)
      .set({
        status: input.status,
        ...(isFinal ? { processedAt: now, processedBy: admin.id } : {}),
        ...(Object.keys(metadataChanges).length > 0
          ? { metadata: sql`${paymentTransactions.metadata} || ${JSON.stringify(metadataChanges)}::jsonb` }
          : {}),
        updatedAt: now,
      })
      .where(and(eq(paymentTransactions.id, input.id), eq(paymentTransactions.status, 'pending')))
      .returning({
        id: paymentTransactions.id,
        userId: paymentTransactions.userId,
        transactionType: paymentTransactions.transactionType,
        amountUsdCents: paymentTransactions.amountUsdCents,
        mailboxId: paymentTransactions.mailboxId,
        status: paymentTransactions.status,
        description: paymentTransactions.description,
        currency: paymentTransactions.currency,
        amountVesCents: paymentTransactions.amountVesCents,
        invoiceId: paymentTransactions.invoiceId,
        adminNotes: sql<string | null>`${paymentTransactions.metadata}->>'admin_notes'`,
      });
    if (!payment) throw await refusal(tx, input.id);

    let mailboxActivated: string | null = null;
    let authorisedTrackings: string[] = [];
    let invoice: { id: string | null; paid: boolean } = { id: payment.invoiceId, paid: false };
    if (payment.status === 'completed') {
      // Billing (docs/decisions/021-billing-in-bolivares.md): the payment enters the customer's ledger once; an activation invoice that it
      // (or the credit it leaves) pays in full activates its mailbox.
      const credited = await creditApprovedPayment(tx, payment, admin.id);
      invoice = { id: credited.invoiceId, paid: credited.invoicePaid };
      mailboxActivated = credited.activated[0] ?? null;
      if (!payment.invoiceId && payment.transactionType === 'mailbox_activation' && payment.mailboxId) {
        // A payment from before invoices existed activates its mailbox as it always did.
        mailboxActivated = await activateMailbox(tx, payment.mailboxId, now);
      }
      if (payment.transactionType === 'shipping_payment') {
        authorisedTrackings = await authoriseDispatch(tx, payment.id, admin.id, now);
      }
      await enqueueWebhookEvent(tx, 'payment.approved', [
        {
          userId: payment.userId,
          data: {
            paymentId: payment.id,
            type: payment.transactionType,
            amountUsdCents: payment.amountUsdCents,
            currency: payment.currency,
            amountVesCents: payment.amountVesCents,
            invoiceId: invoice.id,
            invoicePaid: invoice.paid,
            approvedAt: now.toISOString(),
          },
        },
      ]);
    }

    if (isFinal || !before?.underReview)
      await notifyUser(
        tx,
        payment.userId,
        {
          title: PAYMENT_NOTIFICATIONS.title,
          message:
            payment.status === 'completed'
              ? PAYMENT_NOTIFICATIONS.approved(payment.amountUsdCents)
              : payment.status === 'failed'
                ? PAYMENT_NOTIFICATIONS.rejected(payment.amountUsdCents, payment.adminNotes)
                : PAYMENT_NOTIFICATIONS.reviewing(payment.amountUsdCents),
          type: 'payment_update',
          link: mailboxActivated ? MAILBOXES_PATH : FACTURAS_PATH,
        },
        { kind: 'payment', email: 'default', appUrl: config.appUrl },
      );

    return {
      id: payment.id,
      status: payment.status,
      /** The code of the mailbox this approval activated. */
      mailboxActivated,
      /** The tracking numbers whose dispatch this approval authorised. */
      authorisedTrackings,
      /** The invoice the payment counted toward, and whether it is now paid in full. */
      invoiceId: invoice.id,
      invoicePaid: invoice.paid,
    };
  });
}

/** Why the conditional update changed nothing: no such payment, or it was already processed. */
async function refusal(tx: DbOrTx, id: string): Promise<DomainError> {
  const [existing] = await tx
    .select({ status: paymentTransactions.status })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, id));
  if (!existing) return new DomainError('NOT_FOUND', PAYMENT_MESSAGES.notFound);
  return new DomainError('CONFLICT', ADMIN_PAYMENT_MESSAGES.alreadyProcessed[existing.status]);
}

/** An approved activation payment activates its mailbox (docs/product/product-decisions.md#d9-customers-own-flows-are-real); answers the mailbox code. */
async function activateMailbox(tx: DbOrTx, mailboxId: string, now: Date): Promise<string | null> {
  const [mailbox] = await tx
    .update(mailboxes)
    .set({ status: 'active', updatedAt: now })
    .where(eq(mailboxes.id, mailboxId))
    .returning({ code: mailboxes.mailboxCode });
  return mailbox?.code ?? null;
}

/**
 * An approved shipping payment authorises the dispatch of its trackings that wait in
 * 'ready_to_ship'. They stay 'ready_to_ship' (the parcel is still on the shelf: 'shipped' is
 * set when it physically leaves); dispatch_authorized_at records the approval (the 'Pago
 * aprobado' badge, the stats), and a history entry by the admin tells the warehouse and the
 * customer in the tracking's timeline. A tracking already authorised is left as it is.
 */
async function authoriseDispatch(tx: DbOrTx, paymentId: string, adminId: string, now: Date): Promise<string[]> {
  const paid = tx
    .select({ id: paymentTrackings.trackingId })
    .from(paymentTrackings)
    .where(eq(paymentTrackings.paymentId, paymentId));
  const cleared = await tx
    .update(trackings)
    .set({ dispatchAuthorizedAt: now, updatedAt: now })
    .where(
      and(inArray(trackings.id, paid), eq(trackings.status, 'ready_to_ship'), isNull(trackings.dispatchAuthorizedAt)),
    )
    .returning({ id: trackings.id, trackingNumber: trackings.trackingNumber });
  if (cleared.length) {
    await tx.insert(trackingHistory).values(
      cleared.map((t) => ({
        trackingId: t.id,
        status: 'ready_to_ship' as const,
        message: ADMIN_PAYMENT_MESSAGES.dispatchAuthorised,
        createdBy: adminId,
        createdAt: now,
      })),
    );
  }
  return cleared.map((t) => t.trackingNumber).sort();
}
