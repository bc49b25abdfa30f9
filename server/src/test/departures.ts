// What the departures tests start from (docs/product/departures.md): a database with the staff
// who run departures, and customers, shipments and departures made directly. A test file calls
// useDeparturesDesk() once; the staff below are then its own, set before its first test.
import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, dollarsToCents, type DepartureCreateInput } from '@casillero/shared';
import type { Database } from '../db/client';
import { mailboxes, packages, shipmentPackages, shipments, users } from '../db/schema';
import { testConfig } from '../env';
import { businessToday } from '../lib/business-clock';
import { callerFor, TEST_APP_URL } from './caller';
import { createTestDatabase } from './db';
import { signedInAdmin, signedInStaff } from './factories';

export let database: Database;
export const db = () => database.db;
export const config = testConfig({ appUrl: TEST_APP_URL });
type Staff = Awaited<ReturnType<typeof signedInStaff>>;
export let admin: Staff;
export let almacen: Staff;
export let almacen2: Staff;
export let caja: Staff;
export const as = (s: Staff) => callerFor(db(), s.visitor, config);

export function useDeparturesDesk() {
  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await signedInAdmin(db());
    almacen = await signedInStaff(db(), 'almacen');
    almacen2 = await signedInStaff(db(), 'almacen');
    caja = await signedInStaff(db(), 'caja');
  });
  afterAll(async () => {
    await database.close();
  });
}

let seq = 0;
export const tag = () => `${Date.now().toString(36).toUpperCase()}${++seq}`;
export const today = businessToday();

/** A customer made directly (no sign-up) with a mailbox at that warehouse. */
export async function customer(location: 'miami' | 'beijing' = 'miami') {
  const [u] = await db()
    .insert(users)
    .values({ email: `despacho.${tag().toLowerCase()}@ejemplo.com`, passwordHash: 'x', role: 'user' })
    .returning({ id: users.id });
  const [box] = await db()
    .insert(mailboxes)
    .values({
      userId: u.id,
      mailboxCode: `DSP${tag()}`,
      location,
      addressLine1: '8400 NW 25th St',
      city: 'Doral',
      postalCode: '33198',
      country: location === 'miami' ? 'USA' : 'CHINA',
      status: 'active',
    })
    .returning({ id: mailboxes.id });
  return { id: u.id, mailboxId: box.id };
}

/** A shipment of the customer carrying `parcels` received parcels, with their WR numbers. */
export async function shipmentOf(
  c: { id: string; mailboxId: string },
  opts: { mode?: 'aereo' | 'maritimo'; parcels?: { weightKg: number; valueUsd: number; dims?: string }[] } = {},
) {
  const parcels = opts.parcels ?? [{ weightKg: 1.25, valueUsd: 40, dims: '30x20x10' }];
  const rows = await db()
    .insert(packages)
    .values(
      parcels.map((p) => {
        const t = tag();
        return {
          userId: c.id,
          mailboxId: c.mailboxId,
          trackingNumber: `1Z${t}`,
          packageDescription: `Compra ${t}`,
          status: 'in_shipment' as const,
          weightKg: p.weightKg,
          estimatedValueUsdCents: dollarsToCents(p.valueUsd),
          dimensionsCm: p.dims ?? null,
          warehouseReceipt: `WR-DSP-${t}`,
        };
      }),
    )
    .returning({ id: packages.id, wr: packages.warehouseReceipt });
  const [s] = await db()
    .insert(shipments)
    .values({
      userId: c.id,
      shipmentCode: `SH${tag()}`,
      deliveryAddress: 'Av. Bolívar Norte, Torre Stratos, piso 3',
      deliveryCity: 'Valencia',
      deliveryState: 'Carabobo',
      shippingMethod: opts.mode ?? 'aereo',
      status: 'preparing',
    })
    .returning({ id: shipments.id, code: shipments.shipmentCode });
  await db()
    .insert(shipmentPackages)
    .values(rows.map((r) => ({ shipmentId: s.id, packageId: r.id })));
  return { ...s, wrs: rows.map((r) => r.wr!) };
}

export const air = (over: Partial<DepartureCreateInput> = {}): DepartureCreateInput => ({
  mode: 'aereo',
  origin: 'miami',
  masterRef: '406-12345675',
  carrier: 'Laser Airlines',
  voyage: 'QL 1905',
  arrivalPort: 'maiquetia',
  cutoffOn: addDays(today, 3),
  plannedDeparture: addDays(today, 4),
  plannedArrival: null,
  ...over,
});

export const departureOf = async (shipmentId: string) =>
  (await db().select({ d: shipments.departureId }).from(shipments).where(eq(shipments.id, shipmentId)))[0]!.d;
