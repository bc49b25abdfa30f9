import {
  REPORT_MESSAGES as M,
  REPORT_PERIOD_DAYS,
  REPORT_PERIOD_LABELS,
  REPORT_PERIOD_SLUGS,
  reportPeriodInput,
  SHIPMENT_STATUS_LABELS,
  TRACKING_STATUS_LABELS,
  csvNumberHeader,
} from '@casillero/shared';
import { businessToday, csvDateTime } from '../../lib/business-clock';
import { csvNumber, toCsvSections, type CsvCell } from '../../lib/csv';
import { getDashboardStats, getDelayedDepartures, getRecentActivity } from '../../queries/dashboard';
import { getPeriodReport, getReportTrend, getStatusDistribution, type Comparison } from '../../queries/reports';
import { staffProcedure, router } from '../init';

// Figures go out as numeric cells (a spreadsheet sums them), never as formatted text.
const money = (n: number) => csvNumber(n, 2);
const oneDecimal = (n: number) => csvNumber(n, 1);
const change = (c: Comparison) => (c.change === null ? '' : oneDecimal(c.change));

export const reportsRouter = router({
  dashboardStats: staffProcedure('reports.read').query(({ ctx }) => getDashboardStats(ctx.db)),
  recentActivity: staffProcedure('reports.read').query(({ ctx }) => getRecentActivity(ctx.db)),
  /** 'Despachos retrasados' on the dashboard: for whoever reads the departures. */
  delayedDepartures: staffProcedure('departures.read').query(({ ctx }) => getDelayedDepartures(ctx.db)),

  /** KPI cards, extra metrics and top-10 clients of the chosen period, with the previous period. */
  period: staffProcedure('reports.read')
    .input(reportPeriodInput)
    .query(({ ctx, input }) => getPeriodReport(ctx.db, input.period)),

  /** The last six calendar months: packages, shipments and revenue. */
  trend: staffProcedure('reports.read').query(({ ctx }) => getReportTrend(ctx.db)),

  /** Trackings and shipments per status, now. */
  statusDistribution: staffProcedure('reports.read').query(({ ctx }) => getStatusDistribution(ctx.db)),

  /** The whole report of the period as CSV text (UTF-8 with BOM), one section per block. */
  exportCsv: staffProcedure('reports.read')
    .input(reportPeriodInput)
    .query(async ({ ctx, input }) => {
      const now = new Date();
      const [report, trend, distribution] = await Promise.all([
        getPeriodReport(ctx.db, input.period, now),
        getReportTrend(ctx.db, now),
        getStatusDistribution(ctx.db),
      ]);
      const days = REPORT_PERIOD_DAYS[input.period];
      const row = (label: string, c: Comparison, format: (n: number) => CsvCell = (n) => n): CsvCell[] => [
        label,
        format(c.current),
        format(c.previous),
        change(c),
      ];
      const csv = toCsvSections([
        {
          headers: ['Reporte', 'Periodo', 'Desde', 'Hasta', 'Comparado con'],
          rows: [
            [
              M.title,
              `${REPORT_PERIOD_LABELS[input.period]} (últimos ${days} días)`,
              csvDateTime.format(new Date(report.start)),
              csvDateTime.format(new Date(report.end)),
              `${csvDateTime.format(new Date(report.previousStart))} – ${csvDateTime.format(new Date(report.start))}`,
            ],
          ],
        },
        {
          headers: ['Indicador', ...['Periodo actual', 'Periodo anterior', 'Variación (%)'].map(csvNumberHeader)],
          rows: [
            [`${M.totalRevenue} (USD)`, money(report.totalRevenue), '', ''],
            row(`${M.revenue} del periodo (USD)`, report.revenue, money),
            [M.users, report.totalUsers, '', ''],
            row('Usuarios nuevos', report.newUsers),
            row(M.packagesProcessed, report.packages),
            row(M.shipmentsMade, report.shipments),
            row(`${M.averageShippingCost} (USD)`, report.averageShippingCost, money),
            row(`${M.averageCostPerPackage} (USD)`, report.averageShippingCostPerPackage, money),
            row(M.packagesPerUser, report.packagesPerUser, oneDecimal),
            row(`${M.conversionRate} (%)`, report.conversionRate, oneDecimal),
          ],
        },
        {
          headers: ['Posición', M.client, 'Email', M.packages, csvNumberHeader(`${M.estimatedRevenue} (USD)`)],
          rows: report.topClients.map((c, i) => [i + 1, c.name, c.email, c.packages, money(c.estimatedRevenue)]),
        },
        {
          headers: [M.month, M.packages, M.shipments, csvNumberHeader(`${M.revenue} (USD)`)],
          rows: trend.map((m) => [m.label, m.packages, m.shipments, money(m.revenue)]),
        },
        {
          headers: ['Tipo', 'Estado', 'Cantidad actual'],
          rows: [
            ...distribution.trackings.map((d) => ['Tracking', TRACKING_STATUS_LABELS[d.status], d.count]),
            ...distribution.shipments.map((d) => ['Envío', SHIPMENT_STATUS_LABELS[d.status], d.count]),
          ],
        },
      ]);
      return {
        filename: `reporte_${REPORT_PERIOD_SLUGS[input.period]}_${businessToday(now)}.csv`,
        csv,
      };
    }),
});
