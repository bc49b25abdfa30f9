import { Alert, Badge, Card, Center, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCurrencyDollar, IconPackage, IconTruck, IconUsers, type Icon } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import type { inferOutput } from '@trpc/tanstack-react-query';
import {
  STAFF_ROLE_DESCRIPTIONS,
  STAFF_ROLE_LABELS,
  can,
  isStaffRole,
  PACKAGE_STATUS_LABELS,
  SHIPMENT_STATUS_LABELS,
  formatDateTime,
  formatUsd,
  type PackageStatus,
  type ShipmentStatus,
  formatCount,
} from '@casillero/shared';
import { PageHeader, StatCard } from '../../components/data-table';
import { ButtonLink } from '../../components/links';
import { useMe } from '../../lib/auth';
import { getErrorMessage } from '../../lib/errors';
import { ADMIN_NAV } from './-components/nav';
import { RateMissingAlert } from './-components/billing/RateMissingAlert';
import { DelayedDeparturesCard } from './-components/departures/DelayedDeparturesCard';
import { FirstMileCard } from './-components/searches/FirstMileCard';
import { PendingPaymentsCard } from './-components/payments/PendingPaymentsCard';
import { WaitingConversationsCard } from '../../components/conversations/WaitingConversationsCard';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';

export const Route = createFileRoute('/admin/')({
  head: pageHead('Panel de Administración'),
  // An agency counter has one screen: its counter.
  beforeLoad: ({ context }) => {
    if (context.user.role === 'agencia') throw redirect({ to: '/admin/mostrador' });
  },
  loader: ({ context }) =>
    // The figures include revenue: only roles that read reports load them (docs/product/product-decisions.md#d13-staff-have-roles).
    can(context.user.role, 'reports.read')
      ? Promise.all([
          context.queryClient.prefetchQuery(context.trpc.reports.dashboardStats.queryOptions()),
          context.queryClient.prefetchQuery(context.trpc.reports.recentActivity.queryOptions()),
        ])
      : undefined,
  component: AdminHome,
});

type Activity = inferOutput<typeof trpc.reports.recentActivity>[number];

/** The badges the dashboard defines (docs/product/admin-area.md#recent-activity); any other status shows its label in grey. */
const ACTIVITY_BADGES: Record<string, { label: string; color: string }> = {
  pending: { label: 'Pendiente', color: 'yellow' },
  received: { label: 'Recibido', color: 'blue' },
  preparing: { label: 'Preparando', color: 'orange' },
  in_transit: { label: 'En tránsito', color: 'cyan' },
  delivered: { label: 'Entregado', color: 'green' },
  completed: { label: 'Completado', color: 'teal' },
};

function activityBadge(a: Activity) {
  const known = ACTIVITY_BADGES[a.status];
  if (known) return known;
  const label =
    a.type === 'package'
      ? PACKAGE_STATUS_LABELS[a.status as PackageStatus]
      : SHIPMENT_STATUS_LABELS[a.status as ShipmentStatus];
  return { label: label ?? a.status, color: 'gray' };
}

const n = formatCount;

type Stats = inferOutput<typeof trpc.reports.dashboardStats>;

const STATS: { label: string; value: (s: Stats) => string; detail: (s: Stats) => string; icon: Icon; color: string }[] =
  [
    {
      label: 'Total Usuarios',
      value: (s) => n(s.totalUsers),
      detail: (s) => `${n(s.activeUsers)} activos (últimos 30 días)`,
      icon: IconUsers,
      color: 'blue',
    },
    {
      label: 'Paquetes',
      value: (s) => n(s.totalPackages),
      detail: (s) => `${n(s.pendingPackages)} pendientes`,
      icon: IconPackage,
      color: 'orange',
    },
    {
      label: 'Envíos',
      value: (s) => n(s.activeShipments),
      detail: (s) => `activos · ${n(s.completedShipments)} completados`,
      icon: IconTruck,
      color: 'cyan',
    },
    {
      label: 'Ingresos Mes',
      value: (s) => formatUsd(s.monthlyRevenue),
      detail: (s) => `${formatUsd(s.totalRevenue)} en total`,
      icon: IconCurrencyDollar,
      color: 'green',
    },
  ];

function AdminHome() {
  const role = useMe().data?.user?.role;
  const canReadFigures = can(role, 'reports.read');
  const canReadDepartures = can(role, 'departures.read');
  const stats = useQuery({ ...trpc.reports.dashboardStats.queryOptions(), enabled: canReadFigures });
  const activity = useQuery({ ...trpc.reports.recentActivity.queryOptions(), enabled: canReadFigures });
  const s = stats.data;
  if (!canReadFigures) return <StaffHome role={role} />;

  return (
    <Stack gap="lg">
      <PageHeader title="Panel de Administración" subtitle="Gestiona tu negocio de casilleros desde aquí" />
      <RateMissingAlert withLink />

      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        {STATS.map(({ value, detail, ...card }) => (
          <StatCard key={card.label} size="lg" {...card} value={s && value(s)} detail={s && detail(s)} />
        ))}
      </SimpleGrid>

      <PendingPaymentsCard />
      {can(role, 'conversations.manage') && <WaitingConversationsCard />}
      {canReadDepartures && <DelayedDeparturesCard />}
      {can(role, 'searches.settings') && <FirstMileCard />}

      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="md">
          Actividad Reciente
        </Title>
        {activity.isPending ? (
          <Center py="lg">
            <Loader role="status" aria-label="Cargando" />
          </Center>
        ) : activity.isError ? (
          <Alert color="red">{getErrorMessage(activity.error)}</Alert>
        ) : (
          <ActivityList items={activity.data} />
        )}
      </Card>
    </Stack>
  );
}

/** The home of a role without the business figures: what the role does, and its screens. */
function StaffHome({ role }: { role: string | undefined }) {
  const sections = ADMIN_NAV.filter((item) => item.to && !item.exact && item.permission && can(role, item.permission));
  return (
    <Stack gap="lg">
      <PageHeader
        title="Panel de Administración"
        subtitle={
          isStaffRole(role) ? `Tu rol: ${STAFF_ROLE_LABELS[role]}. ${STAFF_ROLE_DESCRIPTIONS[role]}` : undefined
        }
      />
      <RateMissingAlert withLink />
      <PendingPaymentsCard />
      {can(role, 'conversations.manage') && <WaitingConversationsCard />}
      {can(role, 'departures.read') && <DelayedDeparturesCard />}
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="md">
          Tus secciones
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {sections.map((item) => (
            <ButtonLink
              key={item.path}
              to={item.to!}
              variant="light"
              justify="flex-start"
              leftSection={<item.icon size={18} />}
            >
              {item.label}
            </ButtonLink>
          ))}
        </SimpleGrid>
      </Card>
    </Stack>
  );
}

function ActivityList({ items }: { items: Activity[] }) {
  return items.length === 0 ? (
    <Text c="dimmed" ta="center" py="lg">
      No hay actividad reciente
    </Text>
  ) : (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((a) => {
        const badge = activityBadge(a);
        const isPackage = a.type === 'package';
        return (
          <Group key={`${a.type}-${a.id}`} component="li" wrap="nowrap" align="flex-start" gap="sm">
            <ThemeIcon
              variant="light"
              color={isPackage ? 'orange' : 'cyan'}
              radius="xl"
              role="img"
              aria-label={isPackage ? 'Paquete' : 'Envío'}
            >
              {isPackage ? <IconPackage size={16} /> : <IconTruck size={16} />}
            </ThemeIcon>
            <div style={{ flex: 1, minWidth: 0 }}>
              {/* On a phone the badge goes under the title rather than cutting it short. */}
              <Group gap="xs" wrap="wrap" style={{ rowGap: 2 }}>
                <Text fw={600} size="sm" truncate>
                  {isPackage ? 'Paquete registrado' : `Envío ${a.title}`}
                </Text>
                <Badge size="sm" variant="light" color={badge.color}>
                  {badge.label}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed" truncate>
                {isPackage ? `${a.title}${a.detail ? ` · ${a.detail}` : ''}` : `Destino: ${a.detail ?? '—'}`}
              </Text>
              <Text size="xs" c="dimmed" hiddenFrom="sm">
                {formatDateTime(a.timestamp)}
              </Text>
            </div>
            {/* Beside the entry from `sm` up; under it on a phone, where the entry needs the width. */}
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} visibleFrom="sm">
              {formatDateTime(a.timestamp)}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
