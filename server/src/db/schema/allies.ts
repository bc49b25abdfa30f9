// Allies (aliados, docs/product/allies.md): shops and agents who sell mailboxes to their own
// customers. An ally has a prefix its customers' mailbox codes carry and a price adjustment in
// basis points on the price in effect. Its login (role 'aliado') and its customers point at it
// through users.ally_id.
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPk } from './columns';

export const allies = pgTable(
  'allies',
  {
    id: uuidPk(),
    name: varchar('name', { length: 120 }).notNull(),
    /** 2–4 uppercase letters; the customers' codes start with it and a hyphen (AB-MV-19487-01234). */
    prefix: varchar('prefix', { length: 4 }).notNull(),
    /** Basis points on the price in effect: −5000 is a 50 % discount, 10000 a 100 % markup. */
    priceAdjustmentBp: integer('price_adjustment_bp').notNull().default(0),
    contactEmail: text('contact_email').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('allies_prefix_key').on(t.prefix),
    check('allies_prefix_format', sql`${t.prefix} ~ '^[A-Z]{2,4}$'`),
    check('allies_price_adjustment_range', sql`${t.priceAdjustmentBp} between -5000 and 10000`),
  ],
);
