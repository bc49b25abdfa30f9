import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_PAYMENT_MESSAGES, LIST_PAGE_SIZES, PAYMENT_STATUSES_SELECTABLE, PAYMENT_TYPES, SORT_DIRECTIONS } from '@casillero/shared';
import { getErrorMessage } from '../../lib/errors';
import { searchInt, searchOptionalEnum, searchString, searchUuid } from '../../lib/search';
import { BRAND_NAME } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { PaymentDetailsDialog } from './-components/payments/PaymentDetailsDialog';
import { PaymentSummaryCards } from './-components/payments/PaymentSummaryCards';
import { PaymentsList } from './-components/payments/PaymentsList';
import type { PaymentsSearch } from './-components/payments/types';

export const Route = createFileRoute('/admin/pagos')({
  validateSearch: (search: Record<string, unknown>): PaymentsSearch => {
    const pageSize = searchInt(search.pageSize);
    return {
      q: searchString(search.q, 100),
      status: searchOptionalEnum(search.status, PAYMENT_STATUSES_SELECTABLE),
      type: searchOptionalEnum(search.type, PAYMENT_TYPES),
      page: searchInt(search.page),
      pageSize: pageSize !== undefined && (LIST_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : undefined,
      dir: searchOptionalEnum(search.dir, SORT_DIRECTIONS),
      pago: searchUuid(search.pago),
    };
  },
  head: () => ({ meta: [{ title: `Pagos · ${BRAND_NAME}` }] }),
  loader: ({ context }) => context.queryClient.prefetchQuery(context.trpc.payments.summary.queryOptions()),
  component: PaymentsPage,
});

function PaymentsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const summary = useQuery(trpc.payments.summary.queryOptions());

  const setSearch = (update: (prev: PaymentsSearch) => PaymentsSearch) =>
    void navigate({ search: (prev) => update(prev as PaymentsSearch), replace: true });

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
      <PaymentDetailsDialog paymentId={search.pago} onClose={() => setSearch(({ pago: _closed, ...rest }) => rest)} />
    </Stack>
  );
}
