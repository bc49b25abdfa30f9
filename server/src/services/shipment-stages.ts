// A shipment's stages (docs/product/admin-packages-and-shipments.md#first-stage): the timeline the
// customer reads in Envíos. Every status change writes its stage and its webhook event here,
// whoever makes it: staff's inline change, a departure's milestone for every shipment in it, the
// agency counter's "listo para retirar" and the delivery. The stage is named by the status (the
// public tracking page shows only those names); the active one is completed, and 'Entregado'
// ends the timeline completed.
import { eq, sql } from 'drizzle-orm';
import { SHIPMENT_STATUS_LABELS, type ShipmentStatus } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { shipments } from '../db/schema';
import { pgTextArray } from './notify';
import { enqueueWebhookEvent } from './webhooks';

/** One shipment whose status just changed from `previous`. */
export type ShipmentStatusChange = {
  id: string;
  userId: string;
  shipmentCode: string;
  previous: ShipmentStatus;
  changedAt: Date;
};

/** Closes the active stage of each shipment and opens the one of `status` after its last, in two statements. */
export async function recordShipmentStages(tx: DbOrTx, shipmentIds: readonly string[], status: ShipmentStatus) {
  if (shipmentIds.length === 0) return;
  const ids = pgTextArray(shipmentIds);
  await tx.execute(sql`
    update shipment_stages set status = 'completed', updated_at = now()
    where shipment_id = any(${ids}::uuid[]) and status = 'active'`);
  await tx.execute(sql`
    insert into shipment_stages (shipment_id, stage_number, stage_name, status)
    select s.id,
           coalesce((select max(st.stage_number) from shipment_stages st where st.shipment_id = s.id), 0) + 1,
           ${SHIPMENT_STATUS_LABELS[status]},
           ${status === 'delivered' ? 'completed' : 'active'}::shipment_stage_status
    from unnest(${ids}::uuid[]) as s(id)`);
}

/** The stages and the customers' `shipment.status_changed` events of shipments that reached `status`. */
export async function recordStatusChanges(
  tx: DbOrTx,
  changes: readonly ShipmentStatusChange[],
  status: ShipmentStatus,
) {
  await recordShipmentStages(
    tx,
    changes.map((c) => c.id),
    status,
  );
  await enqueueWebhookEvent(
    tx,
    'shipment.status_changed',
    changes.map((c) => ({
      userId: c.userId,
      data: {
        shipmentId: c.id,
        shipmentCode: c.shipmentCode,
        previousStatus: c.previous,
        status,
        changedAt: c.changedAt.toISOString(),
      },
    })),
  );
}

/** One shipment (locked by the caller) reaches `status`, with `also` set beside it, its stage and its event. */
export async function moveShipment(
  tx: DbOrTx,
  shipment: { id: string; userId: string; shipmentCode: string; status: ShipmentStatus },
  status: ShipmentStatus,
  also: Partial<typeof shipments.$inferInsert> = {},
) {
  const [row] = await tx
    .update(shipments)
    .set({ ...also, status, updatedAt: new Date() })
    .where(eq(shipments.id, shipment.id))
    .returning({ updatedAt: shipments.updatedAt });
  await recordStatusChanges(tx, [{ ...shipment, previous: shipment.status, changedAt: row.updatedAt }], status);
}
