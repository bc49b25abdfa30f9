import type { inferOutput } from '@trpc/tanstack-react-query';
import type { PaymentStatus, PaymentType } from '@casillero/shared';
import type { ListSearch } from '../../../../components/data-table';
import type { trpc } from '../../../../lib/trpc';

export type PaymentRow = inferOutput<typeof trpc.payments.list>['rows'][number];
export type PaymentDetail = inferOutput<typeof trpc.payments.detail>;
export type PaymentSummary = inferOutput<typeof trpc.payments.summary>;

/** /admin/pagos search params: the list's whole state and the payment whose details are open (`ver`). */
export type PaymentsSearch = ListSearch<'createdAt'> & {
  status?: Exclude<PaymentStatus, 'cancelled'>;
  type?: PaymentType;
};
