// The customer's shipments (Envíos): their consolidated shipments to Venezuela, each with its
// packages and stages. Every query filters by the owner: another customer's shipment does not
// exist for them. Who created it and the internal volume are never selected.
import { and, asc, desc, eq, exists } from 'drizzle-orm';
import type { ListCursor } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { packages, shipmentNews, shipmentPackages, shipments } from '../db/schema';
import { defineList } from '../lib/list-engine';
import { ownNewestFirst } from '../lib/list-sorts';
import { listShipmentStages, shipmentLoadColumns, shipmentNewsColumns } from './shipments';
import { departureViewsOfShipments } from './departures';

export type OwnShipmentsParams = { page: number; pageSize: number };

const columns = {
  id: shipments.id,
  shipmentCode: shipments.shipmentCode,
  trackingNumber: shipments.trackingNumber,
  status: shipments.status,
  ...shipmentLoadColumns,
  estimatedDelivery: shipments.estimatedDelivery,
  actualDelivery: shipments.actualDelivery,
  createdAt: shipments.createdAt,
  updatedAt: shipments.updatedAt,
};

type Row = { createdAt: Date; updatedAt: Date; packageCount: number };
const serialize = <R extends Row>(r: R) => ({
  ...r,
  packageCount: Number(r.packageCount),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const ownShipmentsList = defineList<object>()({
  name: 'own_shipments',
  ...ownNewestFirst(shipments),
  rows: { direct: (db) => db.select(columns).from(shipments).$dynamic() },
  present: (rows) => rows.map(serialize),
});

/** The customer's shipments, newest first, one page at a time, with the total. */
export const listOwnShipments = (db: DbOrTx, userId: string, params: OwnShipmentsParams) =>
  ownShipmentsList.numberedPage(db, params, userId);

/** The same, by number or after a cursor, with the next page's cursor (the public API's list). */
export const pageOwnShipments = (db: DbOrTx, userId: string, params: OwnShipmentsParams & { cursor?: ListCursor }) =>
  ownShipmentsList.cursorPage(db, { ...params, after: params.cursor }, userId);

/** One own shipment with its packages and its stages in order; null when it is not the customer's. */
export async function getOwnShipmentDetail(db: DbOrTx, userId: string, id: string) {
  const [shipment] = await db
    .select(columns)
    .from(shipments)
    .where(and(eq(shipments.id, id), eq(shipments.userId, userId)));
  if (!shipment) return null;
  const [items, stages, news] = await Promise.all([
    db
      .select({
        id: packages.id,
        trackingNumber: packages.trackingNumber,
        description: packages.packageDescription,
        senderName: packages.senderName,
        weightKg: packages.weightKg,
        warehouseReceipt: packages.warehouseReceipt,
        status: packages.status,
      })
      .from(shipmentPackages)
      .innerJoin(packages, eq(packages.id, shipmentPackages.packageId))
      .where(and(eq(shipmentPackages.shipmentId, shipment.id), eq(packages.userId, userId)))
      .orderBy(asc(packages.createdAt), asc(packages.id)),
    listShipmentStages(db, shipment.id),
    listOwnShipmentNews(db, userId, shipment.id),
  ]);
  // The flight or container it travels in (docs/product/departures.md): its milestones and promised arrival.
  const departure = (await departureViewsOfShipments(db, [shipment.id])).get(shipment.id) ?? null;
  return {
    ...serialize(shipment),
    packages: items,
    stages,
    news,
    departure,
  };
}

/**
 * The news posted on a shipment (docs/product/messages-and-notifications.md#shipment-news), newest first, as its timeline shows them: only when
 * the shipment carries one of the customer's parcels. Who posted it and how many were told stay
 * with the staff.
 */
export async function listOwnShipmentNews(db: DbOrTx, userId: string, shipmentId: string) {
  const carriesTheirs = db
    .select({ one: shipmentPackages.packageId })
    .from(shipmentPackages)
    .innerJoin(packages, eq(packages.id, shipmentPackages.packageId))
    .where(and(eq(shipmentPackages.shipmentId, shipmentId), eq(packages.userId, userId)));
  const rows = await db
    .select(shipmentNewsColumns)
    .from(shipmentNews)
    .where(and(eq(shipmentNews.shipmentId, shipmentId), exists(carriesTheirs)))
    .orderBy(desc(shipmentNews.createdAt), desc(shipmentNews.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
