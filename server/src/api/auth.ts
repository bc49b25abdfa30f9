// Who calls the public API (docs/product/public-api.md#keys): the key in `Authorization: Bearer`,
// looked up by its SHA-256, counted against its own per-minute limit in the database (shared by
// every instance, docs/decisions/007), its scope checked, its last use recorded. A write runs
// in one audited transaction that names the key (audit/audit-context.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { API_KEY_MESSAGES } from '@casillero/shared';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { hitLimits, type WindowUsage } from '../auth/rate-limit';
import { setAuditContext } from '../audit/audit-context';
import { clientAddress, type HopTrust } from '../lib/client-address';
import { DomainError } from '../lib/domain-error';
import { findApiKey, type ApiKeyHolder } from '../queries/api-keys';
import { touchApiKey } from '../services/api-keys';

export type ApiCaller = ApiKeyHolder & { ip: string; userAgent: string | null; requestId: string };

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const MINUTE_MS = 60_000;

/** The name of the per-key quota in the RateLimit fields (docs/product/public-api.md#limits). */
export const RATE_LIMIT_POLICY = 'minuto';

/**
 * The IETF RateLimit fields of a key's answer, whatever its status: the quota (`q` calls in `w`
 * seconds) and what is left of it (`r` calls, the next one freed in `t` seconds).
 */
function setRateLimitFields(reply: FastifyReply, usage: WindowUsage) {
  const seconds = Math.ceil(usage.resetMs / 1000);
  reply
    .header('ratelimit-policy', `"${RATE_LIMIT_POLICY}";q=${usage.max};w=${usage.windowMs / 1000}`)
    .header('ratelimit', `"${RATE_LIMIT_POLICY}";r=${Math.max(0, usage.max - usage.used)};t=${seconds}`);
}

/** A 401 says how to authenticate (RFC 6750): a bearer key; `invalid_token` when the one sent is not valid. */
function refuseUnauthenticated(reply: FastifyReply, message: string, sentAKey: boolean): never {
  reply.header('www-authenticate', `Bearer realm="api"${sentAKey ? ', error="invalid_token"' : ''}`);
  throw new DomainError('UNAUTHENTICATED', message);
}

/** The key's holder, or a refusal: no key, an unknown or revoked one, its limit reached, a read-only key writing. */
export async function authenticateApiKey(
  req: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  config: Pick<Config, 'apiKeyRequestsPerMinute'>,
  trust: HopTrust,
  need: 'read' | 'write',
): Promise<ApiCaller> {
  const header = req.headers.authorization;
  const secret = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
  if (!secret) return refuseUnauthenticated(reply, API_KEY_MESSAGES.missingKey, typeof header === 'string');
  const holder = secret.length <= 200 ? await findApiKey(db, secret) : null;
  if (!holder) return refuseUnauthenticated(reply, API_KEY_MESSAGES.invalidKey, true);

  const hit = await hitLimits(db, [
    {
      key: `api-key:${holder.keyId}`,
      max: config.apiKeyRequestsPerMinute,
      windowMs: MINUTE_MS,
      message: () => '',
    },
  ]);
  setRateLimitFields(reply, hit.usage[0]!);
  if (hit.exceeded) {
    const seconds = Math.max(1, Math.ceil(hit.exceeded.retryAfterMs / 1000));
    throw new DomainError('TOO_MANY', API_KEY_MESSAGES.tooManyRequests(seconds), { retryAfter: seconds });
  }
  if (need === 'write' && holder.scope !== 'read_write') {
    throw new DomainError('FORBIDDEN', API_KEY_MESSAGES.readOnlyKey);
  }
  const ip = clientAddress(req.raw, trust);
  await touchApiKey(db, holder.keyId, ip);
  const userAgent = typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null;
  return { ...holder, ip, userAgent, requestId: req.id };
}

/**
 * A write through the API: one transaction whose every audited row change names the key's owner
 * and `action`, plus one entry for the key's use itself (entity api_keys, operation api_write),
 * so the audit log answers "what did this key do". A failure rolls back the change and the entry.
 */
export async function runApiWrite<T>(db: Db, caller: ApiCaller, action: string, run: (tx: Db) => Promise<T>) {
  return db.transaction(async (tx) => {
    await setAuditContext(tx, {
      userId: caller.userId,
      role: caller.role,
      action,
      ip: caller.ip,
      userAgent: caller.userAgent,
      requestId: caller.requestId,
    });
    const result = await run(tx as unknown as Db);
    await tx.execute(sql`
      insert into audit_log (actor_id, actor_role, action, entity, entity_id, operation, before, after, ip, user_agent, request_id)
      values (${caller.userId}::uuid, ${caller.role}, ${action}, 'api_keys', ${caller.keyId}, 'api_write', null,
              ${JSON.stringify({ scope: caller.scope })}::jsonb, ${caller.ip}, ${caller.userAgent}, ${caller.requestId})`);
    return result;
  });
}
