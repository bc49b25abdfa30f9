// /admin/tasas (docs/decisions/021-billing-in-bolivares.md): the day's exchange rate, recorded by the cashier, with its history and
// who entered each; and the payment methods customers pay with, kept by the administrator.
import { Card } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { can } from '@casillero/shared';
import { AdminPage } from '../../components/data-table';
import { useCan } from '../../lib/permissions';
import { pageHead } from '../../lib/site';
import { RateHistory, TodayRateCard } from './-components/billing/ExchangeRates';
import { PaymentMethodsSection } from './-components/billing/PaymentMethods';
import { RateMissingAlert } from './-components/billing/RateMissingAlert';
import { FiscalSettingsSection } from '../../components/fiscal/FiscalSettingsSection';
import { PendingControlNumbers } from '../../components/fiscal/PendingControlNumbers';

const TITLE = 'Tasas y métodos de pago';

export const Route = createFileRoute('/admin/tasas')({
  head: pageHead(TITLE),
  loader: ({ context }) =>
    can(context.user.role, 'payments.read')
      ? Promise.all([
          context.queryClient.prefetchQuery(context.trpc.exchangeRates.today.queryOptions()),
          context.queryClient.prefetchQuery(context.trpc.exchangeRates.list.queryOptions({ page: 1 })),
          context.queryClient.prefetchQuery(context.trpc.paymentMethods.all.queryOptions()),
        ])
      : undefined,
  component: RatesPage,
});

function RatesPage() {
  const canRecord = useCan('payments.write');
  const canEditMethods = useCan('billing.settings');
  return (
    <AdminPage
      title={TITLE}
      subtitle="La tasa del día en bolívares por dólar, su historial, y los métodos con que pagan los clientes."
    >
      <RateMissingAlert />
      <TodayRateCard canRecord={canRecord} />
      <Card withBorder radius="md" padding="lg">
        <PaymentMethodsSection canEdit={canEditMethods} />
      </Card>
      {canEditMethods && (
        <Card withBorder radius="md" padding="lg">
          <FiscalSettingsSection />
        </Card>
      )}
      <PendingControlNumbers />
      <RateHistory />
    </AdminPage>
  );
}
