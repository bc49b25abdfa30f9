// The first mile's read side (docs/product/first-mile.md): the carrier's leg of a parcel, from the
// store to our warehouse, as its owner, the staff and anyone with the number see it. A number is
// found by its tracking_key(), the same key the pre-alerts, trackings and packages are indexed on.
import { sql, type SQL } from 'drizzle-orm';
import {
  trackingKey,
  type CarrierEventView,
  type CarrierLegView,
  type CarrierTrackingState,
  type FirstMileCarrier,
} from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../db/client';

type LegRow = {
  key: string;
  carrier: FirstMileCarrier | null;
  state: CarrierTrackingState | null;
  expected_delivery_at: Date | string | null;
  signed_by: string | null;
  events: { at: string; state: CarrierTrackingState; description: string; location: string | null }[] | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/** The keys of the numbers given, once each; the empty ones dropped. */
const keysOf = (numbers: readonly (string | null | undefined)[]) => [
  ...new Set(
    numbers
      .filter((n): n is string => Boolean(n))
      .map(trackingKey)
      .filter(Boolean),
  ),
];

/**
 * The legs whose key `allowed` (a condition on `cs`) lets through, each with its newest
 * `eventLimit` events (newest first): one statement whatever the number of keys, the events read
 * through their (shipment, occurred_at desc) index.
 */
async function legRows(db: DbOrTx, keys: string[], allowed: SQL, eventLimit: number): Promise<LegRow[]> {
  if (keys.length === 0) return [];
  return rowsOf<LegRow>(
    await db.execute(sql`
      select cs.tracking_key as key, cs.carrier, cs.state, cs.expected_delivery_at, cs.proof_signed_by as signed_by,
             (select json_agg(json_build_object('at', e.occurred_at, 'state', e.state,
                                                'description', e.description, 'location', e.location))
                from (select ce.occurred_at, ce.state, ce.description, ce.location
                        from carrier_events ce
                       where ce.carrier_shipment_id = cs.id
                       order by ce.occurred_at desc, ce.id desc
                       limit ${eventLimit}) e) as events
        from carrier_shipments cs
       where cs.tracking_key in (${sql.join(
         keys.map((k) => sql`${k}`),
         sql`, `,
       )})
         and ${allowed}
    `),
  );
}

const eventOf = (e: NonNullable<LegRow['events']>[number]): CarrierEventView => ({
  at: iso(e.at),
  state: e.state,
  description: e.description,
  location: e.location,
});

const legOf = (row: LegRow, event: (e: CarrierEventView) => CarrierEventView = (e) => e): CarrierLegView => ({
  carrier: row.carrier,
  state: row.state,
  expectedDeliveryAt: row.expected_delivery_at ? iso(row.expected_delivery_at) : null,
  events: (row.events ?? []).map((e) => event(eventOf(e))),
});

/** Enough for any carrier's whole leg; a list card needs only the newest. */
const ALL_EVENTS = 200;

/**
 * Whom a number's carrier events may be shown to: the customer must hold a pre-alert or a
 * tracking with its key. And when two different customers pre-alerted the same key, neither sees
 * the carrier's events (docs/product/first-mile.md): the parcel is one of theirs, and showing it
 * to both would tell one of them about the other's purchase. Each test reads the key's index.
 */
const ownedBy = (userId: string) => sql`
  (exists (select 1 from prealerts p where tracking_key(p.tracking_number) = cs.tracking_key and p.user_id = ${userId})
   or exists (select 1 from trackings t where tracking_key(t.tracking_number) = cs.tracking_key and t.user_id = ${userId}))
  and not exists (select 1 from prealerts o
                   where tracking_key(o.tracking_number) = cs.tracking_key and o.user_id <> ${userId})`;

/**
 * The carrier's legs of many of the customer's own numbers (a list page's), in one statement:
 * by the key of each number, only those the customer may see. `latestOnly` reads one event per
 * leg (a card's line); otherwise the whole leg.
 */
export async function ownCarrierLegs(
  db: DbOrTx,
  userId: string,
  numbers: readonly (string | null | undefined)[],
  { latestOnly = false }: { latestOnly?: boolean } = {},
): Promise<Map<string, CarrierLegView>> {
  const rows = await legRows(db, keysOf(numbers), ownedBy(userId), latestOnly ? 1 : ALL_EVENTS);
  return new Map(rows.map((r) => [r.key, legOf(r)]));
}

/** One of the customer's numbers' carrier leg, whole; null when there is none she may see. */
export async function ownCarrierLeg(db: DbOrTx, userId: string, number: string | null | undefined) {
  if (!number) return null;
  return (await ownCarrierLegs(db, userId, [number])).get(trackingKey(number)) ?? null;
}

/** The leg of the map that belongs to `number` (a list row's), or null. */
export const legFor = (legs: Map<string, CarrierLegView>, number: string | null | undefined) =>
  (number && legs.get(trackingKey(number))) || null;

/** The staff's view: the whole leg whoever pre-alerted it, with who signed for it where the carrier says. */
export type StaffCarrierLegView = CarrierLegView & { signedBy: string | null };

export async function staffCarrierLeg(db: DbOrTx, number: string | null | undefined) {
  if (!number) return null;
  const [row] = await legRows(db, keysOf([number]), sql`true`, ALL_EVENTS);
  return row ? ({ ...legOf(row), signedBy: row.signed_by } satisfies StaffCarrierLegView) : null;
}

/**
 * A carrier's words with whoever signed cut off ('Delivered, Left at Front Door. Signed by: J
 * SMITH'): the public page names no person (docs/product/public-tracking.md#what-anyone-sees).
 */
export function withoutSigner(description: string): string {
  const cut = description.search(/\b(signed\s+(for\s+)?by|signature|firmado\s+por|recibido\s+por)\b/i);
  return (cut < 0 ? description : description.slice(0, cut)).replace(/[\s.,;:-]+$/, '');
}

/**
 * Anyone's view of a number's leg, for the public tracking page: the carrier's events with its
 * own words, place and time, never the signer (the column is not read, and a signer named in the
 * carrier's text is cut off); none for a number two customers pre-alerted, as for its owners.
 * Always one statement, found or not, so the answer costs the same either way.
 */
export async function publicCarrierLeg(db: DbOrTx, number: string): Promise<CarrierLegView | null> {
  const key = trackingKey(number);
  const [row] = await legRows(
    db,
    [key || '-'],
    sql`(select count(distinct p.user_id) from prealerts p where tracking_key(p.tracking_number) = cs.tracking_key) <= 1`,
    ALL_EVENTS,
  );
  return row ? legOf(row, (e) => ({ ...e, description: withoutSigner(e.description) })) : null;
}
