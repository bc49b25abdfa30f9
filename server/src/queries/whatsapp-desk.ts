// What the WhatsApp desk reads (docs/product/whatsapp-desk.md): whose a number is, and one
// customer's open parcels and shipments. Every query names the customer; nothing here reads
// another customer's rows.
import { and, count, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { PackageStatus } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { packages, shipments, users, whatsappNumbers } from '../db/schema';
import { departureViewsOfShipments } from './departures';

/** How many parcels and shipments one answer lists (a WhatsApp message holds 4,096 characters). */
export const DESK_LIST_LIMIT = 8;

/** Parcels on our shelves, not yet put in a shipment. */
const ON_THE_SHELF: PackageStatus[] = ['received', 'processed', 'in_warehouse'];

/**
 * The customer who verified this number (E.164) in the app, or null. A number two accounts
 * verified (each with the code sent to it) answers for the one that verified it last. A query,
 * used inside the webhook's conversation upsert (services/whatsapp-desk/receive.ts).
 */
export function customerOfWhatsappNumberQuery(db: DbOrTx, phone: string) {
  return db
    .select({ userId: whatsappNumbers.userId })
    .from(whatsappNumbers)
    .innerJoin(users, eq(users.id, whatsappNumbers.userId))
    .where(and(eq(whatsappNumbers.phone, phone), isNull(users.deactivatedAt)))
    .orderBy(desc(whatsappNumbers.verifiedAt))
    .limit(1);
}

/** The customer's shipments not delivered yet, newest first, with their departure's promise, and how many there are. */
export async function openShipmentsOf(db: DbOrTx, userId: string) {
  const open = and(eq(shipments.userId, userId), ne(shipments.status, 'delivered'));
  const rows = await db
    .select({ id: shipments.id, code: shipments.shipmentCode, status: shipments.status })
    .from(shipments)
    .where(open)
    .orderBy(desc(shipments.createdAt))
    .limit(DESK_LIST_LIMIT);
  const [{ n }] = await db.select({ n: count() }).from(shipments).where(open);
  const departures = await departureViewsOfShipments(
    db,
    rows.map((r) => r.id),
  );
  return { total: n, rows: rows.map((r) => ({ ...r, departure: departures.get(r.id) ?? null })) };
}

/** The customer's parcels on our shelves, the latest received first, and how many there are. */
export async function parcelsOnTheShelfOf(db: DbOrTx, userId: string) {
  const onShelf = and(eq(packages.userId, userId), inArray(packages.status, ON_THE_SHELF));
  const rows = await db
    .select({
      trackingNumber: packages.trackingNumber,
      description: packages.packageDescription,
      status: packages.status,
    })
    .from(packages)
    .where(onShelf)
    .orderBy(desc(packages.receivedDate), desc(packages.createdAt))
    .limit(DESK_LIST_LIMIT);
  const [{ n }] = await db.select({ n: count() }).from(packages).where(onShelf);
  return { total: n, rows };
}
