// The last mile (docs/product/last-mile.md): a customer's recipients and the agencies where a
// shipment can be collected. A shipment names one recipient and, for pickup, one agency.
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { agencyKindEnum } from './enums';
import { createdAt, timestamptz, updatedAt, uuidPk } from './columns';
import { customerOwned } from './owned';

/**
 * A person a customer ships to, kept in the customer's address book. The account holder is one
 * of them (the default); an authorised person may also collect the customer's shipments.
 */
export const recipients = pgTable(
  'recipients',
  {
    ...customerOwned('cascade'),
    fullName: text('full_name').notNull(),
    /** Normalised ('V-12345678', 'J-12345678-9', 'P-AB123456'); null only on rows migrated from free text. */
    idDocument: text('id_document'),
    /** E.164 (+584141234567); null only on rows migrated from free text. */
    phone: text('phone'),
    state: text('state').notNull(),
    municipality: text('municipality').notNull().default(''),
    city: text('city').notNull(),
    address: text('address').notNull(),
    reference: text('reference').notNull().default(''),
    /** The account holder's own entry: the default recipient. One per customer. */
    isAccountHolder: boolean('is_account_holder').notNull().default(false),
    /** May collect the customer's shipments at an agency. */
    isAuthorized: boolean('is_authorized').notNull().default(false),
    /** Removed from the address book; kept for the shipments that name it. */
    archivedAt: timestamptz('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('recipients_user_id_idx').on(t.userId),
    uniqueIndex('recipients_account_holder_key').on(t.userId).where(sql`${t.isAccountHolder}`),
  ],
);

/** A counter where shipments can be collected: a partner carrier's office or one of ours. */
export const agencies = pgTable(
  'agencies',
  {
    id: uuidPk(),
    kind: agencyKindEnum('kind').notNull(),
    /** The carrier's name for partner agencies (MRW, Zoom, Tealca, Domesa); ours for our offices. */
    carrier: text('carrier').notNull(),
    /** The carrier's office code, unique (upper-cased). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    state: text('state').notNull(),
    city: text('city').notNull(),
    address: text('address').notNull(),
    hours: text('hours').notNull().default(''),
    phone: text('phone').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('agencies_code_key').on(t.code), index('agencies_state_city_idx').on(t.state, t.city)],
);
