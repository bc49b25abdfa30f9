import type { inferOutput } from '@trpc/tanstack-react-query';
import { PAYMENT_TYPE_LABELS, type PaymentStatus } from '@casillero/shared';
import type { trpc } from '../../../../lib/trpc';

export type Payment = inferOutput<typeof trpc.payments.mine>[number];

/** What a payment is for, as a short line: "Activación de casillero MV-19487-00012". */
export function paymentSubject(p: Pick<Payment, 'transactionType' | 'mailboxCode' | 'shipmentCode'>): string {
  const detail = p.mailboxCode ?? p.shipmentCode;
  return detail ? `${PAYMENT_TYPE_LABELS[p.transactionType]} ${detail}` : PAYMENT_TYPE_LABELS[p.transactionType];
}

export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = {
  pending: 'yellow',
  completed: 'green',
  failed: 'red',
  cancelled: 'gray',
};
