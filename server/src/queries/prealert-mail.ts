// The customer's side of pre-alerts from e-mail: their inbound address and their sender addresses.
// Every query filters by the owner.
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mailSenders } from '../db/schema';

export async function listOwnMailSenders(db: DbOrTx, userId: string) {
  return db
    .select({ id: mailSenders.id, email: mailSenders.email, createdAt: mailSenders.createdAt })
    .from(mailSenders)
    .where(eq(mailSenders.userId, userId))
    .orderBy(asc(mailSenders.createdAt));
}
