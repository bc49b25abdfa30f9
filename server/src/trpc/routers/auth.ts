import {
  AUTH_MESSAGES,
  RESET_LIMIT,
  SIGNIN_LIMIT,
  SIGNUP_LIMIT,
  adminSetupInput,
  changePasswordInput,
  requestPasswordResetInput,
  resetPasswordInput,
  signInInput,
  signUpInput,
  tokenInput,
  z,
} from '@casillero/shared';
import { invalidateSession } from '../../auth/session';
import * as auth from '../../services/auth';
import type { Context } from '../context';
import { protectedProcedure, publicProcedure, router } from '../init';
import { throttle } from '../middleware/throttle';

const MIN = 60 * 1000;
const tooMany = () => AUTH_MESSAGES.tooManyAttempts;
const emailOf = (input: unknown) => String((input as { email?: string }).email ?? '').toLowerCase();

const signInThrottle = throttle(
  (ctx, input) => [
    { key: `signin:email:${emailOf(input)}`, max: SIGNIN_LIMIT.perEmail, windowMs: SIGNIN_LIMIT.windowMinutes * MIN, message: tooMany },
    { key: `signin:ip:${ctx.ip}`, max: SIGNIN_LIMIT.perIp, windowMs: SIGNIN_LIMIT.windowMinutes * MIN, message: tooMany },
  ],
  { countSuccess: false },
);

const resetRequestThrottle = throttle(
  (ctx, input) => [
    { key: `reset:email:${emailOf(input)}`, max: 1, windowMs: RESET_LIMIT.minIntervalSeconds * 1000, message: () => AUTH_MESSAGES.resetThrottle },
    { key: `reset:email:${emailOf(input)}`, max: RESET_LIMIT.maxPerWindow, windowMs: RESET_LIMIT.windowMinutes * MIN, message: AUTH_MESSAGES.resetLimit },
    { key: `reset:ip:${ctx.ip}`, max: 20, windowMs: 60 * MIN, message: tooMany },
  ],
  { countSuccess: true },
);

const tokenGuessThrottle = throttle(
  (ctx) => [{ key: `token:ip:${ctx.ip}`, max: 30, windowMs: 15 * MIN, message: tooMany }],
  { countSuccess: false },
);

const signUpThrottle = throttle(
  (ctx) => [{ key: `signup:ip:${ctx.ip}`, max: SIGNUP_LIMIT.perIp, windowMs: SIGNUP_LIMIT.windowMinutes * MIN, message: tooMany }],
  { countSuccess: true },
);

const resendThrottle = throttle(
  (ctx, input) => [
    { key: `verify:email:${emailOf(input)}`, max: 1, windowMs: MIN, message: tooMany },
    { key: `verify:email:${emailOf(input)}`, max: 5, windowMs: 60 * MIN, message: tooMany },
    { key: `verify:ip:${ctx.ip}`, max: 20, windowMs: 60 * MIN, message: tooMany },
  ],
  { countSuccess: true },
);

/** Where a new session is opened from: the browser and address listed in Configuración. */
const sessionMeta = (ctx: Pick<Context, 'userAgent' | 'ip'>) => ({ userAgent: ctx.userAgent, ip: ctx.ip });

/** Puts the session a sign-in or a password reset opened in the browser's cookie. */
function keepSession<T extends { token: string; session: { expiresAt: Date } }>(ctx: Pick<Context, 'cookie'>, opened: T): T {
  ctx.cookie.set(opened.token, opened.session.expiresAt);
  return opened;
}

export const authRouter = router({
  me: publicProcedure.query(({ ctx }) => ({
    user: ctx.user
      ? {
          id: ctx.user.id,
          email: ctx.user.email,
          role: ctx.user.role,
          fullName: ctx.user.fullName,
          emailVerifiedAt: ctx.user.emailVerifiedAt?.toISOString() ?? null,
        }
      : null,
  })),

  signUp: publicProcedure
    .input(signUpInput)
    .use(signUpThrottle)
    .mutation(({ ctx, input }) => auth.signUp(ctx.db, ctx.config.appUrl, input)),

  verifyEmail: publicProcedure
    .input(tokenInput)
    .use(tokenGuessThrottle)
    .mutation(({ ctx, input }) => auth.verifyEmail(ctx.db, input.token)),

  resendVerification: publicProcedure
    .input(z.object({ email: signInInput.shape.email }))
    .use(resendThrottle)
    .mutation(({ ctx, input }) => auth.resendVerification(ctx.db, ctx.config.appUrl, input.email)),

  signIn: publicProcedure
    .input(signInInput)
    .use(signInThrottle)
    .mutation(async ({ ctx, input }) => ({ user: keepSession(ctx, await auth.signIn(ctx.db, input, sessionMeta(ctx))).user })),

  signOut: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
    ctx.cookie.clear();
    return { ok: true as const };
  }),

  requestPasswordReset: publicProcedure
    .input(requestPasswordResetInput)
    .use(resetRequestThrottle)
    .mutation(({ ctx, input }) => auth.requestPasswordReset(ctx.db, ctx.config.appUrl, input.email)),

  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .use(tokenGuessThrottle)
    .mutation(async ({ ctx, input }) => ({ message: keepSession(ctx, await auth.resetPassword(ctx.db, input, sessionMeta(ctx))).message })),

  changePassword: protectedProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => auth.changePassword(ctx.db, ctx.user, ctx.session.id, input)),

  adminSetupStatus: publicProcedure.query(async ({ ctx }) => ({ adminExists: await auth.adminExists(ctx.db) })),

  adminSetup: publicProcedure
    .input(adminSetupInput)
    .use(tokenGuessThrottle)
    .mutation(({ ctx, input }) => auth.setupFirstAdmin(ctx.db, input)),

});
