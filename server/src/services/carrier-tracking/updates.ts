// A provider's update applied to the numbers we follow (docs/product/first-mile.md#states), in one
// transaction, from a webhook or a poll alike: each event stored once (its (provider, event id)
// unique: a repeat or a second server's copy inserts nothing), the state moved only forward along
// CARRIER_STATE_RANK (an incidencia or a return always, when newer), the expected day and the
// delivery's facts kept, the pre-alert's «estado» replaced by the carrier's, and the customer told
// of the events that matter, only when newly inserted and only when one customer pre-alerted it.
import { asc, eq, inArray } from 'drizzle-orm';
import {
  CARRIER_STATE_RANK,
  FIRST_MILE_CARRIER_NAMES,
  FIRST_MILE_NOTIFICATIONS as N,
  trackingKey,
  type CarrierTrackingState,
  type FirstMileCarrier,
  type TrackingProviderName,
} from '@casillero/shared';
import type { Db, DbOrTx } from '../../db/client';
import { carrierEvents, carrierShipments, carrierWebhookDeliveries } from '../../db/schema';
import type { ProviderEvent, ProviderUpdate } from './providers/provider';
import { soleFollower, syncPrealertEstado } from './follow';
import { notifyUser } from '../notify';
import { CUSTOMER_PREALERTS_PATH } from '../prealerts';

type Current = { state: CarrierTrackingState | null; stateAt: Date | null };
type Applied = { state: CarrierTrackingState; occurredAt: Date };

/**
 * Whether an event moves the parcel's state: the first one does; a normal state only forward by
 * rank; an incidencia or a return when not older than the current state's event, and after them
 * any newer event (the carrier resumed). An event that does not move it still joins the timeline.
 */
export function movesState(current: Current, event: Applied): boolean {
  if (!current.state || !current.stateAt) return true;
  const newer = event.occurredAt >= current.stateAt;
  const eventRank = CARRIER_STATE_RANK[event.state];
  const currentRank = CARRIER_STATE_RANK[current.state];
  if (eventRank === null || currentRank === null) return newer && event.state !== current.state;
  return eventRank > currentRank;
}

const NOTICE_STATES = new Set<CarrierTrackingState>(['exception', 'returned', 'delivered']);

function noticeOf(state: CarrierTrackingState, what: string, carrier: string, said: string) {
  if (state === 'exception') return { title: N.exceptionTitle, message: N.exception(what, carrier, said) };
  if (state === 'returned') return { title: N.returnedTitle, message: N.returned(what, carrier) };
  return { title: N.deliveredTitle, message: N.delivered(what, carrier) };
}

export type ApplyResult = { inserted: number; notified: number; unknownNumbers: number };

/** Applies one provider update; safe to repeat and to run on two servers at once. */
export async function applyProviderUpdate(
  db: Db,
  provider: TrackingProviderName,
  update: ProviderUpdate,
  options: { appUrl?: string; now?: Date } = {},
): Promise<ApplyResult> {
  return db.transaction((tx) => applyInTransaction(tx, provider, update, options));
}

export async function applyInTransaction(
  tx: DbOrTx,
  provider: TrackingProviderName,
  update: ProviderUpdate,
  options: { appUrl?: string; now?: Date } = {},
): Promise<ApplyResult> {
  const now = options.now ?? new Date();
  const keys = [
    ...new Set([...update.events, ...update.facts].map((x) => trackingKey(x.trackingNumber)).filter((k) => k !== '')),
  ];
  if (keys.length === 0) return { inserted: 0, notified: 0, unknownNumbers: 0 };
  // Locked in one order: two servers applying overlapping updates queue per parcel, never deadlock.
  const shipments = await tx
    .select()
    .from(carrierShipments)
    .where(inArray(carrierShipments.trackingKey, keys))
    .orderBy(asc(carrierShipments.id))
    .for('update');
  const byKey = new Map(shipments.map((s) => [s.trackingKey, s]));

  const rows = update.events.flatMap((e) => {
    const shipment = byKey.get(trackingKey(e.trackingNumber));
    return shipment ? [{ e, shipment }] : [];
  });
  const unknownNumbers = new Set(update.events.map((e) => trackingKey(e.trackingNumber)).filter((k) => !byKey.has(k)))
    .size;
  const inserted = await insertEvents(tx, provider, rows);

  let notified = 0;
  const factsByKey = new Map(update.facts.map((f) => [trackingKey(f.trackingNumber), f]));
  for (const shipment of shipments) {
    const fresh = inserted
      .filter((e) => e.carrierShipmentId === shipment.id)
      .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
    const facts = factsByKey.get(shipment.trackingKey);
    const current: Current = { state: shipment.state, stateAt: shipment.stateAt };
    const moved: typeof fresh = [];
    for (const e of fresh) {
      if (!movesState(current, e)) continue;
      current.state = e.state;
      current.stateAt = e.occurredAt;
      moved.push(e);
    }
    const deliveredEvent = fresh.filter((e) => e.state === 'delivered').at(-1);
    const set: Partial<typeof carrierShipments.$inferInsert> = { updatedAt: now };
    if (moved.length > 0) {
      set.state = current.state;
      set.stateAt = current.stateAt;
    }
    if (deliveredEvent && !shipment.deliveredAt) {
      set.deliveredAt = deliveredEvent.occurredAt;
      set.deliveredLocation = deliveredEvent.location;
    }
    if (facts?.expectedDeliveryAt) set.expectedDeliveryAt = facts.expectedDeliveryAt;
    if (facts?.proofSignedBy) set.proofSignedBy = facts.proofSignedBy;
    if (facts?.proofPhotoUrl) set.proofPhotoUrl = facts.proofPhotoUrl;
    // Back with the sender: nothing more will come to our warehouse.
    if (current.state === 'returned' && !shipment.stoppedAt) {
      set.stoppedAt = now;
      set.nextPollAt = null;
    }
    if (!shipment.carrier) {
      const named = fresh.find((e) => e.carrier)?.carrier;
      if (named) set.carrier = named;
    }
    await tx.update(carrierShipments).set(set).where(eq(carrierShipments.id, shipment.id));
    if (moved.length === 0) continue;

    const followers = await soleFollower(tx, shipment.trackingKey);
    await syncPrealertEstado(tx, shipment.trackingKey, current.state, followers);
    // Only the state it ends in this time, and only when it matters to the customer now.
    const last = moved.at(-1)!;
    if (!NOTICE_STATES.has(last.state)) continue;
    const carrierName =
      FIRST_MILE_CARRIER_NAMES[(shipment.carrier ?? last.carrier ?? '') as FirstMileCarrier] ?? 'El transportista';
    for (const p of followers) {
      const notice = noticeOf(
        last.state,
        `«${p.trackingNumber ?? shipment.trackingNumber}»`,
        carrierName,
        last.description,
      );
      const id = await notifyUser(
        tx,
        p.userId,
        { ...notice, type: 'package', link: CUSTOMER_PREALERTS_PATH },
        {
          kind: 'status_changed',
          // Trouble goes out at once on every channel the customer keeps; a delivery in the app.
          email: last.state === 'delivered' ? false : 'default',
          appUrl: options.appUrl,
          dedupeKey: `carrier-event:${last.id}`,
        },
      );
      if (id) notified++;
    }
  }
  return { inserted: inserted.length, notified, unknownNumbers };
}

type InsertedEvent = {
  id: string;
  carrierShipmentId: string;
  state: CarrierTrackingState;
  occurredAt: Date;
  description: string;
  location: string | null;
  carrier: FirstMileCarrier | null;
};

/** Inserts the events not stored yet; returns those it inserted (a repeat returns none). */
async function insertEvents(
  tx: DbOrTx,
  provider: TrackingProviderName,
  rows: { e: ProviderEvent; shipment: { id: string } }[],
): Promise<InsertedEvent[]> {
  const out: InsertedEvent[] = [];
  const carrierOf = new Map(rows.map(({ e }) => [`${provider}:${e.eventId}`, e.carrier]));
  // The same event twice in one update is one row.
  const unique = [...new Map(rows.map((r) => [r.e.eventId, r])).values()];
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500);
    const inserted = await tx
      .insert(carrierEvents)
      .values(
        chunk.map(({ e, shipment }) => ({
          carrierShipmentId: shipment.id,
          provider,
          providerEventId: e.eventId,
          state: e.state,
          occurredAt: e.occurredAt,
          description: e.description,
          location: e.location,
        })),
      )
      .onConflictDoNothing({ target: [carrierEvents.provider, carrierEvents.providerEventId] })
      .returning({
        id: carrierEvents.id,
        providerEventId: carrierEvents.providerEventId,
        carrierShipmentId: carrierEvents.carrierShipmentId,
        state: carrierEvents.state,
        occurredAt: carrierEvents.occurredAt,
        description: carrierEvents.description,
        location: carrierEvents.location,
      });
    for (const r of inserted) out.push({ ...r, carrier: carrierOf.get(`${provider}:${r.providerEventId}`) ?? null });
  }
  return out;
}

/**
 * A verified webhook delivery, once: its id is stored with its events in one transaction, so a
 * delivery sent again (or by two servers at once) is 'repeated' and changes nothing, and a failure
 * stores nothing for the provider's retry to apply.
 */
export async function receiveWebhookDelivery(
  db: Db,
  provider: TrackingProviderName,
  delivery: { deliveryId: string; update: ProviderUpdate },
  options: { appUrl?: string; now?: Date } = {},
): Promise<{ repeated: true } | ({ repeated: false } & ApplyResult)> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(carrierWebhookDeliveries)
      .values({ provider, deliveryId: delivery.deliveryId.slice(0, 200) })
      .onConflictDoNothing()
      .returning({ deliveryId: carrierWebhookDeliveries.deliveryId });
    if (!fresh) return { repeated: true as const };
    return { repeated: false as const, ...(await applyInTransaction(tx, provider, delivery.update, options)) };
  });
}
