import { TRPCError } from '@trpc/server';
import {
  ACCOUNT_MESSAGES,
  GENERIC_MESSAGES,
  apiKeyCreateInput,
  apiKeyIdInput,
  emailPreferencesInput,
  sessionIdInput,
} from '@casillero/shared';
import { listOwnApiKeys } from '../../queries/api-keys';
import { createApiKey, revokeApiKey } from '../../services/api-keys';
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
    if (input.id === ctx.session.id)
      throw new TRPCError({ code: 'BAD_REQUEST', message: ACCOUNT_MESSAGES.cannotEndCurrent });
    if (!(await deleteOwnSession(ctx.db, ctx.user.id, input.id))) {
      throw new TRPCError({ code: 'NOT_FOUND', message: GENERIC_MESSAGES.notFound });
    }
    return { message: ACCOUNT_MESSAGES.sessionEnded };
  }),

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
});
