import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import {
  DELIVERY_FEE_DEFAULTS_USD_CENTS,
  DELIVERY_MESSAGES as D,
  SHIPMENT_EDIT_MESSAGES as E,
  SHIPMENT_MESSAGES as M,
  type PackageStatus,
  type ShipmentCreateInput,
  type ShipmentUpdateInput,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import {
  agencies,
  emailOutbox,
  invoices,
  mailboxes,
  notifications,
  packages,
  paymentTransactions,
  recipients,
  shipmentPackages,
  shipmentStages,
  shipments,
} from '../../db/schema';
import { testConfig } from '../../env';
import { businessToday } from '../../lib/business-clock';
import { createTestDatabase } from '../../test/db';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { recipientFor, signedInAdmin, signedInCustomer } from '../../test/factories';

const config = testConfig({ appUrl: TEST_APP_URL });

let database: Database;
let adminCaller: ReturnType<typeof callerFor>;
let secondAdmin: ReturnType<typeof callerFor>;
type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
let ana: Customer;
let beto: Customer;
/** Each customer's recipient in Caracas (Distrito Capital), named by the default form. */
const homeOf = new Map<string, string>();
/** Beto's recipients in Barquisimeto (Lara) and Maracaibo (Zulia). */
let betoLara: string;
let betoZulia: string;
const db = () => database.db;

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

let seq = 0;
async function packageOf(
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

function form(c: Customer, packageIds: string[], overrides: Partial<ShipmentCreateInput> = {}): ShipmentCreateInput {
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

const statusOf = async (ids: string[]) =>
  (await db().select({ id: packages.id, status: packages.status }).from(packages).where(inArray(packages.id, ids))).map(
    (r) => r.status,
  );

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
    expect(
      stages.sort((x, y) => x.stageNumber - y.stageNumber).map((st) => [st.stageNumber, st.stageName, st.status]),
    ).toEqual([
      [1, 'Preparación', 'completed'],
      [2, 'En tránsito', 'completed'],
      [3, 'Entregado', 'completed'],
    ]);
    const mine = await db().select().from(notifications).where(eq(notifications.userId, ana.user.id));
    expect(
      mine
        .filter((n) => n.title === M.statusTitle && n.message.includes(shipmentCode))
        .map((n) => n.message)
        .sort(),
    ).toEqual([M.statusMessage(shipmentCode, 'En tránsito'), M.statusMessage(shipmentCode, 'Entregado')].sort());

    // Leaving delivered clears the delivery date; back to preparing returns the packages.
    await adminCaller.shipments.updateStatus({ id, status: 'preparing' });
    [s] = await db().select().from(shipments).where(eq(shipments.id, id));
    expect(s.actualDelivery).toBeNull();
    expect(await statusOf([p.id])).toEqual(['in_shipment']);
  });

  it('refuses an unknown status or shipment, and customers', async () => {
    expect((await trpcError(adminCaller.shipments.updateStatus({ id: randomUUID(), status: 'customs' }))).code).toBe(
      'NOT_FOUND',
    );
    expect(
      (await trpcError(adminCaller.shipments.updateStatus({ id: randomUUID(), status: 'lost' as never }))).message,
    ).toBe(M.statusInvalid);
    expect((await trpcError(callerFor(db(), ana.visitor, config).shipments.list({}))).code).toBe('FORBIDDEN');
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

describe('shipments.update', () => {
  const edit = (id: string, overrides: Partial<ShipmentUpdateInput> = {}): ShipmentUpdateInput => ({
    id,
    recipientId: betoZulia,
    deliveryMethod: 'home',
    estimatedDelivery: '2026-11-30',
    shippingCostUsdCents: 4825,
    trackingNumber: ' zoom-1234567 ',
    ...overrides,
  });

  it('answers the spec messages and changes nothing on bad input', async () => {
    const p = await packageOf(ana);
    const { id } = await adminCaller.shipments.create(form(ana, [p.id]));
    const cases: [Partial<ShipmentUpdateInput>, string][] = [
      [{ recipientId: 'x' }, D.recipientRequired],
      [{ deliveryMethod: 'agency', agencyId: null }, D.agencyRequired],
      [{ shippingCostUsdCents: -500 }, M.costMin],
      [{ estimatedDelivery: '30/11/2026' }, M.dateInvalid],
      [{ trackingNumber: 'X'.repeat(101) }, E.trackingMax],
    ];
    for (const [override, message] of cases) {
      const error = await trpcError(adminCaller.shipments.update(edit(id, override)));
      expect(`${JSON.stringify(override).slice(0, 40)} ${error.code} ${error.message}`).toBe(
        `${JSON.stringify(override).slice(0, 40)} BAD_REQUEST ${message}`,
      );
    }
    const [s] = await db().select().from(shipments).where(eq(shipments.id, id));
    expect(s).toMatchObject({ deliveryCity: 'Caracas', trackingNumber: null, shippingCostUsdCents: 3550 });
  });

  it('corrects destination, date, cost and carrier tracking, tells the customer, and the list finds the tracking', async () => {
    const p = await packageOf(beto);
    const { id, shipmentCode } = await adminCaller.shipments.create(form(beto, [p.id]));
    await adminCaller.shipments.updateStatus({ id, status: 'in_transit' });
    const [before] = await db().select().from(shipments).where(eq(shipments.id, id));
    await new Promise((r) => setTimeout(r, 5));

    const result = await adminCaller.shipments.update(edit(id));
    expect(result).toMatchObject({ id, shipmentCode });
    const [s] = await db().select().from(shipments).where(eq(shipments.id, id));
    expect(s).toMatchObject({
      deliveryAddress: 'Calle 72 con avenida 3E, edificio Lago, piso 2',
      deliveryCity: 'Maracaibo',
      deliveryState: 'Zulia',
      estimatedDelivery: '2026-11-30',
      shippingCostUsdCents: 4825,
      trackingNumber: 'ZOOM-1234567',
      status: 'in_transit',
      totalWeightKg: before.totalWeightKg,
    });
    expect(+s.updatedAt).toBeGreaterThan(+before.updatedAt);

    const notices = await db().select().from(notifications).where(eq(notifications.userId, beto.user.id));
    const notice = notices.find((n) => n.title === E.updatedNoticeTitle && n.message.includes(shipmentCode));
    expect(notice).toMatchObject({
      type: 'shipment',
      link: '/dashboard/envios',
      message: E.updatedNotice(shipmentCode, [
        'destinatario',
        'dirección de entrega',
        'ciudad',
        'estado',
        'costo de entrega',
        'fecha estimada de entrega',
        'costo de envío',
        'número de tracking',
      ]),
    });

    // The carrier's tracking number is searched and shown by the list and the details.
    const rows = (await adminCaller.shipments.list({ q: 'zoom-12345' })).rows;
    expect(rows.map((r) => r.id)).toEqual([id]);
    expect(rows[0].trackingNumber).toBe('ZOOM-1234567');
    expect((await adminCaller.shipments.detail({ id })).trackingNumber).toBe('ZOOM-1234567');

    // Saving the same values again changes nothing and tells nobody; an empty tracking clears it.
    await adminCaller.shipments.update(edit(id));
    const again = await db().select().from(notifications).where(eq(notifications.userId, beto.user.id));
    expect(again.filter((n) => n.title === E.updatedNoticeTitle && n.message.includes(shipmentCode))).toHaveLength(1);
    const cleared = await adminCaller.shipments.update(edit(id, { trackingNumber: '', estimatedDelivery: '' }));
    expect(cleared.changed).toEqual(['estimatedDelivery', 'trackingNumber']);
    const [after] = await db().select().from(shipments).where(eq(shipments.id, id));
    expect(after).toMatchObject({ trackingNumber: null, estimatedDelivery: null });
  });

  it('refuses an unknown shipment and customers', async () => {
    const error = await trpcError(adminCaller.shipments.update(edit(randomUUID())));
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: M.notFound });
    const p = await packageOf(ana);
    const { id } = await adminCaller.shipments.create(form(ana, [p.id]));
    expect((await trpcError(callerFor(db(), ana.visitor, config).shipments.update(edit(id)))).code).toBe('FORBIDDEN');
  });
});

describe('shipments.remove', () => {
  it('while preparing: deletes the shipment, its stages and links, returns the packages to the warehouse and tells the customer', async () => {
    const inWarehouse = await packageOf(ana, 'in_warehouse');
    const received = await packageOf(ana, 'received');
    const undated = await packageOf(ana, 'received', 1, 10, null);
    const ids = [inWarehouse.id, received.id, undated.id];
    const { id, shipmentCode } = await adminCaller.shipments.create(form(ana, ids));
    expect(await statusOf(ids)).toEqual(['in_shipment', 'in_shipment', 'in_shipment']);

    const result = await adminCaller.shipments.remove({ id });
    expect(result).toMatchObject({ id, shipmentCode });
    expect(await db().select().from(shipments).where(eq(shipments.id, id))).toHaveLength(0);
    expect(await db().select().from(shipmentStages).where(eq(shipmentStages.shipmentId, id))).toHaveLength(0);
    expect(await db().select().from(shipmentPackages).where(eq(shipmentPackages.shipmentId, id))).toHaveLength(0);
    // Received packages (a received date) are back "En almacén"; one never dated is back "Recibido".
    const statuses = await db()
      .select({ id: packages.id, status: packages.status })
      .from(packages)
      .where(inArray(packages.id, ids));
    expect(Object.fromEntries(statuses.map((r) => [r.id, r.status]))).toEqual({
      [inWarehouse.id]: 'in_warehouse',
      [received.id]: 'in_warehouse',
      [undated.id]: 'received',
    });

    const notices = await db().select().from(notifications).where(eq(notifications.userId, ana.user.id));
    expect(notices.find((n) => n.title === E.removedNoticeTitle && n.message.includes(shipmentCode))).toMatchObject({
      type: 'shipment',
      message: E.removedNotice(shipmentCode, 3),
    });
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.subject, E.removedNoticeTitle));
    expect(mails.some((m) => m.to.includes(ana.email))).toBe(true);
    expect((await trpcError(adminCaller.shipments.detail({ id }))).code).toBe('NOT_FOUND');

    // The packages are free: offered again and shipped again.
    const offered = (await adminCaller.shipments.availablePackages({ userId: ana.user.id })).map((p) => p.id);
    expect(offered).toEqual(expect.arrayContaining(ids));
    const again = await adminCaller.shipments.create(form(ana, ids));
    expect(again.packageCount).toBe(3);
    expect(await statusOf(ids)).toEqual(['in_shipment', 'in_shipment', 'in_shipment']);
  });

  it('is refused, changing nothing, once the shipment is no longer preparing', async () => {
    const p = await packageOf(beto);
    const { id } = await adminCaller.shipments.create(form(beto, [p.id]));
    await adminCaller.shipments.updateStatus({ id, status: 'in_transit' });
    const error = await trpcError(adminCaller.shipments.remove({ id }));
    expect(error).toMatchObject({ code: 'CONFLICT', message: E.removeNotPreparing('En tránsito') });
    expect(await db().select().from(shipments).where(eq(shipments.id, id))).toHaveLength(1);
    expect(await db().select().from(shipmentPackages).where(eq(shipmentPackages.shipmentId, id))).toHaveLength(1);
    expect(await statusOf([p.id])).toEqual(['shipped']);

    // Delivered, too; back to preparing it can go.
    await adminCaller.shipments.updateStatus({ id, status: 'delivered' });
    expect((await trpcError(adminCaller.shipments.remove({ id }))).message).toBe(E.removeNotPreparing('Entregado'));
    await adminCaller.shipments.updateStatus({ id, status: 'preparing' });
    await adminCaller.shipments.remove({ id });
    expect(await statusOf([p.id])).toEqual(['in_warehouse']);
  });

  it('is refused when a payment refers to the shipment, for unknown shipments and for customers', async () => {
    const p = await packageOf(beto);
    const { id } = await adminCaller.shipments.create(form(beto, [p.id]));
    await db()
      .insert(paymentTransactions)
      .values({ userId: beto.user.id, transactionType: 'shipping_payment', amountUsdCents: 3550, shipmentId: id });
    expect(await trpcError(adminCaller.shipments.remove({ id }))).toMatchObject({
      code: 'CONFLICT',
      message: E.removeHasPayments,
    });
    expect(await statusOf([p.id])).toEqual(['in_shipment']);
    expect(await trpcError(adminCaller.shipments.remove({ id: randomUUID() }))).toMatchObject({
      code: 'NOT_FOUND',
      message: M.notFound,
    });
    expect((await trpcError(callerFor(db(), beto.visitor, config).shipments.remove({ id }))).code).toBe('FORBIDDEN');
  });
});

describe('shipment notifications', () => {
  it('lead the customer to their Envíos page', async () => {
    const p = await packageOf(beto);
    const { id, shipmentCode } = await adminCaller.shipments.create(form(beto, [p.id]));
    await adminCaller.shipments.updateStatus({ id, status: 'customs' });
    const notices = (await db().select().from(notifications).where(eq(notifications.userId, beto.user.id))).filter(
      (n) => n.message.includes(shipmentCode),
    );
    expect(notices.map((n) => n.title).sort()).toEqual([M.createdTitle, M.statusTitle].sort());
    for (const n of notices) expect(n.link).toBe('/dashboard/envios');
  });
});

describe('the delivery (docs/product/last-mile.md#delivery)', () => {
  async function agency(values: Partial<typeof agencies.$inferInsert> = {}) {
    const [row] = await db()
      .insert(agencies)
      .values({
        kind: 'partner',
        carrier: 'MRW',
        code: `MRW-${++seq}-${Date.now().toString(36)}`.toUpperCase(),
        name: 'Valencia Centro',
        state: 'Carabobo',
        city: 'Valencia',
        address: 'Av. Bolívar Norte, C.C. Camoruco, local 15',
        ...values,
      })
      .returning();
    return row;
  }

  it("home delivery: the recipient's address, the zone's fee kept and charged as a line of the invoice", async () => {
    const p = await packageOf(beto);
    const created = await adminCaller.shipments.create(
      form(beto, [p.id], { recipientId: betoLara, shippingCostUsdCents: 2000 }),
    );
    // Lara is in the interior: its default fee.
    expect(created.deliveryFeeUsdCents).toBe(DELIVERY_FEE_DEFAULTS_USD_CENTS.interior);
    const [s] = await db().select().from(shipments).where(eq(shipments.id, created.id));
    expect(s).toMatchObject({
      recipientId: betoLara,
      deliveryMethod: 'home',
      agencyId: null,
      deliveryAddress: 'Calle 10 con carrera 5, edificio Lara',
      deliveryCity: 'Barquisimeto',
      deliveryState: 'Lara',
      deliveryFeeUsdCents: 1200,
      shippingCostUsdCents: 2000,
    });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.shipmentId, created.id));
    expect(invoice.lines).toEqual([
      expect.objectContaining({ usdCents: 2000 }),
      { description: 'Entrega a domicilio: Barquisimeto, Lara', usdCents: 1200 },
    ]);
    expect(invoice.usdCents).toBe(3200);
    // The details show who receives it and what the delivery costs.
    expect(await adminCaller.shipments.detail({ id: created.id })).toMatchObject({
      recipientName: 'Carmen Rodríguez',
      deliveryMethod: 'home',
      deliveryFeeUsdCents: 1200,
    });
  });

  it("pickup at an agency: the agency's address, no fee; an inactive agency or none is refused", async () => {
    const valencia = await agency();
    const p = await packageOf(ana);
    const created = await adminCaller.shipments.create(
      form(ana, [p.id], { deliveryMethod: 'agency', agencyId: valencia.id }),
    );
    const [s] = await db().select().from(shipments).where(eq(shipments.id, created.id));
    expect(s).toMatchObject({
      deliveryMethod: 'agency',
      agencyId: valencia.id,
      deliveryAddress: 'MRW Valencia Centro: Av. Bolívar Norte, C.C. Camoruco, local 15',
      deliveryCity: 'Valencia',
      deliveryState: 'Carabobo',
      deliveryFeeUsdCents: 0,
    });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.shipmentId, created.id));
    expect(invoice.lines.map((l) => l.description)).not.toContainEqual(expect.stringContaining('Entrega'));

    const closed = await agency({ active: false });
    const q = await packageOf(ana);
    const inactive = await trpcError(
      adminCaller.shipments.create(form(ana, [q.id], { deliveryMethod: 'agency', agencyId: closed.id })),
    );
    expect(inactive).toMatchObject({ code: 'BAD_REQUEST', message: D.agencyInactive });
    const missing = await trpcError(
      adminCaller.shipments.create(form(ana, [q.id], { deliveryMethod: 'agency', agencyId: randomUUID() })),
    );
    expect(missing).toMatchObject({ code: 'NOT_FOUND', message: D.agencyNotFound });
    expect(await statusOf([q.id])).toEqual(['received']);
  });

  it("refuses another customer's recipient as a missing one, and one without cédula or phone", async () => {
    const p = await packageOf(ana);
    const err = await trpcError(adminCaller.shipments.create(form(ana, [p.id], { recipientId: betoLara })));
    expect(err).toMatchObject({ code: 'NOT_FOUND', message: D.recipientNotFound });
    const [incomplete] = await db()
      .insert(recipients)
      .values({ userId: ana.user.id, fullName: 'Migrado', state: 'Lara', city: 'Carora', address: 'Calle 1' })
      .returning();
    const err2 = await trpcError(adminCaller.shipments.create(form(ana, [p.id], { recipientId: incomplete.id })));
    expect(err2).toMatchObject({ code: 'BAD_REQUEST', message: D.recipientIncompleteStaff });
    expect(await statusOf([p.id])).toEqual(['received']);
  });

  it("'Editar envío' moves a shipment from home to an agency: the new destination and fee, the customer told", async () => {
    const valencia = await agency();
    const p = await packageOf(beto);
    const { id, shipmentCode } = await adminCaller.shipments.create(form(beto, [p.id]));
    const result = await adminCaller.shipments.update({
      id,
      recipientId: homeOf.get(beto.user.id)!,
      deliveryMethod: 'agency',
      agencyId: valencia.id,
      estimatedDelivery: '',
      shippingCostUsdCents: 3550,
    });
    expect(result.changed).toEqual([
      'deliveryMethod',
      'agencyId',
      'deliveryAddress',
      'deliveryCity',
      'deliveryState',
      'deliveryFeeUsdCents',
    ]);
    const [s] = await db().select().from(shipments).where(eq(shipments.id, id));
    expect(s).toMatchObject({
      deliveryMethod: 'agency',
      agencyId: valencia.id,
      deliveryCity: 'Valencia',
      deliveryFeeUsdCents: 0,
    });
    const notices = await db().select().from(notifications).where(eq(notifications.userId, beto.user.id));
    expect(notices.some((n) => n.message.includes(shipmentCode) && n.message.includes('forma de entrega'))).toBe(true);
  });
});
