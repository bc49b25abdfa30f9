// Retrying a create safely (docs/product/public-api.md#retrying-a-create): a POST that creates
// something may carry an `Idempotency-Key`. Its first answer is kept with the key for 24 hours,
// in the create's own transaction; the same key with the same request gets that answer again
// (`Idempotent-Replayed: true`) and creates nothing; the same key with another request is
// refused. Two calls with one key at once: the second waits on the unique index until the first
// commits, then replays its answer (or, if the first failed and rolled back, runs itself).
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { API_KEY_MESSAGES, IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_WINDOW_HOURS } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { apiIdempotentAnswers } from '../db/schema';
import { DomainError } from '../lib/domain-error';
import type { Endpoint } from './endpoints';

/** Every POST that writes creates something: it takes an Idempotency-Key. */
export const createsSomething = (e: Pick<Endpoint, 'method' | 'scope'>) => e.method === 'POST' && e.scope === 'write';

/** The header's value, checked: absent (no idempotency), or 1 to 255 visible ASCII characters. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header[0] : header;
  const key = value?.trim() ?? '';
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX || !/^[\x21-\x7e]+$/.test(key)) {
    throw new DomainError('BAD_INPUT', API_KEY_MESSAGES.idempotencyKeyInvalid);
  }
  return key;
}

/** The request a key stands for: the operation, the customer it answers for and the body. */
export const requestFingerprint = (operationId: string, customerId: string, body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify([operationId, customerId, body ?? null]))
    .digest('hex');

/**
 * Runs `create` once per (API key, Idempotency-Key) within the window, inside `tx` (the write's
 * transaction), keeping its JSON answer: a replay answers the kept one (its status is the
 * endpoint's own) without running `create`.
 */
export async function onceForKey(
  tx: DbOrTx,
  apiKeyId: string,
  key: string,
  fingerprint: string,
  create: () => Promise<unknown>,
): Promise<{ body: unknown; replayed: boolean }> {
  // A key's answers older than the window are forgotten: that key may be used again.
  await tx
    .delete(apiIdempotentAnswers)
    .where(
      and(
        eq(apiIdempotentAnswers.apiKeyId, apiKeyId),
        lt(apiIdempotentAnswers.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`),
      ),
    );
  // Claimed before the create runs: a second call with the key waits here until this one ends.
  const [claimed] = await tx
    .insert(apiIdempotentAnswers)
    .values({ apiKeyId, idempotencyKey: key, requestHash: fingerprint, body: {} })
    .onConflictDoNothing()
    .returning({ id: apiIdempotentAnswers.id });
  if (!claimed) {
    const [first] = await tx
      .select({ requestHash: apiIdempotentAnswers.requestHash, body: apiIdempotentAnswers.body })
      .from(apiIdempotentAnswers)
      .where(and(eq(apiIdempotentAnswers.apiKeyId, apiKeyId), eq(apiIdempotentAnswers.idempotencyKey, key)));
    if (!first) throw new DomainError('CONFLICT', API_KEY_MESSAGES.idempotencyKeyInFlight);
    if (first.requestHash !== fingerprint) throw new DomainError('CONFLICT', API_KEY_MESSAGES.idempotencyKeyReused);
    return { body: first.body, replayed: true };
  }
  const body = await create();
  await tx
    .update(apiIdempotentAnswers)
    .set({ body: body as object })
    .where(eq(apiIdempotentAnswers.id, claimed.id));
  return { body, replayed: false };
}
