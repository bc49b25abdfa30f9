import { Stack, Tabs, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ChinaQuoteCalculator } from '../../components/quote/ChinaQuoteCalculator';
import { UsaQuoteCalculator } from '../../components/quote/UsaQuoteCalculator';
import { searchEnum } from '../../lib/search';
import { pageHead } from '../../lib/site';

const ORIGINS = ['usa', 'china'] as const;

export const Route = createFileRoute('/dashboard/calculadora')({
  validateSearch: (search: Record<string, unknown>): { origen: (typeof ORIGINS)[number] } => ({
    origen: searchEnum(search.origen, ORIGINS, 'usa'),
  }),
  head: pageHead('Calculadora'),
  component: CalculatorPage,
});

function CalculatorPage() {
  const { origen } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Calculadora
        </Title>
        <Text c="dimmed">Cotiza tu próximo envío con las mismas tarifas de la página pública.</Text>
      </Stack>
      <Tabs
        value={origen}
        onChange={(value) => void navigate({ search: { origen: searchEnum(value, ORIGINS, 'usa') }, replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="usa">USA (Miami)</Tabs.Tab>
          <Tabs.Tab value="china">China</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="usa">
          <UsaQuoteCalculator />
        </Tabs.Panel>
        <Tabs.Panel value="china">
          <ChinaQuoteCalculator />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
