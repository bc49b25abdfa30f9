// Public tracking (docs/product/public-tracking.md): what anyone with a carrier's number, one of
// our WR numbers or a shipment's code (the SH… the pickup notice gives) may learn about a parcel. Only statuses, dates and places at country or city
// level leave this file; every other column stays in SQL. The history's messages are free text
// an operator typed (an address, "recibido por la titular"…), so the timeline uses the status
// labels instead, and shipment stages only under the names the system gives them.
//
// "Does not exist" and "exists" cost the same: the same two queries run for every number (the
// second one with a nil id when nothing matched), and both answers have the same keys.
import { sql } from 'drizzle-orm';
import {
  PACKAGE_STATUS_LABELS,
  PUBLIC_TRACKING_RESULT_MESSAGES as M,
  SHIPMENT_CODE_PREFIX,
  SHIPMENT_MESSAGES,
  SHIPMENT_STATUS_LABELS,
  TRACKING_STATUS_LABELS,
  formatDate,
  normalizeWarehouseReceipt,
  trackingKey,
  type MailboxCountry,
  type PackageStatus,
  type PublicTrackingEvent,
  type PublicTrackingResult,
  type ShipmentStatus,
  type TrackingStatus,
} from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../db/client';
import { departureViewsOfShipments } from './departures';
import { publicCarrierLeg } from './carrier-leg';

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** Stage names the system writes (the first stage, then one per status change): safe to show. */
const SYSTEM_STAGE_NAMES = new Set<string>([
  SHIPMENT_MESSAGES.firstStageName,
  ...Object.values(SHIPMENT_STATUS_LABELS),
]);

/** Origin from the casillero's country: the city of our warehouse, never the casillero itself. */
const ORIGIN_BY_MAILBOX_COUNTRY: Partial<Record<MailboxCountry, string>> = { USA: 'Estados Unidos', CHINA: 'China' };

/**
 * The WR numbers a typed number may be: as the admin screens store a typed one (trimmed, upper
 * case), and ours in their printed form however they are typed ("wr 2026 00131").
 */
export function warehouseReceiptsOf(number: string): [string, string] {
  const m = /^WR(\d{4})(\d{1,12})$/.exec(trackingKey(number));
  const typed = normalizeWarehouseReceipt(number);
  return [typed, m ? `WR-${m[1]}-${m[2]}` : typed];
}

type Found = {
  tracking_id: string | null;
  tracking_status: TrackingStatus | null;
  tracking_carrier: string | null;
  origin_country: string | null;
  intake_received_at: Date | string | null;
  intake_carrier: string | null;
  package_status: PackageStatus | null;
  package_received_at: Date | string | null;
  package_created_at: Date | string | null;
  prealert_carrier: string | null;
  prealert_created_at: Date | string | null;
  mailbox_country: MailboxCountry | null;
  shipment_id: string | null;
  shipment_status: ShipmentStatus | null;
  estimated_delivery: string | null;
  delivered_on: string | null;
  destination_city: string | null;
  agency_place: string | null;
};

type EventRow = { kind: 'history' | 'stage'; status: string; name: string | null; at: Date | string };

/**
 * The shipment code a typed number may be (as the pickup notice gives it: 'SH' and digits, in any
 * case, with spaces or hyphens), or '' (which no shipment has): the same query runs either way.
 */
export function shipmentCodeOf(number: string): string {
  const key = number.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  return key.startsWith(SHIPMENT_CODE_PREFIX) ? key : '';
}

/**
 * The parcel a number names, from every place it can be: a tracking (the admin's "God mode"
 * table), a package (by its carrier number or WR), an intake at the warehouse door (claimed or
 * "sin dueño", by its number or WR), or an open pre-alert; or a whole shipment by its code, which
 * then speaks alone (its own stages, its parcels' warehouse for the origin). One row, or nulls
 * throughout. tracking_key() compares numbers whatever the carrier's variant (its indexes exist).
 */
async function findParcel(
  db: DbOrTx,
  number: string,
  [wr, wrPrinted]: [string, string],
  shipmentCode: string,
): Promise<Found> {
  const [row] = rowsOf<Found>(
    await db.execute(sql`
      with by_code as (
        select s.id from shipments s where s.shipment_code = ${shipmentCode}
      ), intake as (
        select i.package_id, i.mailbox_id, i.carrier, i.received_at
          from parcel_intakes i
         where not exists (select 1 from by_code)
           and (i.tracking_key = tracking_key(${number}) or i.warehouse_receipt in (${wr}, ${wrPrinted}))
         order by i.received_at desc
         limit 1
      ), pkg as (
        select p.id, p.status, p.received_date, p.created_at, p.tracking_id, p.mailbox_id
          from packages p
         where not exists (select 1 from by_code)
           and (tracking_key(p.tracking_number) = tracking_key(${number})
            or p.warehouse_receipt in (${wr}, ${wrPrinted})
            or p.id = (select package_id from intake))
         order by p.id is not distinct from (select package_id from intake) desc,
                  p.received_date desc nulls last, p.created_at desc
         limit 1
      ), trk as (
        select t.id, t.status, t.carrier, t.origin_country
          from trackings t
         where not exists (select 1 from by_code)
           and (tracking_key(t.tracking_number) = tracking_key(${number})
            or t.id = (select tracking_id from pkg))
         order by t.id is not distinct from (select tracking_id from pkg) desc, t.updated_at desc
         limit 1
      ), pre as (
        select pa.carrier, pa.created_at, pa.mailbox_id
          from prealerts pa
         where not exists (select 1 from by_code)
           and tracking_key(pa.tracking_number) = tracking_key(${number}) and pa.status in ('pending', 'confirmed')
         order by pa.created_at desc
         limit 1
      ), shp as (
        select s.id, s.status, s.estimated_delivery, s.actual_delivery, s.delivery_city,
               (select a.name || ', ' || a.city from agencies a where a.id = s.agency_id) as agency_place,
               (select p.mailbox_id from shipment_packages sp2 join packages p on p.id = sp2.package_id
                 where sp2.shipment_id = s.id order by p.id limit 1) as mailbox_id
          from shipments s
         where s.id = coalesce(
                 (select id from by_code),
                 (select sp.shipment_id from shipment_packages sp where sp.package_id = (select id from pkg)))
      )
      select trk.id as tracking_id, trk.status::text as tracking_status, trk.carrier as tracking_carrier,
             trk.origin_country,
             intake.received_at as intake_received_at, intake.carrier as intake_carrier,
             pkg.status::text as package_status, pkg.received_date as package_received_at, pkg.created_at as package_created_at,
             pre.carrier as prealert_carrier, pre.created_at as prealert_created_at,
             (select m.country::text from mailboxes m
               where m.id = coalesce(pkg.mailbox_id, intake.mailbox_id, pre.mailbox_id, shp.mailbox_id)) as mailbox_country,
             shp.id as shipment_id, shp.status::text as shipment_status,
             shp.estimated_delivery::text as estimated_delivery, shp.actual_delivery::text as delivered_on,
             shp.delivery_city as destination_city, shp.agency_place
        from (select 1) as one
        left join trk on true
        left join intake on true
        left join pkg on true
        left join pre on true
        left join shp on true
    `),
  );
  return row;
}

/** The tracking's status changes and the shipment's started stages (nil ids match nothing). */
async function findEvents(db: DbOrTx, trackingId: string | null, shipmentId: string | null): Promise<EventRow[]> {
  return rowsOf<EventRow>(
    await db.execute(sql`
      select 'history' as kind, h.status::text as status, null as name, h.created_at as at
        from tracking_history h
       where h.tracking_id = ${trackingId ?? NIL_UUID}
      union all
      select 'stage' as kind, st.status::text as status, st.stage_name as name, st.created_at as at
        from shipment_stages st
       where st.shipment_id = ${shipmentId ?? NIL_UUID} and st.status <> 'pending'
    `),
  );
}

/** A tracking's statuses before the parcel reaches the warehouse. */
const BEFORE_ARRIVAL = new Set<TrackingStatus>(['created', 'in_transit']);

const iso = (value: Date | string) => new Date(value).toISOString();

/** The answer to anyone asking about `number` (already validated and trimmed). */
export async function lookUpPublicTracking(db: DbOrTx, number: string): Promise<PublicTrackingResult> {
  const found = await findParcel(db, number, warehouseReceiptsOf(number), shipmentCodeOf(number));
  const events = await findEvents(db, found.tracking_id, found.shipment_id);
  // The carrier's leg before our warehouse (docs/product/first-mile.md): read for every number, found or not.
  const carrierLeg = await publicCarrierLeg(db, number);

  const receivedAt = found.intake_received_at ?? found.package_received_at;
  const hasHistory = events.some((e) => e.kind === 'history');
  // A tracking still "on its way" when the parcel is already on our shelf has fallen behind.
  const trackingBehind =
    found.tracking_status !== null && BEFORE_ARRIVAL.has(found.tracking_status) && receivedAt !== null;

  const timeline: PublicTrackingEvent[] = [];
  for (const e of events) {
    if (e.kind === 'history')
      timeline.push({ at: iso(e.at), label: TRACKING_STATUS_LABELS[e.status as TrackingStatus] });
    else
      timeline.push({ at: iso(e.at), label: e.name && SYSTEM_STAGE_NAMES.has(e.name) ? e.name : M.eventShipmentStage });
  }
  // Without a tracking's history (or one that has not seen the arrival), the warehouse's own steps.
  if (!hasHistory || trackingBehind) {
    if (receivedAt) timeline.push({ at: iso(receivedAt), label: M.eventReceived });
    else if (found.package_created_at) timeline.push({ at: iso(found.package_created_at), label: M.eventRegistered });
    else if (found.prealert_created_at) timeline.push({ at: iso(found.prealert_created_at), label: M.eventPrealerted });
  }
  timeline.sort((a, b) => b.at.localeCompare(a.at));

  // The most advanced record speaks: the shipment, the tracking, the package, the intake, the pre-alert.
  const status =
    (found.shipment_status && SHIPMENT_STATUS_LABELS[found.shipment_status]) ||
    (found.tracking_status && !trackingBehind && TRACKING_STATUS_LABELS[found.tracking_status]) ||
    (found.package_status && PACKAGE_STATUS_LABELS[found.package_status]) ||
    (found.intake_received_at && M.eventReceived) ||
    (found.prealert_created_at && M.eventPrealerted) ||
    (found.tracking_status && TRACKING_STATUS_LABELS[found.tracking_status]) ||
    null;

  const delivered = found.shipment_status === 'delivered';
  return {
    number,
    found: status !== null,
    carrier: found.tracking_carrier ?? found.intake_carrier ?? found.prealert_carrier ?? null,
    status,
    timeline,
    estimatedDelivery: delivered ? null : (found.estimated_delivery ?? null),
    deliveredOn: delivered ? (found.delivered_on ?? null) : null,
    originCountry:
      found.origin_country ??
      (found.mailbox_country ? (ORIGIN_BY_MAILBOX_COUNTRY[found.mailbox_country] ?? null) : null),
    destinationCity: found.destination_city ?? null,
    // Where it is now, in one line: the agency (never a person's name) or the day it was delivered.
    whereNow:
      found.shipment_status === 'ready_for_pickup' && found.agency_place
        ? M.availableAtAgency(found.agency_place)
        : delivered && found.delivered_on
          ? M.deliveredOn(formatDate(found.delivered_on))
          : null,
    carrierLeg: status !== null ? carrierLeg : null,
    departure: found.shipment_id
      ? ((await departureViewsOfShipments(db, [found.shipment_id])).get(found.shipment_id) ?? null)
      : null,
  };
}
