// The searches of the last 90 days per carrier and per store: how many opened, were found and
// were not (docs/product/first-mile.md#delivered-but-not-received), to see which carrier or store
// says "delivered" when it was not.
import { Card, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PARCEL_SEARCH_LABELS as L, formatCount } from '@casillero/shared';
import { trpc } from '../../../../lib/trpc';

type Stat = { name: string; opened: number; found: number; notFound: number };

function StatTable({ title, rows }: { title: string; rows: Stat[] }) {
  return (
    <div>
      <Text fw={600} size="sm" mb={4}>
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {L.empty}
        </Text>
      ) : (
        <Table striped withTableBorder aria-label={`${L.statsTitle}: ${title}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{title === L.byCarrier ? L.carrier : L.store}</Table.Th>
              <Table.Th ta="right">{L.opened}</Table.Th>
              <Table.Th ta="right">{L.found}</Table.Th>
              <Table.Th ta="right">{L.notFound}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.name}>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td ta="right">{formatCount(r.opened)}</Table.Td>
                <Table.Td ta="right">{formatCount(r.found)}</Table.Td>
                <Table.Td ta="right">{formatCount(r.notFound)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}

export function SearchStats() {
  const stats = useQuery({ ...trpc.parcelSearches.stats.queryOptions(), refetchOnMount: 'always' });
  if (!stats.data) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="parcel-search-stats">
      <Title order={3} size="h4" mb="sm">
        {L.statsTitle}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <StatTable title={L.byCarrier} rows={stats.data.byCarrier} />
        <StatTable title={L.byStore} rows={stats.data.byStore} />
      </SimpleGrid>
    </Card>
  );
}
