import { Box, Card, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { memo, useMemo, useState } from 'react';
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

const STATUS_OPTIONS = PACKAGE_STATUSES.map((s) => ({ value: s, label: PACKAGE_STATUS_LABELS[s] }));

type FinishedRepacks = inferOutput<typeof trpc.shipRequests.repacks>;
type Stats = inferOutput<typeof trpc.packages.mine>['stats'];
const NO_REPACKS: FinishedRepacks = [];

// The page's parts are memoized on the list's rows (kept while a new search loads): typing in the
// search box or choosing a status draws the controls again at once, not every row and card around
// them (the tap's next paint waited for them on a low-tier phone: docs/product/fast-on-a-phone.md#interactions).
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
  const filtered = Boolean(search.q || search.estado);

  return (
    <DashboardPage maxWidth={1200} title="Almacén" description="Tus paquetes recibidos en nuestro almacén.">
      <QueryState query={list}>
        {({ items, stats }) => (
          <Stack gap="lg">
            <AboveTheList
              items={items}
              finishedRepacks={finishedRepacks.isPending ? undefined : (finishedRepacks.data ?? NO_REPACKS)}
            />
            <StatCards stats={stats} />
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
                data={STATUS_OPTIONS}
                value={search.estado ?? null}
                onChange={(v) =>
                  void navigate({ search: (s) => ({ ...s, estado: (v as PackageStatus | null) ?? undefined }) })
                }
                w={{ base: '100%', sm: 220 }}
              />
            </Group>
            <PackagesTable items={items} filtered={filtered} />
          </Stack>
        )}
      </QueryState>
    </DashboardPage>
  );
}

/** Acción requerida, the departures' promise and "Enviar a Venezuela" with the parcels it can ship. */
const AboveTheList = memo(function AboveTheList({
  items,
  finishedRepacks,
}: {
  items: StoredPackage[];
  /** Undefined while they load. */
  finishedRepacks: FinishedRepacks | undefined;
}) {
  const parcels = useMemo(
    () =>
      items
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
        })),
    [items],
  );
  return (
    <>
      <ActionRequired />
      <DeparturePromise />
      <Group justify="flex-end">
        <ShipRequestAction repacks={finishedRepacks} parcels={parcels} />
      </Group>
    </>
  );
});

const StatCards = memo(function StatCards({ stats }: { stats: Stats }) {
  return (
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
  );
});

const PackagesTable = memo(function PackagesTable({ items, filtered }: { items: StoredPackage[]; filtered: boolean }) {
  if (items.length === 0)
    return (
      <EmptyState title={filtered ? 'Ningún paquete coincide con la búsqueda' : 'Aún no tienes paquetes en el almacén'}>
        {filtered ? 'Prueba con otro texto o estado.' : 'Cuando recibamos tus compras aparecerán aquí.'}
      </EmptyState>
    );
  return (
    <ResponsiveTable
      caption="Paquetes en almacén"
      minWidth={900}
      rows={items}
      columns={COLUMNS}
      cardLabel={(p) => `Paquete ${p.trackingNumber}`}
    />
  );
});

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
