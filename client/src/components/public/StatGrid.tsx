import { SimpleGrid, Stack, Text } from '@mantine/core';

type Stat = { value: string; label: string };

/** Big figures with their labels (home and courses statistics). */
export function StatGrid({ stats, inverted = false }: { stats: readonly Stat[]; inverted?: boolean }) {
  return (
    <SimpleGrid component="dl" cols={{ base: stats.length > 3 ? 2 : 3, sm: stats.length }} spacing="lg" m={0}>
      {stats.map((s) => (
        <Stack key={s.label} gap={0} align="center" ta="center">
          <Text component="dt" size="sm" c={inverted ? 'indigo.0' : 'dimmed'} style={{ order: 1 }}>
            {s.label}
          </Text>
          <Text
            component="dd"
            m={0}
            fz={{ base: 28, sm: 36 }}
            fw={800}
            c={inverted ? 'white' : 'indigo.7'}
            style={{ order: 0 }}
          >
            {s.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
