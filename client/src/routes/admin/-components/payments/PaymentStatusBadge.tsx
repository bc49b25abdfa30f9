import { PAYMENT_STATUS_COLORS, PAYMENT_STATUS_LABELS, type PaymentStatus } from '@casillero/shared';
import { LabelBadge } from '../../../../components/data-table';

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <LabelBadge value={status} labels={PAYMENT_STATUS_LABELS} colors={PAYMENT_STATUS_COLORS} />;
}
