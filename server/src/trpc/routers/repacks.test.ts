import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { REPACK_MESSAGES, type PackageStatus } from '@casillero/shared';
import type { Database } from '../../db/client';
import {
  emailOutbox,
  mailboxes,
  notifications,
  packages,
  repackRequestItems,
  repackRequests,
  shipmentPackages,
  shipments,
} from '../../db/schema';
import { testConfig } from '../../env';
import { callerFor, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { signedInAdmin, signedInCustomer } from '../../test/factories';

const ADMIN_INBOX = 'almacen@casillero.test';
const config = testConfig({ appUrl: 'http://localhost:3000', adminNotifyEmails: [ADMIN_INBOX] });

let database: Database;
type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
let ana: Customer;
let beto: Customer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  database = await createTestDatabase();
  ana = await signedInCustomer(database.db, { nombre: 'Ana Reempaque' });
  beto = await signedInCustomer(database.db, { nombre: 'Beto Reempaque' });
  admin = await signedInAdmin(database.db);
});
afterAll(async () => {
  await database.close();
});

const db = () => database.db;
const as = (who: { visitor: Customer['visitor'] }) => callerFor(db(), who.visitor, config);

let seq = 0;
async function packageOf(c: Customer, status: PackageStatus = 'received') {
  const [box] = await db().select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.userId, c.user.id));
  const [row] = await db()
    .insert(packages)
    .values({
      userId: c.user.id,
      mailboxId: box.id,
      trackingNumber: `1ZTEST${Date.now().toString(36).toUpperCase()}${++seq}`,
      packageDescription: `Paquete de prueba ${seq}`,
      status,
      weightKg: 1.2,
      receivedDate: status === 'pending' ? null : new Date(),
    })
    .returning({ id: packages.id });
  return row.id;
}

async function putInShipment(c: Customer, packageId: string) {
  const [s] = await db()
    .insert(shipments)
    .values({
      userId: c.user.id,
      shipmentCode: `ENV-${Date.now()}-${++seq}`,
      deliveryAddress: 'Av. Principal de Prueba 123',
      deliveryCity: 'Caracas',
      deliveryState: 'Distrito Capital',
    })
    .returning({ id: shipments.id });
  await db().insert(shipmentPackages).values({ shipmentId: s.id, packageId });
}

const outboxFor = async (template: string) => db().select().from(emailOutbox).where(eq(emailOutbox.template, template));

describe('repacks.packages', () => {
  it('lists only own packages in the warehouse that are not in a shipment, flagging those in a pending request', async () => {
    const received = await packageOf(ana, 'received');
    const inWarehouse = await packageOf(ana, 'in_warehouse');
    const processed = await packageOf(ana, 'processed');
    const pending = await packageOf(ana, 'pending');
    const shipped = await packageOf(ana, 'shipped');
    const shippedAway = await packageOf(ana, 'in_warehouse');
    await putInShipment(ana, shippedAway);
    const betos = await packageOf(beto, 'received');

    const list = await as(ana).repacks.packages();
    const ids = list.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([received, inWarehouse, processed]));
    for (const excluded of [pending, shipped, shippedAway, betos]) expect(ids).not.toContain(excluded);
    expect(list.every((p) => p.inPendingRequest === false)).toBe(true);
    expect(list[0].mailboxCode).toMatch(/^MV-/);
  });
});

describe('repacks.request and repacks.mine', () => {
  it('creates a pending request for the chosen packages, notifies the customer and e-mails the admins', async () => {
    const a = await packageOf(ana, 'received');
    const b = await packageOf(ana, 'in_warehouse');
    const adminMailsBefore = (await outboxFor('repack-requested')).length;
    const { id } = await as(ana).repacks.request({
      packageIds: [a, b, a],
      shippingMethod: 'maritimo',
      instructions: '  Consolidar en una caja  ',
    });

    const mine = await as(ana).repacks.mine();
    const request = mine.find((r) => r.id === id)!;
    expect(request).toMatchObject({
      status: 'pending',
      shippingMethod: 'maritimo',
      instructions: 'Consolidar en una caja',
      warehouseReceipt: null,
    });
    expect(request.packages.map((p) => p.packageId).sort()).toEqual([a, b].sort());
    expect(mine[0].id).toBe(id);

    const flagged = await as(ana).repacks.packages();
    expect(
      flagged
        .filter((p) => p.inPendingRequest)
        .map((p) => p.id)
        .sort(),
    ).toEqual([a, b].sort());

    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ana.user.id), eq(notifications.title, REPACK_MESSAGES.requestedTitle)));
    expect(notice).toMatchObject({
      message: REPACK_MESSAGES.requestedMessage(2),
      link: '/dashboard/reempaques',
      read: false,
    });
    expect((await outboxFor('notification-package')).some((m) => m.to.includes(ana.email))).toBe(true);
    const adminMails = await outboxFor('repack-requested');
    expect(adminMails).toHaveLength(adminMailsBefore + 1);
    expect(adminMails.at(-1)!.to).toEqual([ADMIN_INBOX]);
    expect(adminMails.at(-1)!.text).toContain('Consolidar en una caja');
  });

  it('refuses a package already in a pending request, in a shipment or not in the warehouse', async () => {
    const a = await packageOf(ana, 'received');
    await as(ana).repacks.request({ packageIds: [a], shippingMethod: 'aereo' });
    const inShipmentPkg = await packageOf(ana, 'received');
    await putInShipment(ana, inShipmentPkg);
    const notArrived = await packageOf(ana, 'pending');
    const fresh = await packageOf(ana, 'received');
    const before = (await db().select({ id: repackRequests.id }).from(repackRequests)).length;
    for (const bad of [a, inShipmentPkg, notArrived]) {
      const err = await trpcError(as(ana).repacks.request({ packageIds: [fresh, bad], shippingMethod: 'aereo' }));
      expect(err.code).toBe('BAD_REQUEST');
      expect(err.message).toBe(REPACK_MESSAGES.packageNotEligible);
    }
    expect((await db().select({ id: repackRequests.id }).from(repackRequests)).length).toBe(before);
  });

  it("cannot include another customer's package, nor see their requests", async () => {
    const mine = await packageOf(ana, 'received');
    const theirs = await packageOf(beto, 'received');
    const err = await trpcError(as(ana).repacks.request({ packageIds: [mine, theirs], shippingMethod: 'aereo' }));
    expect(err.code).toBe('NOT_FOUND');
    expect(err.message).toBe(REPACK_MESSAGES.packageNotFound);
    const [item] = await db().select().from(repackRequestItems).where(eq(repackRequestItems.packageId, theirs));
    expect(item).toBeUndefined();

    const { id } = await as(beto).repacks.request({ packageIds: [theirs], shippingMethod: 'aereo' });
    expect((await as(ana).repacks.mine()).map((r) => r.id)).not.toContain(id);
  });

  it('validates packages, method and instructions with Spanish messages', async () => {
    const p = await packageOf(ana, 'received');
    const cases: [Parameters<ReturnType<typeof as>['repacks']['request']>[0], string][] = [
      [{ packageIds: [], shippingMethod: 'aereo' }, REPACK_MESSAGES.packagesRequired],
      [{ packageIds: [p], shippingMethod: 'terrestre' as never }, REPACK_MESSAGES.methodRequired],
      [{ packageIds: [p], shippingMethod: 'aereo', instructions: 'x'.repeat(1001) }, REPACK_MESSAGES.instructionsMax],
    ];
    for (const [input, message] of cases) {
      const err = await trpcError(as(ana).repacks.request(input));
      expect(err.code).toBe('BAD_REQUEST');
      expect(err.message).toBe(message);
    }
  });
});

describe('admin procedures', () => {
  it('adminList shows every request, pending first, with the customer and packages; filters by status', async () => {
    const list = await as(admin).repacks.adminList();
    expect(list.length).toBeGreaterThan(0);
    const firstNonPending = list.findIndex((r) => r.status !== 'pending');
    if (firstNonPending >= 0) expect(list.slice(firstNonPending).every((r) => r.status !== 'pending')).toBe(true);
    const anas = list.find((r) => r.customer.id === ana.user.id)!;
    expect(anas.customer).toMatchObject({ email: ana.email, fullName: 'Ana Reempaque' });
    expect(anas.packages.length).toBeGreaterThan(0);
    expect((await as(admin).repacks.adminList({ status: 'shipped' })).every((r) => r.status === 'shipped')).toBe(true);
  });

  it('process requires a WR number and the box’s weight and measures, moves pending to processed once and notifies the customer', async () => {
    const a = await packageOf(ana, 'received');
    const b = await packageOf(ana, 'received');
    const { id } = await as(ana).repacks.request({ packageIds: [a, b], shippingMethod: 'aereo' });

    for (const wr of ['', '   ']) {
      const err = await trpcError(
        as(admin).repacks.process({ id, warehouseReceipt: wr, weightKg: 8, dimensionsCm: '50x40x30' }),
      );
      expect(err.code).toBe('BAD_REQUEST');
      expect(err.message).toBe('Debes ingresar el número de recibo de almacén (WR).');
    }
    // The finished box is what the customer's ship request prices: its weight and measures are required.
    const box = { id, warehouseReceipt: 'WR-2026-0151' };
    const noWeight = await trpcError(as(admin).repacks.process({ ...box, dimensionsCm: '50x40x30' } as never));
    expect(noWeight.message).toBe(REPACK_MESSAGES.boxWeightRequired);
    const zero = await trpcError(as(admin).repacks.process({ ...box, weightKg: 0, dimensionsCm: '50x40x30' }));
    expect(zero.message).toBe(REPACK_MESSAGES.boxWeightPositive);
    for (const dimensionsCm of ['', '50x40', 'grande']) {
      const err = await trpcError(as(admin).repacks.process({ ...box, weightKg: 8, dimensionsCm }));
      expect(err.code).toBe('BAD_REQUEST');
      expect(err.message).toBe(REPACK_MESSAGES.boxDimensionsRequired);
    }
    expect(
      await as(admin).repacks.process({
        id,
        warehouseReceipt: ' WR-2026-0151 ',
        weightKg: 8,
        dimensionsCm: '50x40x30',
      }),
    ).toEqual({
      id,
      status: 'processed',
      warehouseReceipt: 'WR-2026-0151',
    });
    const [row] = await db().select().from(repackRequests).where(eq(repackRequests.id, id));
    expect(row).toMatchObject({
      status: 'processed',
      warehouseReceipt: 'WR-2026-0151',
      weightKg: 8,
      dimensionsCm: '50x40x30',
      processedBy: admin.user.id,
    });
    expect(row.processedAt).not.toBeNull();

    const again = await trpcError(
      as(admin).repacks.process({ id, warehouseReceipt: 'WR-OTRO', weightKg: 8, dimensionsCm: '50x40x30' }),
    );
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toBe(REPACK_MESSAGES.alreadyProcessed);
    const [unchanged] = await db().select().from(repackRequests).where(eq(repackRequests.id, id));
    expect(unchanged.warehouseReceipt).toBe('WR-2026-0151');

    const notices = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ana.user.id), eq(notifications.title, REPACK_MESSAGES.processedTitle)));
    expect(notices).toHaveLength(1);
    expect(notices[0].message).toBe(REPACK_MESSAGES.processedMessage('WR-2026-0151'));
    expect(
      (await outboxFor('notification-package')).filter((m) => m.subject === REPACK_MESSAGES.processedTitle),
    ).toHaveLength(1);

    // The customer sees it processed with its WR; its packages may go into a new request.
    expect((await as(ana).repacks.mine()).find((r) => r.id === id)).toMatchObject({
      status: 'processed',
      warehouseReceipt: 'WR-2026-0151',
    });
    expect((await as(ana).repacks.packages()).find((p) => p.id === a)?.inPendingRequest).toBe(false);

    const unknown = await trpcError(
      as(admin).repacks.process({
        id: '00000000-0000-4000-8000-000000000000',
        warehouseReceipt: 'WR-1',
        weightKg: 8,
        dimensionsCm: '50x40x30',
      }),
    );
    expect(unknown.code).toBe('NOT_FOUND');
  });

  it('markShipped needs a processed request, ships it once and notifies the customer', async () => {
    const p = await packageOf(beto, 'in_warehouse');
    const { id } = await as(beto).repacks.request({ packageIds: [p], shippingMethod: 'maritimo' });
    const early = await trpcError(as(admin).repacks.markShipped({ id }));
    expect(early.code).toBe('CONFLICT');
    expect(early.message).toBe(REPACK_MESSAGES.notProcessed);

    await as(admin).repacks.process({ id, warehouseReceipt: 'WR-77', weightKg: 8, dimensionsCm: '50x40x30' });
    expect(await as(admin).repacks.markShipped({ id })).toEqual({ id, status: 'shipped' });
    const twice = await trpcError(as(admin).repacks.markShipped({ id }));
    expect(twice.message).toBe(REPACK_MESSAGES.alreadyShipped);
    expect((await as(beto).repacks.mine()).find((r) => r.id === id)).toMatchObject({ status: 'shipped' });
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, beto.user.id), eq(notifications.title, REPACK_MESSAGES.shippedTitle)));
    expect(notice.message).toBe(REPACK_MESSAGES.shippedMessage('WR-77'));
  });

  it('customers cannot use the admin procedures', async () => {
    const [request] = await db()
      .select({ id: repackRequests.id })
      .from(repackRequests)
      .where(eq(repackRequests.userId, ana.user.id));
    expect((await trpcError(as(ana).repacks.adminList())).code).toBe('FORBIDDEN');
    expect(
      (
        await trpcError(
          as(ana).repacks.process({ id: request.id, warehouseReceipt: 'WR-1', weightKg: 8, dimensionsCm: '50x40x30' }),
        )
      ).code,
    ).toBe('FORBIDDEN');
    expect((await trpcError(as(ana).repacks.markShipped({ id: request.id }))).code).toBe('FORBIDDEN');
  });
});
