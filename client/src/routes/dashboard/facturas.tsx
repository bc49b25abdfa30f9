import { Alert, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PAYMENT_METHODS, formatUsd } from '@casillero/shared';
import { searchString } from '../../lib/search';
import { pageHead } from '../../lib/site';
import { ensureQueries } from '../../lib/loader';
import { trpc } from '../../lib/trpc';
import { DashboardPage } from './-components/PageHeader';
import { EmptyState, QueryState } from './-components/QueryState';
import { PaymentsTable } from './-components/payments/PaymentsTable';
import { ReportPaymentModal } from './-components/payments/ReportPaymentModal';
import { paymentSubject } from './-components/payments/payment-text';

/** `?reportar=<id>` opens "Reportar pago" for that payment; `?reportar=nuevo` for a new one. */

export const Route = createFileRoute('/dashboard/facturas')({
  validateSearch: (search: Record<string, unknown>): { reportar?: string } => ({ reportar: searchString(search.reportar, 64) }),
  head: pageHead('Facturas'),
  loader: ensureQueries((t) => [t.payments.mine.queryOptions()]),
  component: PaymentsPage,
});

function PaymentsPage() {
  const payments = useQuery({
    ...trpc.payments.mine.queryOptions(),
    // Receipt links expire after an hour: refresh them well before.
    staleTime: 10 * 60_000,
    refetchInterval: 30 * 60_000,
  });
  const { reportar } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const openReport = (id: string) => void navigate({ search: { reportar: id } });
  const closeReport = () => void navigate({ search: {}, replace: true });

  return (
    <DashboardPage
      maxWidth={1180}
      title="Facturas"
      description="Tus pagos: activación de casilleros, envíos, cursos y créditos."
      actions={
        <Button leftSection={<IconReceipt size={18} />} onClick={() => openReport('nuevo')}>
          Reportar pago
        </Button>
      }
    >
      <QueryState query={payments}>
        {(data) => {
          const reportable = data.filter((p) => p.canReport);
          return (
            <Stack gap="lg">
              {reportable.length > 0 && (
                <Alert color="orange" icon={<IconAlertCircle />} title="Pagos pendientes por reportar">
                  <Stack gap="xs">
                    <List size="sm" spacing={4}>
                      {reportable.map((p) => (
                        <List.Item key={p.id}>
                          <Group gap="xs">
                            <Text size="sm">
                              {paymentSubject(p)}: <strong>{formatUsd(p.amountUsd)}</strong>
                              {p.status === 'failed' ? ' (rechazado, repórtalo de nuevo)' : ''}
                            </Text>
                            <Button size="compact-xs" variant="light" color="orange" onClick={() => openReport(p.id)}>
                              Reportar
                            </Button>
                          </Group>
                        </List.Item>
                      ))}
                    </List>
                    <Text size="xs">Métodos de pago: {PAYMENT_METHODS.join(', ')}.</Text>
                  </Stack>
                </Alert>
              )}
              {data.length === 0 ? (
                <Card withBorder radius="md" padding={0}>
                  <EmptyState title="No hay pagos registrados">Cuando reportes un pago aparecerá aquí con su estado.</EmptyState>
                </Card>
              ) : (
                <PaymentsTable payments={data} onReport={openReport} />
              )}
              <ReportPaymentModal
                opened={Boolean(reportar)}
                onClose={closeReport}
                reportable={reportable}
                initialPaymentId={reportar && reportar !== 'nuevo' ? reportar : null}
              />
            </Stack>
          );
        }}
      </QueryState>
    </DashboardPage>
  );
}
