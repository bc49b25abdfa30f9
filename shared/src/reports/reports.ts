// Reportes y Analíticas (docs/product/admin-reports.md; docs/product/product-decisions.md#d10-reports-and-dashboards-are-computed-in-sql): the periods, the comparison rule,
// the estimated-revenue formula and the month labels, used by the server, the page and the CSV.
import { formatDecimal, onFirstUse } from '../format';

/** The period selector's choices (docs/product/admin-reports.md#periods), the default first. */
/**
 * The page's title on its own, here and not with its texts (messages.ts): the route's head reads it
 * up front, and a module lives in one chunk whole, so the texts stay out of the first page's JavaScript.
 */
export const REPORTS_TITLE = 'Reportes y Analíticas';

export const REPORT_PERIODS = ['week', 'month', 'quarter', 'year'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_DEFAULT_PERIOD: ReportPeriod = 'month';

/**
 * Each period is a rolling window that ends now and is compared with the window of the same
 * length just before it (e.g. the last 30 days against the 30 days before them).
 */
export const REPORT_PERIOD_DAYS: Record<ReportPeriod, number> = { week: 7, month: 30, quarter: 90, year: 365 };

export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  week: 'Semana',
  month: 'Mes',
  quarter: 'Trimestre',
  year: 'Año',
};

/** File-name words for the CSV export: reporte_mensual_2026-11-22.csv. */
export const REPORT_PERIOD_SLUGS: Record<ReportPeriod, string> = {
  week: 'semanal',
  month: 'mensual',
  quarter: 'trimestral',
  year: 'anual',
};

/** Top clients shown (docs/product/admin-reports.md#top-clients). */
export const REPORT_TOP_CLIENTS = 10;
/** Months in the trend, the current one included (docs/product/admin-reports.md#six-month-trend). */
export const REPORT_TREND_MONTHS = 6;
/** Estimated revenue per client takes this share of the average shipping cost per package. */
export const ESTIMATED_REVENUE_SHARE = 0.8;

/** Window [start, end) of a period ending at `now`, and the previous window of the same length. */
export function reportWindows(period: ReportPeriod, now: Date) {
  const ms = REPORT_PERIOD_DAYS[period] * 24 * 60 * 60 * 1000;
  const end = new Date(now.getTime());
  const start = new Date(end.getTime() - ms);
  const previousStart = new Date(start.getTime() - ms);
  return { start, end, previousStart };
}

const round = (n: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(n * f) / f;
};

/**
 * Estimated revenue of a client (docs/product/admin-reports.md#top-clients):
 *   80 % × (average shipping cost per package) × (the client's packages in the period).
 * The average cost per package is the period's shipping costs over the packages shipped in
 * the period. Rounded to cents.
 */
export function estimatedClientRevenue(packages: number, averageShippingCostPerPackage: number): number {
  return round(ESTIMATED_REVENUE_SHARE * averageShippingCostPerPackage * packages, 2);
}

/** Change against the previous period in percent, one decimal; null when there is nothing to compare. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return round(((current - previous) / previous) * 100, 1);
}

/** '+12,5 %', '−3 %', '0 %', or '—' when the previous period had nothing to compare with. */
export function formatPercentChange(change: number | null): string {
  if (change === null) return '—';
  const n = formatDecimal(Math.abs(change), { decimals: 1 });
  return change > 0 ? `+${n} %` : change < 0 ? `−${n} %` : '0 %';
}

/** 'vs. los 30 días anteriores' */
export function comparisonLabel(period: ReportPeriod): string {
  return `vs. los ${REPORT_PERIOD_DAYS[period]} días anteriores`;
}

const monthShort = onFirstUse(() => new Intl.DateTimeFormat('es-ES', { month: 'short', timeZone: 'UTC' }));
/** '2026-09' → 'sept 2026' (Spanish short month, docs/product/admin-reports.md#six-month-trend). */
export function formatReportMonth(month: string): string {
  const [year, m] = month.split('-').map(Number);
  const name = monthShort()
    .format(new Date(Date.UTC(year, m - 1, 1)))
    .replace('.', '');
  return `${name} ${year}`;
}

/** Packages per user with one decimal; shipment conversion rate in percent with one decimal. */
export const packagesPerUser = (packages: number, users: number) => (users === 0 ? 0 : round(packages / users, 1));
export const shipmentConversionRate = (shipments: number, packages: number) =>
  packages === 0 ? 0 : round((shipments / packages) * 100, 1);
