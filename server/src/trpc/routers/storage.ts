// The storage settings (docs/product/storage.md): free days and the fee per day after them. Money and
// configuration, so only the administrator (the one role holding 'staff.manage', whose
// description includes the configuration) reads and changes them; the change is audited.
import { STORAGE_MESSAGES, storageRemindNowInput, storageSettingsInput } from '@casillero/shared';
import { getStorageSettings, storageEndingSoon } from '../../queries/storage';
import { remindStorageNow, setStorageSettings } from '../../services/storage';
import { router, staffProcedure } from '../init';

export const storageRouter = router({
  settings: staffProcedure('staff.manage').query(({ ctx }) => getStorageSettings(ctx.db)),

  updateSettings: staffProcedure('staff.manage')
    .input(storageSettingsInput)
    .mutation(async ({ ctx, input }) => ({
      settings: await setStorageSettings(ctx.db, input),
      message: STORAGE_MESSAGES.settingsSaved,
    })),

  /** The parcels whose free storage ends within the week, for whoever looks after the shelves. */
  endingSoon: staffProcedure('packages.read').query(({ ctx }) => storageEndingSoon(ctx.db)),

  remindNow: staffProcedure('packages.write')
    .input(storageRemindNowInput)
    .mutation(async ({ ctx, input }) => {
      const { customerName } = await remindStorageNow(ctx.db, input.packageId, { appUrl: ctx.config.appUrl });
      return { message: STORAGE_MESSAGES.reminderSent(customerName) };
    }),
});
