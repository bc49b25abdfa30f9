// Reads of the admin Shipments screen (admin spec §2, §7): the list (server-side search,
// status filter, sort and bounded paging, docs/decisions/008), its count, one shipment with
// its packages and stages, and the packages a customer can ship.
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  LIST_COUNT_CAP,
  PACKAGE_STATUSES_SHIPPABLE,
  type ShipmentFilters,
  type ShipmentListParams,
  type ShipmentSort,
  type SortDirection,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { packages, shipmentPackages, shipmentStages, shipments, userProfiles, users } from '../db/schema';
import { capCount, containsPattern, pageWindow, searchTerm, toListPage, type BoundedCount, type ListPage } from '../lib/list';
import { inPendingRepack } from './repacks';

const packageCount = sql<number>`(select count(*)::int from shipment_packages sp where sp.shipment_id = ${shipments.id})`;

const rowColumns = {
  id: shipments.id,
  shipmentCode: shipments.shipmentCode,
  trackingNumber: shipments.trackingNumber,
  userId: shipments.userId,
  customerName: userProfiles.fullName,
  customerEmail: users.email,
  deliveryAddress: shipments.deliveryAddress,
  deliveryCity: shipments.deliveryCity,
  deliveryState: shipments.deliveryState,
  packageCount,
  totalWeightKg: shipments.totalWeightKg,
  shippingCostUsd: shipments.shippingCostUsd,
  status: shipments.status,
  estimatedDelivery: shipments.estimatedDelivery,
  actualDelivery: shipments.actualDelivery,
  createdAt: shipments.createdAt,
  updatedAt: shipments.updatedAt,
};

/**
 * The search matches the shipment code or tracking number, the tracking number of a package
 * in it, the customer's name or e-mail, or the delivery city.
 */
function whereOf(db: DbOrTx, filters: ShipmentFilters): SQL | undefined {
  const conditions: SQL[] = [];
  const term = searchTerm(filters.q);
  if (term !== null) {
    const pattern = containsPattern(term);
    const byName = db.select({ id: userProfiles.userId }).from(userProfiles).where(ilike(userProfiles.fullName, pattern));
    const byEmail = db.select({ id: users.id }).from(users).where(ilike(users.email, pattern));
    const byPackage = db
      .select({ id: shipmentPackages.shipmentId })
      .from(shipmentPackages)
      .innerJoin(packages, eq(packages.id, shipmentPackages.packageId))
      .where(ilike(packages.trackingNumber, pattern));
    conditions.push(
      or(
        ilike(shipments.shipmentCode, pattern),
        ilike(shipments.trackingNumber, pattern),
        ilike(shipments.deliveryCity, pattern),
        sql`${shipments.userId} = any(array(${byName}))`,
        sql`${shipments.userId} = any(array(${byEmail}))`,
        sql`${shipments.id} = any(array(${byPackage}))`,
      )!,
    );
  }
  if (filters.status) conditions.push(eq(shipments.status, filters.status));
  return conditions.length ? and(...conditions) : undefined;
}

const newestFirst = (c: SQLWrapper) => sql`${c} desc nulls last`;
const oldestFirst = (c: SQLWrapper) => sql`${c} asc nulls first`;

function orderOf(sort: ShipmentSort, dir: SortDirection): SQL[] {
  const byTime = dir === 'asc' ? oldestFirst : newestFirst;
  if (sort === 'createdAt') return [byTime(shipments.createdAt), byTime(shipments.id)];
  const tie = dir === 'asc' ? newestFirst : oldestFirst;
  return [dir === 'asc' ? sql`${shipments.status} asc` : sql`${shipments.status} desc`, tie(shipments.createdAt), tie(shipments.id)];
}

function selectRows(db: DbOrTx, ids: string[], sort: ShipmentSort, dir: SortDirection) {
  return db
    .select(rowColumns)
    .from(shipments)
    .innerJoin(users, eq(users.id, shipments.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, shipments.userId))
    .where(inArray(shipments.id, ids))
    .orderBy(...orderOf(sort, dir));
}

export type ShipmentListRow = Awaited<ReturnType<typeof selectRows>>[number];

export async function listShipments(db: DbOrTx, input: ShipmentListParams): Promise<ListPage<ShipmentListRow>> {
  const sort = input.sort ?? 'createdAt';
  const dir = input.dir ?? (sort === 'createdAt' ? 'desc' : 'asc');
  const window = pageWindow(input);
  const idRows = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(whereOf(db, input))
    .orderBy(...orderOf(sort, dir))
    .limit(window.limit + 1)
    .offset(window.offset);
  const ids = idRows.map((r) => r.id);
  return toListPage(ids.length ? await selectRows(db, ids, sort, dir) : [], window);
}

export type ShipmentCount = BoundedCount & { total: number };

export async function countShipments(db: DbOrTx, filters: ShipmentFilters): Promise<ShipmentCount> {
  const bounded = (where: SQL | undefined) =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(db.select({ one: sql`1` }).from(shipments).where(where).limit(LIST_COUNT_CAP + 1).as('bounded'));
  const [[matching], [all]] = await Promise.all([bounded(whereOf(db, filters)), bounded(undefined)]);
  return { ...capCount(Number(matching?.n ?? 0)), total: Number(all?.n ?? 0) };
}

/** One shipment with its customer, its packages and its stages in order. */
export async function getShipmentDetail(db: DbOrTx, id: string) {
  const [shipment] = await db
    .select({ ...rowColumns, totalVolumeCm3: shipments.totalVolumeCm3, customerPhone: userProfiles.phone })
    .from(shipments)
    .innerJoin(users, eq(users.id, shipments.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, shipments.userId))
    .where(eq(shipments.id, id));
  if (!shipment) return null;
  const [items, stages] = await Promise.all([
    db
      .select({
        id: packages.id,
        trackingNumber: packages.trackingNumber,
        packageDescription: packages.packageDescription,
        senderName: packages.senderName,
        weightKg: packages.weightKg,
        estimatedValueUsd: packages.estimatedValueUsd,
        status: packages.status,
        warehouseReceipt: packages.warehouseReceipt,
      })
      .from(shipmentPackages)
      .innerJoin(packages, eq(packages.id, shipmentPackages.packageId))
      .where(eq(shipmentPackages.shipmentId, id))
      .orderBy(asc(packages.createdAt), asc(packages.id)),
    listShipmentStages(db, id),
  ]);
  return { ...shipment, packages: items, stages };
}

/** A shipment's stages in order, as its timeline shows them (admin details and the customer's Envíos). */
export async function listShipmentStages(db: DbOrTx, shipmentId: string) {
  const rows = await db
    .select({
      id: shipmentStages.id,
      stageNumber: shipmentStages.stageNumber,
      stageName: shipmentStages.stageName,
      status: shipmentStages.status,
      estimatedDays: shipmentStages.estimatedDays,
      createdAt: shipmentStages.createdAt,
      updatedAt: shipmentStages.updatedAt,
    })
    .from(shipmentStages)
    .where(eq(shipmentStages.shipmentId, shipmentId))
    .orderBy(asc(shipmentStages.stageNumber));
  return rows.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), updatedAt: s.updatedAt.toISOString() }));
}

/**
 * The customer's packages that can go into a new shipment (admin spec §4, §7): received or in
 * the warehouse, in no shipment and in no pending repack request, newest first.
 */
export function listShippablePackages(db: DbOrTx, userId: string) {
  return db
    .select({
      id: packages.id,
      trackingNumber: packages.trackingNumber,
      packageDescription: packages.packageDescription,
      senderName: packages.senderName,
      weightKg: packages.weightKg,
      estimatedValueUsd: packages.estimatedValueUsd,
      status: packages.status,
    })
    .from(packages)
    .where(
      and(
        eq(packages.userId, userId),
        inArray(packages.status, [...PACKAGE_STATUSES_SHIPPABLE]),
        sql`not exists (select 1 from shipment_packages sp where sp.package_id = "packages"."id")`,
        sql`not ${inPendingRepack}`,
      ),
    )
    .orderBy(desc(packages.createdAt), desc(packages.id));
}
