import { Badge } from '@mantine/core';
import { NOTIFICATION_TYPE_LABELS, type NotificationType } from '@casillero/shared';

const TYPE_COLORS: Record<NotificationType, string> = {
  general: 'gray',
  package: 'blue',
  shipment: 'cyan',
  payment: 'green',
  system: 'violet',
  payment_update: 'teal',
};

export function NotificationTypeBadge({ type }: { type: NotificationType }) {
  return (
    <Badge color={TYPE_COLORS[type]} variant="light" style={{ minWidth: 'max-content' }}>
      {NOTIFICATION_TYPE_LABELS[type]}
    </Badge>
  );
}
