// A shipment can be at an agency or at the door only once it left the warehouse: its parcels are
// 'shipped' (a departure's Salida, or staff's status change, moved them, docs/product/departures.md#what-a-milestone-moves).
// 'Retrasado' is among the statuses on the way (a delay can happen anywhere), so it alone does not say
// the shipment left: staff may mark one 'Retrasado' while it still waits in the warehouse.
import { and, eq, inArray } from 'drizzle-orm';
import { PICKUP_MESSAGES } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { packages, shipmentPackages } from '../db/schema';
import { DomainError } from '../lib/domain-error';

export async function refuseIfNotLeft(tx: DbOrTx, shipment: { id: string; shipmentCode: string }) {
  const [waiting] = await tx
    .select({ id: packages.id })
    .from(packages)
    .where(
      and(
        inArray(
          packages.id,
          tx
            .select({ id: shipmentPackages.packageId })
            .from(shipmentPackages)
            .where(eq(shipmentPackages.shipmentId, shipment.id)),
        ),
        eq(packages.status, 'in_shipment'),
      ),
    )
    .limit(1);
  if (waiting) throw new DomainError('CONFLICT', PICKUP_MESSAGES.notLeftWarehouse(shipment.shipmentCode));
}
