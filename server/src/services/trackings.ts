// The admin's changes to trackings (admin spec §4, §5): create, change status, request a
// repack. Each is one transaction with its history row, the customer's notification and the
// e-mails (written to the outbox, delivered later: a mail failure never undoes the change).
import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import {
  TRACKING_HISTORY_DEFAULTS,
  TRACKING_MESSAGES,
  TRACKING_NOTIFICATIONS,
  TRACKING_STATUS_LABELS,
  type trackingCreateInput,
  type trackingRepackInput,
  type trackingStatusChangeInput,
  type z,
} from '@casillero/shared';
import type { Db, DbOrTx } from '../db/client';
import { mailboxes, trackingHistory, trackings, userProfiles, users } from '../db/schema';
import type { Config } from '../env';
import { enqueueEmail } from '../mail/outbox';
import {
  CUSTOMER_TRACKINGS_PATH,
  newTrackingAdminEmail,
  newTrackingClientEmail,
  repackAdminEmail,
  repackClientEmail,
  trackingStatusEmail,
  type TrackingMailFacts,
} from '../mail/tracking-templates';
import { findActiveMailbox, findPendingPrealert } from '../queries/trackings';
import { isUniqueViolation } from './auth';
import { notifyUser } from './notify';

export const TRACKING_NUMBER_CONSTRAINT = 'trackings_tracking_number_key';

type Actor = { id: string };
type MailConfig = Pick<Config, 'appUrl' | 'adminNotifyEmails'>;

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: TRACKING_MESSAGES.notFound });

export async function createTracking(
  db: Db,
  admin: Actor,
  input: z.output<typeof trackingCreateInput>,
  config: MailConfig,
) {
  return db.transaction(async (tx) => {
    const mailbox = await findActiveMailbox(tx, input.mailboxId);
    if (!mailbox) throw new TRPCError({ code: 'BAD_REQUEST', message: TRACKING_MESSAGES.clientInvalid });
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
          estimatedValue: input.estimatedValue,
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
        throw new TRPCError({ code: 'CONFLICT', message: TRACKING_MESSAGES.duplicate, cause: err });
      }
      throw err;
    }
    await tx.insert(trackingHistory).values({
      trackingId: row.id,
      status: 'created',
      message: TRACKING_HISTORY_DEFAULTS.created,
      createdBy: admin.id,
    });

    const facts: TrackingMailFacts = {
      trackingNumber: row.trackingNumber,
      clientName: mailbox.fullName ?? mailbox.email,
      clientEmail: mailbox.email,
      mailboxCode: mailbox.mailboxCode,
      carrier: input.carrier,
      description: input.description,
      estimatedWeight: input.estimatedWeight,
      estimatedValue: input.estimatedValue,
      priority: input.priority,
    };
    await notifyUser(
      tx,
      mailbox.userId,
      {
        title: TRACKING_NOTIFICATIONS.createdTitle,
        message: TRACKING_NOTIFICATIONS.created(row.trackingNumber),
        type: 'package',
        link: CUSTOMER_TRACKINGS_PATH,
      },
      { email: newTrackingClientEmail(facts, config.appUrl), appUrl: config.appUrl },
    );
    await enqueueEmail(tx, config.adminNotifyEmails, newTrackingAdminEmail(facts, config.appUrl));
    return { id: row.id, trackingNumber: row.trackingNumber, prealertId: prealert?.id ?? null };
  });
}

/** The e-mail facts of a tracking, read inside the transaction that changes it. */
async function mailFactsOf(tx: DbOrTx, id: string): Promise<TrackingMailFacts & { userId: string }> {
  const [row] = await tx
    .select({
      userId: trackings.userId,
      trackingNumber: trackings.trackingNumber,
      clientName: sql<string>`coalesce(${userProfiles.fullName}, ${users.email})`,
      clientEmail: users.email,
      mailboxCode: mailboxes.mailboxCode,
      carrier: trackings.carrier,
      description: trackings.description,
      estimatedWeight: trackings.estimatedWeight,
      estimatedValue: trackings.estimatedValue,
      priority: trackings.priority,
    })
    .from(trackings)
    .innerJoin(users, eq(users.id, trackings.userId))
    .innerJoin(mailboxes, eq(mailboxes.id, trackings.mailboxId))
    .leftJoin(userProfiles, eq(userProfiles.userId, trackings.userId))
    .where(eq(trackings.id, id));
  if (!row) throw notFound();
  return row;
}

/** Any status from any status; a real weight of 0 keeps the one recorded before. */
export async function changeTrackingStatus(
  db: Db,
  admin: Actor,
  input: z.output<typeof trackingStatusChangeInput>,
  config: MailConfig,
) {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(trackings)
      .set({
        status: input.status,
        ...(input.actualWeight > 0 ? { actualWeight: input.actualWeight } : {}),
        updatedAt: new Date(),
      })
      .where(eq(trackings.id, input.id))
      .returning({ id: trackings.id });
    if (!updated) throw notFound();
    const label = TRACKING_STATUS_LABELS[input.status];
    await tx.insert(trackingHistory).values({
      trackingId: input.id,
      status: input.status,
      message: input.message ?? `Estado actualizado a «${label}».`,
      createdBy: admin.id,
    });
    const facts = await mailFactsOf(tx, input.id);
    await notifyUser(
      tx,
      facts.userId,
      {
        title: TRACKING_NOTIFICATIONS.statusTitle,
        message: TRACKING_NOTIFICATIONS.status(facts.trackingNumber, label),
        type: 'package',
        link: CUSTOMER_TRACKINGS_PATH,
      },
      {
        email: trackingStatusEmail(
          { trackingNumber: facts.trackingNumber, clientName: facts.clientName, status: input.status, message: input.message },
          config.appUrl,
        ),
        appUrl: config.appUrl,
      },
    );
    return { id: input.id, trackingNumber: facts.trackingNumber, status: input.status };
  });
}

/** Marks the tracking as needing repack with its reason (admin spec §4) and tells client and admins. */
export async function requestTrackingRepack(
  db: Db,
  admin: Actor,
  input: z.output<typeof trackingRepackInput>,
  config: MailConfig,
) {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(trackings)
      .set({
        needsReempaque: true,
        reempaqueReason: input.reason,
        status: 'needs_reempaque',
        ...(input.actualWeight > 0 ? { actualWeight: input.actualWeight } : {}),
        updatedAt: new Date(),
      })
      .where(eq(trackings.id, input.id))
      .returning({ id: trackings.id });
    if (!updated) throw notFound();
    await tx.insert(trackingHistory).values({
      trackingId: input.id,
      status: 'needs_reempaque',
      message: `Reempaque solicitado: ${input.reason}`,
      createdBy: admin.id,
    });
    const facts = await mailFactsOf(tx, input.id);
    const repack = { ...facts, reason: input.reason };
    await notifyUser(
      tx,
      facts.userId,
      {
        title: TRACKING_NOTIFICATIONS.repackTitle,
        message: TRACKING_NOTIFICATIONS.repack(facts.trackingNumber, input.reason),
        type: 'package',
        link: CUSTOMER_TRACKINGS_PATH,
      },
      { email: repackClientEmail(repack, config.appUrl), appUrl: config.appUrl },
    );
    await enqueueEmail(tx, config.adminNotifyEmails, repackAdminEmail(repack, config.appUrl));
    return { id: input.id, trackingNumber: facts.trackingNumber, status: 'needs_reempaque' as const };
  });
}
