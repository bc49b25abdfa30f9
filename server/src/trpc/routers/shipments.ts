import {
  idInput,
  myShipmentsInput,
  packageCustomerIdInput,
  SHIPMENT_MESSAGES,
  shipmentCreateInput,
  shipmentFilters,
  shipmentListInput,
  shipmentStatusInput,
  shipmentUpdateInput,
  shipmentNewsInput,
} from '@casillero/shared';
import {
  countShipments,
  getShipmentDetail,
  listShipmentNews,
  listShipments,
  listShippablePackages,
} from '../../queries/shipments';
import { changeShipmentStatus, createShipment, removeShipment, updateShipment } from '../../services/shipments';
import { staffProcedure, protectedProcedure, router } from '../init';
import { foundOr } from '../../lib/found';
import { getOwnShipmentDetail, listOwnShipments } from '../../queries/client-shipments';
import { postShipmentNews } from '../../services/shipment-news';

/** Gestión de Envíos (docs/product/admin-packages-and-shipments.md). */
export const shipmentsRouter = router({
  // --- Customer: Envíos (their own shipments; another customer's answers NOT_FOUND) -----------
  listOwn: protectedProcedure
    .input(myShipmentsInput)
    .query(({ ctx, input }) => listOwnShipments(ctx.db, ctx.user.id, input)),

  ownDetail: protectedProcedure
    .input(idInput)
    .query(async ({ ctx, input }) =>
      foundOr(await getOwnShipmentDetail(ctx.db, ctx.user.id, input.id), SHIPMENT_MESSAGES.notFound),
    ),

  // --- Admin ---------------------------------------------------------------------------------
  list: staffProcedure('shipments.read')
    .input(shipmentListInput)
    .query(({ ctx, input }) => listShipments(ctx.db, input)),

  count: staffProcedure('shipments.read')
    .input(shipmentFilters)
    .query(({ ctx, input }) => countShipments(ctx.db, input)),

  detail: staffProcedure('shipments.read')
    .input(idInput)
    .query(async ({ ctx, input }) => foundOr(await getShipmentDetail(ctx.db, input.id), SHIPMENT_MESSAGES.notFound)),

  /** The chosen customer's packages that can travel: received or in the warehouse, in no shipment or pending repack. */
  availablePackages: staffProcedure('shipments.read')
    .input(packageCustomerIdInput)
    .query(({ ctx, input }) => listShippablePackages(ctx.db, input.userId)),

  create: staffProcedure('shipments.write')
    .input(shipmentCreateInput)
    .mutation(({ ctx, input }) => createShipment(ctx.db, ctx.config, ctx.user.id, input)),

  updateStatus: staffProcedure('shipments.write')
    .input(shipmentStatusInput)
    .mutation(({ ctx, input }) => changeShipmentStatus(ctx.db, ctx.config, input)),

  /** 'Editar envío': destination, estimated date, cost and carrier tracking number. */
  update: staffProcedure('shipments.write')
    .input(shipmentUpdateInput)
    .mutation(({ ctx, input }) => updateShipment(ctx.db, ctx.config, input)),

  /** Only while preparing: the packages return to the warehouse and the customer is told. */
  remove: staffProcedure('shipments.write')
    .input(idInput)
    .mutation(({ ctx, input }) => removeShipment(ctx.db, ctx.config, input.id)),

  /** 'Publicar novedad' (docs/product/messages-and-notifications.md#shipment-news): every customer with a parcel in the shipment is told once. */
  postNews: staffProcedure('shipments.write')
    .input(shipmentNewsInput)
    .mutation(({ ctx, input }) => postShipmentNews(ctx.db, ctx.config, ctx.user.id, input)),

  /** The shipment's news, newest first, with how many customers each one reached. */
  news: staffProcedure('shipments.read')
    .input(idInput)
    .query(({ ctx, input }) => listShipmentNews(ctx.db, input.id)),
});
