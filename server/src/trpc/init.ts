// The only initTRPC: every procedure is visibly public, signed-in or admin.
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AUTH_MESSAGES, GENERIC_MESSAGES, can, type Permission } from '@casillero/shared';
import { runAudited } from '../audit/audit-context';
import type { Context } from './context';

/**
 * Who may call a procedure; set by the base procedures below and read by the access-matrix
 * test: anyone, any signed-in user, or staff holding the procedure's permission.
 */
export type Access = 'public' | 'user' | 'staff';
export type Meta = { access: Access; permission?: Permission };

const t = initTRPC.context<Context>().meta<Meta>().create({
  // Stacks help in development; the formatter drops them in production.
  isDev: true,
  errorFormatter({ shape, error, ctx }) {
    const zod = error.cause instanceof ZodError ? error.cause : null;
    // Validation answers add every field's message for forms; unexpected errors never
    // show their internals; an input that is not JSON gets a Spanish message, not the parser's.
    const message =
      error.code === 'INTERNAL_SERVER_ERROR' && !zod
        ? GENERIC_MESSAGES.internal
        : error.cause instanceof SyntaxError
          ? GENERIC_MESSAGES.invalidInput
          : shape.message;
    const fieldErrors = zod
      ? Object.fromEntries(zod.issues.map((i) => [i.path.join('.'), i.message]))
      : undefined;
    const stack = ctx?.config.isProduction ? undefined : shape.data.stack;
    return { ...shape, message, data: { ...shape.data, stack, fieldErrors } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * Every procedure: refuses cookie-authenticated mutations sent from another site (login
 * CSRF included), and turns an input validation failure into its first Spanish message, so
 * HTTP clients and `createCaller` see the same text.
 */
const base = t.middleware(async ({ ctx, type, next }) => {
  if (type === 'mutation' && ctx.origin && !isAllowedOrigin(ctx.origin, ctx.host, ctx.config.appUrl)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: AUTH_MESSAGES.foreignOrigin });
  }
  const result = await next();
  if (!result.ok && result.error.cause instanceof ZodError) {
    result.error.message = result.error.cause.issues[0]?.message ?? GENERIC_MESSAGES.invalidInput;
  }
  return result;
});

export function isAllowedOrigin(origin: string, host: string | null, appUrl: string): boolean {
  try {
    const o = new URL(origin);
    return o.origin === new URL(appUrl).origin || (host !== null && o.host === host);
  } catch {
    return false;
  }
}

export const publicProcedure = t.procedure.meta({ access: 'public' }).use(base);

export const protectedProcedure = publicProcedure.meta({ access: 'user' }).use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: AUTH_MESSAGES.unauthorized });
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

/**
 * A staff procedure: the caller's role must hold `permission` (shared/src/permissions.ts; the
 * role was read from the database when the session was validated for this request). A
 * mutation runs in one audited transaction (audit/audit-context.ts): every row it changes
 * leaves an audit entry, or none does.
 */
export const staffProcedure = (permission: Permission) =>
  protectedProcedure.meta({ access: 'staff', permission }).use(({ ctx, type, path, next }) => {
    if (!can(ctx.user.role, permission)) throw new TRPCError({ code: 'FORBIDDEN', message: AUTH_MESSAGES.forbidden });
    if (type !== 'mutation') return next({ ctx });
    const actor = { userId: ctx.user.id, role: ctx.user.role, action: path, ip: ctx.ip, userAgent: ctx.userAgent };
    return runAudited(ctx.db, actor, (tx) => next({ ctx: { ...ctx, db: tx } }));
  });
