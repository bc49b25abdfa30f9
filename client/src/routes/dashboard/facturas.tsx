import { Button, Card, Stack, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { memo, useCallback, useMemo } from 'react';
import { searchString } from '../../lib/search';
import { pageHead } from '../../lib/site';
import { ensureQueries } from '../../lib/loader';
import { trpc } from '../../lib/trpc';
import { DashboardPage } from './-components/PageHeader';
import { EmptyState, QueryState } from './-components/QueryState';
import { BalanceCard } from './-components/payments/BalanceCard';
import { InvoicesTable } from './-components/payments/InvoicesTable';
import { PaymentsTable } from './-components/payments/PaymentsTable';
import { ReportPaymentModal, type ReportSubject } from './-components/payments/ReportPaymentModal';
import type { Billing, Invoice } from './-components/payments/invoice-text';
import type { Payment } from './-components/payments/payment-text';

/**
 * `?reportar=<id>` opens "Reportar pago" for an invoice (its id, or the id of the payment the
 * system opened for it, as a mailbox's activation links it) or for a payment to report;
 * `?reportar=nuevo` for a new payment on account.
 */
export const Route = createFileRoute('/dashboard/facturas')({
  validateSearch: (search: Record<string, unknown>): { reportar?: string } => ({
    reportar: searchString(search.reportar, 64),
  }),
  head: pageHead('Facturas'),
  loader: ensureQueries((t) => [t.billing.mine.queryOptions(), t.payments.mine.queryOptions()]),
  component: FacturasPage,
});

const NEW_PAYMENT = 'nuevo';

/** What `?reportar=` names, if it can be reported now. */
function reportSubject(reportar: string | undefined, invoices: Invoice[], payments: Payment[]): ReportSubject | null {
  if (!reportar) return null;
  if (reportar === NEW_PAYMENT) return { kind: 'new' };
  const invoice = invoices.find((i) => i.canReport && (i.id === reportar || i.openPaymentId === reportar));
  if (invoice) return { kind: 'invoice', invoice };
  const payment = payments.find((p) => p.canReport && p.id === reportar);
  return payment ? { kind: 'payment', payment } : null;
}

function FacturasPage() {
  const billing = useQuery(trpc.billing.mine.queryOptions());
  const payments = useQuery({
    ...trpc.payments.mine.queryOptions(),
    // Receipt links expire after an hour: refresh them well before.
    staleTime: 10 * 60_000,
    refetchInterval: 30 * 60_000,
  });
  const { reportar } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  // Stable, so the memoized lists below are not drawn again when only `?reportar=` changes: on a
  // low-tier phone that re-render kept the dialog from painting (docs/product/fast-on-a-phone.md#interactions).
  const openReport = useCallback((id: string) => void navigate({ search: { reportar: id } }), [navigate]);
  const closeReport = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);

  const subject = reportSubject(reportar, billing.data?.invoices ?? [], payments.data ?? []);

  return (
    <DashboardPage
      maxWidth={1180}
      title="Facturas"
      description="Tus facturas en dólares y bolívares, tu saldo y los pagos que has reportado."
      actions={
        <Button leftSection={<IconReceipt size={18} />} onClick={() => openReport(NEW_PAYMENT)}>
          Reportar pago
        </Button>
      }
    >
      <QueryState query={billing}>{(data) => <InvoicesSection billing={data} onReport={openReport} />}</QueryState>
      <Stack gap="sm" component="section" aria-labelledby="pagos-reportados">
        <Title order={2} size="h4" id="pagos-reportados">
          Pagos reportados
        </Title>
        <QueryState query={payments}>
          {(data) => <PaymentsHistory payments={data} invoices={billing.data?.invoices} onReport={openReport} />}
        </QueryState>
      </Stack>
      <ReportPaymentModal subject={subject} onClose={closeReport} />
    </DashboardPage>
  );
}

const InvoicesSection = memo(function InvoicesSection({
  billing,
  onReport,
}: {
  billing: Billing;
  onReport: (id: string) => void;
}) {
  return (
    <Stack gap="lg">
      <BalanceCard {...billing} />
      <Stack gap="sm" component="section" aria-labelledby="tus-facturas">
        <Title order={2} size="h4" id="tus-facturas">
          Tus facturas
        </Title>
        {billing.invoices.length === 0 ? (
          <Card withBorder radius="md" padding={0}>
            <EmptyState title="Aún no tienes facturas">
              Cuando se emita una factura (la activación de un casillero, un envío) aparecerá aquí con su monto en
              dólares y en bolívares.
            </EmptyState>
          </Card>
        ) : (
          <InvoicesTable invoices={billing.invoices} onReport={(invoice) => onReport(invoice.id)} />
        )}
      </Stack>
    </Stack>
  );
});

const PaymentsHistory = memo(function PaymentsHistory({
  payments,
  invoices,
  onReport,
}: {
  payments: Payment[];
  invoices: Invoice[] | undefined;
  onReport: (id: string) => void;
}) {
  // The payments the system opened for an invoice and nobody reported yet are the invoice's
  // "Reportar pago"; the history lists what was reported, approved or rejected.
  const history = useMemo(() => {
    const openForInvoices = new Set((invoices ?? []).flatMap((i) => (i.openPaymentId ? [i.openPaymentId] : [])));
    return payments.filter((p) => !(p.status === 'pending' && !p.reportedAt && openForInvoices.has(p.id)));
  }, [payments, invoices]);
  if (history.length === 0)
    return (
      <Card withBorder radius="md" padding={0}>
        <EmptyState title="No hay pagos registrados">Cuando reportes un pago aparecerá aquí con su estado.</EmptyState>
      </Card>
    );
  return <PaymentsTable payments={history} onReport={onReport} />;
});
