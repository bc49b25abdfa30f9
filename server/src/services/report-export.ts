// The report of a period as tables (docs/product/admin-reports.md), one per block: written as one
// CSV with its sections one after another, or as an Excel workbook with a sheet per block.
import {
  REPORT_MESSAGES as M,
  REPORT_PERIOD_DAYS,
  REPORT_PERIOD_LABELS,
  REPORT_PERIOD_SLUGS,
  SHIPMENT_STATUS_LABELS,
  TRACKING_STATUS_LABELS,
  csvNumberHeader,
  type ReportPeriod,
} from '@casillero/shared';
import type { Db } from '../db/client';
import { businessToday, csvDateTime, csvMoment } from '../lib/business-clock';
import { csvNumber, type CsvCell } from '../lib/csv';
import { getPeriodReport, getReportTrend, getStatusDistribution, type Comparison } from '../queries/reports';

// Figures go out as numeric cells (a spreadsheet sums them), never as formatted text.
const money = (n: number) => csvNumber(n, 2);
const oneDecimal = (n: number) => csvNumber(n, 1);
const change = (c: Comparison) => (c.change === null ? '' : oneDecimal(c.change));

export type ReportTable = { sheet: string; headers: string[]; rows: CsvCell[][] };

/** The period's report: its file name without extension and its tables, in the file's order. */
export async function reportExport(db: Db, period: ReportPeriod, now = new Date()) {
  const [report, trend, distribution] = await Promise.all([
    getPeriodReport(db, period, now),
    getReportTrend(db, now),
    getStatusDistribution(db),
  ]);
  const days = REPORT_PERIOD_DAYS[period];
  const row = (label: string, c: Comparison, format: (n: number) => CsvCell = (n) => n): CsvCell[] => [
    label,
    format(c.current),
    format(c.previous),
    change(c),
  ];
  const tables: ReportTable[] = [
    {
      sheet: 'Reporte',
      headers: ['Reporte', 'Periodo', 'Desde', 'Hasta', 'Comparado con'],
      rows: [
        [
          M.title,
          `${REPORT_PERIOD_LABELS[period]} (últimos ${days} días)`,
          csvMoment(new Date(report.start)),
          csvMoment(new Date(report.end)),
          `${csvDateTime.format(new Date(report.previousStart))} – ${csvDateTime.format(new Date(report.start))}`,
        ],
      ],
    },
    {
      sheet: 'Indicadores',
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
      sheet: 'Clientes principales',
      headers: ['Posición', M.client, 'Email', M.packages, csvNumberHeader(`${M.estimatedRevenue} (USD)`)],
      rows: report.topClients.map((c, i) => [i + 1, c.name, c.email, c.packages, money(c.estimatedRevenue)]),
    },
    {
      sheet: 'Últimos meses',
      headers: [M.month, M.packages, M.shipments, csvNumberHeader(`${M.revenue} (USD)`)],
      rows: trend.map((m) => [m.label, m.packages, m.shipments, money(m.revenue)]),
    },
    {
      sheet: 'Estados',
      headers: ['Tipo', 'Estado', 'Cantidad actual'],
      rows: [
        ...distribution.trackings.map((d) => ['Tracking', TRACKING_STATUS_LABELS[d.status], d.count]),
        ...distribution.shipments.map((d) => ['Envío', SHIPMENT_STATUS_LABELS[d.status], d.count]),
      ],
    },
  ];
  return { filename: `reporte_${REPORT_PERIOD_SLUGS[period]}_${businessToday(now)}`, tables };
}
