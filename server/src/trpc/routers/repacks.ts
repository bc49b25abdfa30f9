import { REPACK_STATUSES, listPageParams, processRepackSchema, repackIdSchema, requestRepackSchema, z } from '@casillero/shared';
import { countRepacksByStatus, listAllRepacks, listOwnRepacks, listRepackablePackages, listRepacksPage } from '../../queries/repacks';
import { markRepackShipped, processRepack, requestRepack } from '../../services/repacks';
import { adminProcedure, protectedProcedure, router } from '../init';

export const repacksRouter = router({
  /** The customer's requests with the packages each covers. */
  mine: protectedProcedure.query(({ ctx }) => listOwnRepacks(ctx.db, ctx.user.id)),
  /** The customer's packages that can go into a request. */
  packages: protectedProcedure.query(({ ctx }) => listRepackablePackages(ctx.db, ctx.user.id)),
  request: protectedProcedure
    .input(requestRepackSchema)
    .mutation(({ ctx, input }) => requestRepack(ctx.db, ctx.config, ctx.user.id, input)),

  adminList: adminProcedure
    .input(z.object({ status: z.enum(REPACK_STATUSES).optional() }).optional())
    .query(({ ctx, input }) => listAllRepacks(ctx.db, input ?? {})),
  /** The admin screen's list: paged, pending first, optionally one status. */
  adminPage: adminProcedure
    .input(z.object({ status: z.enum(REPACK_STATUSES).optional().catch(undefined), ...listPageParams }).default({}))
    .query(({ ctx, input }) => listRepacksPage(ctx.db, input)),
  adminCounts: adminProcedure.query(({ ctx }) => countRepacksByStatus(ctx.db)),
  process: adminProcedure
    .input(processRepackSchema)
    .mutation(({ ctx, input }) => processRepack(ctx.db, ctx.config, ctx.user.id, input)),
  markShipped: adminProcedure
    .input(repackIdSchema)
    .mutation(({ ctx, input }) => markRepackShipped(ctx.db, ctx.config, input.id)),
});
