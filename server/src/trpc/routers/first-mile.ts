// The first mile's settings (docs/product/first-mile.md#polling-and-the-days-budget): the
// administrator's day's budget of requests to the tracking provider, with today's count beside
// it. The change is audited (audit/app-settings.ts).
import { FIRST_MILE_MESSAGES, firstMileSettingsInput } from '@casillero/shared';
import { getFirstMileSettings, requestsToday, setFirstMileSettings } from '../../services/carrier-tracking/budget';
import { router, staffProcedure } from '../init';

export const firstMileRouter = router({
  settings: staffProcedure('carriers.settings').query(async ({ ctx }) => {
    const { provider } = ctx.config.tracking;
    const settings = await getFirstMileSettings(ctx.db);
    return { ...settings, provider, usedToday: await requestsToday(ctx.db, provider) };
  }),

  updateSettings: staffProcedure('carriers.settings')
    .input(firstMileSettingsInput)
    .mutation(async ({ ctx, input }) => ({
      settings: await setFirstMileSettings(ctx.db, input),
      message: FIRST_MILE_MESSAGES.settingsSaved,
    })),
});
