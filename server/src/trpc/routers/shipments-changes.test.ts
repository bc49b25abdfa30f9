// A shipment's changes (docs/product/last-mile.md): its status with a stage and the customer told, a
// corrected destination or cost, and its removal while preparing.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import {
  DELIVERY_MESSAGES as D,
  SHIPMENT_EDIT_MESSAGES as E,
  SHIPMENT_MESSAGES as M,
  type ShipmentUpdateInput,
} from '@casillero/shared';
import {
  emailOutbox,
  notifications,
  packages,
  paymentTransactions,
  shipmentPackages,
  shipmentStages,
  shipments,
} from '../../db/schema';
import { businessToday } from '../../lib/business-clock';
import { callerFor, trpcError } from '../../test/caller';
import { describe, expect, it } from 'vitest';
import {
  useShipments,
  config,
  adminCaller,
  ana,
  beto,
  betoZulia,
  db,
  packageOf,
  form,
  statusOf,
} from '../../test/shipments';

useShipments();

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
