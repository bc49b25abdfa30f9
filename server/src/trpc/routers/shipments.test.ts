// Staff's shipments (docs/product/last-mile.md): creating one in one go (once, however many try at
// once), the packages it may take and the list.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import {
  DELIVERY_MESSAGES as D,
  SHIPMENT_EDIT_MESSAGES as E,
  SHIPMENT_MESSAGES as M,
  type ShipmentCreateInput,
} from '@casillero/shared';
import { emailOutbox, notifications, shipmentPackages, shipmentStages, shipments } from '../../db/schema';
import { callerFor, trpcError } from '../../test/caller';
import { describe, expect, it } from 'vitest';
import {
  useShipments,
  config,
  adminCaller,
  secondAdmin,
  ana,
  beto,
  betoLara,
  db,
  packageOf,
  form,
  statusOf,
} from '../../test/shipments';

useShipments();

describe('shipments.create', () => {
  it('answers the spec messages for each rule', async () => {
    const p = await packageOf(ana);
    const cases: [Partial<ShipmentCreateInput>, string][] = [
      [{ userId: '' }, M.customerRequired],
      [{ recipientId: '' }, D.recipientRequired],
      [{ deliveryMethod: 'drone' as never }, D.methodRequired],
      [{ deliveryMethod: 'agency' }, D.agencyRequired],
      [{ shippingCostUsdCents: -100 }, M.costMin],
      [{ packageIds: [] }, M.packagesRequired],
      [{ estimatedDelivery: '2026-13-45' }, M.dateInvalid],
    ];
    for (const [override, message] of cases) {
      const error = await trpcError(adminCaller.shipments.create(form(ana, [p.id], override)));
      expect(`${JSON.stringify(override)} ${error.code} ${error.message}`).toBe(
        `${JSON.stringify(override)} BAD_REQUEST ${message}`,
      );
    }
    expect(await statusOf([p.id])).toEqual(['received']);
  });

  it('creates the shipment, links, in_shipment packages, the first stage and the notification in one go', async () => {
    const a = await packageOf(ana, 'received', 1.25, 2000);
    const b = await packageOf(ana, 'in_warehouse', 2.4, 1550);
    const c = await packageOf(ana, 'received', null, null);
    const before = Date.now();
    const result = await adminCaller.shipments.create(
      form(ana, [a.id, b.id, c.id], { estimatedDelivery: '2026-12-20', shippingCostUsdCents: 0 }),
    );
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
      shippingCostUsdCents: 0,
      totalWeightKg: 3.65,
      totalVolumeCm3: null,
      actualDelivery: null,
    });
    expect(await statusOf([a.id, b.id, c.id])).toEqual(['in_shipment', 'in_shipment', 'in_shipment']);
    const links = await db().select().from(shipmentPackages).where(eq(shipmentPackages.shipmentId, result.id));
    expect(links).toHaveLength(3);
    const stages = await db().select().from(shipmentStages).where(eq(shipmentStages.shipmentId, result.id));
    expect(stages).toEqual([
      expect.objectContaining({ stageNumber: 1, stageName: 'Preparación', status: 'active', estimatedDays: 2 }),
    ]);
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
    const before = (await db().select({ id: shipments.id }).from(shipments).where(eq(shipments.userId, beto.user.id)))
      .length;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? secondAdmin : adminCaller).shipments.create(form(beto, i % 3 ? [a.id, b.id] : [b.id, a.id])),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.reason.message).toBe(M.packagesUnavailable);
    const mine = await db().select({ id: shipments.id }).from(shipments).where(eq(shipments.userId, beto.user.id));
    expect(mine.length).toBe(before + 1);
    const links = await db()
      .select()
      .from(shipmentPackages)
      .where(inArray(shipmentPackages.packageId, [a.id, b.id]));
    expect(new Set(links.map((l) => l.shipmentId)).size).toBe(1);
    expect(links).toHaveLength(2);
  });

  it('gives concurrent shipments of different packages different codes', async () => {
    const items = await Promise.all(Array.from({ length: 6 }, () => packageOf(beto)));
    const created = await Promise.all(items.map((p) => adminCaller.shipments.create(form(beto, [p.id]))));
    expect(new Set(created.map((c) => c.shipmentCode)).size).toBe(6);
  });

  it('takes the mode staff chose (air when none is given) and refuses any other, creating nothing', async () => {
    const methodOf = async (id: string) =>
      (await db().select({ m: shipments.shippingMethod }).from(shipments).where(eq(shipments.id, id)))[0]!.m;
    const sea = await adminCaller.shipments.create(
      form(ana, [(await packageOf(ana)).id], { shippingMethod: 'maritimo' }),
    );
    expect(await methodOf(sea.id)).toBe('maritimo');
    const air = await adminCaller.shipments.create(form(ana, [(await packageOf(ana)).id]));
    expect(await methodOf(air.id)).toBe('aereo');

    const p = await packageOf(ana);
    const error = await trpcError(
      adminCaller.shipments.create(form(ana, [p.id], { shippingMethod: 'terrestre' as never })),
    );
    expect(`${error.code} ${error.message}`).toBe(`BAD_REQUEST ${M.methodInvalid}`);
    expect(await statusOf([p.id])).toEqual(['received']);
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
    expect((await adminCaller.shipments.availablePackages({ userId: ana.user.id })).map((p) => p.id)).not.toContain(
      received.id,
    );
  });
});

describe('shipments.list and count', () => {
  it('searches by code, package tracking, customer and city; filters by status', async () => {
    const p = await packageOf(beto);
    const { id, shipmentCode } = await adminCaller.shipments.create(form(beto, [p.id], { recipientId: betoLara }));
    const ids = async (input: Parameters<typeof adminCaller.shipments.list>[0]) =>
      (await adminCaller.shipments.list(input)).rows.map((r) => r.id);
    expect(await ids({ q: shipmentCode })).toEqual([id]);
    expect(await ids({ q: p.trackingNumber!.toLowerCase() })).toEqual([id]);
    expect(await ids({ q: 'Barquisimeto' })).toEqual([id]);
    expect(await ids({ q: 'Despacho' })).toContain(id);
    expect(await ids({ q: 'Despacho', status: 'delivered' })).not.toContain(id);
    const [row] = (await adminCaller.shipments.list({ q: shipmentCode })).rows;
    expect(row).toMatchObject({
      customerName: 'Beto Despacho',
      deliveryState: 'Lara',
      packageCount: 1,
      shippingCostUsdCents: 3550,
      status: 'preparing',
    });
    expect(await adminCaller.shipments.count({ q: 'Barquisimeto' })).toMatchObject({ count: 1, isCapped: false });
  });
});

describe('packages in a pending repack request', () => {
  it('are not offered for a shipment and are refused by create, which creates nothing', async () => {
    const customer = callerFor(db(), ana.visitor, config);
    const free = await packageOf(ana);
    const repacked = await packageOf(ana, 'in_warehouse');
    const request = await customer.repacks.request({ packageIds: [repacked.id], shippingMethod: 'aereo' });

    const offered = (await adminCaller.shipments.availablePackages({ userId: ana.user.id })).map((p) => p.id);
    expect(offered).toContain(free.id);
    expect(offered).not.toContain(repacked.id);

    const before = (await db().select({ id: shipments.id }).from(shipments)).length;
    const error = await trpcError(adminCaller.shipments.create(form(ana, [free.id, repacked.id])));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(E.packagesInPendingRepack);
    expect((await db().select({ id: shipments.id }).from(shipments)).length).toBe(before);
    expect(await statusOf([free.id, repacked.id])).toEqual(expect.arrayContaining(['received', 'in_warehouse']));
    expect(
      await db()
        .select()
        .from(shipmentPackages)
        .where(inArray(shipmentPackages.packageId, [free.id, repacked.id])),
    ).toHaveLength(0);

    // Once the warehouse processes the request, the package can travel.
    await adminCaller.repacks.process({
      id: request.id,
      warehouseReceipt: `WR-SH-${Date.now()}`,
      weightKg: 8,
      dimensionsCm: '50x40x30',
    });
    expect((await adminCaller.shipments.availablePackages({ userId: ana.user.id })).map((p) => p.id)).toContain(
      repacked.id,
    );
    const created = await adminCaller.shipments.create(form(ana, [free.id, repacked.id]));
    expect(created.packageCount).toBe(2);
  });
});
