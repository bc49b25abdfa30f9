// Problem parcels (docs/product/problem-parcels.md). Staff who change parcels flag and complete;
// the customer decides on their own parcels only (another's is answered as missing); the settings
// are the administrator's, like the storage settings.
import {
  PROBLEM_MESSAGES,
  problemChooseInput,
  problemCompleteInput,
  problemFlagInput,
  problemSettingsInput,
} from '@casillero/shared';
import { getProblemSettings, listMyProblems, problemsOfPackage } from '../../queries/problem-parcels';
import { chooseProblem, completeProblem, flagProblem, setProblemSettings } from '../../services/problem-parcels';
import { protectedProcedure, router, staffProcedure } from '../init';

export const problemParcelsRouter = router({
  /** Acción requerida: the customer's parcels waiting for a decision. */
  mine: protectedProcedure.query(({ ctx }) => listMyProblems(ctx.db, ctx.user.id)),

  choose: protectedProcedure
    .input(problemChooseInput)
    .mutation(({ ctx, input }) => chooseProblem(ctx.db, ctx.user.id, input)),

  ofPackage: staffProcedure('packages.read')
    .input(problemCompleteInput)
    .query(({ ctx, input }) => problemsOfPackage(ctx.db, input.packageId)),

  flag: staffProcedure('packages.write')
    .input(problemFlagInput)
    .mutation(async ({ ctx, input }) => {
      const { message } = await flagProblem(ctx.db, ctx.user.id, input, { appUrl: ctx.config.appUrl });
      return { message };
    }),

  complete: staffProcedure('packages.write')
    .input(problemCompleteInput)
    .mutation(({ ctx, input }) => completeProblem(ctx.db, ctx.user.id, input.packageId, { appUrl: ctx.config.appUrl })),

  settings: staffProcedure('staff.manage').query(({ ctx }) => getProblemSettings(ctx.db)),

  updateSettings: staffProcedure('staff.manage')
    .input(problemSettingsInput)
    .mutation(async ({ ctx, input }) => ({
      settings: await setProblemSettings(ctx.db, input),
      message: PROBLEM_MESSAGES.settingsSaved,
    })),
});
