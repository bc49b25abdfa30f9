// The price list (docs/product/price-lists.md): the administrator's page /admin/tarifas. Money
// and configuration, so one permission the administrator alone holds ('prices.manage'); every
// change is audited (the versions' trigger, the setting by hand).
import { priceHonourInput, priceListCancelInput, priceListVersionInput } from '@casillero/shared';
import { adminPriceVersions, getPriceHonourDays } from '../../queries/prices';
import { cancelPriceVersion, createPriceVersion, setPriceHonourDays } from '../../services/prices';
import { router, staffProcedure } from '../init';

export const pricesRouter = router({
  versions: staffProcedure('prices.manage').query(async ({ ctx }) => ({
    versions: await adminPriceVersions(ctx.db),
    honourDays: await getPriceHonourDays(ctx.db),
  })),

  create: staffProcedure('prices.manage')
    .input(priceListVersionInput)
    .mutation(({ ctx, input }) => createPriceVersion(ctx.db, { ...input, createdBy: ctx.user.id })),

  cancel: staffProcedure('prices.manage')
    .input(priceListCancelInput)
    .mutation(({ ctx, input }) => cancelPriceVersion(ctx.db, input.id, ctx.user.id)),

  updateSettings: staffProcedure('prices.manage')
    .input(priceHonourInput)
    .mutation(({ ctx, input }) => setPriceHonourDays(ctx.db, input.honourDays)),
});
