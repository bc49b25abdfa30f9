import { Badge } from '@mantine/core';
import { PRIORITY_LABELS, TRACKING_STATUS_COLORS, TRACKING_STATUS_LABELS, type Priority, type TrackingStatus } from '@casillero/shared';

/** A tracking's status in the colour its e-mails use. */
export function TrackingStatusBadge({ status }: { status: TrackingStatus }) {
  return (
    <Badge color={TRACKING_STATUS_COLORS[status]} variant="light" style={{ minWidth: 'max-content' }}>
      {TRACKING_STATUS_LABELS[status]}
    </Badge>
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
