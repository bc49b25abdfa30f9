import {
  confirmPhoneInput,
  MESSAGING_MESSAGES,
  pushSubscribeInput,
  pushUnsubscribeInput,
  setPreferencesInput,
  startPhoneVerificationInput,
} from '@casillero/shared';
import { confirmPhone, removePhone, startPhoneVerification } from '../../services/phone-verification';
import { getPreferences, setPreferences } from '../../services/notification-preferences';
import { subscribePush, unsubscribePush, vapidKeys } from '../../messaging/push';
import { protectedProcedure, router } from '../init';

/** Configuración: the signed-in customer's own channels per kind, their WhatsApp number and their browsers for push. */
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

  /** The server's VAPID public key, which the browser subscribes with (docs/decisions/037-web-push.md). */
  pushKey: protectedProcedure.query(async ({ ctx }) => ({
    publicKey: (await vapidKeys(ctx.db, ctx.config.push)).publicKey,
  })),

  subscribePush: protectedProcedure
    .input(pushSubscribeInput)
    .mutation(({ ctx, input }) => subscribePush(ctx.db, ctx.user.id, input, ctx.config.push)),

  unsubscribePush: protectedProcedure
    .input(pushUnsubscribeInput)
    .mutation(({ ctx, input }) => unsubscribePush(ctx.db, ctx.user.id, input.endpoint)),
});
