import type { ReactNode } from 'react';
import { Badge, Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowDownRight,
  IconArrowUpRight,
  IconCurrencyDollar,
  IconMinus,
  IconPackage,
  IconTruck,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import {
  comparisonLabel,
  formatPercentChange,
  formatUsd,
  REPORT_MESSAGES as M,
  type ReportPeriod,
} from '@casillero/shared';
import classes from './reports.module.css';
import type { Comparison, PeriodReport } from './types';

const count = (n: number) => n.toLocaleString('es-ES');
const oneDecimal = (n: number) => n.toLocaleString('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** '+12 % vs. los 30 días anteriores', green up, red down, grey when flat or not comparable. */
export function ChangeBadge({ value, period }: { value: Comparison; period: ReportPeriod }) {
  const { change } = value;
  if (change === null) {
    return (
      <Text size="xs" c="dimmed">
        {M.noPrevious}
      </Text>
    );
  }
  const color = change > 0 ? 'green' : change < 0 ? 'red' : 'gray';
  const ArrowIcon = change > 0 ? IconArrowUpRight : change < 0 ? IconArrowDownRight : IconMinus;
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color={color} variant="light" leftSection={<ArrowIcon size={12} />}>
        {formatPercentChange(change)}
      </Badge>
      <Text size="xs" c="dimmed">
        {comparisonLabel(period)}
      </Text>
    </Group>
  );
}

function KpiCard({
  title,
  value,
  detail,
  change,
  icon: IconC,
  color,
}: {
  title: string;
  value?: string;
  detail?: ReactNode;
  change?: ReactNode;
  icon: Icon;
  color: string;
}) {
  return (
    <Card withBorder radius="md" padding="lg" className={classes.section} role="group" aria-label={title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={600}>
            {title}
          </Text>
          {value === undefined ? (
            <Skeleton h={34} w={110} my={4} />
          ) : (
            <Text fz={28} fw={700} data-testid="kpi-value">
              {value}
            </Text>
          )}
          {detail !== undefined && (
            <Text size="sm" c="dimmed">
              {detail}
            </Text>
          )}
        </div>
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          <IconC size={24} />
        </ThemeIcon>
      </Group>
      {change && <div style={{ marginTop: 8 }}>{change}</div>}
    </Card>
  );
}

/** The four KPI cards (admin spec §2): each with the period's figure and the comparison. */
export function ReportKpiCards({ report, period }: { report: PeriodReport | undefined; period: ReportPeriod }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
      <KpiCard
        title={M.totalRevenue}
        value={report && formatUsd(report.totalRevenue)}
        detail={report && `${formatUsd(report.revenue.current)} ${M.inPeriod}`}
        change={report && <ChangeBadge value={report.revenue} period={period} />}
        icon={IconCurrencyDollar}
        color="green"
      />
      <KpiCard
        title={M.users}
        value={report && count(report.totalUsers)}
        detail={report && `${count(report.newUsers.current)} ${M.newInPeriod}`}
        change={report && <ChangeBadge value={report.newUsers} period={period} />}
        icon={IconUsers}
        color="blue"
      />
      <KpiCard
        title={M.packagesProcessed}
        value={report && count(report.packages.current)}
        detail={M.inPeriod}
        change={report && <ChangeBadge value={report.packages} period={period} />}
        icon={IconPackage}
        color="orange"
      />
      <KpiCard
        title={M.shipmentsMade}
        value={report && count(report.shipments.current)}
        detail={M.inPeriod}
        change={report && <ChangeBadge value={report.shipments} period={period} />}
        icon={IconTruck}
        color="cyan"
      />
    </SimpleGrid>
  );
}

function MetricCard({ title, value, hint, change }: { title: string; value?: string; hint: string; change?: ReactNode }) {
  return (
    <Card withBorder radius="md" className={classes.section} role="group" aria-label={title}>
      <Text size="sm" c="dimmed">
        {title}
      </Text>
      {value === undefined ? (
        <Skeleton h={30} w={90} my={4} />
      ) : (
        <Text fz={24} fw={700} data-testid="kpi-value">
          {value}
        </Text>
      )}
      <Text size="xs" c="dimmed" mb={6}>
        {hint}
      </Text>
      {change}
    </Card>
  );
}

/** Extra metrics (admin spec §2): average shipping cost, packages per user, conversion rate. */
export function ReportMetrics({ report, period }: { report: PeriodReport | undefined; period: ReportPeriod }) {
  return (
    <div>
      <Title order={2} size="h4" mb="sm">
        {M.metrics}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <MetricCard
          title={M.averageShippingCost}
          value={report && formatUsd(report.averageShippingCost.current)}
          hint={M.averageShippingCostHint}
          change={report && <ChangeBadge value={report.averageShippingCost} period={period} />}
        />
        <MetricCard
          title={M.averageCostPerPackage}
          value={report && formatUsd(report.averageShippingCostPerPackage.current)}
          hint={M.averageCostPerPackageHint}
          change={report && <ChangeBadge value={report.averageShippingCostPerPackage} period={period} />}
        />
        <MetricCard
          title={M.packagesPerUser}
          value={report && oneDecimal(report.packagesPerUser.current)}
          hint={M.packagesPerUserHint}
          change={report && <ChangeBadge value={report.packagesPerUser} period={period} />}
        />
        <MetricCard
          title={M.conversionRate}
          value={report && `${oneDecimal(report.conversionRate.current)} %`}
          hint={M.conversionRateHint}
          change={report && <ChangeBadge value={report.conversionRate} period={period} />}
        />
      </SimpleGrid>
    </div>
  );
}
