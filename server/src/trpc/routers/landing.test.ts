// Where a customer lands after signing in (docs/product/sign-up-and-sign-in.md#where-a-customer-lands):
// an unpaid invoice first, then a shipment waiting at an agency, then parcels waiting in the
// warehouse for a ship request; with nothing pending, the casilleros. Never the profile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CUSTOMER_LANDINGS } from '@casillero/shared';
import type { Database } from '../../db/client';
import { invoices, packages, repackRequestItems, repackRequests, shipments } from '../../db/schema';
import { testConfig } from '../../env';
import { callerFor, newVisitor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { customerWithActiveMailbox, recipientFor, type CustomerWithMailbox } from '../../test/factories';

const config = testConfig({ appUrl: TEST_APP_URL });
let database: Database;
const db = () => database.db;
const as = (c: CustomerWithMailbox) => callerFor(db(), c.visitor, config);

/** A customer whose casillero is active and its activation settled: nothing owed yet. */
async function settledCustomer(nombre: string) {
  const c = await customerWithActiveMailbox(db(), { nombre });
  await db().update(invoices).set({ voidedAt: new Date() }).where(eq(invoices.userId, c.user.id));
  return c;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

let seq = 0;
async function parcel(c: CustomerWithMailbox) {
  const [row] = await db()
    .insert(packages)
    .values({
      userId: c.user.id,
      mailboxId: c.mailboxId,
      trackingNumber: `1ZLAND${Date.now().toString(36).toUpperCase()}${++seq}`,
      packageDescription: 'Zapatos deportivos',
      status: 'in_warehouse',
      weightKg: 1,
      dimensionsCm: '30x20x10',
      estimatedValueUsdCents: 6000,
      receivedDate: new Date(),
    })
    .returning({ id: packages.id });
  return row.id;
}

describe('account.landing', () => {
  it('a new customer pays the activation first: Facturas', async () => {
    const nueva = await customerWithActiveMailbox(db(), { nombre: 'Nueva Activación' });
    expect(await as(nueva).account.landing()).toEqual({
      reason: 'unpaidInvoice',
      to: CUSTOMER_LANDINGS.unpaidInvoice,
    });
  });

  it('sends a customer with nothing pending to the casilleros, and nobody signed out anywhere', async () => {
    const ana = await settledCustomer('Ana Nueva');
    expect(await as(ana).account.landing()).toEqual({
      reason: 'nothingPending',
      to: CUSTOMER_LANDINGS.nothingPending,
    });
    expect((await trpcError(callerFor(db(), newVisitor(), config).account.landing())).code).toBe('UNAUTHORIZED');
  });

  it('parcels waiting in the warehouse lead to Almacén; one waiting for a repack does not', async () => {
    const luis = await settledCustomer('Luis Almacén');
    const boxed = await parcel(luis);
    const [request] = await db()
      .insert(repackRequests)
      .values({ userId: luis.user.id, shippingMethod: 'aereo', status: 'pending' })
      .returning({ id: repackRequests.id });
    await db().insert(repackRequestItems).values({ repackRequestId: request.id, packageId: boxed });
    expect((await as(luis).account.landing()).reason).toBe('nothingPending');
    await parcel(luis);
    expect(await as(luis).account.landing()).toEqual({
      reason: 'waitingParcels',
      to: CUSTOMER_LANDINGS.waitingParcels,
    });
  });

  it('an unpaid invoice comes first, then a shipment waiting at the agency', async () => {
    const rosa = await settledCustomer('Rosa Factura');
    const id = await parcel(rosa);
    await as(rosa).shipRequests.create({
      packageIds: [id],
      shippingMethod: 'aereo',
      recipientId: await recipientFor(db(), rosa.user.id),
      deliveryMethod: 'home',
    });
    expect(await as(rosa).account.landing()).toEqual({
      reason: 'unpaidInvoice',
      to: CUSTOMER_LANDINGS.unpaidInvoice,
    });
    // A shipment at the agency, its invoice paid (none here): Envíos.
    const pedro = await settledCustomer('Pedro Agencia');
    await parcel(pedro);
    await db()
      .insert(shipments)
      .values({
        userId: pedro.user.id,
        shipmentCode: `SHLAND${Date.now().toString(36).toUpperCase()}`,
        recipientId: await recipientFor(db(), pedro.user.id),
        deliveryAddress: 'MRW Valencia Centro',
        deliveryCity: 'Valencia',
        deliveryState: 'Carabobo',
        status: 'ready_for_pickup',
      });
    // Before the parcels still in the warehouse.
    expect(await as(pedro).account.landing()).toEqual({
      reason: 'readyForPickup',
      to: CUSTOMER_LANDINGS.readyForPickup,
    });
  });
});
