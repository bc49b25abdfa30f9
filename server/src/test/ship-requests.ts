// What the ship request tests start from (docs/product/last-mile.md#the-ship-request): a database
// with the administrator and two customers with active casilleros, María and Pedro, and what those
// tests make and read (parcels received today with their measures, recipients, agencies, the
// public calculator's price of a box). A test file calls useShipRequests() once; the people below
// are then its own, set before its first test.
import { kgToLb, PRICE_LIST_V1, quoteUsa } from '@casillero/shared';
import type { Database } from '../db/client';
import { packages, recipients } from '../db/schema';
import { callerFor, TEST_APP_URL } from './caller';
import { createTestDatabase } from './db';
import { customerWithActiveMailbox, signedInAdmin, type CustomerWithMailbox } from './factories';
import { testConfig } from '../env';
import { afterAll, beforeAll } from 'vitest';

export let database: Database;
export const db = () => database.db;
export const config = testConfig({ appUrl: TEST_APP_URL });
export let admin: Awaited<ReturnType<typeof signedInAdmin>>;
export let maria: CustomerWithMailbox;
export let pedro: CustomerWithMailbox;
export const as = (c: { visitor: CustomerWithMailbox['visitor'] }) => callerFor(db(), c.visitor, config);

let seq = 0;
export const tag = () => `${Date.now().toString(36).toUpperCase()}${++seq}`;

/** A parcel received today in the customer's warehouse, with its weight and measures. */
export async function parcel(
  c: { user: { id: string }; mailboxId: string },
  weightKg: number,
  dims: string,
  valueUsd = 80,
) {
  const t = tag();
  const [row] = await db()
    .insert(packages)
    .values({
      userId: c.user.id,
      mailboxId: c.mailboxId,
      trackingNumber: `1Z${t}`,
      packageDescription: `Compra ${t}`,
      status: 'in_warehouse',
      weightKg,
      dimensionsCm: dims,
      estimatedValueUsdCents: valueUsd,
      warehouseReceipt: `WR-SR-${t}`,
      receivedDate: new Date(),
    })
    .returning({ id: packages.id });
  return row.id;
}

export async function recipient(c: { user: { id: string } }, state: string, city: string) {
  const [row] = await db()
    .insert(recipients)
    .values({
      userId: c.user.id,
      fullName: 'Carmen González',
      idDocument: 'V-8123456',
      phone: '+584141234567',
      state,
      city,
      address: 'Urb. El Viñedo, calle 137, casa 12',
      reference: 'Frente a la panadería',
    })
    .returning({ id: recipients.id });
  return row.id;
}

export async function agency(active = true) {
  const created = await admin.caller.agenciesAdmin.create({
    kind: 'partner',
    carrier: 'MRW',
    code: `mrw-val-${tag()}`,
    name: 'MRW Valencia Centro',
    state: 'Carabobo',
    city: 'Valencia',
    address: 'Av. Bolívar Norte, local 4',
    hours: 'Lun a Vie 8:00 a 17:00',
    phone: '0241-8234567',
  });
  if (!active) await admin.caller.agenciesAdmin.setActive({ id: created.id, active: false });
  return created.id;
}

/** The public calculator's freight for a parcel from Miami, in cents (the customs estimate is charged apart: ./customs-charge.ts). */
export const usaCents = (kg: number, dims: [number, number, number], valor: number, tipo: 'aereo' | 'maritimo') =>
  quoteUsa(
    { peso: kgToLb(kg), largo: dims[0], ancho: dims[1], alto: dims[2], valor, seguro: false, tipo },
    PRICE_LIST_V1,
  )!.totalUsdCents;

/** Sets up the tests of the file that calls it (once), before its first test. */
export function useShipRequests() {
  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await signedInAdmin(db());
    maria = await customerWithActiveMailbox(db(), { nombre: 'María González' });
    pedro = await customerWithActiveMailbox(db(), { nombre: 'Pedro Rivas' });
  });
  afterAll(async () => {
    await database.close();
  });
}
