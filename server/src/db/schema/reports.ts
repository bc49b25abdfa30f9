import { bigint, date, pgTable } from 'drizzle-orm/pg-core';

/**
 * Daily totals behind the reports (docs/product/product-decisions.md#d10-reports-and-dashboards-are-computed-in-sql, docs/product/admin-reports.md#computed-by-the-database): one row per calendar day on
 * the business's clock (America/Caracas), kept by statement-level triggers on packages,
 * shipments, shipment_packages and payment_transactions (migration 0009). A report of a year
 * adds ~365 of these rows plus the two partial days at its edges, instead of counting a million.
 */
export const reportDaily = pgTable('report_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  /** Packages registered that day (packages.created_at). */
  packages: bigint('packages', { mode: 'number' }).notNull().default(0),
  /** Shipments created that day and their shipping cost. */
  shipments: bigint('shipments', { mode: 'number' }).notNull().default(0),
  shippingCostUsdCents: bigint('shipping_cost_usd_cents', { mode: 'number' }).notNull().default(0),
  /** Packages put into a shipment that day (shipment_packages.created_at). */
  carriedPackages: bigint('carried_packages', { mode: 'number' }).notNull().default(0),
  /** Completed payments by their date (created_at), as the dashboard counts revenue. */
  revenueUsdCents: bigint('revenue_usd_cents', { mode: 'number' }).notNull().default(0),
});
