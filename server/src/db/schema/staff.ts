// Staff (docs/product/product-decisions.md#d13-staff-have-roles, docs/decisions/013): invitations to join with a role, and the audit log
// that every staff change writes in its own transaction. The log is append-only: the
// database refuses UPDATE, DELETE and TRUNCATE on it (triggers in migration 0011).
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { userRoleEnum } from './enums';
import { createdAt, timestamptz } from './columns';
import { users } from './users';
import { allies } from './allies';

/** An invitation by e-mail, valid 72 h; the id is the SHA-256 (hex) of the token sent in the link. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: text('id').primaryKey(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    role: userRoleEnum('role').notNull(),
    /** The ally whose portal an invitation for the role 'aliado' opens (docs/product/allies.md). */
    allyId: uuid('ally_id').references(() => allies.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_invitations_email_idx').on(sql`lower(${t.email})`),
    index('staff_invitations_created_at_idx').on(t.createdAt.desc()),
  ],
);

/**
 * One change to one row, made by a staff member, or one staff sign-in. Written by the audit
 * triggers from the transaction's settings (who, role, action, IP, user agent, request), so no
 * code path can change an audited table as staff without leaving its entry.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    actorId: uuid('actor_id'),
    actorRole: text('actor_role').notNull(),
    /** The procedure that made the change ('packages.update'), or 'auth.signIn'. */
    action: text('action').notNull(),
    /** The table changed ('packages'), and the row's id. */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** 'insert' | 'update' | 'delete' | 'sign_in'. */
    operation: text('operation').notNull(),
    /** The changed fields' values before and after (whole rows for inserts and deletes). */
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Every entry of one request shares it. */
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_actor_created_at_idx').on(t.actorId, t.createdAt.desc(), t.id.desc()),
    index('audit_log_action_created_at_idx').on(t.action, t.createdAt.desc(), t.id.desc()),
    index('audit_log_entity_created_at_idx').on(t.entity, t.createdAt.desc(), t.id.desc()),
    index('audit_log_entity_id_idx').on(t.entity, t.entityId, t.createdAt.desc(), t.id.desc()),
  ],
);
