import { bigint, numeric, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

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
