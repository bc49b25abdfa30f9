import {
  idInput,
  TRACKING_MESSAGES,
  trackingCreateInput,
  trackingFilters,
  trackingListInput,
  trackingRepackInput,
  trackingStatusChangeInput,
  z,
} from '@casillero/shared';
import { getTrackingDetail, listTrackingClients } from '../../queries/trackings/detail';
import { countTrackings, listTrackings } from '../../queries/trackings/list';
import { getTrackingStats, listTrackingCarriers } from '../../queries/trackings/stats';
import { changeTrackingStatus, createTracking, requestTrackingRepack } from '../../services/trackings';
import { getOwnTrackingDetail, listOwnTrackings } from '../../queries/client-trackings';
import { staffProcedure, protectedProcedure, router } from '../init';
import { foundOr } from '../../lib/found';

export const trackingsRouter = router({
  // --- Customer: Mis Trackings (own trackings only) --------------------------------------------
  mine: protectedProcedure.query(({ ctx }) => listOwnTrackings(ctx.db, ctx.user.id)),

  mineDetail: protectedProcedure
    .input(idInput)
    .query(async ({ ctx, input }) =>
      foundOr(await getOwnTrackingDetail(ctx.db, ctx.user.id, input.id), TRACKING_MESSAGES.notFound),
    ),

  // --- Admin: the trackings panel (docs/product/admin-trackings.md) --------------------------------------
  list: staffProcedure('trackings.read')
    .input(trackingListInput)
    .query(({ ctx, input }) => listTrackings(ctx.db, input)),

  count: staffProcedure('trackings.read')
    .input(trackingFilters)
    .query(({ ctx, input }) => countTrackings(ctx.db, input)),

  stats: staffProcedure('trackings.read').query(({ ctx }) => getTrackingStats(ctx.db)),

  carriers: staffProcedure('trackings.read').query(({ ctx }) => listTrackingCarriers(ctx.db)),

  clients: staffProcedure('trackings.read')
    .input(z.object({ q: z.string().trim().max(100).optional() }).default({}))
    .query(({ ctx, input }) => listTrackingClients(ctx.db, input.q)),

  detail: staffProcedure('trackings.read')
    .input(idInput)
    .query(async ({ ctx, input }) => foundOr(await getTrackingDetail(ctx.db, input.id), TRACKING_MESSAGES.notFound)),

  // The CSV export of the filtered set is a streamed download: GET /api/exports/trackings.csv
  // (server/src/http/exports.ts).

  create: staffProcedure('trackings.write')
    .input(trackingCreateInput)
    .mutation(({ ctx, input }) => createTracking(ctx.db, ctx.user, input, ctx.config)),

  updateStatus: staffProcedure('trackings.write')
    .input(trackingStatusChangeInput)
    .mutation(({ ctx, input }) => changeTrackingStatus(ctx.db, ctx.user, input, ctx.config)),

  requestRepack: staffProcedure('trackings.write')
    .input(trackingRepackInput)
    .mutation(({ ctx, input }) => requestTrackingRepack(ctx.db, ctx.user, input, ctx.config)),
});
