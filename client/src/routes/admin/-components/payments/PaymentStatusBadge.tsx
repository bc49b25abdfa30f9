import { Badge } from '@mantine/core';
import { PAYMENT_STATUS_COLORS, PAYMENT_STATUS_LABELS, type PaymentStatus } from '@casillero/shared';

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge color={PAYMENT_STATUS_COLORS[status]} variant="light" style={{ minWidth: 'max-content' }}>
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
