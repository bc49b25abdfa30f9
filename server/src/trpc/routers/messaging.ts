import {
  confirmPhoneInput,
  MESSAGING_MESSAGES,
  setPreferencesInput,
  startPhoneVerificationInput,
} from '@casillero/shared';
import { confirmPhone, removePhone, startPhoneVerification } from '../../services/phone-verification';
import { getPreferences, setPreferences } from '../../services/notification-preferences';
import { protectedProcedure, router } from '../init';

/** Configuración: the signed-in customer's own channels per kind and their WhatsApp number. */
export const messagingRouter = router({
  preferences: protectedProcedure.query(({ ctx }) => getPreferences(ctx.db, ctx.user.id)),

  setPreferences: protectedProcedure.input(setPreferencesInput).mutation(async ({ ctx, input }) => {
    await setPreferences(ctx.db, ctx.user.id, input.preferences);
    return { ...(await getPreferences(ctx.db, ctx.user.id)), message: MESSAGING_MESSAGES.preferencesSaved };
  }),

  startPhoneVerification: protectedProcedure
    .input(startPhoneVerificationInput)
    .mutation(({ ctx, input }) => startPhoneVerification(ctx.db, ctx.user.id, input.phone)),

  confirmPhone: protectedProcedure
    .input(confirmPhoneInput)
    .mutation(({ ctx, input }) => confirmPhone(ctx.db, ctx.user.id, input.code)),

  removePhone: protectedProcedure.mutation(({ ctx }) => removePhone(ctx.db, ctx.user.id)),
});
