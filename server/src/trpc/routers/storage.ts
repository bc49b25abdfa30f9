// The storage settings (docs/product/storage.md): free days and the fee per day after them. Money and
// configuration, so only the administrator (the one role holding 'staff.manage', whose
// description includes the configuration) reads and changes them; the change is audited.
import { STORAGE_MESSAGES, storageSettingsInput } from '@casillero/shared';
import { getStorageSettings } from '../../queries/storage';
import { setStorageSettings } from '../../services/storage';
import { router, staffProcedure } from '../init';

export const storageRouter = router({
  settings: staffProcedure('staff.manage').query(({ ctx }) => getStorageSettings(ctx.db)),

  updateSettings: staffProcedure('staff.manage')
    .input(storageSettingsInput)
    .mutation(async ({ ctx, input }) => ({
      settings: await setStorageSettings(ctx.db, input),
      message: STORAGE_MESSAGES.settingsSaved,
    })),
});
