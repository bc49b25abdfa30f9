import { SHIPMENT_STATUS_LABELS, type ShipmentStatus } from '@casillero/shared';
import { LabelBadge } from '../data-table';

const SHIPMENT_STATUS_COLORS: Record<ShipmentStatus, string> = {
  preparing: 'yellow',
  in_transit: 'blue',
  arrived: 'indigo',
  customs: 'grape',
  out_for_delivery: 'cyan',
  ready_for_pickup: 'teal',
  delivered: 'green',
  delayed: 'red',
};

/** A shipment's status as a coloured badge (admin list and details, the customer's cards). */
export function ShipmentStatusBadge({ status }: { status: ShipmentStatus }) {
  return <LabelBadge value={status} labels={SHIPMENT_STATUS_LABELS} colors={SHIPMENT_STATUS_COLORS} />;
}
