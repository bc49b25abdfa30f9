// The customer's ship request from Almacén (docs/product/last-mile.md#the-ship-request): its price
// (no writes) and its confirmation (a shipment for staff and an invoice for the customer).
import { shipRequestInput, shipRequestQuoteInput } from '@casillero/shared';
import { listShippableRepacks } from '../../queries/repacks';
import { createShipRequest, quoteShipRequest } from '../../services/ship-requests';
import { protectedProcedure, router } from '../init';

export const shipRequestsRouter = router({
  /** The customer's finished repacks, each offered as one box with the parcels it holds. */
  repacks: protectedProcedure.query(({ ctx }) => listShippableRepacks(ctx.db, ctx.user.id)),

  quote: protectedProcedure
    .input(shipRequestQuoteInput)
    .query(({ ctx, input }) => quoteShipRequest(ctx.db, ctx.user.id, input)),

  create: protectedProcedure
    .input(shipRequestInput)
    .mutation(({ ctx, input }) => createShipRequest(ctx.db, ctx.config, ctx.user.id, input)),
});
