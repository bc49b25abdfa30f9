import { agencySearchInput } from '@casillero/shared';
import { searchActiveAgencies } from '../../queries/agencies';
import { protectedProcedure, router } from '../init';

/** Choosing where a shipment is collected (docs/product/last-mile.md#delivery): active agencies only. */
export const agenciesRouter = router({
  search: protectedProcedure.input(agencySearchInput).query(({ ctx, input }) => searchActiveAgencies(ctx.db, input)),
});
