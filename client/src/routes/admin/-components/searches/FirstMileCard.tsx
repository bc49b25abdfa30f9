// The first mile on the administrator's dashboard (docs/product/first-mile.md#delivered-but-not-received):
// per carrier, the hours from its "delivered" to our WR over the last 30 days (median and 90th
// percentile), and the searches open now, linking to /admin/busquedas.
import { Card, Group, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PARCEL_SEARCH_LABELS as L, formatCount, formatDecimal } from '@casillero/shared';
import { HeadingWithHint } from '../../../../components/layout/HeadingWithHint';
import { AnchorLink } from '../../../../components/links';
import { trpc } from '../../../../lib/trpc';

const hours = (h: number) => `${formatDecimal(h, { decimals: 1 })} h`;

export function FirstMileCard() {
  const board = useQuery(trpc.parcelSearches.dashboard.queryOptions());
  if (!board.data) return null;
  const { carriers, openSearches } = board.data;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="first-mile-card">
      <Group justify="space-between" align="flex-start" mb="sm">
        <HeadingWithHint order={3} title={L.dashboardTitle} hint={L.dashboardHint} />
        <Text size="sm">
          {L.openSearches}:{' '}
          <AnchorLink to="/admin/busquedas" fw={700}>
            {formatCount(openSearches)}
          </AnchorLink>
        </Text>
      </Group>
      {carriers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {L.noData}
        </Text>
      ) : (
        <Table striped withTableBorder aria-label={L.dashboardTitle}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{L.carrier}</Table.Th>
              <Table.Th ta="right">{L.parcels}</Table.Th>
              <Table.Th ta="right">{L.median}</Table.Th>
              <Table.Th ta="right">{L.p90}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {carriers.map((c) => (
              <Table.Tr key={c.carrier}>
                <Table.Td>{c.carrier}</Table.Td>
                <Table.Td ta="right">{formatCount(c.parcels)}</Table.Td>
                <Table.Td ta="right">{hours(c.medianHours)}</Table.Td>
                <Table.Td ta="right">{hours(c.p90Hours)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
