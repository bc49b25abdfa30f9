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

export async function parcelsAndDepartures(world: World): Promise<string[]> {
  const out: string[] = [];
  const twice = rowsOf<{ package_id: string; n: string }>(
    await world.db.execute(
      sql`select package_id, count(*) as n from shipment_packages group by package_id having count(*) > 1`,
    ),
  );
  for (const t of twice) out.push(`el paquete ${t.package_id.slice(0, 8)} está en ${t.n} envíos`);

  const parcels = rowsOf<{ wr: string | null; status: string; shipment: string | null; shipment_status: string | null }>(
    await world.db.execute(sql`
      select p.warehouse_receipt as wr, p.status::text as status, s.shipment_code as shipment, s.status::text as shipment_status
      from packages p
      left join shipment_packages sp on sp.package_id = p.id
      left join shipments s on s.id = sp.shipment_id`),
  );
  for (const p of parcels) {
    if (p.shipment && !IN_SHIPMENT.includes(p.status))
      out.push(`${p.wr} está en el envío ${p.shipment} (${p.shipment_status}) y su estado es ${p.status}`);
    if (!p.shipment && IN_SHIPMENT.includes(p.status)) out.push(`${p.wr} no está en ningún envío y su estado es ${p.status}`);
    if (p.shipment && p.status === 'in_shipment' && p.shipment_status !== 'preparing' && p.shipment_status !== 'delayed')
      out.push(`${p.wr} sigue en el almacén (en envío) y su envío ${p.shipment} está ${p.shipment_status}`);
    if (p.shipment === null && !IN_WAREHOUSE.includes(p.status) && p.status !== 'pending' && p.status !== 'processed')
      out.push(`${p.wr} fuera de todo envío con estado ${p.status}`);
  }

  const shipments = rowsOf<{
    code: string;
    status: ShipmentStatus;
    mode: string;
    departure: string | null;
    departure_mode: string | null;
    departure_origin: string | null;
    departure_status: string | null;
    recorded: MilestoneKind[] | null;
    locations: string[] | null;
  }>(
    await world.db.execute(sql`
      select s.shipment_code as code, s.status::text as status, s.shipping_method::text as mode,
             d.code as departure, d.mode::text as departure_mode, d.origin as departure_origin, d.status as departure_status,
             (select array_agg(m.kind) from departure_milestones m where m.departure_id = d.id and m.actual_on is not null) as recorded,
             (select array_agg(distinct mb.location::text) from shipment_packages sp join packages p on p.id = sp.package_id
                join mailboxes mb on mb.id = p.mailbox_id where sp.shipment_id = s.id) as locations
      from shipments s left join departures d on d.id = s.departure_id`),
  );
  for (const s of shipments) {
    if (!s.departure) continue;
    if (s.mode !== s.departure_mode) out.push(`${s.code} (${s.mode}) viaja en ${s.departure} (${s.departure_mode})`);
    const origins = (s.locations ?? []).map((l) => ORIGIN_OF_MAILBOX_LOCATION[l]);
    if (origins.some((o) => o !== s.departure_origin))
      out.push(`${s.code} sale de ${origins.join('/')} y viaja en ${s.departure} (${s.departure_origin})`);
    const recorded = s.recorded ?? [];
    const least = leastShipmentStatus(recorded);
    if (s.status !== 'delayed' && SHIPMENT_JOURNEY_RANK[s.status] < SHIPMENT_JOURNEY_RANK[least])
      out.push(`${s.code} está ${s.status} y su despacho ${s.departure} registró ${recorded.join(', ')} (al menos ${least})`);
    if (recorded.some((k) => MILESTONE_EFFECTS[k].packageStatus) && s.status === 'preparing')
      out.push(`${s.code} sigue preparándose y su despacho ${s.departure} ya salió`);
  }

  const departures = rowsOf<{ code: string; status: string; recorded: MilestoneKind[] | null; shipments: string }>(
    await world.db.execute(sql`
      select d.code, d.status,
             (select array_agg(m.kind) from departure_milestones m where m.departure_id = d.id and m.actual_on is not null) as recorded,
             (select count(*) from shipments s where s.departure_id = d.id) as shipments
      from departures d`),
  );
  for (const d of departures) {
    if (closedByMilestones(d.recorded ?? []) && d.status !== 'closed')
      out.push(`${d.code} registró ${(d.recorded ?? []).join(', ')} y sigue ${d.status}`);
  }
  return out;
}
