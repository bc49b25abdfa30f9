// PostgreSQL's error fields, read the same through either driver: drizzle wraps the driver's
// error, so the fields may sit on any error of the `cause` chain.
import { GENERIC_MESSAGES, SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS } from '@casillero/shared';
import { DomainError } from './domain-error';

type DatabaseErrorFields = { code?: unknown; constraint_name?: unknown; constraint?: unknown; cause?: unknown };

/** The error and each of its causes, as far as they are objects. */
function* causeChain(err: unknown): Generator<DatabaseErrorFields> {
  for (let e = err; typeof e === 'object' && e !== null; e = (e as DatabaseErrorFields).cause) {
    yield e as DatabaseErrorFields;
  }
}

/** Postgres unique_violation (23505), on the given constraint when one is named. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (const e of causeChain(err)) {
    if (e.code === '23505' && (!constraint || e.constraint_name === constraint || e.constraint === constraint)) {
      return true;
    }
  }
  return false;
}

/** Deadlocks (40P01) and serialization failures (40001): another transaction won the race. */
export function isConcurrencyFailure(err: unknown): boolean {
  for (const e of causeChain(err)) if (e.code === '40P01' || e.code === '40001') return true;
  return false;
}

/**
 * The database cannot be reached: the connection was refused, dropped, timed out or ended
 * (postgres.js's CONNECTION_* and CONNECT_TIMEOUT, the socket's ECONNREFUSED and its kin), the
 * server is shutting down or starting (SQLSTATE 57P01–57P03, class 08), or the embedded PGlite is
 * closed. Nothing the caller did: it may simply try again in a few seconds.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (const e of causeChain(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNREACHABLE_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)) return true;
    if (e instanceof Error && /^PGlite is clos(ed|ing)$/.test(e.message)) return true;
  }
  return false;
}

const UNREACHABLE_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);

/**
 * What a transport answers for an error (docs/decisions/022): a domain error as it is, a database
 * that cannot be reached as SERVICE_UNAVAILABLE with the Spanish "try again in a few seconds" and
 * its Retry-After, anything else null (unexpected). The one place that decides it, used by the
 * tRPC and the HTTP mappings alike.
 */
export function asDomainError(err: unknown): DomainError | null {
  if (err instanceof DomainError) return err;
  if (isDatabaseUnreachable(err)) {
    return new DomainError('SERVICE_UNAVAILABLE', GENERIC_MESSAGES.serviceUnavailable, {
      retryAfter: SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS,
      cause: err,
    });
  }
  return null;
}
