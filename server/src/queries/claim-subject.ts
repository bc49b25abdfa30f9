// What a claim is opened on (docs/product/claims.md): the parcel or shipment as the claims' rules read
// it (its dates, its shipment, the insured value) and the declared values the payout limits come from.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { packages, shipmentPackages, shipments } from '../db/schema';

/**
 * The declared value of these packages, in USD cents (null when none declares one). The one
 * place that reads the declared value's column.
 */
export async function declaredValueUsdCents(db: DbOrTx, packageIds: readonly string[]): Promise<number | null> {
  if (packageIds.length === 0) return null;
  const [row] = await db
    .select({
      cents: sql<string | null>`sum(${packages.estimatedValueUsdCents})::bigint`,
    })
    .from(packages)
    .where(inArray(packages.id, [...packageIds]));
  return row?.cents == null ? null : Number(row.cents);
}

/** What a claim is opened on, as its rules read it; null when it is not the customer's. */
export type ClaimSubjectFacts = {
  packageIds: string[];
  /** The package's reception, when the claim is on a package. */
  receivedAt: Date | null;
  /** The shipment: the package's (if it travels in one) or the claim's. */
  shipmentId: string | null;
  shipmentCreatedAt: Date | null;
  shipmentDeliveredOn: string | null;
  insuredUsdCents: number | null;
};

export async function claimSubjectFacts(
  db: DbOrTx,
  customerId: string | null,
  subject: { packageId?: string | null; shipmentId?: string | null },
): Promise<ClaimSubjectFacts | null> {
  const own = (column: typeof packages.userId | typeof shipments.userId) =>
    customerId ? eq(column, customerId) : undefined;
  if (subject.packageId) {
    const [row] = await db
      .select({
        id: packages.id,
        receivedAt: packages.receivedDate,
        shipmentId: shipments.id,
        shipmentCreatedAt: shipments.createdAt,
        shipmentDeliveredOn: shipments.actualDelivery,
        insuredUsdCents: shipments.insuredValueUsdCents,
      })
      .from(packages)
      .leftJoin(shipmentPackages, eq(shipmentPackages.packageId, packages.id))
      .leftJoin(shipments, eq(shipments.id, shipmentPackages.shipmentId))
      .where(and(eq(packages.id, subject.packageId), own(packages.userId)));
    if (!row) return null;
    return {
      packageIds: [row.id],
      receivedAt: row.receivedAt,
      shipmentId: row.shipmentId,
      shipmentCreatedAt: row.shipmentCreatedAt,
      shipmentDeliveredOn: row.shipmentDeliveredOn,
      insuredUsdCents: row.insuredUsdCents,
    };
  }
  if (!subject.shipmentId) return null;
  const [row] = await db
    .select({
      id: shipments.id,
      createdAt: shipments.createdAt,
      deliveredOn: shipments.actualDelivery,
      insuredUsdCents: shipments.insuredValueUsdCents,
    })
    .from(shipments)
    .where(and(eq(shipments.id, subject.shipmentId), own(shipments.userId)));
  if (!row) return null;
  const inside = await db
    .select({ id: shipmentPackages.packageId })
    .from(shipmentPackages)
    .where(eq(shipmentPackages.shipmentId, row.id));
  return {
    packageIds: inside.map((p) => p.id),
    receivedAt: null,
    shipmentId: row.id,
    shipmentCreatedAt: row.createdAt,
    shipmentDeliveredOn: row.deliveredOn,
    insuredUsdCents: row.insuredUsdCents,
  };
}
