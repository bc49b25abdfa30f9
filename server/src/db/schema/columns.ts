import { bigint, integer, numeric, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { outboxStatusEnum } from './enums';

/** Money: integer USD cents (`*_usd_cents`) or Bs. céntimos (`*_ves_cents`), never a decimal (docs/decisions/005). */
export const cents = (name: string) => bigint(name, { mode: 'number' });
/** Weights in kg and other measured quantities. */
export const measure = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** A row's own id: a random uuid. */
export const uuidPk = () => uuid('id').primaryKey().defaultRandom();

/**
 * A required link to another row (a uuid column). Each link says what deleting that row does:
 * takes this one with it (`cascade`) or is refused while this one exists (`restrict`).
 */
export const requiredRef = <N extends string>(name: N, target: () => AnyPgColumn, onDelete: 'cascade' | 'restrict') =>
  uuid(name).notNull().references(target, { onDelete });

/**
 * What every outbox row carries for its delivery (lib/outbox-delivery.ts): its state, the attempts
 * and the next one, the lease of the server sending it, the provider's answer, and the order rows
 * were written in (creation order, also within one transaction), in which each recipient's rows go out.
 */
export const outboxDeliveryColumns = () => ({
  status: outboxStatusEnum('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
  lockedUntil: timestamptz('locked_until'),
  lastError: text('last_error'),
  /** The provider's id for what it accepted (unused by webhooks: the generic worker sets it). */
  providerId: text('provider_id'),
  sentAt: timestamptz('sent_at'),
  createdAt: createdAt(),
  queuePosition: bigint('queue_position', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
});
