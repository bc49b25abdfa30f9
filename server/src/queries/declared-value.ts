// Parcels waiting for their declared value (docs/product/insurance.md): the customer's own, on the
// warehouse's shelf, in no shipment, without packages.estimated_value_usd_cents. They are listed in
// Acción requerida and refused by the ship request until the customer confirms a value.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PACKAGE_STATUSES_SHIPPABLE } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { packages } from '../db/schema';

export async function listMissingDeclaredValue(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      packageId: packages.id,
      warehouseReceipt: packages.warehouseReceipt,
      trackingNumber: packages.trackingNumber,
      packageDescription: packages.packageDescription,
      receivedDate: packages.receivedDate,
    })
    .from(packages)
    .where(
      and(
        eq(packages.userId, userId),
        isNull(packages.estimatedValueUsdCents),
        inArray(packages.status, [...PACKAGE_STATUSES_SHIPPABLE]),
        sql`not exists (select 1 from shipment_packages sp where sp.package_id = ${packages.id})`,
      ),
    )
    .orderBy(asc(packages.receivedDate), asc(packages.id));
  return rows.map((r) => ({
    packageId: r.packageId,
    label: r.warehouseReceipt ?? r.trackingNumber ?? r.packageId.slice(0, 8),
    packageDescription: r.packageDescription,
    receivedDate: r.receivedDate,
  }));
}
