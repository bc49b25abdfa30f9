import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { memo, useCallback } from 'react';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { IconCircleCheck } from '@tabler/icons-react';
import {
  DISPATCH_MESSAGES,
  TRACKING_STATUS_BADGE_COLORS,
  TRACKING_STATUS_LABELS,
  formatDate,
  formatUsdFromCents,
  formatKg,
} from '@casillero/shared';
import { searchUuid } from '../../lib/search';
import { pageHead } from '../../lib/site';
import { ensureQueries } from '../../lib/loader';
import { trpc } from '../../lib/trpc';
import { DashboardPage } from './-components/PageHeader';
import { EmptyState, QueryState } from './-components/QueryState';
import { isDispatchAuthorised } from './-components/dispatch';
import { lazyModule, OnceNeeded } from '../../lib/lazy-parts';
import { LabeledValue } from '../../components/LabeledValue';
import classes from './-components/TrackingValues.module.css';
import { DepartureLine } from '../../components/departures/DepartureTimeline';
import { CarrierLine } from '../../components/first-mile/CarrierTimeline';

// A tracking's details load when first opened (or once the list is idle).
const details = lazyModule(() => import('./-components/TrackingDetail'));
const TrackingDetail = details.component('TrackingDetail');

export const Route = createFileRoute('/dashboard/mis-trackings')({
  validateSearch: (search: Record<string, unknown>): { tracking?: string } => ({
    tracking: searchUuid(search.tracking),
  }),
  head: pageHead('Mis Trackings'),
  loader: ensureQueries((t) => [t.trackings.mine.queryOptions()]),
  component: TrackingsPage,
});

const weight = (kg: number | null) => (kg == null ? '—' : formatKg(kg));

function TrackingsPage() {
  const list = useQuery(trpc.trackings.mine.queryOptions());
  const { tracking } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  // Stable, so the memoized list is not drawn again when only `?tracking=` changes (a tap's next
  // paint waited for it on a low-tier phone: docs/product/fast-on-a-phone.md#interactions).
  const show = useCallback((id: string | undefined) => void navigate({ search: { tracking: id } }), [navigate]);
  details.usePreloadWhenIdle();

  return (
    <DashboardPage
      maxWidth={1080}
      title="Mis Trackings"
      description="Tus paquetes registrados por el almacén y lo que sigue con cada uno."
    >
      <QueryState query={list}>{(data) => <TrackingList trackings={data} onShow={show} />}</QueryState>
      <OnceNeeded when={tracking !== undefined}>
        <TrackingDetail id={tracking ?? null} onClose={() => show(undefined)} />
      </OnceNeeded>
    </DashboardPage>
  );
}

type Tracking = inferOutput<typeof trpc.trackings.mine>[number];

const TrackingList = memo(function TrackingList({
  trackings,
  onShow,
}: {
  trackings: Tracking[];
  onShow: (id: string) => void;
}) {
  return trackings.length === 0 ? (
    <EmptyState title="Aún no tienes trackings">
      Cuando el almacén reciba o registre un paquete a tu nombre lo verás aquí. Crea una prealerta para avisarnos de tus
      compras.
    </EmptyState>
  ) : (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Trackings">
      {trackings.map((t) => (
        <Card key={t.id} component="li" withBorder radius="md" padding="md" className={classes.card}>
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap">
              <Stack gap={0}>
                <UnstyledButton
                  className={classes.open}
                  onClick={() => onShow(t.id)}
                  aria-label={`Ver tracking ${t.trackingNumber}`}
                  fw={700}
                  ff="monospace"
                >
                  {t.trackingNumber}
                </UnstyledButton>
                <Text size="sm" c="dimmed" lineClamp={1}>
                  {t.description}
                </Text>
              </Stack>
              <Group gap={6}>
                <Badge color={TRACKING_STATUS_BADGE_COLORS[t.status]} variant="filled">
                  {TRACKING_STATUS_LABELS[t.status]}
                </Badge>
                {isDispatchAuthorised(t) && (
                  <Badge color="green" variant="light" leftSection={<IconCircleCheck size={12} />}>
                    {DISPATCH_MESSAGES.badge}
                  </Badge>
                )}
              </Group>
            </Group>
            <div className={classes.values}>
              <LabeledValue label="Transportista" value={t.carrier} />
              <LabeledValue label="Casillero" value={t.mailboxCode} />
              <LabeledValue label="Peso estimado" value={weight(t.estimatedWeight)} />
              <LabeledValue label="Peso real" value={weight(t.actualWeight)} />
              <LabeledValue label="Valor" value={formatUsdFromCents(t.estimatedValueUsdCents)} />
              <LabeledValue label="Actualizado" value={formatDate(t.updatedAt)} />
            </div>
            {t.carrierLeg && <CarrierLine leg={t.carrierLeg} />}
            {t.departure && <DepartureLine departure={t.departure} />}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
});
