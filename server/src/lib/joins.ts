// The joins most reads share: a row's customer, i.e. their user (e-mail, role) and profile (name,
// phone), and their mailbox. Functions over a dynamic select (Drizzle's "dynamic query building"),
// so each query keeps its own chain and its exact row type, nullable profile columns included.
import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { mailboxes, userProfiles, users } from '../db/schema';

/** The customer's name as staff lists show it: the profile's, or the e-mail while there is none. */
export const customerName = sql<string>`coalesce(${userProfiles.fullName}, ${users.email})`;

/**
 * Joins the customer whose id is in `userId`: the user (inner: every row has one) and the profile
 * (left: an account may have none yet). The profile joins on `profileOn`, the row's user id unless
 * named; a few statements name `users.id` instead (the same rows), kept so that their SQL stays
 * the text that was benchmarked.
 */
export function withCustomer<T extends PgSelect>(query: T, userId: PgColumn, profileOn: PgColumn = userId) {
  return query.innerJoin(users, eq(users.id, userId)).leftJoin(userProfiles, eq(userProfiles.userId, profileOn));
}

/** The customer and the mailbox of a row that has both (a package, a tracking). */
export function withCustomerAndMailbox<T extends PgSelect>(query: T, userId: PgColumn, mailboxId: PgColumn) {
  return query
    .innerJoin(users, eq(users.id, userId))
    .innerJoin(mailboxes, eq(mailboxes.id, mailboxId))
    .leftJoin(userProfiles, eq(userProfiles.userId, userId));
}
