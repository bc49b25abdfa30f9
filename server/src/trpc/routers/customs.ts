// Customs duties under the courier regime (docs/product/customs.md): the administrator's page
// /admin/aduanas ('customs.manage', administrators only; every change audited by the versions'
// trigger), and the version in effect for anyone (figures, no person) with the latest exchange
// rate, for the calculators' estimate (docs/product/customs.md#where-the-estimate-is-shown).
import { customsCancelInput, customsVersionInput } from '@casillero/shared';
import { adminCustomsVersions, customsRulesNow } from '../../queries/customs';
import { cancelCustomsVersion, createCustomsVersion } from '../../services/customs';
import { publicProcedure, router, staffProcedure } from '../init';

export const customsRouter = router({
  /** The version in effect: its figures and its source, with the latest exchange rate for the Bs. */
  current: publicProcedure.query(({ ctx }) => customsRulesNow(ctx.db)),

  versions: staffProcedure('customs.manage').query(async ({ ctx }) => ({
    versions: await adminCustomsVersions(ctx.db),
  })),

  create: staffProcedure('customs.manage')
    .input(customsVersionInput)
    .mutation(({ ctx, input }) => createCustomsVersion(ctx.db, { ...input, createdBy: ctx.user.id })),

  cancel: staffProcedure('customs.manage')
    .input(customsCancelInput)
    .mutation(({ ctx, input }) => cancelCustomsVersion(ctx.db, input.id, ctx.user.id)),
});
