// Reads of the admin clients screen (admin spec §2, §7): every customer with their profile
// and mailboxes, searched, sorted and paged in SQL; one customer's details with counts.
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { LIST_COUNT_CAP, type ClientFilters, type ClientListParams, type MailboxCountry } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { mailboxes, packages, paymentTransactions, prealerts, shipments, trackings, userProfiles, users } from '../db/schema';
import { capCount, containsPattern, pageWindow, searchTerm, toListPage, type BoundedCount } from '../lib/list';
import { mailboxColumns } from './mailboxes';

/**
 * Customers (role 'user') matching the search: name, cédula or phone (trigram indexes on the
 * profile), e-mail, or one of their mailbox codes. Each arm is an indexed lookup turned into an
 * init plan, so PostgreSQL ORs bitmap scans instead of reading every customer.
 */
function whereOf(db: DbOrTx, filters: ClientFilters): SQL {
  const conditions: SQL[] = [eq(users.role, 'user')];
  const term = searchTerm(filters.q);
  if (term !== null) {
    const pattern = containsPattern(term);
    const byProfile = db
      .select({ id: userProfiles.userId })
      .from(userProfiles)
      .where(or(ilike(userProfiles.fullName, pattern), ilike(userProfiles.cedula, pattern), ilike(userProfiles.phone, pattern)));
    const byEmail = db.select({ id: users.id }).from(users).where(ilike(users.email, pattern));
    const byCode = db.select({ id: mailboxes.userId }).from(mailboxes).where(ilike(mailboxes.mailboxCode, pattern));
    conditions.push(
      or(
        sql`${users.id} = any(array(${byProfile}))`,
        sql`${users.id} = any(array(${byEmail}))`,
        sql`${users.id} = any(array(${byCode}))`,
      )!,
    );
  }
  return and(...conditions)!;
}

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

/** A page of customers (newest registration first by default, or by name), with their mailboxes. */
export async function listClients(db: DbOrTx, input: ClientListParams) {
  const window = pageWindow(input);
  const sort = input.sort ?? 'createdAt';
  const dir = input.dir ?? (sort === 'createdAt' ? 'desc' : 'asc');
  const order =
    sort === 'name'
      ? [dir === 'asc' ? sql`${userProfiles.fullName} asc nulls last` : sql`${userProfiles.fullName} desc nulls last`, asc(users.id)]
      : [dir === 'asc' ? sql`${users.createdAt} asc nulls first` : sql`${users.createdAt} desc nulls last`, dir === 'asc' ? asc(users.id) : desc(users.id)];
  const rows = await db
    .select(profileColumns)
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(whereOf(db, input))
    .orderBy(...order)
    .limit(window.limit + 1)
    .offset(window.offset);
  const page = toListPage(rows, window);
  const boxes = page.rows.length
    ? await db
        .select({
          id: mailboxes.id,
          userId: mailboxes.userId,
          mailboxCode: mailboxes.mailboxCode,
          country: mailboxes.country,
          status: mailboxes.status,
        })
        .from(mailboxes)
        .where(inArray(mailboxes.userId, page.rows.map((r) => r.userId)))
        .orderBy(asc(mailboxes.createdAt), asc(mailboxes.id))
    : [];
  return {
    ...page,
    rows: page.rows.map((r) => {
      const own = boxes.filter((b) => b.userId === r.userId).map(({ userId: _, ...b }) => b);
      return {
        ...r,
        createdAt: r.createdAt.toISOString(),
        mailboxes: own,
        activeMailboxes: own.filter((b) => b.status === 'active').length,
      };
    }),
  };
}

export type ClientRow = Awaited<ReturnType<typeof listClients>>['rows'][number];

/** How many customers match, counted up to the cap ('Clientes (N)'). */
export async function countClients(db: DbOrTx, filters: ClientFilters): Promise<BoundedCount> {
  const bounded = db
    .select({ one: sql`1` })
    .from(users)
    .where(whereOf(db, filters))
    .limit(LIST_COUNT_CAP + 1)
    .as('bounded');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(bounded);
  return capCount(Number(row?.n ?? 0));
}

/** Whether the user exists and is a customer (admins are not clients). */
export async function findClient(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, fullName: userProfiles.fullName })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.role, 'user')));
  return row ?? null;
}

const countOf = (table: typeof packages | typeof trackings | typeof paymentTransactions | typeof prealerts | typeof shipments, userId: string) =>
  sql<number>`(select count(*)::int from ${table} where ${table.userId} = ${userId})`;

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
    counts: { packages: Number(p), trackings: Number(t), payments: Number(pay), prealerts: Number(pre), shipments: Number(s) },
  };
}

export type ClientDetail = NonNullable<Awaited<ReturnType<typeof getClientDetail>>>;

/**
 * The create-mailbox dialog's customer picker: by name, e-mail or mailbox code, at most 50,
 * each with the countries where they already have a mailbox.
 */
export async function listClientOptions(db: DbOrTx, { q, userId }: { q?: string; userId?: string }) {
  const countries = sql<MailboxCountry[]>`coalesce((select array_agg(${mailboxes.country}::text order by ${mailboxes.country}) from ${mailboxes} where ${mailboxes.userId} = ${users.id}), '{}')`;
  return db
    .select({ userId: users.id, email: users.email, fullName: userProfiles.fullName, countries })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(userId ? and(eq(users.id, userId), eq(users.role, 'user')) : whereOf(db, { q }))
    .orderBy(sql`${userProfiles.fullName} asc nulls last`, asc(users.email))
    .limit(50);
}
