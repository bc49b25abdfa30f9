import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

/**
 * The customers' packages over each report period's whole days (docs/decisions/010, "Top
 * clients"): the top-clients list of a year adds these ~50,000 rows to the two partial days at
 * its edges instead of grouping half a million packages. Computed on the first report of a
 * business day for the window of that day (`report_top_client_windows`), and dropped by the
 * triggers of migration 0045 as soon as a package of those days is added, removed or changes
 * hands, so what is kept is always exact.
 */
export const reportTopClientWindows = pgTable('report_top_client_windows', {
  period: text('period').primaryKey(),
  /** The whole days counted: from `firstDay` to `lastDay`, both included (business calendar). */
  firstDay: date('first_day', { mode: 'string' }).notNull(),
  lastDay: date('last_day', { mode: 'string' }).notNull(),
  /** `report_top_clients_generation.n` when counted: a later change to those days makes it stale. */
  generation: bigint('generation', { mode: 'number' }).notNull(),
});

/**
 * One row, bumped by the packages' triggers whenever a package of a past day (or of a counted
 * window) is added, removed, moved to another day or to another customer.
 */
export const reportTopClientsGeneration = pgTable('report_top_clients_generation', {
  id: integer('id').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

export const reportTopClients = pgTable(
  'report_top_clients',
  {
    /** A period of report_top_client_windows (no foreign key: 50,000 rows are written at once). */
    period: text('period').notNull(),
    userId: uuid('user_id').notNull(),
    packages: integer('packages').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.userId] }),
    // The busiest first: the top ten of those without packages on the window's partial days.
    index('report_top_clients_rank_idx').on(t.period, t.packages.desc(), t.lastAt.desc(), t.userId),
  ],
);
