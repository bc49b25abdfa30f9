// What the real adapters share (docs/product/first-mile-providers.md): one JSON request through
// the global fetch with a deadline, a thrown error carrying the provider's answer (the caller
// counts the request and retries later), and the digests that stand in for ids a provider omits.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { TrackingProviderName } from '@casillero/shared';

/** A provider's request that did not succeed: its HTTP status (0: no answer) and its own code, if any. */
export class TrackingProviderError extends Error {
  constructor(
    readonly provider: TrackingProviderName,
    /** The HTTP status, or 0 when there was no answer (timeout, network). */
    readonly status: number,
    message: string,
    /** The provider's own error code inside a 200 answer (17TRACK's negative codes). */
    readonly providerCode: number | string | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TrackingProviderError';
  }
}

export const PROVIDER_TIMEOUT_MS = 15_000;

/**
 * Sends one request and reads its JSON answer. Any status outside 2xx, a timeout or an answer
 * that is not JSON throws a TrackingProviderError; the body of a refusal is kept in the message
 * (cut short), never the request's credentials.
 */
export async function requestJson(
  provider: TrackingProviderName,
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown; timeoutMs?: number },
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: { accept: 'application/json', ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    throw new TrackingProviderError(provider, 0, `${provider}: sin respuesta (${(error as Error).name})`, null, {
      cause: error,
    });
  }
  const text = await res.text();
  if (!res.ok) {
    throw new TrackingProviderError(provider, res.status, `${provider} respondió ${res.status}: ${text.slice(0, 200)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new TrackingProviderError(provider, res.status, `${provider} respondió algo que no es JSON`, null, {
      cause: error,
    });
  }
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * The id of an event the provider gives none for: the same number, instant and text always give
 * the same id, so the event polled and the same event pushed by a webhook are stored once.
 */
export function digestEventId(trackingNumber: string, occurredAt: Date, description: string): string {
  return sha256Hex(`${trackingNumber}\n${occurredAt.toISOString()}\n${description}`);
}

/**
 * Each event once: a provider may list the same scan twice (under two of its sources, or
 * repeated by the carrier), which would be one id twice in one update.
 */
export function oncePerId<T extends { eventId: string }>(events: T[]): T[] {
  const seen = new Set<string>();
  return events.filter((e) => {
    if (seen.has(e.eventId)) return false;
    seen.add(e.eventId);
    return true;
  });
}

/**
 * Compares two secrets without telling, by its duration, how much of them matched: their digests
 * have the same length whatever the secrets' lengths, as timingSafeEqual needs.
 */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/** A JSON object (not an array, not null), or null. */
export function asObject(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** A string with something in it, trimmed, or null. */
export function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** A JSON body, or null when it is not JSON. */
export function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}
