import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { userRoleEnum } from './enums';
import { allies } from './allies';
import { createdAt, requiredRef, timestamptz, updatedAt, uuidPk } from './columns';

export const users = pgTable(
  'users',
  {
    id: uuidPk(),
    /** Stored lower-cased; unique case-insensitively through the index below. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: userRoleEnum('role').notNull().default('user'),
    emailVerifiedAt: timestamptz('email_verified_at'),
    /** Refreshed at most once a day by any signed-in request (auth/session.ts); "active users" are those seen in the last 30 days. */
    lastActiveAt: timestamptz('last_active_at'),
    /** A staff member's last successful sign-in (the staff screen shows it). */
    lastSignInAt: timestamptz('last_sign_in_at'),
    /** Set when staff access is taken away: sign-in is refused and every session ends. */
    deactivatedAt: timestamptz('deactivated_at'),
    /**
     * The ally (docs/product/allies.md) a customer belongs to, or whose portal an 'aliado' user
     * signs in to; null for everyone else.
     */
    allyId: uuid('ally_id').references(() => allies.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_role_idx').on(t.role),
    index('users_created_at_idx').on(t.createdAt),
    index('users_last_active_at_idx').on(t.lastActiveAt),
    index('users_ally_id_idx').on(t.allyId),
  ],
);

/** Lucia-style sessions: the id is the SHA-256 (hex) of the random token kept in the cookie. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    expiresAt: timestamptz('expires_at').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** A table of one-time tokens of a user's, stored hashed (the id is the hash). */
const userTokenTable = <N extends string>(name: N) =>
  pgTable(
    name,
    {
      id: text('id').primaryKey(),
      userId: requiredRef('user_id', () => users.id, 'cascade'),
      expiresAt: timestamptz('expires_at').notNull(),
      createdAt: createdAt(),
    },
    (t) => [index(`${name}_user_id_idx`).on(t.userId)],
  );

/** One-time tokens: e-mail verification, password reset and sign-in links. */
export const emailVerificationTokens = userTokenTable('email_verification_tokens');
export const passwordResetTokens = userTokenTable('password_reset_tokens');
/** One-time sign-in links by e-mail (SIGN_IN_LINK_TTL_MINUTES). */
export const signInLinkTokens = userTokenTable('sign_in_link_tokens');

/** The /admin-setup token (docs/product/product-decisions.md#d1-no-open-admin-creation), hashed; lives only while no admin exists. */
export const adminSetupTokens = pgTable('admin_setup_tokens', {
  id: text('id').primaryKey(),
  expiresAt: timestamptz('expires_at').notNull(),
  createdAt: createdAt(),
});

/**
 * Throttling events (sign-in failures, reset requests, sign-ups), counted per key
 * (e-mail or IP) in a sliding window. In the database so that every instance shares them.
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_events_key_created_at_idx').on(t.key, t.createdAt)],
);

export const userProfiles = pgTable(
  'user_profiles',
  {
    id: uuidPk(),
    userId: uuid('user_id')
      .notNull()
      .unique('user_profiles_user_id_key')
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: varchar('full_name', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    cedula: varchar('cedula', { length: 255 }),
    venezuelaAddress: varchar('venezuela_address', { length: 255 }),
    venezuelaCity: varchar('venezuela_city', { length: 255 }),
    venezuelaState: varchar('venezuela_state', { length: 255 }),
    /** Configuración: whether status e-mails are sent (account e-mails always are). */
    emailNotifications: boolean('email_notifications').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('user_profiles_full_name_idx').on(t.fullName),
    index('user_profiles_full_name_trgm_idx').using('gin', sql`${t.fullName} gin_trgm_ops`),
    index('user_profiles_cedula_trgm_idx').using('gin', sql`${t.cedula} gin_trgm_ops`),
    index('user_profiles_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
  ],
);
