import { TRPCError } from '@trpc/server';
import {
  idInput,
  packageCustomerIdInput,
  SHIPMENT_MESSAGES,
  shipmentCreateInput,
  shipmentFilters,
  shipmentListInput,
  shipmentStatusInput,
} from '@casillero/shared';
import { countShipments, getShipmentDetail, listShipments, listShippablePackages } from '../../queries/shipments';
import { changeShipmentStatus, createShipment } from '../../services/shipments';
import { adminProcedure, router } from '../init';

/** Gestión de Envíos (admin spec §2, §4, §5, §7). */
export const shipmentsRouter = router({
  list: adminProcedure.input(shipmentListInput).query(({ ctx, input }) => listShipments(ctx.db, input)),

  count: adminProcedure.input(shipmentFilters).query(({ ctx, input }) => countShipments(ctx.db, input)),

  detail: adminProcedure.input(idInput).query(async ({ ctx, input }) => {
    const detail = await getShipmentDetail(ctx.db, input.id);
    if (!detail) throw new TRPCError({ code: 'NOT_FOUND', message: SHIPMENT_MESSAGES.notFound });
    return detail;
  }),

  /** The chosen customer's packages that can travel: received or in the warehouse, in no shipment. */
  availablePackages: adminProcedure
    .input(packageCustomerIdInput)
    .query(({ ctx, input }) => listShippablePackages(ctx.db, input.userId)),

  create: adminProcedure
    .input(shipmentCreateInput)
    .mutation(({ ctx, input }) => createShipment(ctx.db, ctx.config, ctx.user.id, input)),

  updateStatus: adminProcedure
    .input(shipmentStatusInput)
    .mutation(({ ctx, input }) => changeShipmentStatus(ctx.db, ctx.config, input)),
});
