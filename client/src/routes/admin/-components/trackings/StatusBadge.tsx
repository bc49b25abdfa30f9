import { Badge, Group } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import {
  DISPATCH_MESSAGES,
  ADMIN_PREALERT_MESSAGES,
  STALE_DRAFT_DAYS,
  PREALERT_STATUS_LABELS,
  PRIORITY_LABELS,
  TRACKING_STATUS_BADGE_COLORS,
  TRACKING_STATUS_LABELS,
  formatDateTime,
  type PrealertStatus,
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
  const badge = <LabelBadge value={status} labels={TRACKING_STATUS_LABELS} colors={TRACKING_STATUS_BADGE_COLORS} />;
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

/** A pre-alert's status, as the pre-alerts screen and a tracking's linked pre-alert show it. */
export const PREALERT_STATUS_COLORS: Record<PrealertStatus, string> = {
  pending: 'yellow',
  confirmed: 'blue',
  converted: 'green',
  draft: 'gray',
};

export function PrealertStatusBadge({ status }: { status: PrealertStatus }) {
  return (
    <Badge color={PREALERT_STATUS_COLORS[status]} variant="light">
      {PREALERT_STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * A draft made from a customer's e-mail and not confirmed in 7 days: still matched at reception,
 * shown to staff as such (docs/product/prealerts-from-email.md#recepción).
 */
export function StaleDraftBadge({ status, createdAt }: { status: PrealertStatus; createdAt: string | Date }) {
  if (status !== 'draft') return null;
  const days = Math.floor((Date.now() - new Date(createdAt).getTime()) / 86_400_000);
  if (days < STALE_DRAFT_DAYS) return null;
  return (
    <Badge color="orange" variant="outline">
      {ADMIN_PREALERT_MESSAGES.staleDraft(days)}
    </Badge>
  );
}
