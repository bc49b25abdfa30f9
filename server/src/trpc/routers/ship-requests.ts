// The customer's ship request from Almacén (docs/product/last-mile.md#the-ship-request): its price
// (a query, no writes), the quote seen (docs/product/price-lists.md: its prices are honoured for the
// set days) and its confirmation (a shipment for staff and an invoice for the customer).
import { shipRequestInput, shipRequestQuoteInput, z } from '@casillero/shared';
import { listShippableRepacks } from '../../queries/repacks';
import { createShipRequest } from '../../services/ship-requests/confirm';
import { quoteShipRequest, rememberShipRequestQuote } from '../../services/ship-requests/price';
import { protectedProcedure, router } from '../init';

/** The token of a quote the dialog showed, as the quote's input carries it. */
const quoteSeenInput = z.object({ quoteToken: shipRequestQuoteInput.shape.quoteToken });

export const shipRequestsRouter = router({
  /** The customer's finished repacks, each offered as one box with the parcels it holds. */
  repacks: protectedProcedure.query(({ ctx }) => listShippableRepacks(ctx.db, ctx.user.id)),

  quote: protectedProcedure
    .input(shipRequestQuoteInput)
    .query(({ ctx, input }) => quoteShipRequest(ctx.db, ctx.user.id, input)),

  /** The dialog showed this quote: its version is the one the customer has seen. */
  quoteSeen: protectedProcedure
    .input(quoteSeenInput)
    .mutation(({ ctx, input }) => rememberShipRequestQuote(ctx.db, ctx.user.id, input.quoteToken)),

  create: protectedProcedure
    .input(shipRequestInput)
    .mutation(({ ctx, input }) => createShipRequest(ctx.db, ctx.config, ctx.user.id, input)),
});
