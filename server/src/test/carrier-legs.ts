// Carrier legs as the first mile's write side stores them (docs/product/first-mile.md), inserted
// directly so the read side's tests do not depend on a provider.
import type { CarrierTrackingState } from '@casillero/shared';
import type { Db } from '../db/client';
import { carrierEvents, carrierShipments } from '../db/schema';

export type EventSpec = { state: CarrierTrackingState; at: string; description: string; location?: string | null };

let counter = 0;
/** A fresh USPS-looking number (22 digits), unique in this run: its own tracking key. */
export const newCarrierNumber = () => `9400${String(Date.now()).slice(-9)}${String(++counter).padStart(9, '0')}`;

/** A followed number (already in its key's form) with its events; the state is the newest event's. */
export async function insertCarrierLeg(
  db: Db,
  number: string,
  events: EventSpec[],
  extra: Partial<typeof carrierShipments.$inferInsert> = {},
) {
  const newest = [...events].sort((a, b) => b.at.localeCompare(a.at))[0];
  const values = {
    trackingKey: number,
    trackingNumber: number,
    carrier: 'USPS' as const,
    state: newest?.state ?? null,
    stateAt: newest ? new Date(newest.at) : null,
    ...extra,
  };
  // A pre-alert made through its procedure is already followed (its row exists, without events).
  const [shipment] = await db
    .insert(carrierShipments)
    .values(values)
    .onConflictDoUpdate({ target: carrierShipments.trackingKey, set: values })
    .returning({ id: carrierShipments.id });
  if (events.length > 0)
    await db.insert(carrierEvents).values(
      events.map((e, i) => ({
        carrierShipmentId: shipment.id,
        provider: 'fake' as const,
        providerEventId: `${number}-${i}`,
        state: e.state,
        occurredAt: new Date(e.at),
        description: e.description,
        location: e.location ?? null,
      })),
    );
  return shipment.id;
}
