import {
  REPACK_STATUSES,
  processRepackSchema,
  repackAdminFilters,
  repackAdminListInput,
  repackIdSchema,
  requestRepackSchema,
  z,
} from '@casillero/shared';
import {
  countRepacksByStatus,
  listAllRepacks,
  listOwnRepacks,
  listRepackablePackages,
  listRepacksPage,
} from '../../queries/repacks';
import { markRepackShipped, processRepack, requestRepack } from '../../services/repacks';
import { staffProcedure, protectedProcedure, router } from '../init';

export const repacksRouter = router({
  /** The customer's requests with the packages each covers. */
  mine: protectedProcedure.query(({ ctx }) => listOwnRepacks(ctx.db, ctx.user.id)),
  /** The customer's packages that can go into a request. */
  packages: protectedProcedure.query(({ ctx }) => listRepackablePackages(ctx.db, ctx.user.id)),
  request: protectedProcedure
    .input(requestRepackSchema)
    .mutation(({ ctx, input }) => requestRepack(ctx.db, ctx.config, ctx.user.id, input)),

  adminList: staffProcedure('repacks.read')
    .input(z.object({ status: z.enum(REPACK_STATUSES).optional() }).optional())
    .query(({ ctx, input }) => listAllRepacks(ctx.db, input ?? {})),
  /** The admin screen's list: paged, pending first, optionally a search and one status. */
  adminPage: staffProcedure('repacks.read')
    .input(repackAdminListInput.default({ q: undefined }))
    .query(({ ctx, input }) => listRepacksPage(ctx.db, input)),
  /** Requests per status matching the search (the screen's tabs). */
  adminCounts: staffProcedure('repacks.read')
    .input(repackAdminFilters.pick({ q: true }).default({ q: undefined }))
    .query(({ ctx, input }) => countRepacksByStatus(ctx.db, input)),
  process: staffProcedure('repacks.write')
    .input(processRepackSchema)
    .mutation(({ ctx, input }) => processRepack(ctx.db, ctx.config, ctx.user.id, input)),
  markShipped: staffProcedure('repacks.write')
    .input(repackIdSchema)
    .mutation(({ ctx, input }) => markRepackShipped(ctx.db, ctx.config, input.id)),
});
