// The domain error as tRPC answers it (docs/decisions/022): the one place that turns a
// DomainError into a TRPCError, with the code its refusal has always had and the same Spanish
// message. The base procedure (init.ts) applies it to every procedure's failure, and to a
// subscription's stream while it runs; the context's creation (the session lookup) goes through
// it too. A database that cannot be reached is SERVICE_UNAVAILABLE (lib/database-errors.ts).
import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { asDomainError } from '../lib/database-errors';
import type { DomainError, DomainErrorCode } from '../lib/domain-error';

export const TRPC_CODE: Readonly<Record<DomainErrorCode, TRPC_ERROR_CODE_KEY>> = {
  BAD_INPUT: 'BAD_REQUEST',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY: 'TOO_MANY_REQUESTS',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

/** The TRPCError for a domain error, which stays its cause (and lends it its stack). */
export function toTRPCError(error: DomainError): TRPCError {
  const mapped = new TRPCError({ code: TRPC_CODE[error.code], message: error.message, cause: error });
  if (error.stack) mapped.stack = error.stack;
  return mapped;
}

/**
 * A procedure's failure as tRPC should answer it: tRPC wraps whatever a procedure throws in an
 * INTERNAL_SERVER_ERROR whose cause is the thrown value; a domain error gets its own code back.
 */
export function fromDomainError(error: TRPCError): TRPCError {
  if (error.code !== 'INTERNAL_SERVER_ERROR') return error;
  const domain = asDomainError(error.cause);
  return domain ? toTRPCError(domain) : error;
}

/**
 * What a step outside any procedure threw (creating the context), as tRPC should answer it: a
 * domain error or an unreachable database under its own code, anything else as it is.
 */
export function toTRPCErrorFromUnknown(cause: unknown): unknown {
  if (cause instanceof TRPCError) return fromDomainError(cause);
  const domain = asDomainError(cause);
  return domain ? toTRPCError(domain) : cause;
}

/** A subscription's (or streamed query's) values, with a domain error that ends them mapped. */
export async function* withDomainErrors<T>(source: AsyncIterable<T>): AsyncGenerator<T, unknown, undefined> {
  try {
    return yield* source;
  } catch (error) {
    const domain = asDomainError(error);
    throw domain ? toTRPCError(domain) : error;
  }
}

export function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
