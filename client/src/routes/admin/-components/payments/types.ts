import type { inferOutput } from '@trpc/tanstack-react-query';
import type { PaymentStatus, PaymentType, SortDirection } from '@casillero/shared';
import type { trpc } from '../../../../lib/trpc';

export type PaymentRow = inferOutput<typeof trpc.payments.list>['rows'][number];
export type PaymentDetail = inferOutput<typeof trpc.payments.detail>;
export type PaymentSummary = inferOutput<typeof trpc.payments.summary>;

/** /admin/pagos search params: the list's whole state and the payment whose details are open. */
export type PaymentsSearch = {
  q?: string;
  status?: Exclude<PaymentStatus, 'cancelled'>;
  type?: PaymentType;
  page?: number;
  pageSize?: number;
  dir?: SortDirection;
  sort?: 'createdAt';
  /** The payment whose 'Ver Detalles' is open. */
  pago?: string;
};
