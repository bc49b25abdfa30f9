import { NOTIFICATION_TYPE_LABELS, type NotificationType } from '@casillero/shared';
import { LabelBadge } from '../../../../components/data-table';

const TYPE_COLORS: Record<NotificationType, string> = {
  general: 'gray',
  package: 'blue',
  shipment: 'cyan',
  payment: 'green',
  system: 'violet',
  payment_update: 'teal',
};

export function NotificationTypeBadge({ type }: { type: NotificationType }) {
  return <LabelBadge value={type} labels={NOTIFICATION_TYPE_LABELS} colors={TYPE_COLORS} />;
}
