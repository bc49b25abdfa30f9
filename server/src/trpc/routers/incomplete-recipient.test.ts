// A recipient the screens mark 'faltan datos' (docs/product/last-mile.md#delivery) cannot be
// named on a shipment, by staff ('Crear Envío', 'Editar envío') or by the customer (the ship
// request): a shipment would leave without a destination. Each is told in their own words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DELIVERY_MESSAGES as D } from '@casillero/shared';
import type { Database } from '../../db/client';
import { packages, recipients, shipments } from '../../db/schema';
import { testConfig } from '../../env';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { customerWithActiveMailbox, recipientFor, signedInAdmin, type CustomerWithMailbox } from '../../test/factories';

const config = testConfig({ appUrl: TEST_APP_URL });
let database: Database;
const db = () => database.db;
let admin: ReturnType<typeof callerFor>;
let maria: CustomerWithMailbox;
/** Cédula and phone, but no state, city or address: a row migrated from free text. */
let noPlace: string;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = callerFor(db(), (await signedInAdmin(db())).visitor, config);
  maria = await customerWithActiveMailbox(db(), { nombre: 'María Faltante' });
  const [row] = await db()
    .insert(recipients)
    .values({
      userId: maria.user.id,
      fullName: 'Carmen Sin Dirección',
      idDocument: 'V-8123456',
      phone: '+584141234567',
      state: '',
      city: '',
      address: '',
    })
    .returning({ id: recipients.id });
  noPlace = row.id;
});
afterAll(async () => {
  await database.close();
});

let seq = 0;
async function parcel() {
  const [row] = await db()
    .insert(packages)
    .values({
      userId: maria.user.id,
      mailboxId: maria.mailboxId,
      trackingNumber: `1ZFALTA${Date.now().toString(36).toUpperCase()}${++seq}`,
      packageDescription: 'Zapatos',
      status: 'in_warehouse',
      weightKg: 1,
      dimensionsCm: '20x20x20',
      estimatedValueUsdCents: 5000,
      receivedDate: new Date(),
    })
    .returning({ id: packages.id });
  return row.id;
}

const statusOf = async (id: string) =>
  (await db().select({ status: packages.status }).from(packages).where(eq(packages.id, id)))[0].status;

describe("a recipient with 'faltan datos'", () => {
  it("is refused on staff's 'Crear Envío' with staff's words, and nothing moves", async () => {
    const id = await parcel();
    const err = await trpcError(
      admin.shipments.create({
        userId: maria.user.id,
        recipientId: noPlace,
        deliveryMethod: 'home',
        estimatedDelivery: '',
        shippingCostUsdCents: 3000,
        packageIds: [id],
      }),
    );
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message: D.recipientIncompleteStaff });
    expect(await statusOf(id)).toBe('in_warehouse');
    expect(await db().select().from(shipments).where(eq(shipments.recipientId, noPlace))).toEqual([]);
  });

  it("is refused on 'Editar envío'", async () => {
    const id = await parcel();
    const created = await admin.shipments.create({
      userId: maria.user.id,
      recipientId: await recipientFor(db(), maria.user.id),
      deliveryMethod: 'home',
      estimatedDelivery: '',
      shippingCostUsdCents: 3000,
      packageIds: [id],
    });
    const err = await trpcError(
      admin.shipments.update({
        id: created.id,
        recipientId: noPlace,
        deliveryMethod: 'home',
        agencyId: null,
        estimatedDelivery: '',
        shippingCostUsdCents: 3000,
        trackingNumber: '',
      }),
    );
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message: D.recipientIncompleteStaff });
  });

  it("is refused on the customer's ship request with the customer's words", async () => {
    const id = await parcel();
    const err = await trpcError(
      callerFor(db(), maria.visitor, config).shipRequests.create({
        packageIds: [id],
        shippingMethod: 'aereo',
        recipientId: noPlace,
        deliveryMethod: 'home',
      }),
    );
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message: D.recipientIncomplete });
    expect(await statusOf(id)).toBe('in_warehouse');
  });
});
