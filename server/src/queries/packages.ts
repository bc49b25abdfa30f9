// Reads of the admin Packages screen (admin spec §2, §7): the list (server-side search,
// filters, sort and bounded paging, docs/decisions/008), its count, one package's details and
// the form's choices (customers and their mailboxes).
import { and, asc, eq, ilike, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { LIST_COUNT_CAP, type PackageFilters, type PackageListParams, type PackageSort, type SortDirection } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { mailboxes, packages, shipmentPackages, shipments, storedFiles, userProfiles, users } from '../db/schema';
import { capCount, containsPattern, pageWindow, searchTerm, toListPage, type BoundedCount, type ListPage } from '../lib/list';

/** What the list shows of a package, with its customer, mailbox and shipment (if any). */
const rowColumns = {
  id: packages.id,
  trackingNumber: packages.trackingNumber,
  packageDescription: packages.packageDescription,
  senderName: packages.senderName,
  weightKg: packages.weightKg,
  dimensionsCm: packages.dimensionsCm,
  estimatedValueUsd: packages.estimatedValueUsd,
  status: packages.status,
  receivedDate: packages.receivedDate,
  warehouseReceipt: packages.warehouseReceipt,
  warehouseLocation: packages.warehouseLocation,
  createdAt: packages.createdAt,
  userId: packages.userId,
  customerName: userProfiles.fullName,
  customerEmail: users.email,
  mailboxId: packages.mailboxId,
  mailboxCode: mailboxes.mailboxCode,
  mailboxCountry: mailboxes.country,
  shipmentId: shipments.id,
  shipmentCode: shipments.shipmentCode,
};

/**
 * The search matches the tracking number, the description, the customer's name or e-mail, or
 * the mailbox code; the other tables' matches become init plans (`= any(array(…))`).
 */
function whereOf(db: DbOrTx, filters: PackageFilters): SQL | undefined {
  const conditions: SQL[] = [];
  const term = searchTerm(filters.q);
  if (term !== null) {
    const pattern = containsPattern(term);
    const byName = db.select({ id: userProfiles.userId }).from(userProfiles).where(ilike(userProfiles.fullName, pattern));
    const byEmail = db.select({ id: users.id }).from(users).where(ilike(users.email, pattern));
    const byCode = db.select({ id: mailboxes.id }).from(mailboxes).where(ilike(mailboxes.mailboxCode, pattern));
    conditions.push(
      or(
        ilike(packages.trackingNumber, pattern),
        ilike(packages.packageDescription, pattern),
        sql`${packages.userId} = any(array(${byName}))`,
        sql`${packages.userId} = any(array(${byEmail}))`,
        sql`${packages.mailboxId} = any(array(${byCode}))`,
      )!,
    );
  }
  if (filters.status) conditions.push(eq(packages.status, filters.status));
  if (filters.cliente) conditions.push(eq(packages.userId, filters.cliente));
  return conditions.length ? and(...conditions) : undefined;
}

const newestFirst = (c: SQLWrapper) => sql`${c} desc nulls last`;
const oldestFirst = (c: SQLWrapper) => sql`${c} asc nulls first`;

/** Spelled like the (created_at) and (status, created_at) indexes, so PostgreSQL reads them in order. */
function orderOf(sort: PackageSort, dir: SortDirection): SQL[] {
  const byTime = dir === 'asc' ? oldestFirst : newestFirst;
  if (sort === 'createdAt') return [byTime(packages.createdAt), byTime(packages.id)];
  const tie = dir === 'asc' ? newestFirst : oldestFirst;
  return [dir === 'asc' ? sql`${packages.status} asc` : sql`${packages.status} desc`, tie(packages.createdAt), tie(packages.id)];
}

export type PackageListRow = Awaited<ReturnType<typeof selectRows>>[number];

function selectRows(db: DbOrTx, ids: string[], sort: PackageSort, dir: SortDirection) {
  return db
    .select(rowColumns)
    .from(packages)
    .innerJoin(users, eq(users.id, packages.userId))
    .innerJoin(mailboxes, eq(mailboxes.id, packages.mailboxId))
    .leftJoin(userProfiles, eq(userProfiles.userId, packages.userId))
    .leftJoin(shipmentPackages, eq(shipmentPackages.packageId, packages.id))
    .leftJoin(shipments, eq(shipments.id, shipmentPackages.shipmentId))
    .where(inArray(packages.id, ids))
    .orderBy(...orderOf(sort, dir));
}

/** A page of ids in the list order (one more than the page), then the joins for just those rows. */
export async function listPackages(db: DbOrTx, input: PackageListParams): Promise<ListPage<PackageListRow>> {
  const sort = input.sort ?? 'createdAt';
  const dir = input.dir ?? (sort === 'createdAt' ? 'desc' : 'asc');
  const window = pageWindow(input);
  const idRows = await db
    .select({ id: packages.id })
    .from(packages)
    .where(whereOf(db, input))
    .orderBy(...orderOf(sort, dir))
    .limit(window.limit + 1)
    .offset(window.offset);
  const ids = idRows.map((r) => r.id);
  const rows = ids.length ? await selectRows(db, ids, sort, dir) : [];
  return toListPage(rows, window);
}

export type PackageCount = BoundedCount & { total: number };

/** 'N de M paquetes', both counted up to the cap. */
export async function countPackages(db: DbOrTx, filters: PackageFilters): Promise<PackageCount> {
  const bounded = (where: SQL | undefined) =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(db.select({ one: sql`1` }).from(packages).where(where).limit(LIST_COUNT_CAP + 1).as('bounded'));
  const [[matching], [all]] = await Promise.all([bounded(whereOf(db, filters)), bounded(undefined)]);
  return { ...capCount(Number(matching?.n ?? 0)), total: Number(all?.n ?? 0) };
}

/** One package with everything the details dialog shows. */
export async function getPackageDetail(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      ...rowColumns,
      notes: packages.notes,
      updatedAt: packages.updatedAt,
      photoFileId: packages.photoFileId,
      photoContentType: storedFiles.contentType,
      customerPhone: userProfiles.phone,
      shipmentStatus: shipments.status,
    })
    .from(packages)
    .innerJoin(users, eq(users.id, packages.userId))
    .innerJoin(mailboxes, eq(mailboxes.id, packages.mailboxId))
    .leftJoin(userProfiles, eq(userProfiles.userId, packages.userId))
    .leftJoin(shipmentPackages, eq(shipmentPackages.packageId, packages.id))
    .leftJoin(shipments, eq(shipments.id, shipmentPackages.shipmentId))
    .leftJoin(storedFiles, eq(storedFiles.id, packages.photoFileId))
    .where(eq(packages.id, id));
  return row ?? null;
}

export type PackageDetail = NonNullable<Awaited<ReturnType<typeof getPackageDetail>>>;

/**
 * The customer picker of the admin forms: customers by name, e-mail or mailbox code, at most 50,
 * with the delivery address of their profile (the shipment form prefills it). `id` fetches one.
 */
export async function listCustomerChoices(db: DbOrTx, input: { q?: string; id?: string }) {
  const term = searchTerm(input.q);
  const pattern = term === null ? null : containsPattern(term);
  const byCode = pattern
    ? db.select({ id: mailboxes.userId }).from(mailboxes).where(ilike(mailboxes.mailboxCode, pattern))
    : null;
  return db
    .select({
      userId: users.id,
      email: users.email,
      fullName: userProfiles.fullName,
      venezuelaAddress: userProfiles.venezuelaAddress,
      venezuelaCity: userProfiles.venezuelaCity,
      venezuelaState: userProfiles.venezuelaState,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(
      and(
        eq(users.role, 'user'),
        input.id ? eq(users.id, input.id) : undefined,
        pattern && byCode
          ? or(ilike(userProfiles.fullName, pattern), ilike(users.email, pattern), sql`${users.id} = any(array(${byCode}))`)
          : undefined,
      ),
    )
    .orderBy(asc(userProfiles.fullName), asc(users.email))
    .limit(50);
}

/** A customer's mailboxes, for the package form (admin spec §7). */
export function listCustomerMailboxes(db: DbOrTx, userId: string) {
  return db
    .select({ id: mailboxes.id, mailboxCode: mailboxes.mailboxCode, country: mailboxes.country, status: mailboxes.status })
    .from(mailboxes)
    .where(eq(mailboxes.userId, userId))
    .orderBy(asc(mailboxes.country));
}

/** The customer a package can be created for (role user), or null. */
export async function findCustomer(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, fullName: userProfiles.fullName })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.role, 'user')));
  return row ?? null;
}

/** True when the mailbox exists and belongs to the customer. */
export async function isCustomerMailbox(db: DbOrTx, userId: string, mailboxId: string) {
  const [row] = await db
    .select({ id: mailboxes.id })
    .from(mailboxes)
    .where(and(eq(mailboxes.id, mailboxId), eq(mailboxes.userId, userId)));
  return Boolean(row);
}
