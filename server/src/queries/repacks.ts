// Reempaques: the packages a customer may include, their requests, and the admins' list.
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PackageStatus, RepackAdminFilters, RepackAdminListParams, RepackStatus } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { mailboxes, packages, repackRequestItems, repackRequests, userProfiles, users } from '../db/schema';
import { containsPattern, pageWindow, searchTerm, toListPage } from '../lib/list';

/** Packages in the warehouse that can still be repacked or consolidated. */
export const REPACKABLE_PACKAGE_STATUSES = ['received', 'in_warehouse', 'processed'] as const satisfies readonly PackageStatus[];

// Written with qualified names: drizzle leaves columns unqualified in single-table selects.
/** True when the package travels in a shipment already. */
export const inShipment = sql<boolean>`exists (select 1 from shipment_packages sp where sp.package_id = "packages"."id")`;

/** True when the package is in a request still waiting for the warehouse. */
export const inPendingRepack = sql<boolean>`exists (
  select 1 from repack_request_items ri
  join repack_requests rr on rr.id = ri.repack_request_id
  where ri.package_id = "packages"."id" and rr.status = 'pending'
)`;

/**
 * The customer's packages in the warehouse and not in a shipment, for the request form; those
 * already in a pending request are flagged so the form can show them as unavailable.
 */
export function listRepackablePackages(db: DbOrTx, userId: string) {
  return db
    .select({
      id: packages.id,
      trackingNumber: packages.trackingNumber,
      packageDescription: packages.packageDescription,
      senderName: packages.senderName,
      weightKg: packages.weightKg,
      dimensionsCm: packages.dimensionsCm,
      status: packages.status,
      receivedDate: packages.receivedDate,
      mailboxCode: mailboxes.mailboxCode,
      inPendingRequest: inPendingRepack,
    })
    .from(packages)
    .innerJoin(mailboxes, eq(mailboxes.id, packages.mailboxId))
    .where(and(eq(packages.userId, userId), inArray(packages.status, [...REPACKABLE_PACKAGE_STATUSES]), sql`not ${inShipment}`))
    .orderBy(desc(packages.receivedDate), desc(packages.createdAt));
}

const requestColumns = {
  id: repackRequests.id,
  shippingMethod: repackRequests.shippingMethod,
  instructions: repackRequests.instructions,
  status: repackRequests.status,
  warehouseReceipt: repackRequests.warehouseReceipt,
  createdAt: repackRequests.createdAt,
  processedAt: repackRequests.processedAt,
  shippedAt: repackRequests.shippedAt,
};

/** The packages each request covers, keyed by request id. */
async function itemsOf(db: DbOrTx, requestIds: string[]) {
  const byRequest = new Map<string, Awaited<ReturnType<typeof selectItems>>>();
  if (requestIds.length === 0) return byRequest;
  const rows = await selectItems(db, requestIds);
  for (const row of rows) {
    const list = byRequest.get(row.requestId) ?? [];
    list.push(row);
    byRequest.set(row.requestId, list);
  }
  return byRequest;
}

function selectItems(db: DbOrTx, requestIds: string[]) {
  return db
    .select({
      requestId: repackRequestItems.repackRequestId,
      packageId: packages.id,
      trackingNumber: packages.trackingNumber,
      packageDescription: packages.packageDescription,
      weightKg: packages.weightKg,
      status: packages.status,
      warehouseLocation: packages.warehouseLocation,
    })
    .from(repackRequestItems)
    .innerJoin(packages, eq(packages.id, repackRequestItems.packageId))
    .where(inArray(repackRequestItems.repackRequestId, requestIds))
    .orderBy(asc(packages.receivedDate), asc(packages.id));
}

async function withItems<T extends { id: string }>(db: DbOrTx, requests: T[]) {
  const items = await itemsOf(
    db,
    requests.map((r) => r.id),
  );
  return requests.map((r) => ({ ...r, packages: (items.get(r.id) ?? []).map(({ requestId: _r, ...item }) => item) }));
}

/** The signed-in customer's requests, newest first, with their packages. */
export async function listOwnRepacks(db: DbOrTx, userId: string) {
  const rows = await db
    .select(requestColumns)
    .from(repackRequests)
    .where(eq(repackRequests.userId, userId))
    .orderBy(desc(repackRequests.createdAt), desc(repackRequests.id));
  return withItems(db, rows);
}

/** The admins' list shows the queue and recent history; older requests stay in the database. */
export const ADMIN_LIST_LIMIT = 200;

/** Every request for the admins: pending first (oldest first, as a queue), then the rest newest first. */
export async function listAllRepacks(db: DbOrTx, filter: { status?: RepackStatus } = {}) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(repackRequests.status, filter.status));
  const isPending = sql`${repackRequests.status} = 'pending'`;
  const rows = await db
    .select({
      ...requestColumns,
      customer: { id: users.id, email: users.email, fullName: userProfiles.fullName },
    })
    .from(repackRequests)
    .innerJoin(users, eq(users.id, repackRequests.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(...conditions))
    .orderBy(
      desc(isPending),
      sql`case when ${isPending} then ${repackRequests.createdAt} end asc`,
      desc(repackRequests.createdAt),
    )
    .limit(ADMIN_LIST_LIMIT);
  return withItems(db, rows);
}

/**
 * The admin search: the customer's name or e-mail, the request's WR number, or the tracking
 * or WR number of a package in it. Shorter than LIST_SEARCH_MIN_LENGTH is no search.
 */
function searchOf(db: DbOrTx, q: string | undefined): SQL | undefined {
  const term = searchTerm(q);
  if (term === null) return undefined;
  const pattern = containsPattern(term);
  const byName = db.select({ id: userProfiles.userId }).from(userProfiles).where(ilike(userProfiles.fullName, pattern));
  const byEmail = db.select({ id: users.id }).from(users).where(ilike(users.email, pattern));
  const byPackage = db
    .select({ id: repackRequestItems.repackRequestId })
    .from(repackRequestItems)
    .innerJoin(packages, eq(packages.id, repackRequestItems.packageId))
    .where(or(ilike(packages.warehouseReceipt, pattern), ilike(packages.trackingNumber, pattern)));
  return or(
    ilike(repackRequests.warehouseReceipt, pattern),
    sql`${repackRequests.userId} = any(array(${byName}))`,
    sql`${repackRequests.userId} = any(array(${byEmail}))`,
    sql`${repackRequests.id} = any(array(${byPackage}))`,
  );
}

/**
 * The admins' paged list (the Reempaques screen): pending first as a queue, then the rest
 * newest first; optionally a search and one status; one row more than the page tells another follows.
 */
export async function listRepacksPage(db: DbOrTx, input: RepackAdminListParams) {
  const window = pageWindow(input);
  const isPending = sql`${repackRequests.status} = 'pending'`;
  const rows = await db
    .select({
      ...requestColumns,
      processedByName: sql<string | null>`(select ${userProfiles.fullName} from ${userProfiles} where ${userProfiles.userId} = ${repackRequests.processedBy})`,
      customer: { id: users.id, email: users.email, fullName: userProfiles.fullName },
    })
    .from(repackRequests)
    .innerJoin(users, eq(users.id, repackRequests.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(input.status ? eq(repackRequests.status, input.status) : undefined, searchOf(db, input.q)))
    .orderBy(
      desc(isPending),
      sql`case when ${isPending} then ${repackRequests.createdAt} end asc`,
      desc(repackRequests.createdAt),
      desc(repackRequests.id),
    )
    .limit(window.limit + 1)
    .offset(window.offset);
  return toListPage(await withItems(db, rows), window);
}

/** How many requests match the search in each status (the screen's tabs and count line). */
export async function countRepacksByStatus(db: DbOrTx, filters: Pick<RepackAdminFilters, 'q'> = {}): Promise<Record<RepackStatus, number>> {
  const rows = await db
    .select({ status: repackRequests.status, n: sql<number>`count(*)::int` })
    .from(repackRequests)
    .where(searchOf(db, filters.q))
    .groupBy(repackRequests.status);
  const counts: Record<RepackStatus, number> = { pending: 0, processed: 0, shipped: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}
