// The customer's own trackings (Mis Trackings). Every query filters by the owner; the
// warehouse's internal fields (notes, priority, who changed what) are never selected.
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mailboxes, trackingHistory, trackings } from '../db/schema';

const ownTrackingColumns = {
  id: trackings.id,
  trackingNumber: trackings.trackingNumber,
  description: trackings.description,
  carrier: trackings.carrier,
  senderName: trackings.senderName,
  originCountry: trackings.originCountry,
  estimatedWeight: trackings.estimatedWeight,
  actualWeight: trackings.actualWeight,
  estimatedValue: trackings.estimatedValue,
  status: trackings.status,
  needsReempaque: trackings.needsReempaque,
  reempaqueReason: trackings.reempaqueReason,
  mailboxCode: mailboxes.mailboxCode,
  createdAt: trackings.createdAt,
  updatedAt: trackings.updatedAt,
};

type OwnTrackingRow = { createdAt: Date; updatedAt: Date };
const serialise = <T extends OwnTrackingRow>(r: T) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() });

/** The customer's trackings, the most recently changed first. */
export async function listOwnTrackings(db: DbOrTx, userId: string) {
  const rows = await db
    .select(ownTrackingColumns)
    .from(trackings)
    .innerJoin(mailboxes, eq(mailboxes.id, trackings.mailboxId))
    .where(eq(trackings.userId, userId))
    .orderBy(desc(trackings.updatedAt), desc(trackings.id));
  return rows.map(serialise);
}

/** One own tracking with its whole history, newest first; null when it is not the customer's. */
export async function getOwnTrackingDetail(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .select(ownTrackingColumns)
    .from(trackings)
    .innerJoin(mailboxes, eq(mailboxes.id, trackings.mailboxId))
    .where(and(eq(trackings.id, id), eq(trackings.userId, userId)));
  if (!row) return null;
  const history = await db
    .select({ id: trackingHistory.id, status: trackingHistory.status, message: trackingHistory.message, createdAt: trackingHistory.createdAt })
    .from(trackingHistory)
    .where(eq(trackingHistory.trackingId, id))
    .orderBy(desc(trackingHistory.createdAt), desc(trackingHistory.id));
  return {
    ...serialise(row),
    history: history.map((h) => ({ ...h, createdAt: h.createdAt.toISOString() })),
  };
}
