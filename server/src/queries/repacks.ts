// Reempaques: the packages a customer may include, their requests, and the admins' list.
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { PackageStatus, RepackAdminFilters, RepackAdminListParams, RepackStatus } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { mailboxes, packages, repackRequestItems, repackRequests, userProfiles, users } from '../db/schema';
import { containsPattern, searchTerm } from '../lib/list';
import { defineList } from '../lib/list-engine';
import { ownNewestFirst } from '../lib/list-sorts';
import { withCustomer } from '../lib/joins';
import { customerArms } from './search-arms';

/** Packages in the warehouse that can still be repacked or consolidated. */
export const REPACKABLE_PACKAGE_STATUSES = [
  'received',
  'in_warehouse',
  'processed',
] as const satisfies readonly PackageStatus[];

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
 * The WR of the finished (processed) repack the package is in, or null: such a package travels
 * inside its repack's box and is not sent alone (docs/product/last-mile.md#the-ship-request).
 */
export const finishedRepackOf = sql<string | null>`(
  select coalesce(rr.warehouse_receipt, rr.id::text) from repack_request_items ri
  join repack_requests rr on rr.id = ri.repack_request_id
  where ri.package_id = "packages"."id" and rr.status = 'processed'
  limit 1
)`;

/**
 * The customer's finished repacks not yet shipped, for the ship request: each travels as one box
 * (its WR, weight and measures) with the packages it holds.
 */
export async function listShippableRepacks(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      id: repackRequests.id,
      warehouseReceipt: repackRequests.warehouseReceipt,
      weightKg: repackRequests.weightKg,
      dimensionsCm: repackRequests.dimensionsCm,
      processedAt: repackRequests.processedAt,
    })
    .from(repackRequests)
    .where(and(eq(repackRequests.userId, userId), eq(repackRequests.status, 'processed')))
    .orderBy(desc(repackRequests.processedAt), desc(repackRequests.id));
  const items = await itemsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, packageIds: (items.get(r.id) ?? []).map((i) => i.packageId) }));
}

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
    .where(
      and(
        eq(packages.userId, userId),
        inArray(packages.status, [...REPACKABLE_PACKAGE_STATUSES]),
        sql`not ${inShipment}`,
      ),
    )
    .orderBy(desc(packages.receivedDate), desc(packages.createdAt));
}

const requestColumns = {
  id: repackRequests.id,
  shippingMethod: repackRequests.shippingMethod,
  instructions: repackRequests.instructions,
  status: repackRequests.status,
  warehouseReceipt: repackRequests.warehouseReceipt,
  weightKg: repackRequests.weightKg,
  dimensionsCm: repackRequests.dimensionsCm,
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

/**
 * The admin search: the customer's name or e-mail, the request's WR number, or the tracking
 * or WR number of a package in it.
 */
function repackSearch(db: DbOrTx, pattern: SQLWrapper | string) {
  const byPackage = db
    .select({ id: repackRequestItems.repackRequestId })
    .from(repackRequestItems)
    .innerJoin(packages, eq(packages.id, repackRequestItems.packageId))
    .where(or(ilike(packages.warehouseReceipt, pattern), ilike(packages.trackingNumber, pattern)));
  return or(
    ilike(repackRequests.warehouseReceipt, pattern),
    ...customerArms(db, repackRequests.userId, pattern),
    sql`${repackRequests.id} = any(array(${byPackage}))`,
  )!;
}

const isPending = sql`${repackRequests.status} = 'pending'`;

/** The customer's own requests, newest first, with their packages. */
const ownRepacksList = defineList<object>()({
  name: 'own_repacks',
  ...ownNewestFirst(repackRequests),
  rows: { direct: (db) => db.select(requestColumns).from(repackRequests).$dynamic() },
  present: (rows, db) => withItems(db, rows),
});

export const listOwnRepacks = (db: DbOrTx, userId: string) => ownRepacksList.all(db, {}, userId);

/**
 * The admins' list (the Reempaques screen): pending first as a queue (oldest first), then the
 * rest newest first; a search and one status; with the customer and the packages of each.
 */
const adminRepacksList = defineList<RepackAdminListParams>()({
  name: 'repacks',
  table: repackRequests,
  columns: { id: repackRequests.id, createdAt: repackRequests.createdAt },
  sorts: {
    default: {
      defaultDir: 'desc',
      order: (c) => [
        desc(isPending),
        sql`case when ${isPending} then ${c.createdAt} end asc`,
        sql`${c.createdAt} desc`,
        sql`${c.id} desc`,
      ],
    },
  },
  defaultSort: 'default',
  filters: { status: repackRequests.status },
  search: { where: (db, p) => repackSearch(db, p('pattern')) },
  rows: {
    direct: (db) => {
      const rows = db
        .select({
          ...requestColumns,
          processedByName: sql<
            string | null
          >`(select ${userProfiles.fullName} from ${userProfiles} where ${userProfiles.userId} = ${repackRequests.processedBy})`,
          customer: { id: users.id, email: users.email, fullName: userProfiles.fullName },
        })
        .from(repackRequests);
      return withCustomer(rows.$dynamic(), repackRequests.userId, users.id);
    },
  },
  present: (rows, db) => withItems(db, rows),
});

export const listRepacksPage = (db: DbOrTx, input: RepackAdminListParams) => adminRepacksList.page(db, input);

/** The admins' list shows the queue and recent history; older requests stay in the database. */
export const ADMIN_LIST_LIMIT = 200;

/** The first ADMIN_LIST_LIMIT requests of the admins' list, optionally of one status. */
export async function listAllRepacks(db: DbOrTx, filter: { status?: RepackStatus } = {}) {
  return (await adminRepacksList.page(db, { status: filter.status, pageSize: ADMIN_LIST_LIMIT })).rows;
}

/** How many requests match the search in each status (the screen's tabs and count line). */
export async function countRepacksByStatus(
  db: DbOrTx,
  filters: Pick<RepackAdminFilters, 'q'> = {},
): Promise<Record<RepackStatus, number>> {
  const term = searchTerm(filters.q);
  const rows = await db
    .select({ status: repackRequests.status, n: sql<number>`count(*)::int` })
    .from(repackRequests)
    .where(term === null ? undefined : repackSearch(db, containsPattern(term)))
    .groupBy(repackRequests.status);
  const counts: Record<RepackStatus, number> = { pending: 0, processed: 0, shipped: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}
