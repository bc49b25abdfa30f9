import type { inferOutput } from '@trpc/tanstack-react-query';
import { PAYMENT_TYPE_LABELS, type PaymentStatus } from '@casillero/shared';
import type { trpc } from '../../../../lib/trpc';

export type Payment = inferOutput<typeof trpc.payments.mine>[number];

/**
 * What a payment is for, as a short line: "Activación de casillero MV-19487-00012", or for a
 * shipping payment the trackings it pays: "Pago de envío · 1Z999AA10123456784, 781234567890".
 */
export function paymentSubject(
  p: Pick<Payment, 'transactionType' | 'mailboxCode' | 'shipmentCode' | 'trackingNumbers'>,
): string {
  const label = PAYMENT_TYPE_LABELS[p.transactionType];
  const detail = p.mailboxCode ?? p.shipmentCode;
  const subject = detail ? `${label} ${detail}` : label;
  return p.trackingNumbers.length > 0 ? `${subject} · ${p.trackingNumbers.join(', ')}` : subject;
}

export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = {
  pending: 'yellow',
  completed: 'green',
  failed: 'red',
  cancelled: 'gray',
};
