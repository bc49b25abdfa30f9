// What the staff's shipment tests start from (docs/product/last-mile.md): a database with two
// administrators and two customers (Ana and Beto) with their recipients, and what those tests make
// and read (packages in the warehouse, the shipment form, the packages' statuses). A test file calls
// useShipments() once; the people below are then its own, set before its first test.

import { eq, inArray } from 'drizzle-orm';
import type { PackageStatus, ShipmentCreateInput } from '@casillero/shared';
import type { Database } from '../db/client';
import { mailboxes, packages } from '../db/schema';
import { testConfig } from '../env';
import { createTestDatabase } from './db';
import { callerFor, TEST_APP_URL } from './caller';
import { recipientFor, signedInAdmin, signedInCustomer } from './factories';
import { afterAll, beforeAll } from 'vitest';

export const config = testConfig({ appUrl: TEST_APP_URL });

export let database: Database;
export let adminCaller: ReturnType<typeof callerFor>;
export let secondAdmin: ReturnType<typeof callerFor>;
export type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
export let ana: Customer;
export let beto: Customer;
/** Each customer's recipient in Caracas (Distrito Capital), named by the default form. */
export const homeOf = new Map<string, string>();
/** Beto's recipients in Barquisimeto (Lara) and Maracaibo (Zulia). */
export let betoLara: string;
export let betoZulia: string;
export const db = () => database.db;

let seq = 0;
/** The next number of this file's counter, for codes unique in it. */
export const nextSeq = () => ++seq;
export async function packageOf(
  c: Customer,
  status: PackageStatus = 'received',
  weightKg: number | null = 1.25,
  valueUsdCents: number | null = 2000,
  receivedDate: Date | null = new Date(),
) {
  const [box] = await db().select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.userId, c.user.id));
  const [row] = await db()
    .insert(packages)
    .values({
      userId: c.user.id,
      mailboxId: box.id,
      trackingNumber: `SHPKG${Date.now().toString(36).toUpperCase()}${++seq}`,
      packageDescription: `Paquete ${seq}`,
      status,
      weightKg,
      estimatedValueUsdCents: valueUsdCents,
      receivedDate,
    })
    .returning({ id: packages.id, trackingNumber: packages.trackingNumber });
  return row;
}

export function form(
  c: Customer,
  packageIds: string[],
  overrides: Partial<ShipmentCreateInput> = {},
): ShipmentCreateInput {
  return {
    userId: c.user.id,
    recipientId: homeOf.get(c.user.id)!,
    deliveryMethod: 'home',
    estimatedDelivery: '',
    shippingCostUsdCents: 3550,
    packageIds,
    ...overrides,
  };
}

export const statusOf = async (ids: string[]) =>
  (await db().select({ id: packages.id, status: packages.status }).from(packages).where(inArray(packages.id, ids))).map(
    (r) => r.status,
  );

/** Sets up the tests of the file that calls it (once), before its first test. */
export function useShipments() {
  beforeAll(async () => {
    database = await createTestDatabase();
    adminCaller = callerFor(database.db, (await signedInAdmin(database.db)).visitor, config);
    secondAdmin = callerFor(database.db, (await signedInAdmin(database.db)).visitor, config);
    ana = await signedInCustomer(database.db, { nombre: 'Ana Envíos' });
    beto = await signedInCustomer(database.db, { nombre: 'Beto Despacho' });
    for (const c of [ana, beto]) homeOf.set(c.user.id, await recipientFor(database.db, c.user.id));
    betoLara = await recipientFor(database.db, beto.user.id, {
      address: 'Calle 10 con carrera 5, edificio Lara',
      city: 'Barquisimeto',
      state: 'Lara',
    });
    betoZulia = await recipientFor(database.db, beto.user.id, {
      address: 'Calle 72 con avenida 3E, edificio Lago, piso 2',
      city: 'Maracaibo',
      state: 'Zulia',
    });
  });
  afterAll(async () => {
    await database.close();
  });
}
