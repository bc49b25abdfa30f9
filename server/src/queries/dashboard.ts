import { sql } from 'drizzle-orm';
import { ACTIVE_USER_WINDOW_DAYS } from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../db/client';

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
 * The admin dashboard's four cards, counted by the database (DECISIONS 10). Active users
 * are those seen in the last 30 days; revenue counts completed payments only.
 */
export async function getDashboardStats(db: DbOrTx): Promise<DashboardStats> {
  const [row] = rowsOf<Record<keyof DashboardStats, string | number>>(
    await db.execute(sql`
      select
        (select count(*) from users where role = 'user') as "totalUsers",
        (select count(*) from users where role = 'user'
           and last_active_at > now() - make_interval(days => ${ACTIVE_USER_WINDOW_DAYS})) as "activeUsers",
        (select count(*) from packages) as "totalPackages",
        (select count(*) from packages where status = 'pending') as "pendingPackages",
        (select count(*) from shipments where status in ('preparing', 'in_transit')) as "activeShipments",
        (select count(*) from shipments where status = 'delivered') as "completedShipments",
        (select coalesce(sum(amount_usd), 0) from payment_transactions where status = 'completed') as "totalRevenue",
        (select coalesce(sum(amount_usd), 0) from payment_transactions where status = 'completed'
           and created_at >= date_trunc('month', now())) as "monthlyRevenue"
    `),
  );
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as DashboardStats;
}
