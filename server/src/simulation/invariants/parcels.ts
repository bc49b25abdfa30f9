// I6 (docs/product/invariants.md): a package travels in at most one shipment and a shipment in at
// most one departure, of its own mode and origin; their statuses agree with where they are and with
// the departure's recorded milestones (docs/product/departures.md#what-a-milestone-moves).
import { sql } from 'drizzle-orm';
import {
  MILESTONE_EFFECTS,
  ORIGIN_OF_MAILBOX_LOCATION,
  SHIPMENT_JOURNEY_RANK,
  closedByMilestones,
  leastShipmentStatus,
  type MilestoneKind,
  type ShipmentStatus,
} from '@casillero/shared';
import { rowsOf } from '../../db/client';
import type { World } from '../world';

/** Where a parcel may stand: in the warehouse, or in a shipment (still there, or gone with it). */
const IN_WAREHOUSE = ['received', 'in_warehouse'];
const IN_SHIPMENT = ['in_shipment', 'shipped'];

/** Parcels with their shipment, shipments with their departure and its recorded milestones, departures: one statement. */
const FACTS = sql`
  with recorded as (
    select departure_id, array_agg(kind) as kinds from departure_milestones where actual_on is not null group by departure_id
  ),
  twice as (
    select package_id, count(*) as n from shipment_packages group by package_id having count(*) > 1
  ),
  parcels as (
    select p.warehouse_receipt as wr, p.status::text as status, s.shipment_code as shipment, s.status::text as shipment_status
    from packages p left join shipment_packages sp on sp.package_id = p.id left join shipments s on s.id = sp.shipment_id
  ),
  origins as (
    select sp.shipment_id, array_agg(distinct mb.location::text) as locations
    from shipment_packages sp join packages p on p.id = sp.package_id join mailboxes mb on mb.id = p.mailbox_id
    group by sp.shipment_id
  ),
  travelling as (
    select s.shipment_code as code, s.status::text as status, s.shipping_method::text as mode,
           d.code as departure, d.mode::text as departure_mode, d.origin as departure_origin,
           r.kinds as recorded, o.locations
    from shipments s join departures d on d.id = s.departure_id
    left join recorded r on r.departure_id = d.id left join origins o on o.shipment_id = s.id
  ),
  departures_ as (
    select d.code, d.status, r.kinds as recorded from departures d left join recorded r on r.departure_id = d.id
  )
  select json_build_object(
    'twice', (select coalesce(json_agg(twice), '[]') from twice),
    'parcels', (select coalesce(json_agg(parcels), '[]') from parcels),
    'shipments', (select coalesce(json_agg(travelling), '[]') from travelling),
    'departures', (select coalesce(json_agg(departures_), '[]') from departures_)) as facts`;

type Facts = {
  twice: { package_id: string; n: number }[];
  parcels: { wr: string | null; status: string; shipment: string | null; shipment_status: string | null }[];
  shipments: {
    code: string;
    status: ShipmentStatus;
    mode: string;
    departure: string;
    departure_mode: string;
    departure_origin: string;
    recorded: MilestoneKind[] | null;
    locations: string[] | null;
  }[];
  departures: { code: string; status: string; recorded: MilestoneKind[] | null }[];
};

export async function parcelsAndDepartures(world: World): Promise<string[]> {
  const out: string[] = [];
  const [{ facts }] = rowsOf<{ facts: Facts }>(await world.db.execute(FACTS));
  for (const t of facts.twice) out.push(`el paquete ${t.package_id.slice(0, 8)} está en ${t.n} envíos`);
  for (const p of facts.parcels) {
    if (p.shipment && !IN_SHIPMENT.includes(p.status))
      out.push(`${p.wr} está en el envío ${p.shipment} (${p.shipment_status}) y su estado es ${p.status}`);
    if (!p.shipment && IN_SHIPMENT.includes(p.status))
      out.push(`${p.wr} no está en ningún envío y su estado es ${p.status}`);
    if (
      p.shipment &&
      p.status === 'in_shipment' &&
      p.shipment_status !== 'preparing' &&
      p.shipment_status !== 'delayed'
    )
      out.push(`${p.wr} sigue en el almacén (en envío) y su envío ${p.shipment} está ${p.shipment_status}`);
    if (p.shipment && p.status === 'shipped' && p.shipment_status === 'preparing')
      out.push(`${p.wr} salió del almacén y su envío ${p.shipment} sigue preparándose`);
    if (!p.shipment && !IN_WAREHOUSE.includes(p.status) && p.status !== 'pending' && p.status !== 'processed')
      out.push(`${p.wr} fuera de todo envío con estado ${p.status}`);
  }
  for (const s of facts.shipments) {
    if (s.mode !== s.departure_mode) out.push(`${s.code} (${s.mode}) viaja en ${s.departure} (${s.departure_mode})`);
    const origins = (s.locations ?? []).map((l) => ORIGIN_OF_MAILBOX_LOCATION[l]);
    if (origins.some((o) => o !== s.departure_origin))
      out.push(`${s.code} sale de ${origins.join('/')} y viaja en ${s.departure} (${s.departure_origin})`);
    const recorded = s.recorded ?? [];
    const least = leastShipmentStatus(recorded);
    if (s.status !== 'delayed' && SHIPMENT_JOURNEY_RANK[s.status] < SHIPMENT_JOURNEY_RANK[least])
      out.push(
        `${s.code} está ${s.status} y su despacho ${s.departure} registró ${recorded.join(', ')} (al menos ${least})`,
      );
    if (recorded.some((k) => MILESTONE_EFFECTS[k].packageStatus) && s.status === 'preparing')
      out.push(`${s.code} sigue preparándose y su despacho ${s.departure} ya salió`);
  }
  for (const d of facts.departures) {
    if (closedByMilestones(d.recorded ?? []) && d.status !== 'closed')
      out.push(`${d.code} registró ${(d.recorded ?? []).join(', ')} y sigue ${d.status}`);
  }
  return out;
}
