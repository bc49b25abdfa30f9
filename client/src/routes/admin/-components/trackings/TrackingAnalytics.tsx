import { Alert, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCreditCard,
  IconPackage,
  IconTruckDelivery,
} from '@tabler/icons-react';
import {
  DISPATCH_MESSAGES,
  TRACKING_STATUSES,
  TRACKING_STATUS_COLORS,
  TRACKING_STATUS_LABELS,
  formatCount,
  formatPercent,
} from '@casillero/shared';
import type { TrackingStats } from './types';

const pct = (n: number) => formatPercent(n);

function Metric({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Card withBorder radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Card>
  );
}

/** The analytics tab (docs/product/admin-trackings.md#analytics-tab): distribution, rates, ready today and what to do next. */
export function TrackingAnalytics({ stats }: { stats: TrackingStats }) {
  const banners = [
    stats.needsRepack > 0 && (
      <Alert key="repack" color="yellow" icon={<IconPackage />} title={DISPATCH_MESSAGES.repacksTitle}>
        {DISPATCH_MESSAGES.repacks(stats.needsRepack)}
      </Alert>
    ),
    stats.awaitingPayment > 0 && (
      <Alert key="ready" color="blue" icon={<IconCreditCard />} title={DISPATCH_MESSAGES.awaitingPaymentTitle}>
        {DISPATCH_MESSAGES.awaitingPayment(stats.awaitingPayment)}
      </Alert>
    ),
    stats.dispatchAuthorized > 0 && (
      <Alert key="authorised" color="green" icon={<IconTruckDelivery />} title={DISPATCH_MESSAGES.authorisedTitle}>
        {DISPATCH_MESSAGES.authorised(stats.dispatchAuthorized)}
      </Alert>
    ),
    stats.problems > 0 && (
      <Alert key="problems" color="red" icon={<IconAlertTriangle />} title={DISPATCH_MESSAGES.problemsTitle}>
        {DISPATCH_MESSAGES.problems(stats.problems)}
      </Alert>
    ),
  ].filter(Boolean);

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Metric label="Tasa de éxito" value={pct(stats.successRate)} hint="Enviados o entregados sobre el total" />
        <Metric
          label="Proporción de reempaques"
          value={pct(stats.repackShare)}
          hint="Requieren reempaque o ya reempacados"
        />
        <Metric
          label="Listos hoy"
          value={formatCount(stats.readyToday)}
          hint="Pasaron hoy a «Listo para enviar» (una aprobación de pago no cuenta)"
        />
      </SimpleGrid>

      <Card withBorder radius="md">
        <Title order={3} size="h4" mb="md">
          Distribución por estado
        </Title>
        <Stack gap="sm">
          {TRACKING_STATUSES.map((status) => {
            const count = stats.byStatus[status];
            const share = stats.total === 0 ? 0 : (count / stats.total) * 100;
            return (
              <div key={status}>
                <Group justify="space-between" mb={4}>
                  <Text size="sm">{TRACKING_STATUS_LABELS[status]}</Text>
                  <Text size="sm" c="dimmed">
                    {formatCount(count)} ({pct(Math.round(share * 10) / 10)})
                  </Text>
                </Group>
                <Progress
                  value={share}
                  color={TRACKING_STATUS_COLORS[status]}
                  aria-label={TRACKING_STATUS_LABELS[status]}
                />
              </div>
            );
          })}
        </Stack>
      </Card>

      <Stack gap="sm">
        <Title order={3} size="h4">
          Acciones recomendadas
        </Title>
        {banners.length > 0 ? (
          banners
        ) : (
          <Alert color="green" icon={<IconCircleCheck />} title="Todo al día">
            No hay reempaques pendientes, envíos esperando pago o despacho ni problemas.
          </Alert>
        )}
      </Stack>
    </Stack>
  );
}
