// Reportes y Analíticas (docs/product/admin-reports.md), computed by the database (docs/product/product-decisions.md#d10-reports-and-dashboards-are-computed-in-sql): each
// report is a few grouped or filtered aggregates; no table is read into the server.
//
// Definitions, written once here and shown in the page's hints:
// - A period is the rolling window [now − N days, now) (week 7, month 30, quarter 90, year 365),
//   compared with the window of the same length just before it.
// - Revenue counts completed payments by their date (created_at), as the dashboard does.
// - Users are accounts with role 'user'; new users were created in the window.
// - Packages processed are packages registered in the warehouse in the window (created_at);
//   shipments made are shipments created in the window.
// - Average shipping cost: mean shipping_cost_usd_cents of the window's shipments. Average shipping
//   cost per package: their total shipping cost over the packages put into shipments in the
//   window (shipment_packages.created_at: packages join a shipment when it is made).
// - Estimated revenue per client = 80 % × average shipping cost per package × the client's
//   packages in the window (estimatedClientRevenue in @casillero/shared).
// - Packages per user: the window's packages over the users registered by the window's end.
// - Shipment conversion rate: the window's shipments over its packages, in percent.
// - The trend covers the last 6 calendar months on the business's clock (America/Caracas),
//   the current month included; the status distributions are the current state.
// - Counts and sums over time come from report_daily plus the partial days at the window's
//   edges (docs/decisions/010); the top clients add the window's whole days, counted per
//   customer once a day (report_top_clients), to the packages of its partial days.
import { is, sql, type SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import {
  estimatedClientRevenue,
  formatReportMonth,
  fromCents,
  packagesPerUser,
  percentChange,
  reportWindows,
  REPORT_TOP_CLIENTS,
  REPORT_TREND_MONTHS,
  SHIPMENT_STATUSES,
  shipmentConversionRate,
  TRACKING_STATUSES,
  type ReportPeriod,
  type ShipmentStatus,
  type TrackingStatus,
} from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../db/client';
import { BUSINESS_TZ_SQL as TZ } from '../lib/business-clock';

/** A figure of the period beside the previous period's, and the change in percent. */
export type Comparison = { current: number; previous: number; change: number | null };

export type TopClient = {
  userId: string;
  name: string;
  email: string;
  packages: number;
  /** 80 % × average shipping cost per package × packages (see estimatedClientRevenue). */
  estimatedRevenue: number;
};

export type PeriodReport = {
  period: ReportPeriod;
  /** The window [start, end) and the previous one [previousStart, start), ISO strings. */
  start: string;
  end: string;
  previousStart: string;
  totalRevenue: number;
  revenue: Comparison;
  totalUsers: number;
  newUsers: Comparison;
  packages: Comparison;
  shipments: Comparison;
  averageShippingCost: Comparison;
  averageShippingCostPerPackage: Comparison;
  packagesPerUser: Comparison;
  conversionRate: Comparison;
  topClients: TopClient[];
};

export type TrendMonth = { month: string; label: string; packages: number; shipments: number; revenue: number };

export type StatusDistribution = {
  trackings: { status: TrackingStatus; count: number }[];
  shipments: { status: ShipmentStatus; count: number }[];
};

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const num = (v: unknown) => Number(v ?? 0);
/** The database sums cents; the report's figures are dollars, an average rounded to the cent. */
const usd = (cents: number) => fromCents(Math.round(cents));
const compare = (current: number, previous: number): Comparison => ({
  current,
  previous,
  change: percentChange(current, previous),
});

type Windows = ReturnType<typeof reportWindows>;

// --- SQL builders (also replayed by `npm run bench` for EXPLAIN) -------------------------------

// Counts and sums over a window come from report_daily (docs/decisions/010): the whole days
// inside it from the daily rows, the two partial days at its edges from the tables themselves
// (an index range of at most a day each). Days are calendar days on the business's clock.
const localDay = (t: SQL) => sql`((${t}) at time zone ${TZ})::date`;
const dayStart = (d: SQL) => sql`((${d})::timestamp at time zone ${TZ})`;

/** The day boundaries of both windows: [p, s) the previous one, [s, e) the current one. */
function boundaries({ start, end, previousStart }: Windows) {
  const [s, e, p] = [ts(start), ts(end), ts(previousStart)];
  const [ds, de, dp] = [localDay(s), localDay(e), localDay(p)];
  return {
    s,
    e,
    p,
    ds,
    de,
    dp,
    /** The rows of the four partial days: [p, end of p's day), s's day, [start of e's day, e). */
    edges: sql`((created_at >= ${p} and created_at < ${dayStart(sql`${dp} + 1`)})
      or (created_at >= ${dayStart(ds)} and created_at < ${dayStart(sql`${ds} + 1`)})
      or (created_at >= ${dayStart(de)} and created_at < ${e}))`,
    /** Inside the previous window (among the edge rows); the rest are in the current one. */
    isPrevious: sql`created_at < ${s}`,
    eDayStart: dayStart(de),
  };
}

/** Every single-figure aggregate of both windows, one row. */
function totalsSql(windows: Windows): SQL {
  const { s, e, p, ds, de, dp, edges, isPrevious, eDayStart } = boundaries(windows);
  const cur = sql`day > ${ds} and day < ${de}`;
  const prev = sql`day > ${dp} and day < ${ds}`;
  return sql`
    with days as (
      select coalesce(sum(packages) filter (where ${cur}), 0) as packages_cur,
             coalesce(sum(packages) filter (where ${prev}), 0) as packages_prev,
             coalesce(sum(shipments) filter (where ${cur}), 0) as shipments_cur,
             coalesce(sum(shipments) filter (where ${prev}), 0) as shipments_prev,
             coalesce(sum(shipping_cost_usd_cents) filter (where ${cur}), 0) as cost_cur,
             coalesce(sum(shipping_cost_usd_cents) filter (where ${prev}), 0) as cost_prev,
             coalesce(sum(carried_packages) filter (where ${cur}), 0) as carried_cur,
             coalesce(sum(carried_packages) filter (where ${prev}), 0) as carried_prev,
             coalesce(sum(revenue_usd_cents) filter (where ${cur}), 0) as revenue_cur,
             coalesce(sum(revenue_usd_cents) filter (where ${prev}), 0) as revenue_prev,
             coalesce(sum(revenue_usd_cents), 0) as revenue_total
      from report_daily where day < ${de}
    ), pkg as (
      select count(*) filter (where not ${isPrevious}) as cur, count(*) filter (where ${isPrevious}) as prev
      from packages where ${edges}
    ), shp as (
      select count(*) filter (where not ${isPrevious}) as cur, count(*) filter (where ${isPrevious}) as prev,
             coalesce(sum(shipping_cost_usd_cents) filter (where not ${isPrevious}), 0) as cost_cur,
             coalesce(sum(shipping_cost_usd_cents) filter (where ${isPrevious}), 0) as cost_prev
      from shipments where ${edges}
    ), carried as (
      select count(*) filter (where not ${isPrevious}) as cur, count(*) filter (where ${isPrevious}) as prev
      from shipment_packages where ${edges}
    ), pay as (
      select coalesce(sum(amount_usd_cents) filter (where not ${isPrevious}), 0) as cur,
             coalesce(sum(amount_usd_cents) filter (where ${isPrevious}), 0) as prev,
             coalesce(sum(amount_usd_cents) filter (where created_at >= ${eDayStart}), 0) as today
      from payment_transactions where status = 'completed' and ${edges}
    ), usr as (
      select count(*) filter (where created_at < ${e}) as total,
             count(*) filter (where created_at < ${s}) as before_start,
             count(*) filter (where created_at >= ${s} and created_at < ${e}) as cur,
             count(*) filter (where created_at >= ${p} and created_at < ${s}) as prev
      from users where role = 'user'
    )
    select days.revenue_total + pay.today as total_revenue,
           days.revenue_cur + pay.cur as revenue_cur, days.revenue_prev + pay.prev as revenue_prev,
           usr.total as users_total, usr.before_start as users_before_start, usr.cur as users_cur, usr.prev as users_prev,
           days.packages_cur + pkg.cur as packages_cur, days.packages_prev + pkg.prev as packages_prev,
           days.shipments_cur + shp.cur as shipments_cur, days.shipments_prev + shp.prev as shipments_prev,
           days.cost_cur + shp.cost_cur as cost_cur, days.cost_prev + shp.cost_prev as cost_prev,
           days.carried_cur + carried.cur as carried_cur, days.carried_prev + carried.prev as carried_prev
    from days, pkg, shp, carried, pay, usr`;
}

/**
 * The window's whole days as the top clients count them (docs/decisions/010, "Top clients"):
 * after the start's day, before the end's; the two partial days are read from the packages.
 */
function countedDays(windows: Windows) {
  const { s, e, ds, de } = boundaries(windows);
  const firstDay = sql`(${ds} + 1)`;
  const lastDay = sql`(${de} - 1)`;
  return {
    firstDay,
    lastDay,
    inWholeDays: sql`created_at >= ${dayStart(firstDay)} and created_at < ${dayStart(de)}`,
    inEdges: sql`((created_at >= ${s} and created_at < ${dayStart(firstDay)}) or (created_at >= ${dayStart(de)} and created_at < ${e}))`,
  };
}

/** Whether the period's counted days are the window's and nothing changed them since. */
function countedIsCurrentSql(period: ReportPeriod, windows: Windows): SQL {
  const { firstDay, lastDay } = countedDays(windows);
  return sql`
    select exists (
      select 1 from report_top_client_windows w join report_top_clients_generation g on g.id = 1
      where w.period = ${period} and w.first_day = ${firstDay} and w.last_day = ${lastDay} and w.generation = g.n
    ) as current`;
}

/**
 * Counts the window's whole days per customer, once per business day and period, under a lock
 * so two reports (or two servers) do not count at once. The
 * generation is read in the same statement as the packages, so a change committed after the
 * count leaves the count stale, never wrong.
 */
async function countWholeDays(db: DbOrTx, period: ReportPeriod, windows: Windows) {
  const { firstDay, lastDay, inWholeDays } = countedDays(windows);
  await db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('report_top_clients:' || ${period})) as locked`),
    );
    if (!lock?.locked) return; // another report (or server) is counting this period
    const [again] = rowsOf<{ current: boolean }>(await tx.execute(countedIsCurrentSql(period, windows)));
    if (again?.current) return;
    await tx.execute(sql`delete from report_top_clients where period = ${period}`);
    await tx.execute(sql`
      with g as (select n from report_top_clients_generation where id = 1),
      w as (
        insert into report_top_client_windows (period, first_day, last_day, generation)
        select ${period}, ${firstDay}, ${lastDay}, g.n from g
        on conflict (period) do update
          set first_day = excluded.first_day, last_day = excluded.last_day, generation = excluded.generation
        returning period
      )
      insert into report_top_clients (period, user_id, packages, last_at)
      select (select period from w), user_id, count(*), max(created_at)
      from packages where ${inWholeDays}
      group by user_id`);
    // Fresh statistics, so the report reads the rank index and the few edge customers by key.
    await tx.execute(sql`analyze report_top_clients`);
  });
}

/** The ten of a `top` CTE (user_id, packages, last_at) with their names, in the report's order. */
const namedTop = sql`
    select top.user_id as "userId", top.packages, coalesce(pr.full_name, u.email) as name, u.email
    from top
    join users u on u.id = top.user_id
    left join user_profiles pr on pr.user_id = top.user_id
    order by top.packages desc, top.last_at desc, top.user_id`;

/**
 * The clients with most packages in the window (ties: the most recent package first): the
 * counted whole days plus the two partial days at the window's edges. Only the few customers
 * with packages on the edges need adding up; the rest rank as counted, read from the rank index
 * until ten of them are found.
 */
function topClientsSql(period: ReportPeriod, windows: Windows): SQL {
  const { inEdges } = countedDays(windows);
  return sql`
    with edge as (
      select user_id, count(*) as packages, max(created_at) as last_at from packages where ${inEdges} group by user_id
    ), counted as (
      select c.user_id, c.packages::bigint as packages, c.last_at
      from report_top_clients c
      where c.period = ${period} and not exists (select 1 from edge where edge.user_id = c.user_id)
      order by c.packages desc nulls last, c.last_at desc nulls last, c.user_id
      limit ${REPORT_TOP_CLIENTS}
    ), with_edges as (
      -- Each edge customer's counted row by its key (the limit keeps it a lookup per customer).
      select e.user_id, e.packages + coalesce(c.packages, 0) as packages, greatest(e.last_at, c.last_at) as last_at
      from edge e
      left join lateral (
        select packages, last_at from report_top_clients
        where report_top_clients.period = ${period} and report_top_clients.user_id = e.user_id limit 1
      ) c on true
    ), top as (
      select * from counted
      union all
      select * from with_edges
      order by packages desc, last_at desc, user_id
      limit ${REPORT_TOP_CLIENTS}
    )
    ${namedTop}`;
}

/** The window's packages grouped per customer: the answer while the whole days are being counted. */
function groupedTopClientsSql({ start, end }: Windows): SQL {
  return sql`
    with top as (
      select user_id, count(*) as packages, max(created_at) as last_at
      from packages
      where created_at >= ${ts(start)} and created_at < ${ts(end)}
      group by user_id
      order by packages desc, last_at desc, user_id
      limit ${REPORT_TOP_CLIENTS}
    )
    ${namedTop}`;
}

/** The periods being counted per database, so one process starts one count at a time. */
const counting = new WeakMap<object, Set<ReportPeriod>>();

const countsUnderWay = new Set<Promise<unknown>>();

/** Resolves once the background counts started so far have ended (a test's journal of writes waits for them). */
export async function topClientCountsSettled(): Promise<void> {
  await Promise.all([...countsUnderWay]);
}

/**
 * The counted days when they are the window's; otherwise the grouping itself (what every report
 * cost before the counts), while the whole days are counted in the background for the next one.
 * Not from inside a transaction, which would end before the count.
 */
async function topClientsOf(db: DbOrTx, period: ReportPeriod, windows: Windows) {
  const [counted] = rowsOf<{ current: boolean }>(await db.execute(countedIsCurrentSql(period, windows)));
  if (counted?.current) return db.execute(topClientsSql(period, windows));
  if (!is(db, PgTransaction)) {
    const periods = counting.get(db) ?? new Set<ReportPeriod>();
    counting.set(db, periods);
    if (!periods.has(period)) {
      periods.add(period);
      // A failed count (the database closing, a lost connection) only leaves the next report to count.
      const count = countWholeDays(db, period, windows)
        .catch(() => undefined)
        .finally(() => {
          periods.delete(period);
          countsUnderWay.delete(count);
        });
      countsUnderWay.add(count);
    }
  }
  return db.execute(groupedTopClientsSql(windows));
}

/**
 * Packages, shipments and revenue per calendar month (business time zone), last 6 months: the
 * daily rows up to yesterday, and today's rows until `end` from the tables.
 */
function trendSql(end: Date): SQL {
  const e = ts(end);
  const de = localDay(e);
  const today = sql`created_at >= ${dayStart(de)} and created_at < ${e}`;
  return sql`
    with months as (
      select generate_series(
               date_trunc('month', ${e} at time zone ${TZ}) - make_interval(months => ${REPORT_TREND_MONTHS - 1}),
               date_trunc('month', ${e} at time zone ${TZ}),
               interval '1 month') as m
    ), days as (
      select date_trunc('month', day::timestamp) as m, sum(packages) as packages, sum(shipments) as shipments,
             sum(revenue_usd_cents) as revenue
      from report_daily where day >= (select min(m) from months)::date and day < ${de} group by 1
    ), today as (
      select date_trunc('month', ${de}::timestamp) as m,
             (select count(*) from packages where ${today}) as packages,
             (select count(*) from shipments where ${today}) as shipments,
             (select coalesce(sum(amount_usd_cents), 0) from payment_transactions where status = 'completed' and ${today}) as revenue
    )
    select to_char(months.m, 'YYYY-MM') as month,
           coalesce(days.packages, 0) + coalesce(today.packages, 0) as packages,
           coalesce(days.shipments, 0) + coalesce(today.shipments, 0) as shipments,
           coalesce(days.revenue, 0) + coalesce(today.revenue, 0) as revenue
    from months left join days using (m) left join today using (m)
    order by months.m`;
}

/** Current trackings per status (the trigger-kept counter table) and shipments per status. */
function distributionSql(): SQL {
  return sql`
    select 'tracking' as kind, status::text as status, count::bigint as n from tracking_status_counts
    union all
    select 'shipment' as kind, status::text as status, count(*) as n from shipments group by status`;
}

// --- Query functions ---------------------------------------------------------------------------

export async function getPeriodReport(db: DbOrTx, period: ReportPeriod, now: Date = new Date()): Promise<PeriodReport> {
  const windows = reportWindows(period, now);
  // Two statements, run side by side on a pooled connection.
  const [totalsResult, topResult] = await Promise.all([
    db.execute(totalsSql(windows)),
    topClientsOf(db, period, windows),
  ]);
  const [t] = rowsOf<Record<string, unknown>>(totalsResult);
  const top = rowsOf<{ userId: string; packages: unknown; name: string; email: string }>(topResult);

  const packages = compare(num(t.packages_cur), num(t.packages_prev));
  const shipments = compare(num(t.shipments_cur), num(t.shipments_prev));
  const avg = (cost: unknown, n: number) => (n === 0 ? 0 : usd(num(cost) / n));
  const perPackage = compare(avg(t.cost_cur, num(t.carried_cur)), avg(t.cost_prev, num(t.carried_prev)));

  return {
    period,
    start: windows.start.toISOString(),
    end: windows.end.toISOString(),
    previousStart: windows.previousStart.toISOString(),
    totalRevenue: usd(num(t.total_revenue)),
    revenue: compare(usd(num(t.revenue_cur)), usd(num(t.revenue_prev))),
    totalUsers: num(t.users_total),
    newUsers: compare(num(t.users_cur), num(t.users_prev)),
    packages,
    shipments,
    averageShippingCost: compare(avg(t.cost_cur, shipments.current), avg(t.cost_prev, shipments.previous)),
    averageShippingCostPerPackage: perPackage,
    packagesPerUser: compare(
      packagesPerUser(packages.current, num(t.users_total)),
      packagesPerUser(packages.previous, num(t.users_before_start)),
    ),
    conversionRate: compare(
      shipmentConversionRate(shipments.current, packages.current),
      shipmentConversionRate(shipments.previous, packages.previous),
    ),
    topClients: top.map((r) => ({
      userId: r.userId,
      name: r.name,
      email: r.email,
      packages: num(r.packages),
      estimatedRevenue: estimatedClientRevenue(num(r.packages), perPackage.current),
    })),
  };
}

export async function getReportTrend(db: DbOrTx, now: Date = new Date()): Promise<TrendMonth[]> {
  const rows = rowsOf<{ month: string; packages: unknown; shipments: unknown; revenue: unknown }>(
    await db.execute(trendSql(now)),
  );
  return rows.map((r) => ({
    month: r.month,
    label: formatReportMonth(r.month),
    packages: num(r.packages),
    shipments: num(r.shipments),
    revenue: usd(num(r.revenue)),
  }));
}

export async function getStatusDistribution(db: DbOrTx): Promise<StatusDistribution> {
  const rows = rowsOf<{ kind: 'tracking' | 'shipment'; status: string; n: unknown }>(
    await db.execute(distributionSql()),
  );
  const count = (kind: string, status: string) => num(rows.find((r) => r.kind === kind && r.status === status)?.n);
  return {
    trackings: TRACKING_STATUSES.map((status) => ({ status, count: count('tracking', status) })),
    shipments: SHIPMENT_STATUSES.map((status) => ({ status, count: count('shipment', status) })),
  };
}

/** The SQL text and parameters of each report statement, for `npm run bench` (EXPLAIN). */
export function reportQueriesSql(period: ReportPeriod, now: Date = new Date()) {
  const dialect = new PgDialect();
  const windows = reportWindows(period, now);
  const text = (q: SQL) => {
    const { sql: s, params } = dialect.sqlToQuery(q);
    return { sql: s, params };
  };
  return {
    totals: text(totalsSql(windows)),
    topClients: text(topClientsSql(period, windows)),
    trend: text(trendSql(now)),
    distribution: text(distributionSql()),
  };
}
