// The arms lists share in their searches: another table's matches as an init plan
// (`column = any(array(select …))`), so PostgreSQL ORs bitmap index scans (trigram GIN indexes
// on each text) instead of filtering every row of the list's table (decision 008).
import { ilike, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mailboxes, userProfiles, users } from '../db/schema';
import { foldedLike } from '../lib/search-text';

/** The row's customer (its user id column) by name (without accents or case), and by e-mail: two arms, each indexed. */
export function customerArms(db: DbOrTx, userIdColumn: SQLWrapper, pattern: SQLWrapper | string): SQL[] {
  const byName = db
    .select({ id: userProfiles.userId })
    .from(userProfiles)
    .where(foldedLike(userProfiles.fullName, pattern));
  const byEmail = db.select({ id: users.id }).from(users).where(ilike(users.email, pattern));
  return [sql`${userIdColumn} = any(array(${byName}))`, sql`${userIdColumn} = any(array(${byEmail}))`];
}

/** The row's mailbox (its mailbox id column) by mailbox code. */
export function mailboxCodeArm(db: DbOrTx, mailboxIdColumn: SQLWrapper, pattern: SQLWrapper | string): SQL {
  const byCode = db.select({ id: mailboxes.id }).from(mailboxes).where(ilike(mailboxes.mailboxCode, pattern));
  return sql`${mailboxIdColumn} = any(array(${byCode}))`;
}
