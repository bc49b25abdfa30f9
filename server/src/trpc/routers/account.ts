import { DomainError } from '../../lib/domain-error';
import {
  ACCOUNT_MESSAGES,
  GENERIC_MESSAGES,
  apiKeyCreateInput,
  apiKeyIdInput,
  emailPreferencesInput,
  sessionIdInput,
  webhookCreateInput,
  webhookDeliveriesInput,
  webhookIdInput,
  webhookResendInput,
  webhookSetActiveInput,
} from '@casillero/shared';
import { listOwnApiKeys } from '../../queries/api-keys';
import { customerLanding } from '../../queries/landing';
import { listOwnWebhookDeliveries, listOwnWebhooks } from '../../queries/webhooks';
import { createApiKey, revokeApiKey } from '../../services/api-keys';
import {
  createWebhook,
  deleteWebhook,
  resendWebhookDelivery,
  rotateWebhookSecret,
  setWebhookActive,
} from '../../services/webhooks';
import {
  deleteOtherSessions,
  deleteOwnSession,
  getEmailPreferences,
  listOwnSessions,
  setEmailPreferences,
} from '../../queries/account';
import { auditedUserProcedure, protectedProcedure, router } from '../init';

/** Configuración: sessions and e-mail preferences of the signed-in user (the password is auth.changePassword). */
export const accountRouter = router({
  sessions: protectedProcedure.query(({ ctx }) => listOwnSessions(ctx.db, ctx.user.id, ctx.session.id)),

  signOutOthers: protectedProcedure.mutation(async ({ ctx }) => {
    const ended = await deleteOtherSessions(ctx.db, ctx.user.id, ctx.session.id);
    return { ended, message: ACCOUNT_MESSAGES.sessionsEnded(ended) };
  }),

  signOutSession: protectedProcedure.input(sessionIdInput).mutation(async ({ ctx, input }) => {
    if (input.id === ctx.session.id) throw new DomainError('BAD_INPUT', ACCOUNT_MESSAGES.cannotEndCurrent);
    if (!(await deleteOwnSession(ctx.db, ctx.user.id, input.id))) {
      throw new DomainError('NOT_FOUND', GENERIC_MESSAGES.notFound);
    }
    return { message: ACCOUNT_MESSAGES.sessionEnded };
  }),

  /** Where the customer lands after signing in: the screen that needs them first. */
  landing: protectedProcedure.query(({ ctx }) => customerLanding(ctx.db, ctx.user.id)),

  emailPreferences: protectedProcedure.query(({ ctx }) => getEmailPreferences(ctx.db, ctx.user.id)),

  setEmailPreferences: protectedProcedure
    .input(emailPreferencesInput)
    .mutation(({ ctx, input }) => setEmailPreferences(ctx.db, ctx.user.id, input.emailNotifications)),

  // --- Keys of the public API (docs/product/public-api.md#keys): shown once, audited ----------
  apiKeys: protectedProcedure.query(({ ctx }) => listOwnApiKeys(ctx.db, ctx.user.id)),

  createApiKey: auditedUserProcedure
    .input(apiKeyCreateInput)
    .mutation(({ ctx, input }) => createApiKey(ctx.db, ctx.user, input)),

  revokeApiKey: auditedUserProcedure
    .input(apiKeyIdInput)
    .mutation(({ ctx, input }) => revokeApiKey(ctx.db, ctx.user.id, input.id)),

  // --- Webhooks (docs/product/public-api.md#webhooks): secret shown once, audited ----------------
  webhooks: protectedProcedure.query(({ ctx }) => listOwnWebhooks(ctx.db, ctx.user.id)),

  webhookDeliveries: protectedProcedure
    .input(webhookDeliveriesInput)
    .query(({ ctx, input }) => listOwnWebhookDeliveries(ctx.db, ctx.user.id, input.subscriptionId)),

  createWebhook: auditedUserProcedure
    .input(webhookCreateInput)
    .mutation(({ ctx, input }) => createWebhook(ctx.db, ctx.user, input, ctx.config.webhookLookup)),

  rotateWebhookSecret: auditedUserProcedure
    .input(webhookIdInput)
    .mutation(({ ctx, input }) => rotateWebhookSecret(ctx.db, ctx.user.id, input.id)),

  setWebhookActive: auditedUserProcedure
    .input(webhookSetActiveInput)
    .mutation(({ ctx, input }) => setWebhookActive(ctx.db, ctx.user.id, input.id, input.active)),

  deleteWebhook: auditedUserProcedure
    .input(webhookIdInput)
    .mutation(({ ctx, input }) => deleteWebhook(ctx.db, ctx.user.id, input.id)),

  resendWebhookDelivery: auditedUserProcedure
    .input(webhookResendInput)
    .mutation(({ ctx, input }) => resendWebhookDelivery(ctx.db, ctx.user.id, input.deliveryId)),
});
