import { Badge, Group } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import {
  DISPATCH_MESSAGES,
  PRIORITY_LABELS,
  TRACKING_STATUS_COLORS,
  TRACKING_STATUS_LABELS,
  formatDateTime,
  type Priority,
  type TrackingStatus,
} from '@casillero/shared';
import { LabelBadge } from '../../../../components/data-table';

/**
 * A tracking's status in the colour its e-mails use; a ready one whose shipping payment was
 * approved also shows 'Pago aprobado' (it may be dispatched).
 */
export function TrackingStatusBadge({
  status,
  dispatchAuthorizedAt,
}: {
  status: TrackingStatus;
  dispatchAuthorizedAt?: string | Date | null;
}) {
  const badge = <LabelBadge value={status} labels={TRACKING_STATUS_LABELS} colors={TRACKING_STATUS_COLORS} />;
  if (status !== 'ready_to_ship' || !dispatchAuthorizedAt) return badge;
  return (
    <Group gap={4} wrap="nowrap">
      {badge}
      <Badge
        color="green"
        variant="filled"
        leftSection={<IconCircleCheck size={12} />}
        style={{ minWidth: 'max-content' }}
        title={`Despacho autorizado el ${formatDateTime(dispatchAuthorizedAt)}`}
      >
        {DISPATCH_MESSAGES.badge}
      </Badge>
    </Group>
  );
}

const PRIORITY_COLORS: Record<Priority, string> = { low: 'gray', medium: 'blue', high: 'red' };

export function PriorityBadge({ priority }: { priority: Priority }) {
  return (
    <Badge color={PRIORITY_COLORS[priority]} variant={priority === 'high' ? 'filled' : 'outline'}>
      {PRIORITY_LABELS[priority]}
    </Badge>
  );
}
