// The customer's own trackings (Mis Trackings). Every query filters by the owner; the
// warehouse's internal fields (notes, priority, who changed what) are never selected.
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { defineList } from '../lib/list-engine';
import { ownNewestFirst } from '../lib/list-sorts';
import { mailboxes, packages, trackingHistory, trackings } from '../db/schema';
import { departureViewsOfTrackings } from './departures';
import { legFor, ownCarrierLeg, ownCarrierLegs } from './carrier-leg';

const ownTrackingColumns = {
  id: trackings.id,
  trackingNumber: trackings.trackingNumber,
  description: trackings.description,
  carrier: trackings.carrier,
  senderName: trackings.senderName,
  originCountry: trackings.originCountry,
  estimatedWeight: trackings.estimatedWeight,
  actualWeight: trackings.actualWeight,
  estimatedValueUsdCents: trackings.estimatedValueUsdCents,
  status: trackings.status,
  needsReempaque: trackings.needsReempaque,
  reempaqueReason: trackings.reempaqueReason,
  /** When an approved shipping payment authorised the dispatch ('Pago aprobado'); null before. */
  dispatchAuthorizedAt: trackings.dispatchAuthorizedAt,
  mailboxCode: mailboxes.mailboxCode,
  createdAt: trackings.createdAt,
  updatedAt: trackings.updatedAt,
};

type OwnTrackingRow = { createdAt: Date; updatedAt: Date; dispatchAuthorizedAt: Date | null };
const serialise = <T extends OwnTrackingRow>(r: T) => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  dispatchAuthorizedAt: r.dispatchAuthorizedAt?.toISOString() ?? null,
});

/** Mis Trackings: the customer's trackings, the most recently changed first. */
const ownTrackingsList = defineList<object>()({
  name: 'own_trackings',
  ...ownNewestFirst(trackings, trackings.updatedAt),
  rows: {
    direct: (db) =>
      db
        .select(ownTrackingColumns)
        .from(trackings)
        .innerJoin(mailboxes, eq(mailboxes.id, trackings.mailboxId))
        .$dynamic(),
  },
  present: (rows) => rows.map(serialise),
});

export async function listOwnTrackings(db: DbOrTx, userId: string) {
  const rows = await ownTrackingsList.all(db, {}, userId);
  // The flight or container each one travels in (docs/product/departures.md).
  const departures = await departureViewsOfTrackings(
    db,
    rows.map((r) => r.id),
  );
  // The carrier's leg before the warehouse (docs/product/first-mile.md): its newest event, for the card's line.
  const legs = await ownCarrierLegs(
    db,
    userId,
    rows.map((r) => r.trackingNumber),
    { latestOnly: true },
  );
  return rows.map((r) => ({
    ...r,
    departure: departures.get(r.id) ?? null,
    carrierLeg: legFor(legs, r.trackingNumber),
  }));
}

/** A step of a tracking's history as its owner reads it (staff also see who made it). */
export const trackingHistoryColumns = {
  id: trackingHistory.id,
  status: trackingHistory.status,
  message: trackingHistory.message,
  createdAt: trackingHistory.createdAt,
};

/** One own tracking with its whole history, newest first; null when it is not the customer's. */
export async function getOwnTrackingDetail(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .select(ownTrackingColumns)
    .from(trackings)
    .innerJoin(mailboxes, eq(mailboxes.id, trackings.mailboxId))
    .where(and(eq(trackings.id, id), eq(trackings.userId, userId)));
  if (!row) return null;
  const history = await db
    .select(trackingHistoryColumns)
    .from(trackingHistory)
    .where(eq(trackingHistory.trackingId, id))
    .orderBy(desc(trackingHistory.createdAt), desc(trackingHistory.id));
  // One timeline (docs/product/first-mile.md): the carrier's leg, the warehouse's receipt, the departure's milestones.
  const [received] = await db
    .select({ warehouseReceipt: packages.warehouseReceipt, receivedDate: packages.receivedDate })
    .from(packages)
    .where(and(eq(packages.trackingId, id), eq(packages.userId, userId)))
    .orderBy(sql`${packages.receivedDate} desc nulls last`)
    .limit(1);
  const departure = (await departureViewsOfTrackings(db, [id])).get(id) ?? null;
  return {
    ...serialise(row),
    history: history.map((h) => ({ ...h, createdAt: h.createdAt.toISOString() })),
    carrierLeg: await ownCarrierLeg(db, userId, row.trackingNumber),
    warehouseReceipt: received?.warehouseReceipt ?? null,
    receivedAt: received?.receivedDate?.toISOString() ?? null,
    departure,
  };
}

/**
 * What a new shipping payment can pay: the customer's trackings ready to ship whose dispatch is
 * not yet authorised, by tracking number. The report checks the same conditions again.
 */
export async function listPayableTrackings(db: DbOrTx, userId: string) {
  return db
    .select({
      id: trackings.id,
      trackingNumber: trackings.trackingNumber,
      description: trackings.description,
      estimatedWeight: trackings.estimatedWeight,
      actualWeight: trackings.actualWeight,
    })
    .from(trackings)
    .where(
      and(eq(trackings.userId, userId), eq(trackings.status, 'ready_to_ship'), isNull(trackings.dispatchAuthorizedAt)),
    )
    .orderBy(asc(trackings.trackingNumber));
}
