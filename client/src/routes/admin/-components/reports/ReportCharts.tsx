// The report's charts (@mantine/charts on recharts). Imported only by the reports route, so
// recharts is loaded with that page's chunk and nowhere else.
import '@mantine/charts/styles.layer.css';
import type { ReactNode } from 'react';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Card, Group, SimpleGrid, Table, Text, Title } from '@mantine/core';
import {
  formatUsd,
  REPORT_MESSAGES as M,
  SHIPMENT_STATUS_LABELS,
  TRACKING_STATUS_LABELS,
  type ShipmentStatus,
  formatCount,
} from '@casillero/shared';
import classes from './reports.module.css';
import type { StatusDistribution, TrendMonth } from './types';

const count = formatCount;

/** Six-month trend: packages and shipments (left axis) and revenue (right axis), then the table. */
export function TrendSection({ trend }: { trend: TrendMonth[] }) {
  return (
    <Card withBorder radius="md" className={classes.section}>
      <Title order={2} size="h4" mb="md">
        {M.trend}
      </Title>
      <LineChart
        h={280}
        data={trend}
        dataKey="label"
        withLegend
        withRightYAxis
        curveType="monotone"
        series={[
          { name: 'packages', label: M.packages, color: 'orange.6' },
          { name: 'shipments', label: M.shipments, color: 'cyan.6' },
          { name: 'revenue', label: `${M.revenue} (USD)`, color: 'green.6', yAxisId: 'right' },
        ]}
        valueFormatter={count}
        yAxisProps={{ allowDecimals: false }}
        rightYAxisProps={{ tickFormatter: (v: number) => `$${count(v)}` }}
        role="img"
        aria-label={M.trend}
      />
      {/* Four short columns: they fit a phone's card (324 px) without scrolling sideways. */}
      <Table.ScrollContainer minWidth={300} mt="md">
        <Table striped aria-label={`${M.trend} (tabla)`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{M.month}</Table.Th>
              <Table.Th ta="right">{M.packages}</Table.Th>
              <Table.Th ta="right">{M.shipments}</Table.Th>
              <Table.Th ta="right">{M.revenue}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {trend.map((m) => (
              <Table.Tr key={m.month}>
                <Table.Td>{m.label}</Table.Td>
                <Table.Td ta="right">{count(m.packages)}</Table.Td>
                <Table.Td ta="right">{count(m.shipments)}</Table.Td>
                <Table.Td ta="right">{formatUsd(m.revenue)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

const SHIPMENT_COLORS: Record<ShipmentStatus, string> = {
  preparing: 'orange.6',
  in_transit: 'cyan.6',
  arrived: 'indigo.6',
  customs: 'grape.6',
  out_for_delivery: 'blue.6',
  ready_for_pickup: 'teal.6',
  delivered: 'green.6',
  delayed: 'red.6',
};

/** Trackings and shipments per status, now (not tied to the period). */
export function StatusCharts({ distribution }: { distribution: StatusDistribution }) {
  const trackings = distribution.trackings.map((d) => ({
    estado: TRACKING_STATUS_LABELS[d.status],
    cantidad: d.count,
  }));
  const shipments = distribution.shipments
    .filter((d) => d.count > 0)
    .map((d) => ({ name: SHIPMENT_STATUS_LABELS[d.status], value: d.count, color: SHIPMENT_COLORS[d.status] }));
  const shipmentTotal = distribution.shipments.reduce((sum, d) => sum + d.count, 0);
  const trackingTotal = distribution.trackings.reduce((sum, d) => sum + d.count, 0);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <DistributionCard title={M.trackingDistribution} total={trackingTotal}>
        <BarChart
          h={340}
          data={trackings}
          dataKey="estado"
          orientation="vertical"
          yAxisProps={{ width: 130 }}
          xAxisProps={{ allowDecimals: false }}
          series={[{ name: 'cantidad', label: 'Trackings', color: 'blue.6' }]}
          valueFormatter={count}
          withBarValueLabel
          gridAxis="x"
          role="img"
          aria-label={M.trackingDistribution}
        />
      </DistributionCard>
      <DistributionCard title={M.shipmentDistribution} total={shipmentTotal}>
        <Group justify="center" align="center" gap="xl">
          <DonutChart
            data={shipments}
            size={200}
            thickness={32}
            chartLabel={count(shipmentTotal)}
            valueFormatter={count}
            withTooltip
            role="img"
            aria-label={M.shipmentDistribution}
          />
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={`${M.shipmentDistribution} (leyenda)`}>
            {distribution.shipments.map((d) => (
              <li key={d.status}>
                <Group gap={8} wrap="nowrap">
                  <span
                    style={{
                      display: 'inline-block',
                      width: 10,
                      height: 10,
                      borderRadius: 2,
                      background: `var(--mantine-color-${SHIPMENT_COLORS[d.status].replace('.', '-')})`,
                    }}
                  />
                  <Text size="sm">
                    {SHIPMENT_STATUS_LABELS[d.status]}: {count(d.count)}
                  </Text>
                </Group>
              </li>
            ))}
          </ul>
        </Group>
      </DistributionCard>
    </SimpleGrid>
  );
}

/** One distribution: its title, how many in total, and the chart (or a note when there is nothing). */
function DistributionCard({ title, total, children }: { title: string; total: number; children: ReactNode }) {
  return (
    <Card withBorder radius="md" className={classes.section}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="md">
        {M.distributionHint} · {count(total)} en total
      </Text>
      {total === 0 ? <Text c="dimmed">{M.distributionEmpty}</Text> : children}
    </Card>
  );
}
