import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageStatus } from '@casillero/shared';
import type { Database } from '../../db/client';
import { packages, shipmentPackages, shipments } from '../../db/schema';
import { daysStored, storedUntil } from '../../queries/client-packages';
import { createTestDatabase } from '../../test/db';
import { signedInCustomer } from '../../test/factories';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;
const DAY = 24 * 60 * 60 * 1000;

async function packageFor(
  userId: string,
  mailboxId: string,
  v: {
    tracking: string;
    description: string;
    sender: string;
    status: PackageStatus;
    weight: number;
    daysAgo: number | null;
  },
) {
  const [row] = await db()
    .insert(packages)
    .values({
      userId,
      mailboxId,
      trackingNumber: v.tracking,
      packageDescription: v.description,
      senderName: v.sender,
      weightKg: v.weight,
      dimensionsCm: '30x20x15',
      estimatedValueUsdCents: 5000,
      status: v.status,
      notes: 'Nota interna',
      receivedDate: v.daysAgo === null ? null : new Date(Date.now() - v.daysAgo * DAY - 60_000),
    })
    .returning({ id: packages.id });
  return row.id;
}

let shipmentSerial = 0;
/** A shipment of the customer's, created `daysAgo` days ago with the packages put in it then. */
async function shipmentWith(userId: string, packageIds: string[], daysAgo: number) {
  const created = new Date(Date.now() - daysAgo * DAY);
  const [row] = await db()
    .insert(shipments)
    .values({
      userId,
      shipmentCode: `SHDIAS${Date.now().toString(36).toUpperCase()}${++shipmentSerial}`,
      deliveryAddress: 'Av. Principal, casa 1',
      deliveryCity: 'Caracas',
      deliveryState: 'Miranda',
      status: 'in_transit',
      createdAt: created,
    })
    .returning({ id: shipments.id, shipmentCode: shipments.shipmentCode });
  await db()
    .insert(shipmentPackages)
    .values(packageIds.map((packageId) => ({ shipmentId: row.id, packageId, createdAt: created })));
  return row;
}

describe('Almacén', () => {
  it('lists own packages with days stored, searches on the server and filters by status; stats over all', async () => {
    const { caller, user } = await signedInCustomer(db());
    const [box] = await caller.mailboxes.mine();
    await packageFor(user.id, box.id, {
      tracking: '1ZAAA111',
      description: 'Zapatos Nike',
      sender: 'Nike',
      status: 'received',
      weight: 1.5,
      daysAgo: 12,
    });
    await packageFor(user.id, box.id, {
      tracking: 'TBA222',
      description: 'Libros',
      sender: 'Amazon',
      status: 'received',
      weight: 2.25,
      daysAgo: 3,
    });
    await packageFor(user.id, box.id, {
      tracking: '9400333',
      description: 'Perfume 100%',
      sender: 'Sephora',
      status: 'pending',
      weight: 0.5,
      daysAgo: null,
    });

    const all = await caller.packages.mine();
    expect(all.items).toHaveLength(3);
    expect(all.stats).toEqual({ total: 3, byStatus: { received: 2, pending: 1 }, totalWeightKg: 4.25 });
    const nike = all.items.find((p) => p.trackingNumber === '1ZAAA111')!;
    expect(nike).toMatchObject({
      daysStored: 12,
      weightKg: 1.5,
      dimensionsCm: '30x20x15',
      estimatedValueUsdCents: 5000,
      mailboxCode: box.mailboxCode,
    });
    expect(nike).not.toHaveProperty('notes');
    expect(all.items.find((p) => p.status === 'pending')!.daysStored).toBeNull();

    expect((await caller.packages.mine({ search: 'amazon' })).items.map((p) => p.trackingNumber)).toEqual(['TBA222']);
    expect((await caller.packages.mine({ search: '1zaaa' })).items.map((p) => p.trackingNumber)).toEqual(['1ZAAA111']);
    expect((await caller.packages.mine({ search: 'libro' })).items).toHaveLength(1);
    // Wildcards are searched literally.
    expect((await caller.packages.mine({ search: '%' })).items.map((p) => p.trackingNumber)).toEqual(['9400333']);
    const pending = await caller.packages.mine({ status: 'pending' });
    expect(pending.items.map((p) => p.trackingNumber)).toEqual(['9400333']);
    expect(pending.stats.total).toBe(3);
  });

  it('a customer never sees another customer’s packages', async () => {
    const a = await signedInCustomer(db());
    const b = await signedInCustomer(db());
    const [bBox] = await b.caller.mailboxes.mine();
    await packageFor(b.user.id, bBox.id, {
      tracking: 'AJENO1',
      description: 'Ajeno',
      sender: 'X',
      status: 'received',
      weight: 1,
      daysAgo: 1,
    });
    const mine = await a.caller.packages.mine({ search: 'AJENO' });
    expect(mine.items).toEqual([]);
    expect(mine.stats.total).toBe(0);
  });

  it('stops counting the days stored when the package is put in a shipment', async () => {
    const { caller, user } = await signedInCustomer(db());
    const [box] = await caller.mailboxes.mine();
    await packageFor(user.id, box.id, {
      tracking: 'QUEDA10',
      description: 'Sigue en almacén',
      sender: 'Amazon',
      status: 'in_warehouse',
      weight: 1,
      daysAgo: 10,
    });
    const preparing = await packageFor(user.id, box.id, {
      tracking: 'ENVIO10',
      description: 'En un envío',
      sender: 'Amazon',
      status: 'in_shipment',
      weight: 1,
      daysAgo: 10,
    });
    const gone = await packageFor(user.id, box.id, {
      tracking: 'SALIO20',
      description: 'Ya salió',
      sender: 'Nike',
      status: 'shipped',
      weight: 2,
      daysAgo: 20,
    });
    const shipment = await shipmentWith(user.id, [preparing, gone], 4);

    const byTracking = Object.fromEntries((await caller.packages.mine()).items.map((p) => [p.trackingNumber, p]));
    // Still in the warehouse: counts until now.
    expect(byTracking.QUEDA10.daysStored).toBe(10);
    // In a shipment since 4 days ago: stored from reception until then, and no longer.
    expect(byTracking.ENVIO10).toMatchObject({ daysStored: 6, shipmentCode: shipment.shipmentCode });
    expect(byTracking.SALIO20).toMatchObject({ daysStored: 16, shipmentCode: shipment.shipmentCode });
    expect(byTracking.ENVIO10).not.toHaveProperty('putInShipmentAt');
  });

  it('counts days stored in whole days', () => {
    const now = Date.now();
    expect(daysStored(new Date(now - 1000), now)).toBe(0);
    expect(daysStored(new Date(now - 2 * DAY - 1000), now)).toBe(2);
    expect(daysStored(null, now)).toBeNull();
    // In a shipment: until it was put in it; a package with no shipment, or back in the warehouse, until now.
    const putIn = new Date(now - 3 * DAY);
    expect(daysStored(new Date(now - 5 * DAY - 1000), storedUntil('in_shipment', putIn, now))).toBe(2);
    expect(daysStored(new Date(now - 5 * DAY - 1000), storedUntil('shipped', putIn, now))).toBe(2);
    expect(storedUntil('in_warehouse', putIn, now)).toBe(now);
    expect(storedUntil('in_shipment', null, now)).toBe(now);
  });
});
