// A shipment marked 'Retrasado' while its parcels still wait in the warehouse never reaches a
// counter or a door (docs/product/last-mile.md#agency-counters-and-proof-of-delivery): the scan and
// the home delivery refuse it in Spanish and change nothing; once it left (its parcels 'shipped'),
// a delay no longer stops either.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { PICKUP_MESSAGES as M } from '@casillero/shared';
import type { Database } from '../../db/client';
import { agencies, agencyStaff, packages, shipments, storedFiles } from '../../db/schema';
import { testConfig } from '../../env';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import {
  customerWithActiveMailbox,
  recipientFor,
  signedInAdmin,
  signedInStaff,
  type CustomerWithMailbox,
} from '../../test/factories';

const config = testConfig({ appUrl: TEST_APP_URL });
let database: Database;
const db = () => database.db;
type Caller = ReturnType<typeof callerFor>;
let admin: Caller;
let counter: { caller: Caller; id: string };
let staffId: string;
let eva: CustomerWithMailbox;
let agencyId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const a = await signedInAdmin(db());
  admin = callerFor(db(), a.visitor, config);
  staffId = a.user.id;
  eva = await customerWithActiveMailbox(db(), { nombre: 'Eva Esperando' });
  const [agency] = await db()
    .insert(agencies)
    .values({
      kind: 'partner',
      carrier: 'MRW',
      code: 'MRW-NL-01',
      name: 'MRW Centro',
      state: 'Carabobo',
      city: 'Valencia',
      address: 'Av. Bolívar',
    })
    .returning({ id: agencies.id });
  agencyId = agency!.id;
  const s = await signedInStaff(db(), 'agencia');
  await db().insert(agencyStaff).values({ userId: s.user.id, agencyId });
  counter = { caller: callerFor(db(), s.visitor, config), id: s.user.id };
});
afterAll(async () => {
  await database?.close();
});

/** A parcel of Eva's in the warehouse, and a shipment of it created by staff, marked 'Retrasado'. */
async function delayedShipment(deliveryMethod: 'home' | 'agency') {
  const tag = randomUUID().slice(0, 8);
  const [parcel] = await db()
    .insert(packages)
    .values({
      userId: eva.user.id,
      mailboxId: eva.mailboxId,
      trackingNumber: `1ZNL${tag}`,
      packageDescription: `Compra ${tag}`,
      status: 'in_warehouse',
      weightKg: 2,
      dimensionsCm: '20x20x20',
      estimatedValueUsdCents: 5_000,
      warehouseReceipt: `WR-NL-${tag}`,
      receivedDate: new Date(),
    })
    .returning({ id: packages.id });
  const { id, shipmentCode } = await admin.shipments.create({
    userId: eva.user.id,
    recipientId: await recipientFor(db(), eva.user.id, { city: 'Valencia', state: 'Carabobo' }),
    deliveryMethod,
    agencyId: deliveryMethod === 'agency' ? agencyId : null,
    shippingCostUsdCents: 2_000,
    packageIds: [parcel!.id],
  });
  await admin.shipments.updateStatus({ id, status: 'delayed' });
  return { id, shipmentCode, parcelId: parcel!.id };
}

async function photoOf(userId: string) {
  const ids = [randomUUID(), randomUUID()];
  for (const id of ids)
    await db()
      .insert(storedFiles)
      .values({
        id,
        ownerUserId: userId,
        kind: 'delivery_photo',
        storageKey: `delivery-photos/${id}.jpg`,
        contentType: 'image/jpeg',
        sizeBytes: 10,
        uploadedBy: userId,
      });
  return { fileId: ids[0]!, thumbFileId: ids[1]! };
}

const statusOf = async (id: string) => (await db().select().from(shipments).where(eq(shipments.id, id)))[0]!.status;

describe('a delayed shipment that never left the warehouse', () => {
  it('is not made ready at the counter, until it leaves', async () => {
    const s = await delayedShipment('agency');
    const err = await trpcError(counter.caller.pickups.markReady({ code: s.shipmentCode }));
    expect(err).toMatchObject({ code: 'CONFLICT', message: M.notLeftWarehouse(s.shipmentCode) });
    expect(await statusOf(s.id)).toBe('delayed');
    // It leaves (its parcel is 'shipped'), then is delayed on the way: the counter takes it.
    await admin.shipments.updateStatus({ id: s.id, status: 'in_transit' });
    await admin.shipments.updateStatus({ id: s.id, status: 'delayed' });
    await counter.caller.pickups.markReady({ code: s.shipmentCode });
    expect(await statusOf(s.id)).toBe('ready_for_pickup');
  });

  it('is not delivered at the door', async () => {
    const s = await delayedShipment('home');
    const err = await trpcError(
      admin.pickups.recordHomeDelivery({
        shipmentId: s.id,
        receivedBy: 'Carmen Rodríguez',
        idDocument: 'V-12345678',
        photo: await photoOf(staffId),
      }),
    );
    expect(err).toMatchObject({ code: 'CONFLICT', message: M.notLeftWarehouse(s.shipmentCode) });
    expect(await statusOf(s.id)).toBe('delayed');
    const parcels = await db()
      .select()
      .from(packages)
      .where(inArray(packages.id, [s.parcelId]));
    expect(parcels.map((p) => p.status)).toEqual(['in_shipment']);
  });
});
