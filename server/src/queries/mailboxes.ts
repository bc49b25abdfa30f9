import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mailboxes } from '../db/schema';

export const mailboxColumns = {
  id: mailboxes.id,
  mailboxCode: mailboxes.mailboxCode,
  location: mailboxes.location,
  addressLine1: mailboxes.addressLine1,
  addressLine2: mailboxes.addressLine2,
  city: mailboxes.city,
  state: mailboxes.state,
  postalCode: mailboxes.postalCode,
  country: mailboxes.country,
  status: mailboxes.status,
  createdAt: mailboxes.createdAt,
};

/** The signed-in customer's own mailboxes. */
export function listOwnMailboxes(db: DbOrTx, userId: string) {
  return db.select(mailboxColumns).from(mailboxes).where(eq(mailboxes.userId, userId)).orderBy(asc(mailboxes.createdAt));
}
