// What a departure's milestone moves (docs/product/departures.md#what-a-milestone-moves): the
// departure itself, every shipment in it and their parcels. Written once, here: the server's
// cascade applies it, the promise reads which departures still take parcels, and the checks of
// the business's invariants read what each recorded milestone means for the shipments.
import type { MilestoneKind } from './departures';
import { MILESTONE_KINDS } from './departures';
import type { PackageStatus, ShipmentStatus } from '../enums';

export type MilestoneEffect = {
  /** The departure is no longer promised to parcels still to arrive at the warehouse. */
  endsReception: boolean;
  /** The departure takes and gives up no more shipments ('Cerrado'). */
  closesDeparture: boolean;
  /** The status its shipments reach; one already further along keeps its own. Null: unchanged. */
  shipmentStatus: ShipmentStatus | null;
  /** The status its parcels reach from `in_shipment` (they left the warehouse). Null: unchanged. */
  packageStatus: PackageStatus | null;
};

const LEFT: Pick<MilestoneEffect, 'endsReception' | 'closesDeparture' | 'packageStatus'> = {
  endsReception: true,
  closesDeparture: true,
  packageStatus: 'shipped',
};

/**
 * Each milestone's effect, whole (not only what it adds): a milestone recorded before the one
 * before it still leaves everything where that one would. Ready for pickup and delivered stay the
 * agency counter's steps (docs/product/last-mile.md#agency-counters-and-proof-of-delivery).
 */
export const MILESTONE_EFFECTS: Record<MilestoneKind, MilestoneEffect> = {
  // Staff may still load parcels already in the warehouse until it leaves; new ones are promised the next.
  reception_closed: { endsReception: true, closesDeparture: false, shipmentStatus: null, packageStatus: null },
  departed: { ...LEFT, shipmentStatus: 'in_transit' },
  arrived: { ...LEFT, shipmentStatus: 'arrived' },
  customs: { ...LEFT, shipmentStatus: 'customs' },
  // Out of customs, shipments are on their way to the agency or the door.
  released: { ...LEFT, shipmentStatus: 'out_for_delivery' },
  distribution: { ...LEFT, shipmentStatus: 'out_for_delivery' },
};

/** The milestones after which a departure takes no new parcels (the promise skips it). */
export const MILESTONES_ENDING_RECEPTION = MILESTONE_KINDS.filter((k) => MILESTONE_EFFECTS[k].endsReception);

/**
 * How far along its journey each status is. A milestone moves a shipment only forward; 'delayed'
 * (set by staff, before or during the trip) ranks first, so the departure's next milestone says
 * where it really is.
 */
export const SHIPMENT_JOURNEY_RANK: Record<ShipmentStatus, number> = {
  preparing: 0,
  delayed: 0,
  in_transit: 1,
  arrived: 2,
  customs: 3,
  out_for_delivery: 4,
  ready_for_pickup: 5,
  delivered: 6,
};

/** The statuses a milestone leading to `target` moves on (those behind it). */
export function shipmentStatusesBehind(target: ShipmentStatus): ShipmentStatus[] {
  return (Object.keys(SHIPMENT_JOURNEY_RANK) as ShipmentStatus[]).filter(
    (s) => SHIPMENT_JOURNEY_RANK[s] < SHIPMENT_JOURNEY_RANK[target],
  );
}

/**
 * The least a shipment must have reached in a departure whose milestones `recorded` were
 * recorded: the furthest effect among them ('preparing' when none moves shipments).
 */
export function leastShipmentStatus(recorded: Iterable<MilestoneKind>): ShipmentStatus {
  let least: ShipmentStatus = 'preparing';
  for (const kind of recorded) {
    const s = MILESTONE_EFFECTS[kind].shipmentStatus;
    if (s && SHIPMENT_JOURNEY_RANK[s] > SHIPMENT_JOURNEY_RANK[least]) least = s;
  }
  return least;
}

/** Whether a departure whose milestones `recorded` were recorded is closed by them. */
export const closedByMilestones = (recorded: Iterable<MilestoneKind>) =>
  [...recorded].some((k) => MILESTONE_EFFECTS[k].closesDeparture);
