import { useState } from 'react';
import { Alert, Button, Card, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconPrinter } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import {
  comparisonLabel,
  formatDate,
  REPORT_DEFAULT_PERIOD,
  REPORT_MESSAGES as M,
  REPORT_PERIOD_DAYS,
  REPORT_PERIOD_LABELS,
  REPORT_PERIODS,
  REPORT_XLSX_PATH,
  REPORTS_TITLE,
  type ReportPeriod,
} from '@casillero/shared';
import { PageHeader } from '../../components/data-table';
import { SpreadsheetDownloadButton } from '../../components/SpreadsheetDownloads';
import { downloadHref, downloadText } from '../../lib/download';
import { getErrorMessage } from '../../lib/errors';
import { notifyChange } from '../../lib/notify';
import { searchOptionalEnum } from '../../lib/search';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { ReportKpiCards, ReportMetrics } from './-components/reports/ReportKpis';
import { StatusCharts, TrendSection } from './-components/reports/ReportCharts';
import { TopClientsTable } from './-components/reports/TopClientsTable';
import classes from './-components/reports/reports.module.css';

type ReportsSearch = { period?: ReportPeriod };

export const Route = createFileRoute('/admin/reportes')({
  // ?period=week|quarter|year; the default month keeps the address clean.
  validateSearch: (search: Record<string, unknown>): ReportsSearch => {
    const period = searchOptionalEnum(search.period, REPORT_PERIODS);
    return period && period !== REPORT_DEFAULT_PERIOD ? { period } : {};
  },
  loaderDeps: ({ search }) => ({ period: search.period ?? REPORT_DEFAULT_PERIOD }),
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.prefetchQuery(context.trpc.reports.period.queryOptions({ period: deps.period })),
      context.queryClient.prefetchQuery(context.trpc.reports.trend.queryOptions()),
      context.queryClient.prefetchQuery(context.trpc.reports.statusDistribution.queryOptions()),
    ]),
  head: pageHead(REPORTS_TITLE),
  component: ReportsPage,
});

function ReportsPage() {
  const period = Route.useSearch().period ?? REPORT_DEFAULT_PERIOD;
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  const [isExporting, setIsExporting] = useState(false);

  const report = useQuery({ ...trpc.reports.period.queryOptions({ period }), placeholderData: keepPreviousData });
  const trend = useQuery(trpc.reports.trend.queryOptions());
  const distribution = useQuery(trpc.reports.statusDistribution.queryOptions());
  // While another period loads, the previous figures stay on screen, dimmed.
  const isSwitching = report.isPlaceholderData;
  const shown = report.data;
  const error = report.error ?? trend.error ?? distribution.error;

  const setPeriod = (next: ReportPeriod) =>
    void navigate({ search: next === REPORT_DEFAULT_PERIOD ? {} : { period: next }, replace: true });

  const exportCsv = async () => {
    setIsExporting(true);
    await notifyChange(
      async () => {
        const file = await queryClient.fetchQuery({ ...trpc.reports.exportCsv.queryOptions({ period }), staleTime: 0 });
        downloadText(file.filename, file.csv);
        return file;
      },
      (file) => ({ title: 'Exportación lista', message: M.exported(file.filename) }),
      (error) => getErrorMessage(error, M.exportFailed),
    );
    setIsExporting(false);
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={M.title}
        subtitle={M.subtitle}
        actions={
          <Group gap="sm" className={classes.noPrint}>
            <SpreadsheetDownloadButton format="xlsx" href={downloadHref(REPORT_XLSX_PATH, { period })} />
            <SpreadsheetDownloadButton format="csv" onClick={() => void exportCsv()} loading={isExporting} />
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} />}
              onClick={() => window.print()}
              disabled={!shown}
            >
              {M.print}
            </Button>
          </Group>
        }
      />

      <Card withBorder radius="md" padding="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" className={classes.noPrint}>
            <Text size="sm" fw={600} id="report-period-label">
              {M.periodLabel}
            </Text>
            <SegmentedControl
              aria-labelledby="report-period-label"
              value={period}
              onChange={(v) => setPeriod(v as ReportPeriod)}
              data={REPORT_PERIODS.map((p) => ({ value: p, label: REPORT_PERIOD_LABELS[p] }))}
            />
          </Group>
          {shown ? (
            <Text size="sm" c="dimmed" data-testid="report-window">
              {REPORT_PERIOD_LABELS[shown.period]}: del {formatDate(shown.start)} al {formatDate(shown.end)} (últimos{' '}
              {REPORT_PERIOD_DAYS[shown.period]} días), {comparisonLabel(shown.period)}
            </Text>
          ) : (
            <Skeleton h={16} w={320} />
          )}
        </Group>
      </Card>

      {error && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert" title={M.loadFailed}>
          {getErrorMessage(error, M.loadFailed)}
        </Alert>
      )}

      <Stack gap="lg" style={{ opacity: isSwitching ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={isSwitching}>
        <ReportKpiCards report={shown} period={shown?.period ?? period} />
        {shown ? <TopClientsTable report={shown} /> : <Skeleton h={240} radius="md" />}
        <ReportMetrics report={shown} period={shown?.period ?? period} />
      </Stack>

      {trend.data ? <TrendSection trend={trend.data} /> : <Skeleton h={360} radius="md" />}
      {distribution.data ? <StatusCharts distribution={distribution.data} /> : <Skeleton h={360} radius="md" />}
    </Stack>
  );
}
