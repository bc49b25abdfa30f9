// One tracking of the admin trackings panel (docs/product/admin-trackings.md): its details and
// history, and what the create form reads (the client picker, the mailbox, a pending pre-alert).
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailboxes, prealerts, trackingHistory, trackings, userProfiles, users } from '../../db/schema';
import { containsPattern, searchTerm } from '../../lib/list';
import { foldedLike } from '../../lib/search-text';
import { withCustomer } from '../../lib/joins';
import { findOwnPrealertWhere } from '../client-prealerts';
import { trackingHistoryColumns } from '../client-trackings';
import { rowColumns, withClientAndMailbox } from './list';
import { staffCarrierLeg } from '../carrier-leg';

/**
 * One tracking with its client and mailbox, and the customer's pre-alert it was matched to when
 * created (null when none matched); null when there is no such tracking.
 */
export async function findTracking(db: DbOrTx, id: string) {
  const query = db
    .select({
      ...rowColumns,
      description: trackings.description,
      senderName: trackings.senderName,
      originCountry: trackings.originCountry,
      reempaqueReason: trackings.reempaqueReason,
      notes: trackings.notes,
      prealertId: trackings.prealertId,
      clientPhone: userProfiles.phone,
      mailboxCountry: mailboxes.country,
      mailboxStatus: mailboxes.status,
      prealert: {
        id: prealerts.id,
        trackingNumber: prealerts.trackingNumber,
        senderName: prealerts.senderName,
        description: prealerts.description,
        carrier: prealerts.carrier,
        quantityItems: prealerts.quantityItems,
        amountSpentUsdCents: prealerts.amountSpentUsdCents,
        estimatedValueUsdCents: prealerts.estimatedValueUsdCents,
        status: prealerts.status,
        estadoTracking: prealerts.estadoTracking,
        createdAt: prealerts.createdAt,
      },
    })
    .from(trackings)
    .$dynamic();
  const [tracking] = await withClientAndMailbox(query)
    .leftJoin(prealerts, eq(prealerts.id, trackings.prealertId))
    .where(eq(trackings.id, id));
  return tracking ?? null;
}

/** The tracking of `findTracking` with its history, newest first, with who made each change. */
export async function getTrackingDetail(db: DbOrTx, id: string) {
  const tracking = await findTracking(db, id);
  if (!tracking) return null;
  const author = sql<
    string | null
  >`(select ${userProfiles.fullName} from ${userProfiles} where ${userProfiles.userId} = ${trackingHistory.createdBy})`;
  const history = await db
    .select({ ...trackingHistoryColumns, createdByName: author })
    .from(trackingHistory)
    .where(eq(trackingHistory.trackingId, id))
    .orderBy(desc(trackingHistory.createdAt), desc(trackingHistory.id));
  return { ...tracking, history, carrierLeg: await staffCarrierLeg(db, tracking.trackingNumber) };
}

export type TrackingDetail = NonNullable<Awaited<ReturnType<typeof getTrackingDetail>>>;

/**
 * The create form's client picker: customers' active mailboxes (docs/product/admin-trackings.md#create-form), by name,
 * searchable by name, e-mail or mailbox code, at most 50 at a time.
 */
export async function listTrackingClients(db: DbOrTx, q: string | undefined) {
  const term = searchTerm(q);
  const pattern = term === null ? null : containsPattern(term);
  return selectActiveMailboxes(
    db,
    pattern === null
      ? undefined
      : or(
          foldedLike(userProfiles.fullName, pattern),
          ilike(users.email, pattern),
          ilike(mailboxes.mailboxCode, pattern),
        ),
  )
    .orderBy(asc(userProfiles.fullName), asc(mailboxes.mailboxCode))
    .limit(50);
}

/** The active mailbox a new tracking goes to, with its owner; null when there is none. */
export async function findActiveMailbox(db: DbOrTx, mailboxId: string) {
  const [row] = await selectActiveMailboxes(db, eq(mailboxes.id, mailboxId));
  return row ?? null;
}

/** Customers' active mailboxes with their owner: the only ones a tracking can go to. */
function selectActiveMailboxes(db: DbOrTx, condition: SQL | undefined) {
  const rows = db
    .select({
      mailboxId: mailboxes.id,
      mailboxCode: mailboxes.mailboxCode,
      country: mailboxes.country,
      userId: users.id,
      email: users.email,
      fullName: userProfiles.fullName,
    })
    .from(mailboxes)
    .$dynamic();
  return withCustomer(rows, mailboxes.userId, users.id).where(
    and(eq(mailboxes.status, 'active'), eq(users.role, 'user'), condition),
  );
}

/** The customer's pending pre-alert announcing this tracking number, if any. */
export function findPendingPrealert(db: DbOrTx, userId: string, trackingNumber: string) {
  return findOwnPrealertWhere(
    db,
    userId,
    and(eq(prealerts.trackingNumber, trackingNumber), inArray(prealerts.status, ['pending'])),
  );
}
