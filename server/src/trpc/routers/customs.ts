// Customs duties under the courier regime (docs/product/customs.md): the administrator's page
// /admin/aduanas ('customs.manage', administrators only; every change audited by the versions'
// trigger), and the version in effect for anyone (figures, no person) with the latest exchange
// rate and the estimate's measured error, for the calculators' estimate
// (docs/product/customs.md#where-the-estimate-is-shown). The settlement with the customs broker
// ('customs.settle': administrators and the warehouse, who run the departures) is applied here;
// its dry run is the plain POST route http/customs-settlement.ts (it changes nothing, so it is not
// an audited mutation, and the file is too large for a query's URL).
import {
  customsCancelInput,
  customsSettlementInput,
  customsSettlementsInput,
  customsThresholdInput,
  customsVersionInput,
} from '@casillero/shared';
import { adminCustomsVersions, customsRulesNow } from '../../queries/customs';
import {
  accuracyReport,
  departureSettlements,
  publicAccuracy,
  settlementThreshold,
} from '../../queries/customs-settlement';
import { cancelCustomsVersion, createCustomsVersion, setSettlementThreshold } from '../../services/customs';
import { applySettlement } from '../../services/customs-settlement/apply';
import { publicProcedure, router, staffProcedure } from '../init';

export const customsRouter = router({
  /** The version in effect: its figures and its source, the latest exchange rate, and the last 90 days' error. */
  current: publicProcedure.query(async ({ ctx }) => {
    const [now, accuracy] = await Promise.all([customsRulesNow(ctx.db), publicAccuracy(ctx.db)]);
    return { ...now, accuracy };
  }),

  versions: staffProcedure('customs.manage').query(async ({ ctx }) => ({
    versions: await adminCustomsVersions(ctx.db),
  })),

  create: staffProcedure('customs.manage')
    .input(customsVersionInput)
    .mutation(({ ctx, input }) => createCustomsVersion(ctx.db, { ...input, createdBy: ctx.user.id })),

  cancel: staffProcedure('customs.manage')
    .input(customsCancelInput)
    .mutation(({ ctx, input }) => cancelCustomsVersion(ctx.db, input.id, ctx.user.id)),

  /** The threshold a difference must pass to be charged or credited. */
  threshold: staffProcedure('customs.settle').query(async ({ ctx }) => ({
    thresholdUsdCents: await settlementThreshold(ctx.db),
  })),

  setThreshold: staffProcedure('customs.manage')
    .input(customsThresholdInput)
    .mutation(({ ctx, input }) => setSettlementThreshold(ctx.db, input.thresholdUsdCents, ctx.user.id)),

  /** A departure's settled shipments. */
  settlements: staffProcedure('customs.settle')
    .input(customsSettlementsInput)
    .query(async ({ ctx, input }) => ({ settlements: await departureSettlements(ctx.db, input.departureId) })),

  /** The broker's file applied: refused whole on any error; a line already settled changes nothing. */
  settle: staffProcedure('customs.settle')
    .input(customsSettlementInput)
    .mutation(({ ctx, input }) => applySettlement(ctx.db, input, ctx.user.id, { appUrl: ctx.config.appUrl })),

  /** The estimate's error per departure and per category. */
  accuracy: staffProcedure('customs.manage').query(({ ctx }) => accuracyReport(ctx.db)),
});
