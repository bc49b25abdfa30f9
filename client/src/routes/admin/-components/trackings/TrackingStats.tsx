import { Badge, Group, SimpleGrid, Text } from '@mantine/core';
import { IconAlertTriangle, IconPackage, IconPackages, IconRocket, IconTruck } from '@tabler/icons-react';
import { TRACKING_STATUS_BADGE_COLORS, TRACKING_STATUS_LABELS, formatCount } from '@casillero/shared';
import { StatCard } from '../../../../components/data-table';
import type { TrackingStats as Stats } from './types';

/** The four cards of the trackings header (docs/product/admin-trackings.md#stat-cards-and-system-state). */
export function TrackingStatCards({ stats }: { stats: Stats | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <StatCard label="Total de trackings" value={stats?.total} icon={IconPackages} color="blue" />
      <StatCard label="En tránsito" value={stats?.inTransit} icon={IconTruck} color="cyan" />
      <StatCard label="Requieren reempaque" value={stats?.needsRepack} icon={IconPackage} color="yellow" />
      <StatCard label="Listos para enviar" value={stats?.readyToShip} icon={IconRocket} color="green" />
    </SimpleGrid>
  );
}

/** The system-state row: created, arrived, ready, and problems only when there are any. */
export function TrackingStateBadges({ stats }: { stats: Stats | undefined }) {
  if (!stats) return null;
  const badge = (status: 'created' | 'arrived' | 'ready_to_ship') => (
    <Badge key={status} size="lg" variant="light" color={TRACKING_STATUS_BADGE_COLORS[status]}>
      {TRACKING_STATUS_LABELS[status]}: {formatCount(stats.byStatus[status])}
    </Badge>
  );
  return (
    <Group gap="xs" aria-label="Estado del sistema">
      <Text size="sm" fw={600}>
        Estado del sistema:
      </Text>
      {badge('created')}
      {badge('arrived')}
      {badge('ready_to_ship')}
      {stats.problems > 0 && (
        <Badge size="lg" color="red" leftSection={<IconAlertTriangle size={14} />}>
          Problemas: {formatCount(stats.problems)}
        </Badge>
      )}
    </Group>
  );
}
