import { ActionIcon, Card, Group, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { formatUsd, REPORT_MESSAGES as M, formatCount } from '@casillero/shared';
import { RowCards, StackedCell, type ResponsiveColumn } from '../../../../components/data-table';
import { useIsPhone } from '../../../../lib/screen';
import classes from './reports.module.css';
import type { PeriodReport } from './types';

/** Top 10 clients of the period (docs/product/admin-reports.md#top-clients), with the estimated-revenue formula. */
export function TopClientsTable({ report }: { report: PeriodReport }) {
  const formula = M.estimatedRevenueFormula(formatUsd(report.averageShippingCostPerPackage.current));
  const isPhone = useIsPhone();
  return (
    <Card withBorder radius="md" className={classes.section}>
      <Title order={2} size="h4" mb="sm">
        {M.topClients}
      </Title>
      {report.topClients.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {M.topClientsEmpty}
        </Text>
      ) : isPhone ? (
        // On a phone each client is a card, the formula under them in full.
        <RowCards
          caption={M.topClients}
          rows={report.topClients.map((client, index) => ({ ...client, rank: index + 1 }))}
          columns={PHONE_COLUMNS}
          getRowId={(c) => c.userId}
        />
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped highlightOnHover aria-label={M.topClients}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>#</Table.Th>
                <Table.Th>{M.client}</Table.Th>
                <Table.Th ta="right">{M.packages}</Table.Th>
                <Table.Th ta="right">
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {M.estimatedRevenue}
                    <Tooltip label={formula} multiline w={300} withArrow>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        color="gray"
                        aria-label={formula}
                        className={classes.noPrint}
                      >
                        <IconInfoCircle size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.topClients.map((c, i) => (
                <Table.Tr key={c.userId}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {c.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {c.email}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatCount(c.packages)}</Table.Td>
                  <Table.Td ta="right">{formatUsd(c.estimatedRevenue)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="xs" c="dimmed" mt="sm">
        {formula}
      </Text>
    </Card>
  );
}

type RankedClient = PeriodReport['topClients'][number] & { rank: number };

const PHONE_COLUMNS: ResponsiveColumn<RankedClient>[] = [
  { header: M.client, card: 'title', cell: (c) => <StackedCell main={`${c.rank}. ${c.name}`} sub={c.email} /> },
  { header: M.packages, cell: (c) => formatCount(c.packages) },
  { header: M.estimatedRevenue, cell: (c) => formatUsd(c.estimatedRevenue) },
];
