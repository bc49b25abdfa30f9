import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_PAYMENT_MESSAGES, PAYMENT_STATUSES_SELECTABLE, PAYMENT_TYPES } from '@casillero/shared';

import { getErrorMessage } from '../../lib/errors';
import { listSearch, searchOptionalEnum } from '../../lib/search';
import { useListNavigate } from '../../components/data-table';
import { BRAND_NAME } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { PaymentSummaryCards } from './-components/payments/PaymentSummaryCards';
import { PaymentsList } from './-components/payments/PaymentsList';
import type { PaymentsSearch } from './-components/payments/types';

export const Route = createFileRoute('/admin/pagos')({
  validateSearch: (search: Record<string, unknown>): PaymentsSearch => ({
    ...listSearch(search, ['createdAt'] as const),
    status: searchOptionalEnum(search.status, PAYMENT_STATUSES_SELECTABLE),
    type: searchOptionalEnum(search.type, PAYMENT_TYPES),
  }),
  head: () => ({ meta: [{ title: `Pagos · ${BRAND_NAME}` }] }),
  loader: ({ context }) => context.queryClient.prefetchQuery(context.trpc.payments.summary.queryOptions()),
  component: PaymentsPage,
});

function PaymentsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const summary = useQuery(trpc.payments.summary.queryOptions());

  const setSearch = useListNavigate<PaymentsSearch>(navigate);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {ADMIN_PAYMENT_MESSAGES.title}
        </Title>
        <Text c="dimmed">Revisa los pagos reportados por los clientes, sus comprobantes, y apruébalos o recházalos.</Text>
      </div>
      {summary.isError && (
        <Alert color="red" icon={<IconAlertCircle />}>
          {getErrorMessage(summary.error, ADMIN_PAYMENT_MESSAGES.loadFailed)}
        </Alert>
      )}
      <PaymentSummaryCards summary={summary.data} />
      <PaymentsList search={search} navigate={setSearch} />
    </Stack>
  );
}
