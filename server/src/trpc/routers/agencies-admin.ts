// The agencies catalogue and the delivery fees per zone (docs/product/last-mile.md#agencies), the
// administrator's page /admin/agencias. The customers' search of active agencies is agencies.search.
import { agencyCreateInput, agencyListInput, agencySetActiveInput, agencyUpdateInput } from '@casillero/shared';
import { agencyCities, countAgenciesAdmin, listAgenciesAdmin } from '../../queries/agencies-admin';
import { getDeliveryFees } from '../../queries/delivery';
import { createAgency, setAgencyActive, updateAgency } from '../../services/agencies';
import { router, staffProcedure } from '../init';

export const agenciesAdminRouter = router({
  list: staffProcedure('agencies.manage')
    .input(agencyListInput)
    .query(({ ctx, input }) => listAgenciesAdmin(ctx.db, input)),

  count: staffProcedure('agencies.manage')
    .input(agencyListInput)
    .query(({ ctx, input }) => countAgenciesAdmin(ctx.db, input)),

  cities: staffProcedure('agencies.manage').query(({ ctx }) => agencyCities(ctx.db)),

  create: staffProcedure('agencies.manage')
    .input(agencyCreateInput)
    .mutation(({ ctx, input }) => createAgency(ctx.db, input)),

  update: staffProcedure('agencies.manage')
    .input(agencyUpdateInput)
    .mutation(({ ctx, input }) => updateAgency(ctx.db, input)),

  setActive: staffProcedure('agencies.manage')
    .input(agencySetActiveInput)
    .mutation(({ ctx, input }) => setAgencyActive(ctx.db, input.id, input.active)),

  /** The fees in effect, to show beside the agencies; they change in the price list (docs/product/price-lists.md). */
  deliveryFees: staffProcedure('agencies.manage').query(({ ctx }) => getDeliveryFees(ctx.db)),
});
