// The only initTRPC: every procedure is visibly public, signed-in or admin.
import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { ZodError } from 'zod';
import {
  AUTH_MESSAGES,
  GENERIC_MESSAGES,
  HTTP_MESSAGES,
  can,
  httpStatusMessage,
  type Permission,
} from '@casillero/shared';
import { runAudited } from '../audit/audit-context';
import { isForeignOrigin } from '../auth/request-origin';
import { DomainError } from '../lib/domain-error';
import type { Context } from './context';
import { fromDomainError, isAsyncIterable, withDomainErrors } from './errors';
import { containsNulChar } from '../lib/nul-char';

/**
 * Who may call a procedure; set by the base procedures below and read by the access-matrix
 * test: anyone, any signed-in user, or staff holding the procedure's permission.
 */
export type Access = 'public' | 'user' | 'staff';
export type Meta = { access: Access; permission?: Permission };

/** Codes only tRPC raises (the app never does): answered with the Spanish message of their status. */
const TRPC_ONLY_CODES = new Set<TRPC_ERROR_CODE_KEY>([
  'PARSE_ERROR',
  'METHOD_NOT_SUPPORTED',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'UNPROCESSABLE_CONTENT',
  'NOT_IMPLEMENTED',
]);

/**
 * tRPC's own refusals under codes the app uses too, by their English text (raised before a
 * procedure runs, or while reading its input). The hardening test reads every message in
 * tRPC's build, so an upgrade that adds one fails there.
 */
const TRPC_REFUSALS: [RegExp, string][] = [
  [/^No procedure found on path |^No "\w+"-procedure on path /, HTTP_MESSAGES.procedureNotFound],
  [/^Cannot mix procedure types/, HTTP_MESSAGES.mixedBatch],
  [
    /^"input" needs to be an object when doing a batch call$|^Invalid input$|^Invalid URL|^Batch call exceeds maximum size$|^Batching is not enabled|^Streaming requests must be batched|^Cannot batch subscription calls$|^Duplicate id /,
    HTTP_MESSAGES.badRequest,
  ],
];

/** What a person reads for an error: the app's own Spanish message, or a Spanish one in place of tRPC's. */
function publicMessage(error: TRPCError, httpStatus: number): string {
  // Unexpected errors (an output that fails its schema included) never show their internals.
  if (error.code === 'INTERNAL_SERVER_ERROR') return GENERIC_MESSAGES.internal;
  // The app's own refusal (mapped by the base procedure): its Spanish message as it is.
  if (error.cause instanceof DomainError) return error.message;
  // Validation: the base procedure already put the first field's Spanish message here.
  if (error.cause instanceof ZodError) return error.message;
  // An input tRPC could not read (JSON, form data): it copies the parser's English words.
  if (error.code === 'BAD_REQUEST' && error.cause instanceof Error && error.message === error.cause.message) {
    return GENERIC_MESSAGES.invalidInput;
  }
  if (TRPC_ONLY_CODES.has(error.code)) return httpStatusMessage(httpStatus);
  return TRPC_REFUSALS.find(([english]) => english.test(error.message))?.[1] ?? error.message;
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // Stacks help in development; the formatter drops them in production.
    isDev: true,
    errorFormatter({ shape, error, ctx }) {
      const zod = error.cause instanceof ZodError && error.code !== 'INTERNAL_SERVER_ERROR' ? error.cause : null;
      // Validation answers add every field's message for forms (not an output's: that is ours).
      const fieldErrors = zod ? Object.fromEntries(zod.issues.map((i) => [i.path.join('.'), i.message])) : undefined;
      // Only a context that says "not production" shows the stack: an error raised before the
      // context exists (a bad content type, an unknown procedure) has no config to ask.
      const stack = ctx && !ctx.config.isProduction ? shape.data.stack : undefined;
      return {
        ...shape,
        message: publicMessage(error, shape.data.httpStatus),
        data: { ...shape.data, stack, fieldErrors },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * Every procedure: refuses cookie-authenticated mutations sent from another site (login
 * CSRF included), turns an input validation failure into its first Spanish message, so
 * HTTP clients and `createCaller` see the same text, and answers a domain error (thrown by a
 * procedure, or by a subscription's stream) with its own code and message (errors.ts).
 */
const base = t.middleware(async ({ ctx, type, getRawInput, next }) => {
  if (type === 'mutation' && isForeignOrigin(ctx, ctx.config.allowedOrigins)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: AUTH_MESSAGES.foreignOrigin });
  }
  // PostgreSQL cannot hold U+0000 in text: refused here, as invalid input, before any query.
  // An input that cannot be read is left to the procedure's own parsing, which answers it as before.
  const raw = await getRawInput().catch(() => undefined);
  if (containsNulChar(raw)) throw new TRPCError({ code: 'BAD_REQUEST', message: GENERIC_MESSAGES.invalidInput });
  const result = await next();
  if (result.ok) return isAsyncIterable(result.data) ? { ...result, data: withDomainErrors(result.data) } : result;
  if (result.error.cause instanceof ZodError) {
    result.error.message = result.error.cause.issues[0]?.message ?? GENERIC_MESSAGES.invalidInput;
  }
  return { ...result, error: fromDomainError(result.error) };
});

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

/**
 * A signed-in user's mutation whose every row change must be in the audit log with the person
 * who made it (a customer's claim: docs/product/claims.md): one audited transaction, as a staff
 * mutation's. Access stays 'user'.
 */
export const auditedUserProcedure = protectedProcedure.use(({ ctx, type, path, next }) => {
  if (type !== 'mutation') return next({ ctx });
  const actor = { userId: ctx.user.id, role: ctx.user.role, action: path, ip: ctx.ip, userAgent: ctx.userAgent };
  return runAudited(ctx.db, actor, (tx) => next({ ctx: { ...ctx, db: tx } }));
});
