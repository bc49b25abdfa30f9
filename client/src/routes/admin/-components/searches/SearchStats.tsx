// The searches of the last 90 days per carrier and per store: how many opened, were found and
// were not (docs/product/first-mile.md#delivered-but-not-received), to see which carrier or store
// says "delivered" when it was not.
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PARCEL_SEARCH_LABELS as L, formatCount } from '@casillero/shared';
import { ResponsiveTable, type ResponsiveColumn } from '../../../../components/data-table';
import { trpc } from '../../../../lib/trpc';

type Stat = { name: string; opened: number; found: number; notFound: number };

function StatTable({ title, rows }: { title: string; rows: Stat[] }) {
  const columns: ResponsiveColumn<Stat>[] = [
    { header: title === L.byCarrier ? L.carrier : L.store, cell: (r) => r.name, card: 'title' },
    { header: L.opened, cell: (r) => formatCount(r.opened), align: 'right' },
    { header: L.found, cell: (r) => formatCount(r.found), align: 'right' },
    { header: L.notFound, cell: (r) => formatCount(r.notFound), align: 'right' },
  ];
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
        // A card per carrier or store on a phone: four columns do not fit 390 px.
        <ResponsiveTable
          caption={`${L.statsTitle}: ${title}`}
          rows={rows}
          columns={columns}
          getRowId={(r) => r.name}
          minWidth={360}
        />
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
