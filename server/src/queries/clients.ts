// Reads of the admin clients screen (docs/product/admin-clients.md#the-list): every customer with their profile
// and mailboxes, searched, sorted and paged in SQL; one customer's details with counts.
import { and, asc, eq, ilike, inArray, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { ClientFilters, ClientListParams, MailboxCountry } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import {
  mailboxes,
  packages,
  paymentTransactions,
  prealerts,
  shipments,
  trackings,
  userProfiles,
  users,
} from '../db/schema';
import { containsPattern, searchTerm } from '../lib/list';
import { defineList } from '../lib/list-engine';
import { byTime } from '../lib/list-sorts';
import { cedulaDigitsLike, digitsBind, foldedLike, phoneDigitsLike } from '../lib/search-text';
import { mailboxColumns } from './mailboxes';

const profileColumns = {
  userId: users.id,
  email: users.email,
  fullName: userProfiles.fullName,
  cedula: userProfiles.cedula,
  phone: userProfiles.phone,
  venezuelaAddress: userProfiles.venezuelaAddress,
  venezuelaCity: userProfiles.venezuelaCity,
  venezuelaState: userProfiles.venezuelaState,
  createdAt: users.createdAt,
};

/** The mailboxes of a page of customers, by customer. */
async function withMailboxes<R extends { userId: string; createdAt: Date }>(db: DbOrTx, rows: R[]) {
  const boxes = rows.length
    ? await db
        .select({
          id: mailboxes.id,
          userId: mailboxes.userId,
          mailboxCode: mailboxes.mailboxCode,
          country: mailboxes.country,
          status: mailboxes.status,
        })
        .from(mailboxes)
        .where(
          inArray(
            mailboxes.userId,
            rows.map((r) => r.userId),
          ),
        )
        .orderBy(asc(mailboxes.createdAt), asc(mailboxes.id))
    : [];
  return rows.map((r) => {
    const own = boxes.filter((b) => b.userId === r.userId).map(({ userId: _, ...b }) => b);
    return {
      ...r,
      createdAt: r.createdAt.toISOString(),
      mailboxes: own,
      activeMailboxes: own.filter((b) => b.status === 'active').length,
    };
  });
}

/**
 * A customer by name (without accents or case), cédula, phone (by their digits, however they are
 * written, when the text is a number: `digits`), e-mail or mailbox code: each arm an indexed
 * lookup turned into an init plan.
 */
function clientSearch(db: DbOrTx, pattern: SQLWrapper | string, digits?: SQLWrapper | string) {
  const byProfile = db
    .select({ id: userProfiles.userId })
    .from(userProfiles)
    .where(
      or(
        foldedLike(userProfiles.fullName, pattern),
        ilike(userProfiles.cedula, pattern),
        ilike(userProfiles.phone, pattern),
        digits === undefined ? undefined : phoneDigitsLike(userProfiles.phone, digits),
        digits === undefined ? undefined : cedulaDigitsLike(userProfiles.cedula, digits),
      ),
    );
  const byEmail = db.select({ id: users.id }).from(users).where(ilike(users.email, pattern));
  const byCode = db.select({ id: mailboxes.userId }).from(mailboxes).where(ilike(mailboxes.mailboxCode, pattern));
  return or(
    sql`${users.id} = any(array(${byProfile}))`,
    sql`${users.id} = any(array(${byEmail}))`,
    sql`${users.id} = any(array(${byCode}))`,
  )!;
}

/**
 * Customers (role 'user'): newest registration first by default, or by name, with their
 * mailboxes.
 */
const clientsList = defineList<ClientListParams>()({
  name: 'clients',
  table: users,
  columns: { id: users.id, createdAt: users.createdAt, name: userProfiles.fullName },
  sorts: {
    createdAt: byTime('createdAt'),
    name: { defaultDir: 'asc', order: (c, dir) => [sql`${c.name} ${sql.raw(dir)} nulls last`, asc(users.id)] },
  },
  defaultSort: 'createdAt',
  always: eq(users.role, 'user'),
  search: {
    where: (db, p, has) => clientSearch(db, p('pattern'), has('digits') ? p('digits') : undefined),
    bind: digitsBind,
  },
  rows: {
    direct: (db) =>
      db.select(profileColumns).from(users).leftJoin(userProfiles, eq(userProfiles.userId, users.id)).$dynamic(),
  },
  present: (rows, db) => withMailboxes(db, rows),
});

export const listClients = (db: DbOrTx, input: ClientListParams) => clientsList.page(db, input);
export type ClientRow = Awaited<ReturnType<typeof listClients>>['rows'][number];

/** How many customers match, counted up to the cap ('Clientes (N)'). */
export const countClients = (db: DbOrTx, filters: ClientFilters) => clientsList.count(db, filters);

/** Whether the user exists and is a customer (admins are not clients). */
export async function findClient(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, fullName: userProfiles.fullName })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.role, 'user')));
  return row ?? null;
}

const countOf = (
  table: typeof packages | typeof trackings | typeof paymentTransactions | typeof prealerts | typeof shipments,
  userId: string,
) => sql<number>`(select count(*)::int from ${table} where ${table.userId} = ${userId})`;

/** One customer: profile, account dates, mailboxes with their addresses, and counts computed in SQL. */
export async function getClientDetail(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      ...profileColumns,
      emailVerifiedAt: users.emailVerifiedAt,
      lastActiveAt: users.lastActiveAt,
      packages: countOf(packages, userId),
      trackings: countOf(trackings, userId),
      payments: countOf(paymentTransactions, userId),
      prealerts: countOf(prealerts, userId),
      shipments: countOf(shipments, userId),
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.role, 'user')));
  if (!row) return null;
  const boxes = await db
    .select(mailboxColumns)
    .from(mailboxes)
    .where(eq(mailboxes.userId, userId))
    .orderBy(asc(mailboxes.createdAt), asc(mailboxes.id));
  const { packages: p, trackings: t, payments: pay, prealerts: pre, shipments: s, ...profile } = row;
  return {
    ...profile,
    createdAt: row.createdAt.toISOString(),
    emailVerifiedAt: row.emailVerifiedAt?.toISOString() ?? null,
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
    mailboxes: boxes.map((b) => ({ ...b, createdAt: b.createdAt.toISOString() })),
    counts: {
      packages: Number(p),
      trackings: Number(t),
      payments: Number(pay),
      prealerts: Number(pre),
      shipments: Number(s),
    },
  };
}

export type ClientDetail = NonNullable<Awaited<ReturnType<typeof getClientDetail>>>;

/**
 * The create-mailbox dialog's customer picker: by name, e-mail or mailbox code, at most 50,
 * each with the countries where they already have a mailbox.
 */
export async function listClientOptions(db: DbOrTx, { q, userId }: { q?: string; userId?: string }) {
  const term = userId ? null : searchTerm(q);
  const countries = sql<
    MailboxCountry[]
  >`coalesce((select array_agg(${mailboxes.country}::text order by ${mailboxes.country}) from ${mailboxes} where ${mailboxes.userId} = ${users.id}), '{}')`;
  return db
    .select({ userId: users.id, email: users.email, fullName: userProfiles.fullName, countries })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(
      and(
        eq(users.role, 'user'),
        userId ? eq(users.id, userId) : undefined,
        term === null ? undefined : clientSearch(db, containsPattern(term), digitsBind(term)?.digits),
      ),
    )
    .orderBy(sql`${userProfiles.fullName} asc nulls last`, asc(users.email))
    .limit(50);
}
