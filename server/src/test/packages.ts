// What the staff's package tests start from (docs/decisions/019-warehouse-intake.md): a database with
// the administrator and two customers with their casilleros (Ana and Beto), and what those tests
// make and read (the package form, rows, notices, a package converted from a pre-alert or in a
// shipment). A test file calls usePackages() once; the people below are then its own, set before its
// first test.

import { eq } from 'drizzle-orm';
import { PACKAGE_MESSAGES as M, type PackageCreateInput } from '@casillero/shared';
import type { Database } from '../db/client';
import { mailboxes, notifications, packages, prealerts, shipmentPackages, shipments } from '../db/schema';
import { testConfig } from '../env';
import { createTestDatabase } from './db';
import { callerFor, TEST_APP_URL } from './caller';
import { signedInAdmin, signedInCustomer } from './factories';
import { afterAll, beforeAll } from 'vitest';

export const config = testConfig({ appUrl: TEST_APP_URL });

export let database: Database;
export let adminCaller: ReturnType<typeof callerFor>;
export type Customer = Awaited<ReturnType<typeof customerWithMailbox>>;
export let ana: Customer;
export let beto: Customer;

export const db = () => database.db;

export async function customerWithMailbox(nombre: string) {
  const customer = await signedInCustomer(db(), { nombre });
  const [mailbox] = await db()
    .select({ id: mailboxes.id, mailboxCode: mailboxes.mailboxCode })
    .from(mailboxes)
    .where(eq(mailboxes.userId, customer.user.id));
  return { ...customer, mailbox };
}

export let serial = 0;
export function form(c: Customer, overrides: Partial<PackageCreateInput> = {}): PackageCreateInput {
  serial++;
  return {
    userId: c.user.id,
    mailboxId: c.mailbox.id,
    trackingNumber: `pkg${Date.now().toString(36)}${serial}`,
    packageDescription: `Audífonos inalámbricos ${serial}`,
    senderName: 'Amazon',
    weightKg: 1.5,
    dimensionsCm: '20x15x10',
    estimatedValueUsdCents: 4999,
    status: 'pending',
    notes: '',
    ...overrides,
  };
}

export const notificationsOf = (userId: string) =>
  db().select().from(notifications).where(eq(notifications.userId, userId));
export const packageRow = async (id: string) => (await db().select().from(packages).where(eq(packages.id, id)))[0];
export const prealertRow = async (id: string) => (await db().select().from(prealerts).where(eq(prealerts.id, id)))[0];
export const receivedNotices = async (userId: string) =>
  (await notificationsOf(userId)).filter((n) => n.title === M.receivedTitle);

/** The customer pre-alerts a purchase; the admin confirms it and converts it into a package. */
export async function convertedPackage(c: Customer) {
  const { id: prealertId } = await c.caller.prealerts.create({
    trackingNumber: `PRE${Date.now().toString(36)}${++serial}`.toUpperCase(),
    carrier: 'Amazon',
    senderName: 'Amazon',
    description: 'Zapatos deportivos',
    quantityItems: 1,
    amountSpentUsdCents: 5990,
    estimatedWeight: 1.1,
    estimatedValueUsdCents: 5990,
  });
  await adminCaller.prealerts.confirm({ id: prealertId });
  const { packageId } = await adminCaller.prealerts.convert({ id: prealertId });
  return { prealertId, packageId };
}

export async function putInShipment(c: Customer, packageId: string) {
  const [s] = await db()
    .insert(shipments)
    .values({
      userId: c.user.id,
      shipmentCode: `SHT${++serial}${Date.now()}`.slice(0, 20),
      deliveryAddress: 'Av. Principal de Prueba 123',
      deliveryCity: 'Caracas',
      deliveryState: 'Distrito Capital',
    })
    .returning({ id: shipments.id, code: shipments.shipmentCode });
  await db().insert(shipmentPackages).values({ shipmentId: s.id, packageId });
  await db().update(packages).set({ status: 'in_shipment' }).where(eq(packages.id, packageId));
  return s.code;
}

/** Sets up the tests of the file that calls it (once), before its first test. */
export function usePackages() {
  beforeAll(async () => {
    database = await createTestDatabase();
    const admin = await signedInAdmin(database.db);
    adminCaller = callerFor(database.db, admin.visitor, config);
    ana = await customerWithMailbox('Ana Almacén');
    beto = await customerWithMailbox('Beto Bodega');
  });
  afterAll(async () => {
    await database.close();
  });
}
