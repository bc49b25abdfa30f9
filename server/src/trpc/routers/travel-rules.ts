// What may travel (docs/product/travel-rules.md): the administrator's page /admin/reglas. One
// permission the administrator holds ('rules.manage'); every change is audited by the versions'
// trigger.
import { travelRulesCancelInput, travelRulesVersionInput } from '@casillero/shared';
import { adminTravelRuleVersions, getTravelRulesInEffect } from '../../queries/travel-rules';
import { cancelTravelRuleVersion, createTravelRuleVersion } from '../../services/travel-rules';
import { protectedProcedure, router, staffProcedure } from '../init';

export const travelRulesRouter = router({
  /** The rules in effect, words included: the pre-alert form flags a description as it is typed. */
  inEffect: protectedProcedure.query(({ ctx }) => getTravelRulesInEffect(ctx.db)),

  versions: staffProcedure('rules.manage').query(async ({ ctx }) => ({
    versions: await adminTravelRuleVersions(ctx.db),
  })),

  create: staffProcedure('rules.manage')
    .input(travelRulesVersionInput)
    .mutation(({ ctx, input }) => createTravelRuleVersion(ctx.db, { ...input, createdBy: ctx.user.id })),

  cancel: staffProcedure('rules.manage')
    .input(travelRulesCancelInput)
    .mutation(({ ctx, input }) => cancelTravelRuleVersion(ctx.db, input.id, ctx.user.id)),
});
