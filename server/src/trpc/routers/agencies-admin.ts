// The agencies catalogue and the delivery fees per zone (docs/product/last-mile.md#agencies), the
// administrator's page /admin/agencias. The customers' search of active agencies is agencies.search.
import {
  AGENCY_MESSAGES,
  agencyCreateInput,
  agencyListInput,
  agencySetActiveInput,
  agencyUpdateInput,
  deliveryFeesInput,
} from '@casillero/shared';
import { agencyCities, countAgenciesAdmin, listAgenciesAdmin } from '../../queries/agencies-admin';
import { getDeliveryFees } from '../../queries/delivery';
import { createAgency, setAgencyActive, updateAgency } from '../../services/agencies';
import { setDeliveryFees } from '../../services/delivery-settings';
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

  deliveryFees: staffProcedure('agencies.manage').query(({ ctx }) => getDeliveryFees(ctx.db)),

  updateDeliveryFees: staffProcedure('agencies.manage')
    .input(deliveryFeesInput)
    .mutation(async ({ ctx, input }) => ({
      fees: await setDeliveryFees(ctx.db, input),
      message: AGENCY_MESSAGES.feesSaved,
    })),
});
