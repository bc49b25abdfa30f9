import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_PAYMENT_MESSAGES, PAYMENT_STATUSES_SELECTABLE, PAYMENT_TYPES } from '@casillero/shared';

import { getErrorMessage } from '../../lib/errors';
import { listSearch } from '../../lib/search';
import { AdminPage, useListRoute } from '../../components/data-table';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { PaymentSummaryCards } from './-components/payments/PaymentSummaryCards';
import { PaymentsList } from './-components/payments/PaymentsList';
import type { PaymentsSearch } from './-components/payments/types';

export const Route = createFileRoute('/admin/pagos')({
  validateSearch: (search: Record<string, unknown>): PaymentsSearch =>
    listSearch(search, ['createdAt'] as const, { status: PAYMENT_STATUSES_SELECTABLE, type: PAYMENT_TYPES }),
  head: pageHead('Pagos'),
  loader: ({ context }) => context.queryClient.prefetchQuery(context.trpc.payments.summary.queryOptions()),
  component: PaymentsPage,
});

function PaymentsPage() {
  const summary = useQuery(trpc.payments.summary.queryOptions());
  return (
    <AdminPage
      title={ADMIN_PAYMENT_MESSAGES.title}
      subtitle="Revisa los pagos reportados por los clientes, sus comprobantes, y apruébalos o recházalos."
    >
      {summary.isError && (
        <Alert color="red" icon={<IconAlertCircle />}>
          {getErrorMessage(summary.error, ADMIN_PAYMENT_MESSAGES.loadFailed)}
        </Alert>
      )}
      <PaymentSummaryCards summary={summary.data} />
      <PaymentsList {...useListRoute<PaymentsSearch>(Route)} />
    </AdminPage>
  );
}
