// What a recorded milestone moves (docs/product/departures.md#what-a-milestone-moves), as
// MILESTONE_EFFECTS in shared says: the departure closes once it has left, every shipment in it
// reaches the milestone's status (one already further along keeps its own) with its stage and a
// webhook event, and its parcels leave the warehouse. Set-based: a 5,000-shipment container is a
// handful of statements, in the recording's transaction, under the departure's row lock (taken
// first, as every addition takes it), so a shipment added at the same moment is either moved with
// the rest or refused by the closed departure.
import { sql } from 'drizzle-orm';
import {
  DEPARTURE_MESSAGES as M,
  MILESTONE_EFFECTS,
  SHIPMENT_JOURNEY_RANK,
  SHIPMENT_STATUS_LABELS,
  departureDay,
  leastShipmentStatus,
  shipmentStatusesBehind,
  type MilestoneKind,
  type ShipmentStatus,
} from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import { pgTextArray } from '../notify';
import { recordStatusChanges } from '../shipment-stages';

type Moved = {
  id: string;
  user_id: string;
  shipment_code: string;
  previous: ShipmentStatus;
  updated_at: Date | string;
};

/**
 * Applies the milestone `kind`, just recorded, to the departure and everything in it. Returns how
 * many shipments moved. The caller holds the departure's row lock.
 */
export async function applyMilestoneEffects(tx: DbOrTx, departureId: string, kind: MilestoneKind) {
  const effect = MILESTONE_EFFECTS[kind];
  if (effect.closesDeparture) {
    await tx.execute(sql`
      update departures set status = 'closed', closed_at = coalesce(closed_at, now()), updated_at = now()
      where id = ${departureId} and status = 'open'`);
  }
  // The shipments first, then their parcels: the order a staff member's status change takes them
  // in, so the two never wait on each other. A milestone recorded late (Salida after Llegada) moves
  // them to where every recorded milestone puts them, not back to its own status: a shipment put
  // in 'Retrasado' meanwhile would otherwise stand behind its departure.
  const moved = effect.shipmentStatus
    ? await moveShipments(tx, departureId, leastShipmentStatus(await recordedKinds(tx, departureId)))
    : 0;
  if (effect.packageStatus) {
    await tx.execute(sql`
      update packages p set status = ${effect.packageStatus}::package_status
      from shipment_packages sp join shipments s on s.id = sp.shipment_id
      where sp.package_id = p.id and s.departure_id = ${departureId} and p.status = 'in_shipment'`);
  }
  return { moved };
}

/** The milestones recorded on the departure so far, the one just recorded included. */
async function recordedKinds(tx: DbOrTx, departureId: string) {
  const rows = rowsOf<{ kind: MilestoneKind }>(
    await tx.execute(sql`
      select kind::text as kind from departure_milestones where departure_id = ${departureId} and actual_on is not null`),
  );
  return rows.map((r) => r.kind);
}

/** The departure's shipments behind `target` reach it (locked in one order), each with its stage and event. */
async function moveShipments(tx: DbOrTx, departureId: string, target: ShipmentStatus) {
  const moved = rowsOf<Moved>(
    await tx.execute(sql`
      with behind as (
        select id, status from shipments
        where departure_id = ${departureId}
          and status::text = any(${pgTextArray(shipmentStatusesBehind(target))}::text[])
        order by id
        for update
      )
      update shipments s set status = ${target}::shipment_status, updated_at = now()
      from behind where s.id = behind.id
      returning s.id, s.user_id, s.shipment_code, behind.status::text as previous, s.updated_at`),
  );
  await recordStatusChanges(
    tx,
    moved.map((m) => ({
      id: m.id,
      userId: m.user_id,
      shipmentCode: m.shipment_code,
      previous: m.previous,
      changedAt: new Date(m.updated_at),
    })),
    target,
  );
  return moved.length;
}

/** The refusal for a closed departure: 'ya salió el …' once its Salida is recorded, else 'está cerrado'. */
export async function closedDepartureError(tx: DbOrTx, departure: { id: string; code: string }) {
  const [departed] = rowsOf<{ actual_on: string }>(
    await tx.execute(sql`
      select actual_on::text as actual_on from departure_milestones
      where departure_id = ${departure.id} and kind = 'departed' and actual_on is not null`),
  );
  return new DomainError(
    'CONFLICT',
    departed ? M.departedClosed(departure.code, departureDay(departed.actual_on)) : M.closed(departure.code),
  );
}

/**
 * Staff's status change may not put a shipment behind where its departure's recorded milestones
 * put it ('Retrasado' excepted: a delay can happen anywhere on the way).
 */
export async function refuseBehindDeparture(tx: DbOrTx, shipmentId: string, status: ShipmentStatus) {
  if (status === 'delayed') return;
  const recorded = rowsOf<{ shipment_code: string; code: string; kind: MilestoneKind; label: string }>(
    await tx.execute(sql`
      select s.shipment_code, d.code, m.kind, m.label
      from shipments s
      join departures d on d.id = s.departure_id
      join departure_milestones m on m.departure_id = d.id and m.actual_on is not null
      where s.id = ${shipmentId}
      order by m.position desc`),
  );
  const least = leastShipmentStatus(recorded.map((r) => r.kind));
  if (SHIPMENT_JOURNEY_RANK[status] >= SHIPMENT_JOURNEY_RANK[least]) return;
  // The furthest milestone recorded (positions descending), the one that set where it stands.
  const [last] = recorded;
  throw new DomainError(
    'CONFLICT',
    M.behindDeparture(last.shipment_code, last.code, last.label, SHIPMENT_STATUS_LABELS[status]),
  );
}
