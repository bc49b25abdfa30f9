// The admin's changes to trackings (docs/product/admin-trackings.md): create, change status, request a
// repack. Each is one transaction with its history row, the customer's notification and the
// e-mails (written to the outbox, delivered later: a mail failure never undoes the change).
import { eq } from 'drizzle-orm';
import {
  TRACKING_HISTORY_DEFAULTS,
  TRACKING_MESSAGES,
  TRACKING_NOTIFICATIONS,
  TRACKING_STATUS_LABELS,
  type trackingCreateInput,
  type trackingRepackInput,
  type trackingStatusChangeInput,
  type NotificationKind,
  type TrackingStatus,
  type z,
} from '@casillero/shared';
import type { Db, DbOrTx } from '../db/client';
import { DomainError } from '../lib/domain-error';
import { trackingHistory, trackings } from '../db/schema';
import type { Config } from '../env';
import { enqueueEmail } from '../mail/outbox';
import type { EmailMessage } from '../mail/templates';
import {
  CUSTOMER_TRACKINGS_PATH,
  newTrackingAdminEmail,
  newTrackingClientEmail,
  repackAdminEmail,
  repackClientEmail,
  trackingStatusEmail,
  type TrackingMailFacts,
} from '../mail/tracking-templates';
import { findActiveMailbox, findPendingPrealert, findTracking } from '../queries/trackings/detail';
import { isUniqueViolation } from './auth';
import { notifyUser } from './notify';

export const TRACKING_NUMBER_CONSTRAINT = 'trackings_tracking_number_key';

type Actor = { id: string };
type MailConfig = Pick<Config, 'appUrl' | 'adminNotifyEmails'>;
type CreateInput = z.output<typeof trackingCreateInput>;
type StatusChangeInput = z.output<typeof trackingStatusChangeInput>;
type RepackInput = z.output<typeof trackingRepackInput>;

const notFound = () => new DomainError('NOT_FOUND', TRACKING_MESSAGES.notFound);

export async function createTracking(db: Db, admin: Actor, input: CreateInput, config: MailConfig) {
  return db.transaction(async (tx) => {
    const mailbox = await findActiveMailbox(tx, input.mailboxId);
    if (!mailbox) throw new DomainError('BAD_INPUT', TRACKING_MESSAGES.clientInvalid);
    const prealert = await findPendingPrealert(tx, mailbox.userId, input.trackingNumber);

    // The unique constraint decides between two admins submitting the same number at once.
    let row: { id: string; trackingNumber: string; createdAt: Date };
    try {
      [row] = await tx
        .insert(trackings)
        .values({
          trackingNumber: input.trackingNumber,
          userId: mailbox.userId,
          mailboxId: mailbox.mailboxId,
          description: input.description,
          carrier: input.carrier,
          estimatedWeight: input.estimatedWeight,
          estimatedValueUsdCents: input.estimatedValueUsdCents,
          senderName: input.senderName,
          originCountry: input.originCountry,
          priority: input.priority,
          needsReempaque: input.needsReempaque,
          reempaqueReason: input.reempaqueReason,
          notes: input.notes,
          prealertId: prealert?.id ?? null,
          createdBy: admin.id,
        })
        .returning({ id: trackings.id, trackingNumber: trackings.trackingNumber, createdAt: trackings.createdAt });
    } catch (err) {
      if (isUniqueViolation(err, TRACKING_NUMBER_CONSTRAINT)) {
        throw new DomainError('CONFLICT', TRACKING_MESSAGES.duplicate, { cause: err });
      }
      throw err;
    }
    await tx.insert(trackingHistory).values({
      trackingId: row.id,
      status: 'created',
      message: TRACKING_HISTORY_DEFAULTS.created,
      createdBy: admin.id,
    });

    const facts = await mailFactsOf(tx, row.id);
    await notifyTrackingOwner(
      tx,
      mailbox.userId,
      { title: TRACKING_NOTIFICATIONS.createdTitle, message: TRACKING_NOTIFICATIONS.created(row.trackingNumber) },
      newTrackingClientEmail(facts, config.appUrl),
      config.appUrl,
      'package_received',
    );
    await enqueueEmail(tx, config.adminNotifyEmails, newTrackingAdminEmail(facts, config.appUrl));
    return { id: row.id, trackingNumber: row.trackingNumber, prealertId: prealert?.id ?? null };
  });
}

/** The e-mail facts of a tracking, read inside the transaction that changes it. */
async function mailFactsOf(tx: DbOrTx, id: string): Promise<TrackingMailFacts & { userId: string }> {
  const tracking = await findTracking(tx, id);
  if (!tracking) throw notFound();
  // The whole row: the e-mails read what they need of it, with the e-mail for a missing name.
  return { ...tracking, clientName: tracking.clientName ?? tracking.clientEmail };
}

type TrackingChange = Partial<
  Pick<typeof trackings.$inferInsert, 'status' | 'actualWeight' | 'needsReempaque' | 'reempaqueReason'>
>;

/**
 * The tracking's state before a change, locked until the change commits (NOT_FOUND when there is
 * no such tracking): what tells a real change from a repeated click, which must tell nobody.
 */
async function lockTracking(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({ status: trackings.status, reempaqueReason: trackings.reempaqueReason })
    .from(trackings)
    .where(eq(trackings.id, id))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * The steps every change of a tracking takes: the update, its history row (none when nothing a
 * customer would read changed), and the facts the e-mails about it need.
 */
async function changeTracking(
  tx: DbOrTx,
  admin: Actor,
  id: string,
  change: TrackingChange,
  history: { status: TrackingStatus; message: string } | null,
) {
  await tx
    .update(trackings)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(trackings.id, id));
  if (history) await tx.insert(trackingHistory).values({ trackingId: id, ...history, createdBy: admin.id });
  return mailFactsOf(tx, id);
}

/** The customer's notification about one of their trackings (Mis Trackings), with its e-mail. */
function notifyTrackingOwner(
  tx: DbOrTx,
  userId: string,
  note: { title: string; message: string },
  email: EmailMessage,
  appUrl: string,
  kind: NotificationKind = 'status_changed',
) {
  return notifyUser(tx, userId, { ...note, type: 'package', link: CUSTOMER_TRACKINGS_PATH }, { kind, email, appUrl });
}

/** A real weight of 0 keeps the one recorded before. */
const measuredWeight = (actualWeight: number) => (actualWeight > 0 ? { actualWeight } : {});

/**
 * Any status from any status; a real weight of 0 keeps the one recorded before. The status it
 * already has changes only the weight: no history row, no notice.
 */
export async function changeTrackingStatus(db: Db, admin: Actor, input: StatusChangeInput, config: MailConfig) {
  return db.transaction(async (tx) => {
    const label = TRACKING_STATUS_LABELS[input.status];
    const before = await lockTracking(tx, input.id);
    const statusChanged = before.status !== input.status;
    const facts = await changeTracking(
      tx,
      admin,
      input.id,
      { status: input.status, ...measuredWeight(input.actualWeight) },
      statusChanged ? { status: input.status, message: input.message ?? `Estado actualizado a «${label}».` } : null,
    );
    if (!statusChanged) return { id: input.id, trackingNumber: facts.trackingNumber, status: input.status };
    await notifyTrackingOwner(
      tx,
      facts.userId,
      {
        title: TRACKING_NOTIFICATIONS.statusTitle,
        message: TRACKING_NOTIFICATIONS.status(facts.trackingNumber, label),
      },
      trackingStatusEmail(
        {
          trackingNumber: facts.trackingNumber,
          clientName: facts.clientName,
          status: input.status,
          message: input.message,
        },
        config.appUrl,
      ),
      config.appUrl,
    );
    return { id: input.id, trackingNumber: facts.trackingNumber, status: input.status };
  });
}

/**
 * Marks the tracking as needing repack with its reason (docs/product/admin-trackings.md#request-repack) and tells client and
 * admins; asking again for the same repack with the same reason tells nobody again.
 */
export async function requestTrackingRepack(db: Db, admin: Actor, input: RepackInput, config: MailConfig) {
  return db.transaction(async (tx) => {
    const before = await lockTracking(tx, input.id);
    const changed = before.status !== 'needs_reempaque' || before.reempaqueReason !== input.reason;
    const facts = await changeTracking(
      tx,
      admin,
      input.id,
      {
        needsReempaque: true,
        reempaqueReason: input.reason,
        status: 'needs_reempaque',
        ...measuredWeight(input.actualWeight),
      },
      changed ? { status: 'needs_reempaque', message: `Reempaque solicitado: ${input.reason}` } : null,
    );
    if (!changed) return { id: input.id, trackingNumber: facts.trackingNumber, status: 'needs_reempaque' as const };
    const repack = { ...facts, reason: input.reason };
    await notifyTrackingOwner(
      tx,
      facts.userId,
      {
        title: TRACKING_NOTIFICATIONS.repackTitle,
        message: TRACKING_NOTIFICATIONS.repack(facts.trackingNumber, input.reason),
      },
      repackClientEmail(repack, config.appUrl),
      config.appUrl,
    );
    await enqueueEmail(tx, config.adminNotifyEmails, repackAdminEmail(repack, config.appUrl));
    return { id: input.id, trackingNumber: facts.trackingNumber, status: 'needs_reempaque' as const };
  });
}
