import { sql } from 'drizzle-orm';
import { ACTIVE_USER_WINDOW_DAYS, fromCents, type DepartureMode, type DepartureOrigin } from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../db/client';
import { businessToday, BUSINESS_TZ_SQL as TZ } from '../lib/business-clock';

export type DashboardStats = {
  totalUsers: number;
  activeUsers: number;
  totalPackages: number;
  pendingPackages: number;
  activeShipments: number;
  completedShipments: number;
  totalRevenue: number;
  monthlyRevenue: number;
};

/**
 * The admin dashboard's four cards, counted by the database (docs/product/product-decisions.md#d10-reports-and-dashboards-are-computed-in-sql). Active users
 * are those seen in the last 30 days; revenue counts completed payments only. 'Ingresos Mes'
 * is the calendar month on the business's clock, as in the reports' trend.
 */
export async function getDashboardStats(db: DbOrTx, at: Date = new Date()): Promise<DashboardStats> {
  const now = sql`${at.toISOString()}::timestamptz`;
  const month = sql`date_trunc('month', ${now} at time zone ${TZ})`;
  const [row] = rowsOf<Record<keyof DashboardStats, string | number>>(
    await db.execute(sql`
      select
        (select count(*) from users where role = 'user') as "totalUsers",
        (select count(*) from users where role = 'user'
           and last_active_at > ${now} - make_interval(days => ${ACTIVE_USER_WINDOW_DAYS})) as "activeUsers",
        -- Whole-table totals from the trigger-kept daily rows (docs/decisions/010), not a full count.
        (select coalesce(sum(packages), 0) from report_daily) as "totalPackages",
        (select count(*) from packages where status = 'pending') as "pendingPackages",
        (select count(*) from shipments where status in ('preparing', 'in_transit')) as "activeShipments",
        (select count(*) from shipments where status = 'delivered') as "completedShipments",
        (select coalesce(sum(revenue_usd_cents), 0) from report_daily) as "totalRevenue",
        (select coalesce(sum(amount_usd_cents), 0) from payment_transactions where status = 'completed'
           and created_at >= ${month} at time zone ${TZ}
           and created_at < (${month} + interval '1 month') at time zone ${TZ}) as "monthlyRevenue"
    `),
  );
  // Revenue is summed in cents and answered in dollars, as the cards show it.
  const stats = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as DashboardStats;
  return { ...stats, totalRevenue: fromCents(stats.totalRevenue), monthlyRevenue: fromCents(stats.monthlyRevenue) };
}

export type ActivityItem = {
  type: 'package' | 'shipment';
  id: string;
  status: string;
  /** The package's description, or the shipment's code. */
  title: string;
  /** The package's tracking number, or the shipment's destination. */
  detail: string | null;
  timestamp: string;
};

/**
 * 'Actividad Reciente' (docs/product/admin-area.md#recent-activity): the last 5 packages (by creation) and the last 5
 * shipments (by last change), merged newest first, at most 10. Two index scans of 5 rows.
 */
export async function getRecentActivity(db: DbOrTx): Promise<ActivityItem[]> {
  const rows = rowsOf<{
    type: 'package' | 'shipment';
    id: string;
    status: string;
    title: string;
    detail: string | null;
    at: Date | string;
  }>(
    await db.execute(sql`
      select * from (
        (select 'package' as type, id, status::text as status, package_description as title,
                tracking_number as detail, created_at as at
           from packages order by created_at desc limit 5)
        union all
        (select 'shipment' as type, id, status::text as status, shipment_code as title,
                delivery_city || ', ' || delivery_state as detail, updated_at as at
           from shipments order by updated_at desc limit 5)
      ) activity
      order by at desc
      limit 10
    `),
  );
  return rows.map((r) => ({
    type: r.type,
    id: r.id,
    status: r.status,
    title: r.title,
    detail: r.detail,
    timestamp: new Date(r.at).toISOString(),
  }));
}

export type DelayedDeparture = {
  id: string;
  code: string;
  mode: DepartureMode;
  origin: DepartureOrigin;
  /** The first milestone not yet recorded whose planned day passed (or that was re-estimated). */
  milestoneLabel: string;
  /** Its planned day now (the new estimate once the delay check moved it). */
  plannedOn: string;
  /** The delay check's new estimate, when it moved the milestone. */
  delayedTo: string | null;
};

/** How many delayed departures the dashboard lists; the rest are counted. */
export const DASHBOARD_DELAYED_LIMIT = 10;

/**
 * 'Despachos retrasados' (docs/product/departures.md#delays): each departure with a milestone not
 * yet recorded whose planned day passed, or that the delay check re-estimated (the same rule
 * that marks it 'Retrasado' in the list), with its first such milestone; the longest-late first.
 */
export async function getDelayedDepartures(
  db: DbOrTx,
  today: string = businessToday(),
): Promise<{ total: number; rows: DelayedDeparture[] }> {
  const rows = rowsOf<{
    id: string;
    code: string;
    mode: DepartureMode;
    origin: DepartureOrigin;
    label: string;
    planned_on: string;
    delayed_to: string | null;
    total: number | string;
  }>(
    await db.execute(sql`
      with late as (
        select distinct on (m.departure_id) m.departure_id, m.label, m.planned_on, m.delayed_to
        from departure_milestones m
        where m.actual_on is null and (m.planned_on < ${today} or m.delayed_to is not null)
        order by m.departure_id, m.position
      )
      select d.id, d.code, d.mode, d.origin, l.label, l.planned_on::text as planned_on,
             l.delayed_to::text as delayed_to, count(*) over () as total
      from late l join departures d on d.id = l.departure_id
      order by l.planned_on, d.code
      limit ${DASHBOARD_DELAYED_LIMIT}`),
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((r) => ({
      id: r.id,
      code: r.code,
      mode: r.mode,
      origin: r.origin,
      milestoneLabel: r.label,
      plannedOn: r.planned_on,
      delayedTo: r.delayed_to,
    })),
  };
}
