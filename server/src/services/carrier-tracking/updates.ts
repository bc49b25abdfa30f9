// A provider's update applied to the numbers we follow (docs/product/first-mile.md#states), in one
// transaction, from a webhook or a poll alike: each event stored once (its (provider, event id)
// unique: a repeat or a second server's copy inserts nothing), the state moved only forward along
// CARRIER_STATE_RANK (an incidencia or a return always, when newer), the expected day and the
// delivery's facts kept, the pre-alert's «estado» replaced by the carrier's, and the customer told
// of the events that matter, only when newly inserted and only when one customer pre-alerted it.
import { asc, inArray, sql } from 'drizzle-orm';
import {
  CARRIER_STATE_RANK,
  FIRST_MILE_CARRIER_NAMES,
  FIRST_MILE_NOTIFICATIONS as N,
  prealertCustomerLink,
  trackingKey,
  type CarrierTrackingState,
  type FirstMileCarrier,
  type TrackingProviderName,
} from '@casillero/shared';
import type { Db, DbOrTx } from '../../db/client';
import { carrierEvents, carrierShipments, carrierWebhookDeliveries } from '../../db/schema';
import type { ProviderEvent, ProviderParcelFacts, ProviderUpdate } from './providers/provider';
import { soleFollowers, syncPrealertEstados } from './follow';
import { nextPollAfterWebhook } from './schedule';
import { notifyEach, pgTextArray, type NotificationInput } from '../notify';

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

export type ApplyOptions = {
  appUrl?: string;
  now?: Date;
  /** Where the update came from: a webhook's news puts the number's next poll a day off. */
  via?: 'webhook' | 'poll';
};

export type ApplyResult = { inserted: number; notified: number; unknownNumbers: number };

/** Applies one provider update; safe to repeat and to run on two servers at once. */
export async function applyProviderUpdate(
  db: Db,
  provider: TrackingProviderName,
  update: ProviderUpdate,
  options: ApplyOptions = {},
): Promise<ApplyResult> {
  return db.transaction((tx) => applyInTransaction(tx, provider, update, options));
}

export async function applyInTransaction(
  tx: DbOrTx,
  provider: TrackingProviderName,
  update: ProviderUpdate,
  options: ApplyOptions = {},
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

  const factsByKey = new Map(update.facts.map((f) => [trackingKey(f.trackingNumber), f]));
  const freshOf = new Map<string, InsertedEvent[]>();
  for (const e of inserted) freshOf.set(e.carrierShipmentId, [...(freshOf.get(e.carrierShipmentId) ?? []), e]);
  const changed: ShipmentRow[] = [];
  const movedTo = new Map<string, { shipment: ShipmentRow; last: InsertedEvent }>();
  for (const shipment of shipments) {
    const fresh = (freshOf.get(shipment.id) ?? []).sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
    const next = nextShipment(shipment, fresh, factsByKey.get(shipment.trackingKey), now, options.via);
    // A poll or a webhook that brings nothing new writes nothing.
    if (next.row !== shipment) changed.push(next.row);
    if (next.last) movedTo.set(shipment.trackingKey, { shipment: next.row, last: next.last });
  }
  await writeShipments(tx, changed);
  if (movedTo.size === 0) return { inserted: inserted.length, notified: 0, unknownNumbers };

  const followersOf = await soleFollowers(tx, [...movedTo.keys()]);
  await syncPrealertEstados(
    tx,
    [...movedTo].map(([key, { shipment }]) => ({ state: shipment.state, followers: followersOf.get(key) ?? [] })),
  );
  // Only the state it ends in this time, and only when it matters to the customer now.
  const notices: { userId: string; n: NotificationInput; dedupeKey: string; trouble: boolean }[] = [];
  for (const [key, { shipment, last }] of movedTo) {
    if (!NOTICE_STATES.has(last.state)) continue;
    const carrierName =
      FIRST_MILE_CARRIER_NAMES[(shipment.carrier ?? last.carrier ?? '') as FirstMileCarrier] ?? 'El transportista';
    for (const p of followersOf.get(key) ?? []) {
      const what = `«${p.trackingNumber ?? shipment.trackingNumber}»`;
      notices.push({
        userId: p.userId,
        n: {
          ...noticeOf(last.state, what, carrierName, last.description),
          type: 'package',
          link: prealertCustomerLink(p.id),
        },
        dedupeKey: `carrier-event:${last.id}`,
        trouble: last.state !== 'delivered',
      });
    }
  }
  let notified = 0;
  // Trouble goes out at once on every channel the customer keeps; a delivery in the app.
  for (const trouble of [true, false]) {
    const items = notices.filter((x) => x.trouble === trouble);
    notified += await notifyEach(tx, items, {
      kind: 'status_changed',
      email: trouble ? 'default' : false,
      appUrl: options.appUrl,
    });
  }
  return { inserted: inserted.length, notified, unknownNumbers };
}

type ShipmentRow = typeof carrierShipments.$inferSelect;

/**
 * The followed number after its new events (in the carrier's order) and facts: the same object
 * when nothing changes; `last` is the event its state ends on when the state moved.
 */
function nextShipment(
  shipment: ShipmentRow,
  fresh: InsertedEvent[],
  facts: ProviderParcelFacts | undefined,
  now: Date,
  via: ApplyOptions['via'],
): { row: ShipmentRow; last: InsertedEvent | null } {
  const current: Current = { state: shipment.state, stateAt: shipment.stateAt };
  let last: InsertedEvent | null = null;
  for (const e of fresh) {
    if (!movesState(current, e)) continue;
    current.state = e.state;
    current.stateAt = e.occurredAt;
    last = e;
  }
  const set: Partial<ShipmentRow> = {};
  if (last) Object.assign(set, { state: current.state, stateAt: current.stateAt });
  const deliveredEvent = fresh.filter((e) => e.state === 'delivered').at(-1);
  if (deliveredEvent && !shipment.deliveredAt) {
    Object.assign(set, { deliveredAt: deliveredEvent.occurredAt, deliveredLocation: deliveredEvent.location });
  }
  if (facts?.expectedDeliveryAt && facts.expectedDeliveryAt.getTime() !== shipment.expectedDeliveryAt?.getTime()) {
    set.expectedDeliveryAt = facts.expectedDeliveryAt;
  }
  if (facts?.proofSignedBy && facts.proofSignedBy !== shipment.proofSignedBy) set.proofSignedBy = facts.proofSignedBy;
  if (facts?.proofPhotoUrl && facts.proofPhotoUrl !== shipment.proofPhotoUrl) set.proofPhotoUrl = facts.proofPhotoUrl;
  // Back with the sender: nothing more will come to our warehouse.
  if (current.state === 'returned' && !shipment.stoppedAt) Object.assign(set, { stoppedAt: now, nextPollAt: null });
  if (!shipment.carrier) {
    const named = fresh.find((e) => e.carrier)?.carrier;
    if (named) set.carrier = named;
  }
  // A webhook brought news of it: its webhooks work, polling waits a day (schedule.ts).
  const stopped = set.stoppedAt ?? shipment.stoppedAt;
  if (via === 'webhook' && fresh.length > 0 && shipment.registeredAt && !stopped && shipment.nextPollAt) {
    const next = nextPollAfterWebhook(shipment.nextPollAt, now);
    if (next.getTime() !== shipment.nextPollAt.getTime()) set.nextPollAt = next;
  }
  if (Object.keys(set).length === 0) return { row: shipment, last };
  return { row: { ...shipment, ...set, updatedAt: now }, last };
}

/** The changed followed numbers in one statement (their rows are locked by this transaction). */
async function writeShipments(tx: DbOrTx, rows: ShipmentRow[]) {
  if (rows.length === 0) return;
  const values = rows.map((r) => ({
    id: r.id,
    carrier: r.carrier,
    state: r.state,
    state_at: r.stateAt,
    expected_delivery_at: r.expectedDeliveryAt,
    delivered_at: r.deliveredAt,
    delivered_location: r.deliveredLocation,
    proof_signed_by: r.proofSignedBy,
    proof_photo_url: r.proofPhotoUrl,
    next_poll_at: r.nextPollAt,
    stopped_at: r.stoppedAt,
    updated_at: r.updatedAt,
  }));
  await tx.execute(sql`
    update ${carrierShipments} s set carrier = v.carrier, state = v.state, state_at = v.state_at,
      expected_delivery_at = v.expected_delivery_at, delivered_at = v.delivered_at,
      delivered_location = v.delivered_location, proof_signed_by = v.proof_signed_by,
      proof_photo_url = v.proof_photo_url, next_poll_at = v.next_poll_at, stopped_at = v.stopped_at,
      updated_at = v.updated_at
    from json_to_recordset(${JSON.stringify(values)}::json) as v(id uuid, carrier text, state text,
      state_at timestamptz, expected_delivery_at timestamptz, delivered_at timestamptz, delivered_location text,
      proof_signed_by text, proof_photo_url text, next_poll_at timestamptz, stopped_at timestamptz,
      updated_at timestamptz)
    where s.id = v.id and s.id = any(${pgTextArray(rows.map((r) => r.id))}::uuid[])`);
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
  options: ApplyOptions = {},
): Promise<{ repeated: true } | ({ repeated: false } & ApplyResult)> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(carrierWebhookDeliveries)
      .values({ provider, deliveryId: delivery.deliveryId.slice(0, 200) })
      .onConflictDoNothing()
      .returning({ deliveryId: carrierWebhookDeliveries.deliveryId });
    if (!fresh) return { repeated: true as const };
    return {
      repeated: false as const,
      ...(await applyInTransaction(tx, provider, delivery.update, { ...options, via: 'webhook' })),
    };
  });
}
