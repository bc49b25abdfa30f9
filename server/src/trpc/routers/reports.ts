import { getDashboardStats, getRecentActivity } from '../../queries/dashboard';
import { adminProcedure, router } from '../init';

export const reportsRouter = router({
  dashboardStats: adminProcedure.query(({ ctx }) => getDashboardStats(ctx.db)),
  recentActivity: adminProcedure.query(({ ctx }) => getRecentActivity(ctx.db)),
});
