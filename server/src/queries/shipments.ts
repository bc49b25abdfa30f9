// Reads of the admin Shipments screen (docs/product/admin-packages-and-shipments.md#shipments-list): the list (server-side search,
// status filter, sort and bounded paging, docs/decisions/008), its count, one shipment with
// its packages and stages, and the packages a customer can ship.
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { PACKAGE_STATUSES_SHIPPABLE, type ShipmentFilters, type ShipmentListParams } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import {
  packages,
  shipmentNews,
  shipmentPackages,
  shipmentPickups,
  shipmentStages,
  shipments,
  userProfiles,
  users,
} from '../db/schema';
import { defineList } from '../lib/list-engine';
import { newestFirstOrByStatus } from '../lib/list-sorts';
import { withCustomer } from '../lib/joins';
import { customerArms } from './search-arms';
import { inPendingRepack } from './repacks';

/** Where a shipment goes, what it carries and costs: the admin's and the customer's lists show it. */
export const shipmentLoadColumns = {
  deliveryAddress: shipments.deliveryAddress,
  deliveryCity: shipments.deliveryCity,
  deliveryState: shipments.deliveryState,
  /** The last mile (docs/product/last-mile.md#delivery): who receives it, how it ends and what the delivery costs. */
  recipientId: shipments.recipientId,
  recipientName: sql<string | null>`(select r.full_name from recipients r where r.id = ${shipments.recipientId})`,
  deliveryMethod: shipments.deliveryMethod,
  agencyId: shipments.agencyId,
  deliveryFeeUsdCents: shipments.deliveryFeeUsdCents,
  packageCount: sql<number>`(select count(*)::int from shipment_packages sp where sp.shipment_id = ${shipments.id})`,
  totalWeightKg: shipments.totalWeightKg,
  shippingCostUsdCents: shipments.shippingCostUsdCents,
};

const rowColumns = {
  id: shipments.id,
  shipmentCode: shipments.shipmentCode,
  trackingNumber: shipments.trackingNumber,
  userId: shipments.userId,
  customerName: userProfiles.fullName,
  customerEmail: users.email,
  ...shipmentLoadColumns,
  status: shipments.status,
  estimatedDelivery: shipments.estimatedDelivery,
  actualDelivery: shipments.actualDelivery,
  createdAt: shipments.createdAt,
  updatedAt: shipments.updatedAt,
};

/** The list (docs/product/admin-packages-and-shipments.md#shipments-list): newest first, or by status; ids first, then the joins. */
const shipmentsList = defineList<ShipmentListParams>()({
  name: 'shipments',
  ...newestFirstOrByStatus(shipments),
  filters: { status: shipments.status },
  search: {
    // The shipment code or tracking number, the delivery city, the customer's name or e-mail,
    // or the tracking number of a package in it.
    where: (db, p) => {
      const byPackage = db
        .select({ id: shipmentPackages.shipmentId })
        .from(shipmentPackages)
        .innerJoin(packages, eq(packages.id, shipmentPackages.packageId))
        .where(ilike(packages.trackingNumber, p('pattern')));
      return or(
        ilike(shipments.shipmentCode, p('pattern')),
        ilike(shipments.trackingNumber, p('pattern')),
        ilike(shipments.deliveryCity, p('pattern')),
        ...customerArms(db, shipments.userId, p('pattern')),
        sql`${shipments.id} = any(array(${byPackage}))`,
      )!;
    },
  },
  rows: {
    pageIds: (db, page) =>
      withCustomer(
        db.select(rowColumns).from(page).innerJoin(shipments, eq(shipments.id, page.pageId)).$dynamic(),
        shipments.userId,
      ),
  },
});

export const listShipments = (db: DbOrTx, input: ShipmentListParams) => shipmentsList.page(db, input);
export type ShipmentListRow = Awaited<ReturnType<typeof listShipments>>['rows'][number];

export const countShipments = (db: DbOrTx, filters: ShipmentFilters) => shipmentsList.countWithTotal(db, filters);

/** What the shipment form and the shipment's details show of a package. */
const shippablePackageColumns = {
  id: packages.id,
  trackingNumber: packages.trackingNumber,
  packageDescription: packages.packageDescription,
  senderName: packages.senderName,
  weightKg: packages.weightKg,
  estimatedValueUsdCents: packages.estimatedValueUsdCents,
  status: packages.status,
};

/** One shipment with its customer, its packages and its stages in order. */
export async function getShipmentDetail(db: DbOrTx, id: string) {
  const query = db
    .select({
      ...rowColumns,
      totalVolumeCm3: shipments.totalVolumeCm3,
      customerPhone: userProfiles.phone,
      // Five wrong pickup codes lock it until staff unlock it (docs/product/last-mile.md#agency-counters-and-proof-of-delivery).
      pickupLockedAt: shipmentPickups.pickupLockedAt,
      pickupWrongCodes: shipmentPickups.wrongCodes,
    })
    .from(shipments)
    .leftJoin(shipmentPickups, eq(shipmentPickups.shipmentId, shipments.id));
  const [shipment] = await withCustomer(query.$dynamic(), shipments.userId).where(eq(shipments.id, id));
  if (!shipment) return null;
  const [items, stages] = await Promise.all([
    db
      .select({ ...shippablePackageColumns, warehouseReceipt: packages.warehouseReceipt })
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
 * The customer's packages that can go into a new shipment (docs/product/admin-packages-and-shipments.md#crear-envío): received or in
 * the warehouse, in no shipment and in no pending repack request.
 */
export function shippablePackagesOf(userId: string) {
  return and(
    eq(packages.userId, userId),
    inArray(packages.status, [...PACKAGE_STATUSES_SHIPPABLE]),
    sql`not exists (select 1 from shipment_packages sp where sp.package_id = "packages"."id")`,
    sql`not ${inPendingRepack}`,
  );
}

/** The customer's shippable packages (`shippablePackagesOf`), newest first. */
export function listShippablePackages(db: DbOrTx, userId: string) {
  return db
    .select(shippablePackageColumns)
    .from(packages)
    .where(shippablePackagesOf(userId))
    .orderBy(desc(packages.createdAt), desc(packages.id));
}

/** A shipment's news as its timeline shows it, the customer's and the staff's. */
export const shipmentNewsColumns = {
  id: shipmentNews.id,
  kind: shipmentNews.kind,
  message: shipmentNews.message,
  estimatedDelivery: shipmentNews.estimatedDelivery,
  createdAt: shipmentNews.createdAt,
};

/** The admin's history of a shipment's news, newest first, with who posted it and how many were told. */
export async function listShipmentNews(db: DbOrTx, shipmentId: string) {
  const rows = await db
    .select({
      ...shipmentNewsColumns,
      recipientCount: shipmentNews.recipientCount,
      createdBy: sql<string | null>`coalesce(${userProfiles.fullName}, ${users.email})`,
    })
    .from(shipmentNews)
    .leftJoin(users, eq(users.id, shipmentNews.createdBy))
    .leftJoin(userProfiles, eq(userProfiles.userId, shipmentNews.createdBy))
    .where(eq(shipmentNews.shipmentId, shipmentId))
    .orderBy(desc(shipmentNews.createdAt), desc(shipmentNews.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
