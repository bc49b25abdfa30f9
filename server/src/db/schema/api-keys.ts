// Keys of the public API (docs/product/public-api.md#keys): created and revoked by a customer in
// Configuración. Only the SHA-256 of the secret is kept (as sessions keep theirs), plus its first
// characters to name it in the list; a revoked key stays as a record of what it did.
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidPk } from './columns';
import { users } from './users';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuidPk(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'read' | 'read_write' (shared/src/public-api/messages.ts). */
    scope: text('scope', { enum: ['read', 'read_write'] }).notNull(),
    /** The key's first characters ('csk_ab12'), shown in the list so the person can tell keys apart. */
    visiblePrefix: text('visible_prefix').notNull(),
    /** SHA-256 of the whole key, hex: a leaked table grants nothing. */
    secretHash: text('secret_hash').notNull(),
    lastUsedAt: timestamptz('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash_key').on(t.secretHash),
    index('api_keys_user_idx').on(t.userId, t.createdAt.desc()).where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * What a key's POST answered under an Idempotency-Key (docs/product/public-api.md#retrying-a-create):
 * the same key and body within 24 hours get this answer again instead of a second create; the same
 * key with another body is refused. Written in the create's own transaction, so a create that
 * failed leaves nothing and may be retried.
 */
export const apiIdempotentAnswers = pgTable(
  'api_idempotent_answers',
  {
    id: uuidPk(),
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the operation and its body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    body: jsonb('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_idempotent_answers_key').on(t.apiKeyId, t.idempotencyKey),
    index('api_idempotent_answers_created_idx').on(t.createdAt),
  ],
);
