import { Box, Card, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import {
  CLAIM_MESSAGES,
  PACKAGE_STATUSES,
  PACKAGE_STATUSES_SHIPPABLE,
  PACKAGE_STATUS_LABELS,
  SHIPMENT_STATUS_LABELS,
  STORAGE_MESSAGES,
  formatDate,
  type PackageStatus,
  formatUsdFromCents,
  DECLARED_VALUE_LABELS,
  formatKg,
  formatMeasures,
} from '@casillero/shared';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { LabelBadge, StackedCell } from '../../components/data-table/cells';
import { ResponsiveTable, type ResponsiveColumn } from '../../components/data-table/ResponsiveTable';
import { AnchorLink } from '../../components/links';
import { DepartureLine } from '../../components/departures/DepartureTimeline';
import { DeparturePromise } from '../../components/departures/DeparturePromise';
import { departurePromiseQuery } from '../../components/departures/queries';
import { PackagePhotos } from '../../components/PackagePhotos';
import { ensureAlongside } from '../../lib/loader';
import { searchOptionalEnum, searchString } from '../../lib/search';
import { pageHead } from '../../lib/site';
import { PACKAGE_STATUS_COLORS } from '../../lib/status-colors';
import { trpc } from '../../lib/trpc';
import { DashboardPage } from './-components/PageHeader';
import { ShipRequestAction } from './-components/ship-request/ShipRequestDialog';
import { ActionRequired } from './-components/problem-parcels/ActionRequired';
import { actionRequiredQueries } from './-components/problem-parcels/queries';
import { EmptyState, QueryState } from './-components/QueryState';

const warehouseSearch = (search: Record<string, unknown>): { q?: string; estado?: PackageStatus } => ({
  q: searchString(search.q, 100),
  estado: searchOptionalEnum(search.estado, PACKAGE_STATUSES),
});

export const Route = createFileRoute('/dashboard/almacen')({
  validateSearch: warehouseSearch,
  head: pageHead('Almacén'),
  // The first list is loaded before the page renders (the server renders it with it,
  // docs/decisions/033). No loaderDeps: a new search reloads it in the background, and the
  // page keeps the previous rows meanwhile instead of the route's pending screen.
  loader: ({ context, location }) => {
    const { q, estado } = warehouseSearch(location.search);
    return Promise.all([
      context.queryClient.ensureQueryData(context.trpc.packages.mine.queryOptions({ search: q, status: estado })),
      // What is drawn above the list (Acción requerida, the departures' promise, "Enviar a
      // Venezuela"), so the list does not move down under a thumb as each arrives.
      ensureAlongside(context, (t) => [
        ...actionRequiredQueries(t),
        departurePromiseQuery(t),
        t.shipRequests.repacks.queryOptions(),
      ]),
    ]);
  },
  component: WarehousePage,
});

type StoredPackage = inferOutput<typeof trpc.packages.mine>['items'][number];

const days = (n: number | null) => (n === null ? '—' : n === 1 ? '1 día' : `${n} días`);

const COLUMNS: ResponsiveColumn<StoredPackage>[] = [
  {
    header: 'Tracking',
    card: 'title',
    cell: (p) => (
      <>
        <StackedCell
          mono
          main={p.trackingNumber}
          sub={`${p.mailboxCode}${p.warehouseReceipt ? ` · WR ${p.warehouseReceipt}` : ''}`}
        />
        {p.photos.length > 0 && (
          <Box mt={6}>
            <PackagePhotos photos={p.photos} size={48} />
          </Box>
        )}
      </>
    ),
  },
  {
    header: 'Descripción',
    card: 'wide',
    cell: (p) => <StackedCell main={p.description} sub={p.senderName || undefined} />,
  },
  {
    header: 'Estado',
    card: 'status',
    cell: (p) => (
      <>
        <LabelBadge value={p.status} labels={PACKAGE_STATUS_LABELS} colors={PACKAGE_STATUS_COLORS} />
        {p.shipmentId && p.shipmentCode && p.shipmentStatus && (
          <Text size="xs" mt={4}>
            <AnchorLink to="/dashboard/envios" search={{ envio: p.shipmentId }} ff="monospace">
              {p.shipmentCode}
            </AnchorLink>{' '}
            <Text span size="xs" c="dimmed">
              · {SHIPMENT_STATUS_LABELS[p.shipmentStatus]}
            </Text>
          </Text>
        )}
        {p.departure && <DepartureLine departure={p.departure} />}
        <Text size="xs" mt={4}>
          <AnchorLink
            to="/dashboard/reclamos"
            search={{ paquete: p.id }}
            aria-label={`Abrir reclamo de ${p.trackingNumber}`}
          >
            {CLAIM_MESSAGES.open}
          </AnchorLink>
        </Text>
      </>
    ),
  },
  { header: 'Recibido', cell: (p) => (p.receivedDate ? formatDate(p.receivedDate) : '—') },
  {
    header: 'Días en almacén',
    cell: (p) => (
      <>
        {/* Its own element, so the days read on their own beside the storage line. */}
        <div>{days(p.daysStored)}</div>
        {p.storage && (
          <Text size="xs" mt={4} c={p.storage.daysOver > 0 ? 'red' : 'dimmed'} data-testid="storage-clock">
            {p.storage.daysOver > 0
              ? STORAGE_MESSAGES.feeLine(p.storage.daysOver, p.storage.feePerDayUsdCents, p.storage.feeUsdCents)
              : STORAGE_MESSAGES.freeLeft(p.storage.freeDaysLeft)}
          </Text>
        )}
      </>
    ),
  },
  { header: 'Peso', cell: (p) => (p.weightKg == null ? '—' : formatKg(p.weightKg)) },
  { header: 'Dimensiones', cell: (p) => (p.dimensionsCm ? formatMeasures(p.dimensionsCm) : '—') },
  {
    header: DECLARED_VALUE_LABELS.field,
    cell: (p) => (p.estimatedValueUsdCents == null ? '—' : formatUsdFromCents(p.estimatedValueUsdCents)),
  },
];

const STAT_CARDS: { label: string; statuses: PackageStatus[] }[] = [
  { label: 'Pendientes', statuses: ['pending'] },
  { label: 'En almacén', statuses: ['received', 'in_warehouse', 'processed'] },
  { label: 'Enviados', statuses: ['in_shipment', 'shipped'] },
];

function WarehousePage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const [text, setText] = useState(search.q ?? '');
  const setQuery = useDebouncedCallback((q: string) => {
    void navigate({ search: (s) => ({ ...s, q: q.trim() || undefined }), replace: true });
  }, 300);
  const list = useQuery({
    ...trpc.packages.mine.queryOptions({ search: search.q, status: search.estado }),
    placeholderData: keepPreviousData,
  });
  const finishedRepacks = useQuery(trpc.shipRequests.repacks.queryOptions());

  return (
    <DashboardPage maxWidth={1200} title="Almacén" description="Tus paquetes recibidos en nuestro almacén.">
      <QueryState query={list}>
        {({ items, stats }) => (
          <Stack gap="lg">
            <ActionRequired />
            <DeparturePromise />
            <Group justify="flex-end">
              <ShipRequestAction
                repacks={finishedRepacks.isPending ? undefined : (finishedRepacks.data ?? [])}
                parcels={items
                  .filter(
                    (p) =>
                      !p.shipmentId &&
                      !p.onHold &&
                      // Without a declared value it waits in Acción requerida (docs/product/insurance.md).
                      p.estimatedValueUsdCents != null &&
                      (PACKAGE_STATUSES_SHIPPABLE as readonly PackageStatus[]).includes(p.status),
                  )
                  .map((p) => ({
                    id: p.id,
                    trackingNumber: p.trackingNumber,
                    description: p.description,
                    weightKg: p.weightKg,
                    dimensionsCm: p.dimensionsCm,
                    waitingRepack: p.inPendingRepack,
                  }))}
              />
            </Group>
            <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
              <Stat label="Total de paquetes" value={String(stats.total)} />
              {STAT_CARDS.map((c) => (
                <Stat
                  key={c.label}
                  label={c.label}
                  value={String(c.statuses.reduce((n, s) => n + (stats.byStatus[s] ?? 0), 0))}
                />
              ))}
              <Stat label="Peso total" value={formatKg(stats.totalWeightKg)} />
            </SimpleGrid>
            <Group gap="sm" wrap="wrap">
              <TextInput
                aria-label="Buscar paquetes"
                placeholder="Buscar por tracking, descripción o remitente"
                leftSection={<IconSearch size={16} />}
                value={text}
                onChange={(e) => {
                  setText(e.currentTarget.value);
                  setQuery(e.currentTarget.value);
                }}
                w={{ base: '100%', sm: 360 }}
              />
              <Select
                aria-label="Filtrar por estado"
                placeholder="Todos los estados"
                clearable
                data={PACKAGE_STATUSES.map((s) => ({ value: s, label: PACKAGE_STATUS_LABELS[s] }))}
                value={search.estado ?? null}
                onChange={(v) =>
                  void navigate({ search: (s) => ({ ...s, estado: (v as PackageStatus | null) ?? undefined }) })
                }
                w={{ base: '100%', sm: 220 }}
              />
            </Group>
            {items.length === 0 ? (
              <EmptyState
                title={
                  search.q || search.estado
                    ? 'Ningún paquete coincide con la búsqueda'
                    : 'Aún no tienes paquetes en el almacén'
                }
              >
                {search.q || search.estado
                  ? 'Prueba con otro texto o estado.'
                  : 'Cuando recibamos tus compras aparecerán aquí.'}
              </EmptyState>
            ) : (
              <ResponsiveTable
                caption="Paquetes en almacén"
                minWidth={900}
                rows={items}
                columns={COLUMNS}
                cardLabel={(p) => `Paquete ${p.trackingNumber}`}
              />
            )}
          </Stack>
        )}
      </QueryState>
    </DashboardPage>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Card>
  );
}
