import { Badge, Card, Group, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
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
  formatCount,
  formatDecimal,
} from '@casillero/shared';
import { StatCard } from '../../../../components/data-table';
import classes from './reports.module.css';
import type { Comparison, PeriodReport } from './types';

const count = formatCount;
const oneDecimal = (n: number) => formatDecimal(n, { decimals: 1, fixed: true });

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
  // The comparison goes under the badge when the card is narrow: the badge keeps its whole text.
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={color} variant="light" leftSection={<ArrowIcon size={12} />} style={{ flexShrink: 0 }}>
        {formatPercentChange(change)}
      </Badge>
      <Text size="xs" c="dimmed">
        {comparisonLabel(period)}
      </Text>
    </Group>
  );
}

type Kpi = {
  title: string;
  value: (r: PeriodReport) => string;
  /** A fixed text shows while the report loads too; a computed one once it is there. */
  detail: string | ((r: PeriodReport) => string);
  comparison: (r: PeriodReport) => Comparison;
  icon: Icon;
  color: string;
};

/** A KPI counting this period's records: the figure is its comparison's current value. */
function periodCount(title: string, comparison: (r: PeriodReport) => Comparison, icon: Icon, color: string): Kpi {
  return { title, value: (r) => count(comparison(r).current), detail: M.inPeriod, comparison, icon, color };
}

const KPIS: Kpi[] = [
  {
    title: M.totalRevenue,
    value: (r) => formatUsd(r.totalRevenue),
    detail: (r) => `${formatUsd(r.revenue.current)} ${M.inPeriod}`,
    comparison: (r) => r.revenue,
    icon: IconCurrencyDollar,
    color: 'green',
  },
  {
    title: M.users,
    value: (r) => count(r.totalUsers),
    detail: (r) => `${count(r.newUsers.current)} ${M.newInPeriod}`,
    comparison: (r) => r.newUsers,
    icon: IconUsers,
    color: 'blue',
  },
  periodCount(M.packagesProcessed, (r) => r.packages, IconPackage, 'orange'),
  periodCount(M.shipmentsMade, (r) => r.shipments, IconTruck, 'cyan'),
];

/** The four KPI cards (docs/product/admin-reports.md#kpi-cards): each with the period's figure and the comparison. */
export function ReportKpiCards({ report, period }: { report: PeriodReport | undefined; period: ReportPeriod }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
      {KPIS.map((k) => (
        <StatCard
          key={k.title}
          size="lg"
          className={classes.section}
          role="group"
          aria-label={k.title}
          label={k.title}
          value={report && k.value(report)}
          detail={typeof k.detail === 'string' ? k.detail : report && k.detail(report)}
          footer={report && <ChangeBadge value={k.comparison(report)} period={period} />}
          icon={k.icon}
          color={k.color}
        />
      ))}
    </SimpleGrid>
  );
}

/** Each extra metric shows this period's value of one comparison. */
const METRICS: {
  title: string;
  hint: string;
  comparison: (r: PeriodReport) => Comparison;
  format: (n: number) => string;
}[] = [
  {
    title: M.averageShippingCost,
    hint: M.averageShippingCostHint,
    comparison: (r) => r.averageShippingCost,
    format: formatUsd,
  },
  {
    title: M.averageCostPerPackage,
    hint: M.averageCostPerPackageHint,
    comparison: (r) => r.averageShippingCostPerPackage,
    format: formatUsd,
  },
  { title: M.packagesPerUser, hint: M.packagesPerUserHint, comparison: (r) => r.packagesPerUser, format: oneDecimal },
  {
    title: M.conversionRate,
    hint: M.conversionRateHint,
    comparison: (r) => r.conversionRate,
    format: (n) => `${oneDecimal(n)} %`,
  },
];

/** Extra metrics (docs/product/admin-reports.md#extra-metrics): average shipping cost, packages per user, conversion rate. */
export function ReportMetrics({ report, period }: { report: PeriodReport | undefined; period: ReportPeriod }) {
  return (
    <div>
      <Title order={2} size="h4" mb="sm">
        {M.metrics}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        {METRICS.map((m) => {
          const comparison = report && m.comparison(report);
          return (
            <Card key={m.title} withBorder radius="md" className={classes.section} role="group" aria-label={m.title}>
              <Text size="sm" c="dimmed">
                {m.title}
              </Text>
              {comparison === undefined ? (
                <Skeleton h={30} w={90} my={4} />
              ) : (
                <Text fz={24} fw={700} data-testid="kpi-value">
                  {m.format(comparison.current)}
                </Text>
              )}
              <Text size="xs" c="dimmed" mb={6}>
                {m.hint}
              </Text>
              {comparison && <ChangeBadge value={comparison} period={period} />}
            </Card>
          );
        })}
      </SimpleGrid>
    </div>
  );
}
