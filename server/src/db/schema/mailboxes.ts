import { sql } from 'drizzle-orm';
import { index, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { mailboxCountryEnum, mailboxLocationEnum, mailboxStatusEnum } from './enums';
import { createdAt, updatedAt } from './columns';
import { customerOwned } from './owned';

/** The spec's "lockers" and "mailboxes" are one thing (docs/product/product-decisions.md#d5-one-concept-one-table). */
export const mailboxes = pgTable(
  'mailboxes',
  {
    ...customerOwned('restrict'),
    mailboxCode: text('mailbox_code').notNull().unique('mailboxes_mailbox_code_key'),
    location: mailboxLocationEnum('location').notNull(),
    addressLine1: text('address_line_1').notNull(),
    addressLine2: text('address_line_2'),
    city: text('city').notNull(),
    state: text('state'),
    postalCode: text('postal_code').notNull(),
    country: mailboxCountryEnum('country').notNull(),
    status: mailboxStatusEnum('status').notNull().default('inactive'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One mailbox per user per country (docs/product/product-decisions.md#d6-races-are-closed-by-the-database).
    unique('mailboxes_user_id_country_key').on(t.userId, t.country),
    index('mailboxes_status_idx').on(t.status),
    index('mailboxes_country_idx').on(t.country),
    index('mailboxes_mailbox_code_trgm_idx').using('gin', sql`${t.mailboxCode} gin_trgm_ops`),
  ],
);
