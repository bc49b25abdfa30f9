import { reportPeriodInput } from '@casillero/shared';
import { toCsvSections } from '../../lib/csv';
import { getDashboardStats, getDelayedDepartures, getRecentActivity } from '../../queries/dashboard';
import { getPeriodReport, getReportTrend, getStatusDistribution } from '../../queries/reports';
import { reportExport } from '../../services/report-export';
import { staffProcedure, router } from '../init';

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

  /** The whole report of the period as CSV text (UTF-8 with BOM), one section per block; the Excel file is GET /api/exports/reporte.xlsx. */
  exportCsv: staffProcedure('reports.read')
    .input(reportPeriodInput)
    .query(async ({ ctx, input }) => {
      const { filename, tables } = await reportExport(ctx.db, input.period);
      return { filename: `${filename}.csv`, csv: toCsvSections(tables) };
    }),
});
