// Keys of the public API (docs/product/public-api.md#keys): the owner's list, and the look-up of
// a key presented to the API. Own rows only; the secret's hash never leaves this file.
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { apiKeys, users } from '../db/schema';
import { hashToken } from '../auth/tokens';

/** The person's active keys, newest first: name, scope, prefix and last use (never the secret). */
export async function listOwnApiKeys(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scope: apiKeys.scope,
      visiblePrefix: apiKeys.visiblePrefix,
      lastUsedAt: apiKeys.lastUsedAt,
      lastUsedIp: apiKeys.lastUsedIp,
      createdAt: apiKeys.createdAt,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map((r) => ({
    ...r,
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

export type ApiKeyHolder = {
  keyId: string;
  scope: 'read' | 'read_write';
  userId: string;
  role: string;
};

/**
 * The active key whose SHA-256 matches, with its owner; null for an unknown, revoked key or one
 * whose owner was deactivated. One indexed look-up by the hash (a unique index).
 */
export async function findApiKey(db: DbOrTx, secret: string): Promise<ApiKeyHolder | null> {
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      scope: apiKeys.scope,
      userId: apiKeys.userId,
      role: users.role,
      revokedAt: apiKeys.revokedAt,
      deactivatedAt: users.deactivatedAt,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.secretHash, hashToken(secret)));
  if (!row || row.revokedAt || row.deactivatedAt) return null;
  return { keyId: row.keyId, scope: row.scope, userId: row.userId, role: row.role };
}
