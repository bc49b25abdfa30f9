import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { SHIPMENT_MESSAGES as M, type PackageStatus, type ShipmentCreateInput } from '@casillero/shared';
import type { Database } from '../../db/client';
import { emailOutbox, mailboxes, notifications, packages, shipmentPackages, shipmentStages, shipments } from '../../db/schema';
import { testConfig } from '../../env';
import { businessToday } from '../../services/shipments';
import { createTestDatabase } from '../../test/db';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { signedInAdmin, signedInCustomer } from '../../test/factories';

const config = testConfig({ appUrl: TEST_APP_URL });

let database: Database;
let adminCaller: ReturnType<typeof callerFor>;
let secondAdmin: ReturnType<typeof callerFor>;
type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
let ana: Customer;
let beto: Customer;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  adminCaller = callerFor(database.db, (await signedInAdmin(database.db)).visitor, config);
  secondAdmin = callerFor(database.db, (await signedInAdmin(database.db)).visitor, config);
  ana = await signedInCustomer(database.db, { nombre: 'Ana Envíos' });
  beto = await signedInCustomer(database.db, { nombre: 'Beto Despacho' });
});
afterAll(async () => {
  await database.close();
});

let seq = 0;
async function packageOf(c: Customer, status: PackageStatus = 'received', weightKg: number | null = 1.25, value: number | null = 20) {
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
      estimatedValueUsd: value,
      receivedDate: new Date(),
    })
    .returning({ id: packages.id, trackingNumber: packages.trackingNumber });
  return row;
}

function form(c: Customer, packageIds: string[], overrides: Partial<ShipmentCreateInput> = {}): ShipmentCreateInput {
  return {
    userId: c.user.id,
    deliveryAddress: 'Av. Francisco de Miranda, Torre Parque Cristal, piso 4',
    deliveryCity: 'Caracas',
    deliveryState: 'Distrito Capital',
    estimatedDelivery: '',
    shippingCostUsd: 35.5,
    packageIds,
    ...overrides,
  };
}

const statusOf = async (ids: string[]) =>
  (await db().select({ id: packages.id, status: packages.status }).from(packages).where(inArray(packages.id, ids))).map((r) => r.status);

describe('shipments.create', () => {
  it('answers the spec messages for each rule', async () => {
    const p = await packageOf(ana);
    const cases: [Partial<ShipmentCreateInput>, string][] = [
      [{ userId: '' }, M.customerRequired],
      [{ deliveryAddress: 'Corta 12' }, M.addressMin],
      [{ deliveryCity: 'C' }, M.cityRequired],
      [{ deliveryState: '' as never }, M.stateRequired],
      [{ deliveryState: 'Florida' as never }, M.stateRequired],
      [{ shippingCostUsd: -1 }, M.costMin],
      [{ packageIds: [] }, M.packagesRequired],
      [{ estimatedDelivery: '2026-13-45' }, M.dateInvalid],
    ];
    for (const [override, message] of cases) {
      const error = await trpcError(adminCaller.shipments.create(form(ana, [p.id], override)));
      expect(`${JSON.stringify(override)} ${error.code} ${error.message}`).toBe(`${JSON.stringify(override)} BAD_REQUEST ${message}`);
    }
    expect(await statusOf([p.id])).toEqual(['received']);
  });

  it('creates the shipment, links, in_shipment packages, the first stage and the notification in one go', async () => {
    const a = await packageOf(ana, 'received', 1.25, 20);
    const b = await packageOf(ana, 'in_warehouse', 2.4, 15.5);
    const c = await packageOf(ana, 'received', null, null);
    const before = Date.now();
    const result = await adminCaller.shipments.create(form(ana, [a.id, b.id, c.id], { estimatedDelivery: '2026-12-20', shippingCostUsd: 0 }));
    expect(result.shipmentCode).toMatch(/^SH\d{8}$/);
    expect(Number(result.shipmentCode.slice(2))).toBeGreaterThanOrEqual(Number(String(before).slice(-8)) - 1);
    expect(result).toMatchObject({ totalWeightKg: 3.65, packageCount: 3 });

    const [s] = await db().select().from(shipments).where(eq(shipments.id, result.id));
    expect(s).toMatchObject({
      userId: ana.user.id,
      status: 'preparing',
      deliveryCity: 'Caracas',
      deliveryState: 'Distrito Capital',
      estimatedDelivery: '2026-12-20',
      shippingCostUsd: 0,
      totalWeightKg: 3.65,
      totalVolumeCm3: null,
      actualDelivery: null,
    });
    expect(await statusOf([a.id, b.id, c.id])).toEqual(['in_shipment', 'in_shipment', 'in_shipment']);
    const links = await db().select().from(shipmentPackages).where(eq(shipmentPackages.shipmentId, result.id));
    expect(links).toHaveLength(3);
    const stages = await db().select().from(shipmentStages).where(eq(shipmentStages.shipmentId, result.id));
    expect(stages).toEqual([expect.objectContaining({ stageNumber: 1, stageName: 'Preparación', status: 'active', estimatedDays: 2 })]);
    const mine = await db().select().from(notifications).where(eq(notifications.userId, ana.user.id));
    expect(mine.find((n) => n.title === M.createdTitle)).toMatchObject({
      type: 'shipment',
      message: M.createdMessage(result.shipmentCode, 3, 'Caracas', 'Distrito Capital'),
    });
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.subject, M.createdTitle));
    expect(mails.some((m) => m.to.includes(ana.email))).toBe(true);

    const detail = await adminCaller.shipments.detail({ id: result.id });
    expect(detail.packages.map((p) => p.id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(detail.stages).toHaveLength(1);
    expect(detail.packageCount).toBe(3);
  });

  it('refuses, and rolls everything back, when any package is not available', async () => {
    const free = await packageOf(ana);
    const pending = await packageOf(ana, 'pending');
    const processed = await packageOf(ana, 'processed');
    const betos = await packageOf(beto);
    const taken = await packageOf(ana);
    await adminCaller.shipments.create(form(ana, [taken.id]));
    const countBefore = (await db().select({ id: shipments.id }).from(shipments)).length;
    for (const other of [pending.id, processed.id, betos.id, taken.id, randomUUID()]) {
      const error = await trpcError(adminCaller.shipments.create(form(ana, [free.id, other])));
      expect(error.code).toBe('CONFLICT');
      expect(error.message).toBe(M.packagesUnavailable);
    }
    expect(await statusOf([free.id])).toEqual(['received']);
    expect((await db().select({ id: shipments.id }).from(shipments)).length).toBe(countBefore);
    expect(await db().select().from(shipmentPackages).where(eq(shipmentPackages.packageId, free.id))).toHaveLength(0);
  });

  it('of 20 concurrent creations over the same packages, exactly one succeeds', async () => {
    const a = await packageOf(beto);
    const b = await packageOf(beto);
    const before = (await db().select({ id: shipments.id }).from(shipments).where(eq(shipments.userId, beto.user.id))).length;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? secondAdmin : adminCaller).shipments.create(form(beto, i % 3 ? [a.id, b.id] : [b.id, a.id]))),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.reason.message).toBe(M.packagesUnavailable);
    const mine = await db().select({ id: shipments.id }).from(shipments).where(eq(shipments.userId, beto.user.id));
    expect(mine.length).toBe(before + 1);
    const links = await db().select().from(shipmentPackages).where(inArray(shipmentPackages.packageId, [a.id, b.id]));
    expect(new Set(links.map((l) => l.shipmentId)).size).toBe(1);
    expect(links).toHaveLength(2);
  });

  it('gives concurrent shipments of different packages different codes', async () => {
    const items = await Promise.all(Array.from({ length: 6 }, () => packageOf(beto)));
    const created = await Promise.all(items.map((p) => adminCaller.shipments.create(form(beto, [p.id]))));
    expect(new Set(created.map((c) => c.shipmentCode)).size).toBe(6);
  });
});

describe('shipments.availablePackages', () => {
  it('lists only the customer’s received or in-warehouse packages in no shipment', async () => {
    const received = await packageOf(ana);
    const inWarehouse = await packageOf(ana, 'in_warehouse');
    const pending = await packageOf(ana, 'pending');
    const betos = await packageOf(beto);
    const ids = (await adminCaller.shipments.availablePackages({ userId: ana.user.id })).map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([received.id, inWarehouse.id]));
    for (const excluded of [pending.id, betos.id]) expect(ids).not.toContain(excluded);
    await adminCaller.shipments.create(form(ana, [received.id]));
    expect((await adminCaller.shipments.availablePackages({ userId: ana.user.id })).map((p) => p.id)).not.toContain(received.id);
  });
});

describe('shipments.updateStatus', () => {
  it('every change sets updated_at, adds a stage, notifies; delivered sets actual_delivery to today', async () => {
    const p = await packageOf(ana);
    const { id, shipmentCode } = await adminCaller.shipments.create(form(ana, [p.id]));
    const [before] = await db().select({ updatedAt: shipments.updatedAt }).from(shipments).where(eq(shipments.id, id));
    await new Promise((r) => setTimeout(r, 5));

    await adminCaller.shipments.updateStatus({ id, status: 'in_transit' });
    let [s] = await db().select().from(shipments).where(eq(shipments.id, id));
    expect(s.status).toBe('in_transit');
    expect(+s.updatedAt).toBeGreaterThan(+before.updatedAt);
    expect(s.actualDelivery).toBeNull();
    expect(await statusOf([p.id])).toEqual(['shipped']);

    const result = await adminCaller.shipments.updateStatus({ id, status: 'delivered' });
    expect(result.actualDelivery).toBe(businessToday());
    [s] = await db().select().from(shipments).where(eq(shipments.id, id));
    expect(s.actualDelivery).toBe(businessToday());

    const stages = await db().select().from(shipmentStages).where(eq(shipmentStages.shipmentId, id));
    expect(stages.sort((x, y) => x.stageNumber - y.stageNumber).map((st) => [st.stageNumber, st.stageName, st.status])).toEqual([
      [1, 'Preparación', 'completed'],
      [2, 'En tránsito', 'completed'],
      [3, 'Entregado', 'completed'],
    ]);
    const mine = await db().select().from(notifications).where(eq(notifications.userId, ana.user.id));
    expect(mine.filter((n) => n.title === M.statusTitle && n.message.includes(shipmentCode)).map((n) => n.message).sort()).toEqual(
      [M.statusMessage(shipmentCode, 'En tránsito'), M.statusMessage(shipmentCode, 'Entregado')].sort(),
    );

    // Leaving delivered clears the delivery date; back to preparing returns the packages.
    await adminCaller.shipments.updateStatus({ id, status: 'preparing' });
    [s] = await db().select().from(shipments).where(eq(shipments.id, id));
    expect(s.actualDelivery).toBeNull();
    expect(await statusOf([p.id])).toEqual(['in_shipment']);
  });

  it('refuses an unknown status or shipment, and customers', async () => {
    expect((await trpcError(adminCaller.shipments.updateStatus({ id: randomUUID(), status: 'customs' }))).code).toBe('NOT_FOUND');
    expect((await trpcError(adminCaller.shipments.updateStatus({ id: randomUUID(), status: 'lost' as never }))).message).toBe(M.statusInvalid);
    expect((await trpcError(callerFor(db(), ana.visitor, config).shipments.list({}))).code).toBe('FORBIDDEN');
  });
});

describe('shipments.list and count', () => {
  it('searches by code, package tracking, customer and city; filters by status', async () => {
    const p = await packageOf(beto);
    const { id, shipmentCode } = await adminCaller.shipments.create(form(beto, [p.id], { deliveryCity: 'Barquisimeto', deliveryState: 'Lara' }));
    const ids = async (input: Parameters<typeof adminCaller.shipments.list>[0]) => (await adminCaller.shipments.list(input)).rows.map((r) => r.id);
    expect(await ids({ q: shipmentCode })).toEqual([id]);
    expect(await ids({ q: p.trackingNumber!.toLowerCase() })).toEqual([id]);
    expect(await ids({ q: 'Barquisimeto' })).toEqual([id]);
    expect(await ids({ q: 'Despacho' })).toContain(id);
    expect(await ids({ q: 'Despacho', status: 'delivered' })).not.toContain(id);
    const [row] = (await adminCaller.shipments.list({ q: shipmentCode })).rows;
    expect(row).toMatchObject({ customerName: 'Beto Despacho', deliveryState: 'Lara', packageCount: 1, shippingCostUsd: 35.5, status: 'preparing' });
    expect(await adminCaller.shipments.count({ q: 'Barquisimeto' })).toMatchObject({ count: 1, isCapped: false });
  });
});
