// Keys of the public API (docs/product/public-api.md#keys), a customer's or an ally's: created
// with a name and a scope, shown once, kept as their SHA-256; revoked for good. Both are audited by hand (the
// entry leaves the hash out: secrets never enter the log), inside the audited transaction of
// the procedure (trpc auditedUserProcedure).
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import {
  API_KEY_MAX_ACTIVE,
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEY_VISIBLE_CHARS,
  isStaffRole,
  type UserRole,
  type apiKeyCreateInput,
  type z,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { apiKeys } from '../db/schema';
import { generateToken, hashToken } from '../auth/tokens';
import { writeAuditEntry } from '../audit/audit-context';
import { DomainError } from '../lib/domain-error';

type CreateInput = z.output<typeof apiKeyCreateInput>;

/** A new key: `csk_` and 160 random bits (base32), as a session token is made. */
export function newApiKeySecret(): string {
  return `${API_KEY_PREFIX}${generateToken()}`;
}

/**
 * A customer's key answers with its owner's data; an ally's login's key with its own customers'
 * (docs/product/public-api.md#an-allys-keys). Other staff hold none.
 */
export async function createApiKey(db: DbOrTx, user: { id: string; role: UserRole }, input: CreateInput) {
  if (isStaffRole(user.role) && user.role !== 'aliado')
    throw new DomainError('FORBIDDEN', API_KEY_MESSAGES.staffNoKeys);
  const [active] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, user.id), isNull(apiKeys.revokedAt)));
  if (Number(active.n) >= API_KEY_MAX_ACTIVE) throw new DomainError('CONFLICT', API_KEY_MESSAGES.tooManyKeys);
  const key = newApiKeySecret();
  const [row] = await db
    .insert(apiKeys)
    .values({
      userId: user.id,
      name: input.name,
      scope: input.scope,
      visiblePrefix: key.slice(0, API_KEY_VISIBLE_CHARS),
      secretHash: hashToken(key),
    })
    .returning({ id: apiKeys.id, name: apiKeys.name, scope: apiKeys.scope, visiblePrefix: apiKeys.visiblePrefix });
  await writeAuditEntry(db, {
    entity: 'api_keys',
    entityId: row.id,
    operation: 'insert',
    before: null,
    after: { name: row.name, scope: row.scope, visible_prefix: row.visiblePrefix },
  });
  return { id: row.id, key, message: API_KEY_MESSAGES.created };
}

export async function revokeApiKey(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id, name: apiKeys.name, revokedAt: apiKeys.revokedAt });
  if (!row) throw new DomainError('NOT_FOUND', API_KEY_MESSAGES.notFound);
  await writeAuditEntry(db, {
    entity: 'api_keys',
    entityId: row.id,
    operation: 'update',
    before: { revoked_at: null },
    after: { revoked_at: row.revokedAt!.toISOString() },
  });
  return { message: API_KEY_MESSAGES.revoked };
}

/** How often the last use is written: once a minute per key at most, not on every request. */
const TOUCH_EVERY_MS = 60_000;

/** Records the key's last use (when and from where), at most once a minute. */
export async function touchApiKey(db: DbOrTx, keyId: string, ip: string | null) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date(), lastUsedIp: ip })
    .where(
      and(
        eq(apiKeys.id, keyId),
        or(
          isNull(apiKeys.lastUsedAt),
          lt(apiKeys.lastUsedAt, sql`now() - ${`${TOUCH_EVERY_MS} milliseconds`}::interval`),
        ),
      ),
    );
}
