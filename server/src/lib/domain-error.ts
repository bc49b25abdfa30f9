// The one error the app's own code throws when it refuses something a person should be told
// about (docs/decisions/022): services, queries, auth, files, jobs and the live stream know no
// transport, so they say WHAT went wrong (a code from the short list below) and WHY, in Spanish
// (a message from @casillero/shared). Each transport maps it once: tRPC in trpc/errors.ts, the
// plain Fastify routes in http/errors.ts. Anything else thrown is unexpected: logged, and shown
// only as the generic message in production.

/** What went wrong, as a caller can act on it. */
export const DOMAIN_ERROR_CODES = [
  /** The input cannot be used as it is (a refused file, a value out of range, a wrong state to ask it in). */
  'BAD_INPUT',
  /** Not signed in, or the credentials are wrong. */
  'UNAUTHENTICATED',
  /** Signed in, but not allowed to do this. */
  'FORBIDDEN',
  /** No such thing, or not the caller's to see. */
  'NOT_FOUND',
  /** It clashes with what exists or what happened meanwhile (taken, already processed). */
  'CONFLICT',
  /** Too big to take (a photo over the limit). */
  'PAYLOAD_TOO_LARGE',
  /** Too many attempts: try again after `retryAfter` seconds. */
  'TOO_MANY',
  /** Not now, try again shortly (the server is restarting). */
  'SERVICE_UNAVAILABLE',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export type DomainErrorOptions = {
  /** What a caller may read besides the message, e.g. every error of a refused file. */
  details?: Readonly<Record<string, unknown>>;
  /** For TOO_MANY: seconds until the attempt may be made again. */
  retryAfter?: number;
  /** The error that led to this one (a unique violation), for the logs. */
  cause?: unknown;
};

export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly details?: Readonly<Record<string, unknown>>;
  readonly retryAfter?: number;

  constructor(
    readonly code: DomainErrorCode,
    /** In Spanish, as the person reads it. */
    message: string,
    { details, retryAfter, cause }: DomainErrorOptions = {},
  ) {
    super(message, cause === undefined ? undefined : { cause });
    if (details !== undefined) this.details = details;
    if (retryAfter !== undefined) this.retryAfter = retryAfter;
  }
}
