// The admin's changes to pre-alerts (docs/product/admin-prealerts.md): confirm (pending → confirmed), edit
// (while pending or confirmed) and convert (confirmed → converted, creating the package).
// Each is one transaction whose conditional UPDATE re-checks the status, so two admins acting
// at once cannot both succeed; the customer's notification is written in the same transaction.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import {
  ADMIN_PREALERT_MESSAGES as M,
  PREALERT_NOTIFICATIONS,
  type prealertAdminEditInput,
  type prealertConvertInput,
  type PrealertCarrier,
  type PrealertStatus,
  type z,
} from '@casillero/shared';
import type { Db, DbOrTx } from '../db/client';
import { DomainError } from '../lib/domain-error';
import { packages, prealerts, trackings } from '../db/schema';
import type { Config } from '../env';
import { conversionMailboxOf } from '../queries/prealerts';
import { notifyUser } from './notify';
import { followNumber, stopFollowing } from './carrier-tracking/follow';

export const CUSTOMER_PREALERTS_PATH = '/dashboard/prealertas';
export const CUSTOMER_WAREHOUSE_PATH = '/dashboard/almacen';

type MailConfig = Pick<Config, 'appUrl'>;

const notFound = () => new DomainError('NOT_FOUND', M.notFound);

/** How the customer's messages name a pre-alert: its tracking number, else its description. */
const nameOf = (p: { trackingNumber: string | null; description: string }) => `«${p.trackingNumber ?? p.description}»`;

async function findPrealert(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: prealerts.id,
      userId: prealerts.userId,
      mailboxId: prealerts.mailboxId,
      trackingNumber: prealerts.trackingNumber,
      description: prealerts.description,
      senderName: prealerts.senderName,
      estimatedWeight: prealerts.estimatedWeight,
      estimatedValueUsdCents: prealerts.estimatedValueUsdCents,
      status: prealerts.status,
    })
    .from(prealerts)
    .where(eq(prealerts.id, id));
  return row ?? null;
}

/** Why a transition from `status` is refused. */
function refusal(status: PrealertStatus, message: string) {
  return new DomainError('CONFLICT', status === 'converted' ? M.alreadyConverted : message);
}

/** Pending → confirmed; the customer is told (in the app and by e-mail). */
export async function confirmPrealert(db: Db, id: string, config: MailConfig) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(prealerts)
      .set({ status: 'confirmed', updatedAt: new Date() })
      .where(and(eq(prealerts.id, id), eq(prealerts.status, 'pending')))
      .returning({
        id: prealerts.id,
        userId: prealerts.userId,
        trackingNumber: prealerts.trackingNumber,
        description: prealerts.description,
      });
    if (!row) {
      const current = await findPrealert(tx, id);
      if (!current) throw notFound();
      throw refusal(current.status, M.notPending);
    }
    await notifyUser(
      tx,
      row.userId,
      {
        title: PREALERT_NOTIFICATIONS.confirmedTitle,
        message: PREALERT_NOTIFICATIONS.confirmed(nameOf(row)),
        type: 'package',
        link: CUSTOMER_PREALERTS_PATH,
      },
      { kind: 'status_changed', email: 'default', appUrl: config.appUrl },
    );
    return { id: row.id, status: 'confirmed' as const };
  });
}

/** The editable fields (docs/product/admin-prealerts.md#edit), only while pending or confirmed. */
export async function editPrealert(db: Db, input: z.output<typeof prealertAdminEditInput>) {
  const [row] = await db
    .update(prealerts)
    .set({
      description: input.description,
      quantityItems: input.quantityItems,
      amountSpentUsdCents: input.amountSpentUsdCents,
      senderName: input.senderName,
      estimatedWeight: input.estimatedWeight,
      estimatedValueUsdCents: input.estimatedValueUsdCents,
      carrier: input.carrier,
      estadoTracking: input.estadoTracking,
      notes: input.notes,
      updatedAt: new Date(),
    })
    .where(and(eq(prealerts.id, input.id), inArray(prealerts.status, ['pending', 'confirmed'])))
    .returning({ id: prealerts.id, trackingNumber: prealerts.trackingNumber, carrier: prealerts.carrier });
  if (!row) {
    const current = await findPrealert(db, input.id);
    if (!current) throw notFound();
    throw new DomainError('CONFLICT', M.notEditable);
  }
  // The carrier the admin names is the one the first mile follows (docs/product/first-mile.md).
  await followNumber(db, row.trackingNumber, row.carrier as PrealertCarrier | null);
  return { id: row.id };
}

/**
 * Confirmed → converted, exactly once: the conditional UPDATE … WHERE status = 'confirmed'
 * claims the pre-alert (a second admin's UPDATE waits for the first to commit, then matches
 * nothing and is refused), then the package is created with status 'received' in the
 * pre-alert's mailbox, or else the customer's first one, and linked back.
 */
export async function convertPrealert(db: Db, input: z.output<typeof prealertConvertInput>, config: MailConfig) {
  return db.transaction(async (tx) => {
    const current = await findPrealert(tx, input.id);
    if (!current) throw notFound();
    if (current.status !== 'confirmed') throw refusal(current.status, M.notConfirmed);
    const mailbox = await conversionMailboxOf(tx, current.userId, current.mailboxId);
    if (!mailbox) throw new DomainError('BAD_INPUT', M.noMailbox);

    const now = new Date();
    const [claimed] = await tx
      .update(prealerts)
      .set({ status: 'converted', convertedAt: now, updatedAt: now })
      .where(and(eq(prealerts.id, input.id), eq(prealerts.status, 'confirmed')))
      .returning({ id: prealerts.id });
    if (!claimed) throw new DomainError('CONFLICT', M.alreadyConverted);

    // The warehouse's tracking of this purchase, when it was registered: the package points to it.
    const [tracking] = await tx
      .select({ id: trackings.id })
      .from(trackings)
      .where(
        and(
          eq(trackings.userId, current.userId),
          or(
            eq(trackings.prealertId, current.id),
            current.trackingNumber
              ? sql`upper(${trackings.trackingNumber}) = upper(${current.trackingNumber})`
              : undefined,
          ),
        ),
      )
      .limit(1);

    const [pkg] = await tx
      .insert(packages)
      .values({
        userId: current.userId,
        mailboxId: mailbox.id,
        trackingNumber: current.trackingNumber,
        packageDescription: input.packageDescription ?? current.description,
        senderName: current.senderName,
        // 0 means not measured: the package form's rule is "if given, positive".
        weightKg: input.actualWeight > 0 ? input.actualWeight : null,
        estimatedValueUsdCents: input.actualValueUsdCents > 0 ? input.actualValueUsdCents : null,
        status: 'received',
        receivedDate: now,
        notes: input.notes,
        trackingId: tracking?.id ?? null,
      })
      .returning({ id: packages.id });
    await tx.update(prealerts).set({ convertedPackageId: pkg.id }).where(eq(prealerts.id, input.id));
    await stopFollowing(tx, current.trackingNumber, now);

    await notifyUser(
      tx,
      current.userId,
      {
        title: PREALERT_NOTIFICATIONS.convertedTitle,
        message: PREALERT_NOTIFICATIONS.converted(nameOf(current), mailbox.mailboxCode),
        type: 'package',
        link: CUSTOMER_WAREHOUSE_PATH,
      },
      { kind: 'status_changed', email: 'default', appUrl: config.appUrl },
    );
    return { id: input.id, packageId: pkg.id, mailboxCode: mailbox.mailboxCode, status: 'converted' as const };
  });
}
