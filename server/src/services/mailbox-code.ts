import {
  MAILBOX_CODE_PREFIX,
  WAREHOUSE_ADDRESSES,
  type CasilleroType,
  CASILLERO_TYPE_TO_COUNTRY,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { mailboxes } from '../db/schema';

type AutoCountry = keyof typeof MAILBOX_CODE_PREFIX;

/**
 * Codes in the spec's formats (docs/product/admin-clients.md#mailbox-codes): MV-19487-NNNNN for USA, BJSNNNNNN for China,
 * from the last digits of the clock plus a random part. Uniqueness is the database's job.
 */
export function generateMailboxCode(country: AutoCountry, now = Date.now()): string {
  const random = Math.floor(Math.random() * 1000);
  if (country === 'USA') {
    const n = ((now % 100_000) + random * 97) % 100_000;
    return `${MAILBOX_CODE_PREFIX.USA}${String(n).padStart(5, '0')}`;
  }
  const n = ((now % 1_000_000) * 1000 + random) % 1_000_000;
  return `${MAILBOX_CODE_PREFIX.CHINA}${String(n).padStart(6, '0')}`;
}

export type NewMailbox = Omit<typeof mailboxes.$inferInsert, 'mailboxCode'> & { mailboxCode?: string };

/**
 * Inserts a mailbox, generating its code when none is given. A generated code that collides
 * is drawn again; a given code that collides returns null (the caller says the spec's text).
 * The one-mailbox-per-country constraint still raises, for the caller to translate.
 */
export async function insertMailbox(tx: DbOrTx, values: NewMailbox, codePrefix = '') {
  const given = values.mailboxCode;
  if (!given && values.country === 'OTHER') throw new Error('OTHER cannot be auto-generated');
  for (let attempt = 0; attempt < (given ? 1 : 20); attempt++) {
    // An ally's customer's code carries the ally's prefix (docs/product/allies.md): AB-MV-19487-01234.
    const mailboxCode =
      given ?? codePrefix + generateMailboxCode(values.country as AutoCountry, Date.now() + attempt * 7919);
    const [row] = await tx
      .insert(mailboxes)
      // Line 2 names the customer's code so the warehouse can tell whose parcel it is.
      .values({ addressLine2: `REF/APTO: ${mailboxCode}`, ...values, mailboxCode })
      .onConflictDoNothing({ target: mailboxes.mailboxCode })
      .returning();
    if (row) return row;
  }
  return null;
}

/** The warehouse address of a country, with line 2 naming the customer's code. */
export function warehouseAddressFor(type: CasilleroType) {
  const country = CASILLERO_TYPE_TO_COUNTRY[type];
  const a = WAREHOUSE_ADDRESSES[country];
  return {
    country,
    location: a.location,
    addressLine1: a.addressLine1,
    city: a.city,
    state: a.state,
    postalCode: a.postalCode,
  } as const;
}
