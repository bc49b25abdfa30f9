// Departures (docs/product/departures.md): flights and containers, their shipments, manifest and milestones.
import {
  DEPARTURE_MESSAGES,
  departureCreateInput,
  departureIdInput,
  departureListInput,
  departureMilestoneInput,
  departureNewsInput,
  departurePromiseInput,
  departureScanInput,
  departureShipmentInput,
  departureUpdateInput,
  milestoneTemplateInput,
} from '@casillero/shared';
import {
  countDepartures,
  getDepartureDetail,
  getMilestoneTemplates,
  listDepartures,
  nextDepartures,
} from '../../queries/departures';
import {
  addShipmentByScan,
  addShipmentToDeparture,
  closeDeparture,
  createDeparture,
  removeShipmentFromDeparture,
  updateDeparture,
} from '../../services/departures/departures';
import { checkDepartureDelays, postDepartureNews, recordMilestone } from '../../services/departures/milestones';
import { saveMilestoneTemplate } from '../../services/departures/plan';
import { publicProcedure, router, staffProcedure } from '../init';
import { foundOr } from '../../lib/found';

export const departuresRouter = router({
  list: staffProcedure('departures.read')
    .input(departureListInput)
    .query(({ ctx, input }) => listDepartures(ctx.db, input)),

  count: staffProcedure('departures.read')
    .input(departureListInput)
    .query(({ ctx, input }) => countDepartures(ctx.db, input)),

  detail: staffProcedure('departures.read')
    .input(departureIdInput)
    .query(async ({ ctx, input }) => foundOr(await getDepartureDetail(ctx.db, input.id), DEPARTURE_MESSAGES.notFound)),

  create: staffProcedure('departures.write')
    .input(departureCreateInput)
    .mutation(({ ctx, input }) => createDeparture(ctx.db, ctx.user.id, input)),

  update: staffProcedure('departures.write')
    .input(departureUpdateInput)
    .mutation(({ ctx, input }) => updateDeparture(ctx.db, input)),

  /** A scanned WR label or shipment code puts its shipment in the departure. */
  scan: staffProcedure('departures.write')
    .input(departureScanInput)
    .mutation(({ ctx, input }) => addShipmentByScan(ctx.db, input.departureId, input.code)),

  addShipment: staffProcedure('departures.write')
    .input(departureShipmentInput)
    .mutation(({ ctx, input }) => addShipmentToDeparture(ctx.db, input.departureId, input.shipmentId)),

  removeShipment: staffProcedure('departures.write')
    .input(departureShipmentInput)
    .mutation(({ ctx, input }) => removeShipmentFromDeparture(ctx.db, input.departureId, input.shipmentId)),

  close: staffProcedure('departures.write')
    .input(departureIdInput)
    .mutation(({ ctx, input }) => closeDeparture(ctx.db, input.id)),

  /** One tap: a milestone happened on that day (not in the future); once, whoever taps too. */
  recordMilestone: staffProcedure('departures.write')
    .input(departureMilestoneInput)
    .mutation(({ ctx, input }) => recordMilestone(ctx.db, ctx.config, ctx.user.id, input)),

  postNews: staffProcedure('departures.write')
    .input(departureNewsInput)
    .mutation(({ ctx, input }) => postDepartureNews(ctx.db, ctx.config, ctx.user.id, input)),

  /** 'Revisar retrasos': the scheduled delay check, now (its notices are once per milestone and estimate anyway). */
  checkDelays: staffProcedure('departures.write').mutation(({ ctx }) =>
    checkDepartureDelays(ctx.db, { appUrl: ctx.config.appUrl }),
  ),

  templates: staffProcedure('departures.read').query(({ ctx }) => getMilestoneTemplates(ctx.db)),

  saveTemplate: staffProcedure('departures.template')
    .input(milestoneTemplateInput)
    .mutation(({ ctx, input }) => saveMilestoneTemplate(ctx.db, input)),

  /** The promise before it ships: the next open departure per mode and origin (public: dates only). */
  next: publicProcedure.input(departurePromiseInput).query(({ ctx, input }) => nextDepartures(ctx.db, input)),
});
