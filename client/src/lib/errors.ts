// Turns whatever a call threw into the Spanish text to show. The server already answers
// with Spanish messages; only a failure to reach it needs a text of our own.
import { TRPCClientError } from '@trpc/client';
import { AUTH_MESSAGES, GENERIC_MESSAGES } from '@casillero/shared';

/**
 * True when no usable answer came back from the server: the fetch itself failed (offline,
 * refused, DNS) or what came back was not a tRPC answer (a proxy's error page). Either way
 * a tRPC error always carries a shape, so its absence is the test.
 */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof TRPCClientError) return !error.shape;
  return error instanceof TypeError;
}

/**
 * True when the server answered that it cannot serve right now (503: its database cannot be
 * reached, a restart): nothing is wrong with what was asked, it works again in a few seconds.
 */
export function isServiceUnavailable(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const data = error.data as { code?: string; httpStatus?: number } | undefined;
  return data?.code === 'SERVICE_UNAVAILABLE' || data?.httpStatus === 503;
}

/** A failure that trying again later mends: no connection, or the server momentarily unavailable. */
export function isTemporaryFailure(error: unknown): boolean {
  return isNetworkError(error) || isServiceUnavailable(error);
}

/** The message to show for an error, or the fallback when the server said nothing. */
export function getErrorMessage(error: unknown, fallback: string = GENERIC_MESSAGES.internal): string {
  if (!error) return fallback;
  if (isNetworkError(error)) return AUTH_MESSAGES.connectionError;
  if (error instanceof TRPCClientError) {
    const message = error.message.trim();
    return message || fallback;
  }
  return fallback;
}

/** Per-field validation messages the server attached to a BAD_REQUEST answer. */
export function getFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const fieldErrors = (error.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors;
  return fieldErrors && typeof fieldErrors === 'object' ? fieldErrors : {};
}

/** The tRPC error code of an answer ('UNAUTHORIZED', 'FORBIDDEN', ...), if any. */
export function getErrorCode(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  return (error.data as { code?: string } | undefined)?.code;
}
