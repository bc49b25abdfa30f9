import { getDeliveryFees } from '../../queries/delivery';
import { protectedProcedure, router } from '../init';

/** The home-delivery fee of each zone (docs/product/last-mile.md#delivery), shown by the delivery choice before confirming. */
export const deliveryRouter = router({
  fees: protectedProcedure.query(({ ctx }) => getDeliveryFees(ctx.db)),
});
