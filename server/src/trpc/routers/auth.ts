import {
  AUTH_MESSAGES,
  RESET_LIMIT,
  KNOWN_DEVICE_COOKIE_DAYS,
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
import { rememberDeviceOf } from '../../auth/known-device';
import { invalidateSession } from '../../auth/session';
import * as auth from '../../services/auth';
import { requestSignInLink, signInWithLink } from '../../services/sign-in-link';
import type { Context } from '../context';
import { protectedProcedure, publicProcedure, router } from '../init';
import { throttle } from '../middleware/throttle';

const MIN = 60 * 1000;
const tooMany = () => AUTH_MESSAGES.tooManyAttempts;
const emailOf = (input: unknown) => String((input as { email?: string }).email ?? '').toLowerCase();

const resetRequestThrottle = throttle(
  (ctx, input) => [
    {
      key: `reset:email:${emailOf(input)}`,
      max: 1,
      windowMs: RESET_LIMIT.minIntervalSeconds * 1000,
      message: () => AUTH_MESSAGES.resetThrottle,
    },
    {
      key: `reset:email:${emailOf(input)}`,
      max: RESET_LIMIT.maxPerWindow,
      windowMs: RESET_LIMIT.windowMinutes * MIN,
      message: AUTH_MESSAGES.resetLimit,
    },
    { key: `reset:ip:${ctx.ip}`, max: 20, windowMs: 60 * MIN, message: tooMany },
  ],
  { countSuccess: true },
);

/**
 * Many addresses per IP. Per account the service itself sends at most a few links and never
 * refuses (services/sign-in-link.ts): a refusal per account would be a lock a stranger could set.
 */
const signInLinkThrottle = throttle(
  (ctx) => [{ key: `signin-link:ip:${ctx.ip}`, max: 20, windowMs: 60 * MIN, message: tooMany }],
  { countSuccess: true },
);

const tokenGuessThrottle = throttle(
  (ctx) => [{ key: `token:ip:${ctx.ip}`, max: 30, windowMs: 15 * MIN, message: tooMany }],
  { countSuccess: false },
);

const signUpThrottle = throttle(
  (ctx) => [
    {
      key: `signup:ip:${ctx.ip}`,
      max: SIGNUP_LIMIT.perIp,
      windowMs: SIGNUP_LIMIT.windowMinutes * MIN,
      message: tooMany,
    },
  ],
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
function keepSession<T extends { token: string; session: { expiresAt: Date } }>(
  ctx: Pick<Context, 'cookie'>,
  opened: T,
): T {
  ctx.cookie.set(opened.token, opened.session.expiresAt);
  return opened;
}

/**
 * Marks the browser as known to the account it just proved its password for (docs/decisions/007),
 * for a year from its last sign-in.
 */
function keepDevice(ctx: Pick<Context, 'device'>, device: string) {
  ctx.device.set(device, new Date(Date.now() + KNOWN_DEVICE_COOKIE_DAYS * 24 * 60 * MIN));
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

  // Throttled inside (auth/sign-in-guard.ts): the limits depend on the account and the device.
  signIn: publicProcedure.input(signInInput).mutation(async ({ ctx, input }) => {
    const opened = await auth.signIn(ctx.db, ctx.config, input, { ...sessionMeta(ctx), device: ctx.device.value });
    keepDevice(ctx, opened.device);
    return { user: keepSession(ctx, opened).user };
  }),

  signOut: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
    ctx.cookie.clear();
    return { ok: true as const };
  }),

  requestPasswordReset: publicProcedure
    .input(requestPasswordResetInput)
    .use(resetRequestThrottle)
    .mutation(({ ctx, input }) => auth.requestPasswordReset(ctx.db, ctx.config.appUrl, input.email)),

  /** "Te enviamos un enlace para entrar": the same answer whether or not the account exists. */
  requestSignInLink: publicProcedure
    .input(requestPasswordResetInput)
    .use(signInLinkThrottle)
    .mutation(({ ctx, input }) => requestSignInLink(ctx.db, ctx.config.appUrl, input.email)),

  /** Opens a session from a sign-in link, once; the browser that opened it becomes known. */
  signInWithLink: publicProcedure
    .input(tokenInput)
    .use(tokenGuessThrottle)
    .mutation(async ({ ctx, input }) => {
      const opened = keepSession(ctx, await signInWithLink(ctx.db, input.token, sessionMeta(ctx)));
      keepDevice(ctx, await rememberDeviceOf(ctx.db, ctx.config, ctx.device.value, opened.user.id));
      return { user: opened.user };
    }),

  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .use(tokenGuessThrottle)
    .mutation(async ({ ctx, input }) => {
      const opened = keepSession(ctx, await auth.resetPassword(ctx.db, input, sessionMeta(ctx)));
      // The new password forgot every device; the one that proved the e-mail is known again.
      keepDevice(ctx, await rememberDeviceOf(ctx.db, ctx.config, ctx.device.value, opened.session.userId));
      return { message: opened.message };
    }),

  changePassword: protectedProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    const changed = await auth.changePassword(ctx.db, ctx.config, ctx.user, ctx.session.id, input);
    // The new password forgot every device; this one, still signed in, stays known.
    keepDevice(ctx, await rememberDeviceOf(ctx.db, ctx.config, ctx.device.value, ctx.user.id));
    return changed;
  }),

  adminSetupStatus: publicProcedure.query(async ({ ctx }) => ({ adminExists: await auth.adminExists(ctx.db) })),

  adminSetup: publicProcedure
    .input(adminSetupInput)
    .use(tokenGuessThrottle)
    .mutation(({ ctx, input }) => auth.setupFirstAdmin(ctx.db, input)),
});
