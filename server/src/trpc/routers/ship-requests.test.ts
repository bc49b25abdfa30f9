// The customer's ship request from Almacén (docs/product/last-mile.md#the-ship-request): the price
// is the public calculator's for the same parcels plus storage and delivery; confirming makes a
// shipment 'preparing' and an invoice whose lines say the same; a parcel goes in one request
// only, however many are sent at once; another customer's parcel or recipient is a missing one;
// a departure takes the shipment only once its invoice is paid. A finished repack is one box:
// priced once with its weight and measures, its parcels travel together and never alone.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  DELIVERY_FEE_DEFAULTS_USD_CENTS,
  DELIVERY_MESSAGES,
  SHIP_REQUEST_MESSAGES as M,
  addDays,
  caracasDay,
  caracasDayStart,
  fromCents,
  kgToLb,
  quoteChina,
  PRICE_LIST_V1,
  quoteUsa,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import {
  invoices,
  ledgerEntries,
  mailboxes,
  packages,
  priceQuotesSeen,
  recipients,
  repackRequests,
  shipmentPackages,
  shipments,
} from '../../db/schema';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { customerWithActiveMailbox, signedInAdmin, type CustomerWithMailbox } from '../../test/factories';
import { testConfig } from '../../env';
import { businessToday } from '../../lib/business-clock';

let database: Database;
const db = () => database.db;
const config = testConfig({ appUrl: TEST_APP_URL });
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let maria: CustomerWithMailbox;
let pedro: CustomerWithMailbox;
const as = (c: { visitor: CustomerWithMailbox['visitor'] }) => callerFor(db(), c.visitor, config);

let seq = 0;
const tag = () => `${Date.now().toString(36).toUpperCase()}${++seq}`;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signedInAdmin(db());
  maria = await customerWithActiveMailbox(db(), { nombre: 'María González' });
  pedro = await customerWithActiveMailbox(db(), { nombre: 'Pedro Rivas' });
});
afterAll(async () => {
  await database.close();
});

/** A parcel received today in the customer's warehouse, with its weight and measures. */
async function parcel(c: { user: { id: string }; mailboxId: string }, weightKg: number, dims: string, valueUsd = 80) {
  const t = tag();
  const [row] = await db()
    .insert(packages)
    .values({
      userId: c.user.id,
      mailboxId: c.mailboxId,
      trackingNumber: `1Z${t}`,
      packageDescription: `Compra ${t}`,
      status: 'in_warehouse',
      weightKg,
      dimensionsCm: dims,
      estimatedValueUsdCents: valueUsd,
      warehouseReceipt: `WR-SR-${t}`,
      receivedDate: new Date(),
    })
    .returning({ id: packages.id });
  return row.id;
}

async function recipient(c: { user: { id: string } }, state: string, city: string) {
  const [row] = await db()
    .insert(recipients)
    .values({
      userId: c.user.id,
      fullName: 'Carmen González',
      idDocument: 'V-8123456',
      phone: '+584141234567',
      state,
      city,
      address: 'Urb. El Viñedo, calle 137, casa 12',
      reference: 'Frente a la panadería',
    })
    .returning({ id: recipients.id });
  return row.id;
}

async function agency(active = true) {
  const created = await admin.caller.agenciesAdmin.create({
    kind: 'partner',
    carrier: 'MRW',
    code: `mrw-val-${tag()}`,
    name: 'MRW Valencia Centro',
    state: 'Carabobo',
    city: 'Valencia',
    address: 'Av. Bolívar Norte, local 4',
    hours: 'Lun a Vie 8:00 a 17:00',
    phone: '0241-8234567',
  });
  if (!active) await admin.caller.agenciesAdmin.setActive({ id: created.id, active: false });
  return created.id;
}

/** The public calculator's total for a parcel from Miami, in cents. */
const usaCents = (kg: number, dims: [number, number, number], valor: number, tipo: 'aereo' | 'maritimo') =>
  quoteUsa(
    { peso: kgToLb(kg), largo: dims[0], ancho: dims[1], alto: dims[2], valor, seguro: false, tipo },
    PRICE_LIST_V1,
  )!.totalUsdCents;

/** Of it, the import taxes (the price list's air 'impuestos'): a line of their own on the invoice. */
const usaImportTaxCents = (kg: number, dims: [number, number, number], valor: number) =>
  quoteUsa(
    { peso: kgToLb(kg), largo: dims[0], ancho: dims[1], alto: dims[2], valor, seguro: false, tipo: 'aereo' },
    PRICE_LIST_V1,
  )!.impuestosUsdCents;

describe('ship requests: the price', () => {
  it('prices the parcels like the public calculator, plus the delivery fee of the recipient’s zone', async () => {
    const a = await parcel(maria, 10, '50x40x30', 120);
    const b = await parcel(maria, 2.5, '30x20x15');
    const home = await recipient(maria, 'Carabobo', 'Valencia');
    const air = await as(maria).shipRequests.quote({
      packageIds: [a, b],
      shippingMethod: 'aereo',
      recipientId: home,
      deliveryMethod: 'home',
    });
    const shipping = usaCents(10, [50, 40, 30], 120, 'aereo') + usaCents(2.5, [30, 20, 15], 80, 'aereo');
    expect(air.origin).toBe('miami');
    expect(air.methods).toEqual(['aereo', 'maritimo']);
    expect(air.shippingUsdCents).toBe(shipping);
    expect(air.storageUsdCents).toBe(0);
    expect(air.deliveryUsdCents).toBe(DELIVERY_FEE_DEFAULTS_USD_CENTS.central);
    expect(air.totalUsdCents).toBe(shipping + DELIVERY_FEE_DEFAULTS_USD_CENTS.central);

    const sea = await as(maria).shipRequests.quote({ packageIds: [a, b], shippingMethod: 'maritimo' });
    expect(sea.shippingUsdCents).toBe(
      usaCents(10, [50, 40, 30], 120, 'maritimo') + usaCents(2.5, [30, 20, 15], 80, 'maritimo'),
    );
    expect(sea.deliveryUsdCents).toBeNull();
  });

  it('charges the storage past the free days on top of the freight', async () => {
    const { freeDays, feePerDayUsdCents } = await admin.caller.storage.settings();
    const id = await parcel(maria, 3, '40x30x20');
    await db()
      .update(packages)
      .set({ receivedDate: new Date(Date.now() - (freeDays + 4) * 86_400_000) })
      .where(eq(packages.id, id));
    const quote = await as(maria).shipRequests.quote({ packageIds: [id], shippingMethod: 'aereo' });
    expect(quote.storageUsdCents).toBeGreaterThanOrEqual(4 * feePerDayUsdCents);
    expect(quote.totalUsdCents).toBe(usaCents(3, [40, 30, 20], 80, 'aereo') + quote.storageUsdCents);
  });

  it('follows the fees per zone of the price list in effect (docs/product/price-lists.md)', async () => {
    const tomorrow = caracasDay(new Date(Date.now() + 86_400_000));
    const version = await admin.caller.prices.create({
      effectiveFrom: tomorrow,
      prices: { ...PRICE_LIST_V1, deliveryFeesUsdCents: { caracas: 650, central: 900, interior: 1500 } },
    });
    // For a customer who saw no quote before (one seen would be honoured: docs/product/price-lists.md).
    await db().delete(priceQuotesSeen).where(eq(priceQuotesSeen.userId, maria.user.id));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(caracasDayStart(tomorrow));
    const id = await parcel(maria, 1, '20x20x20');
    const caracas = await recipient(maria, 'Miranda', 'Los Teques');
    const merida = await recipient(maria, 'Mérida', 'Mérida');
    const q = (r: string) =>
      as(maria).shipRequests.quote({
        packageIds: [id],
        shippingMethod: 'aereo',
        recipientId: r,
        deliveryMethod: 'home',
      });
    expect((await q(caracas)).deliveryUsdCents).toBe(650);
    expect((await q(merida)).deliveryUsdCents).toBe(1500);
    vi.useRealTimers();
    expect((await q(merida)).deliveryUsdCents).toBe(DELIVERY_FEE_DEFAULTS_USD_CENTS.interior);
    await admin.caller.prices.cancel({ id: version.id });
  });

  it('prices China parcels by sea only', async () => {
    const [box] = await db()
      .update(mailboxes)
      .set({ location: 'beijing' })
      .where(eq(mailboxes.id, pedro.mailboxId))
      .returning({ id: mailboxes.id });
    const id = await parcel({ user: pedro.user, mailboxId: box.id }, 4, '60x40x40');
    const quote = await as(pedro).shipRequests.quote({ packageIds: [id], shippingMethod: 'maritimo' });
    expect(quote.methods).toEqual(['maritimo']);
    expect(quote.shippingUsdCents).toBe(
      quoteChina({ largo: 60, ancho: 40, alto: 40, valor: 80, seguro: false }, PRICE_LIST_V1)!.totalUsdCents,
    );
    const err = await trpcError(as(pedro).shipRequests.quote({ packageIds: [id], shippingMethod: 'aereo' }));
    expect(err.message).toBe(M.methodNotOffered);
    await db().update(mailboxes).set({ location: 'miami' }).where(eq(mailboxes.id, pedro.mailboxId));
  });

  it('answers another customer’s parcel or recipient as a missing one', async () => {
    const mine = await parcel(maria, 1, '20x20x20');
    const his = await parcel(pedro, 1, '20x20x20');
    const hisRecipient = await recipient(pedro, 'Zulia', 'Maracaibo');
    const parcelErr = await trpcError(
      as(maria).shipRequests.create({
        packageIds: [mine, his],
        shippingMethod: 'aereo',
        recipientId: await recipient(maria, 'Carabobo', 'Valencia'),
        deliveryMethod: 'home',
      }),
    );
    expect(parcelErr.code).toBe('NOT_FOUND');
    expect(parcelErr.message).toBe(M.packageNotFound);
    const recipientErr = await trpcError(
      as(maria).shipRequests.create({
        packageIds: [mine],
        shippingMethod: 'aereo',
        recipientId: hisRecipient,
        deliveryMethod: 'home',
      }),
    );
    expect(recipientErr.code).toBe('NOT_FOUND');
    expect(recipientErr.message).toBe(DELIVERY_MESSAGES.recipientNotFound);
    // Nothing moved.
    const [p] = await db().select({ status: packages.status }).from(packages).where(eq(packages.id, mine));
    expect(p.status).toBe('in_warehouse');
  });
});

describe('ship requests: confirming', () => {
  it('makes a shipment in preparation and an invoice with the shipping, and the delivery fee of the zone', async () => {
    const a = await parcel(maria, 6, '40x30x30');
    const b = await parcel(maria, 1.2, '25x20x10');
    const home = await recipient(maria, 'Distrito Capital', 'Caracas');
    const done = await as(maria).shipRequests.create({
      packageIds: [a, b],
      shippingMethod: 'aereo',
      recipientId: home,
      deliveryMethod: 'home',
    });
    expect(done.message).toBe(M.created(done.shipmentCode, done.invoiceNumber));
    const [s] = await db().select().from(shipments).where(eq(shipments.id, done.shipmentId));
    expect(s).toMatchObject({
      userId: maria.user.id,
      status: 'preparing',
      requestedByCustomer: true,
      recipientId: home,
      deliveryMethod: 'home',
      deliveryCity: 'Caracas',
      deliveryState: 'Distrito Capital',
      deliveryFeeUsdCents: DELIVERY_FEE_DEFAULTS_USD_CENTS.caracas,
    });
    const linked = await db().select().from(shipmentPackages).where(eq(shipmentPackages.shipmentId, s.id));
    expect(linked.map((l) => l.packageId).sort()).toEqual([a, b].sort());
    const shipping = usaCents(6, [40, 30, 30], 80, 'aereo') + usaCents(1.2, [25, 20, 10], 80, 'aereo');
    const importTaxes = usaImportTaxCents(6, [40, 30, 30], 80) + usaImportTaxCents(1.2, [25, 20, 10], 80);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.shipmentId, s.id));
    expect(invoice.userId).toBe(maria.user.id);
    expect(invoice.number).toBe(done.invoiceNumber);
    // The freight and, a line of their own, the import taxes paid at customs on her behalf.
    expect(invoice.lines).toEqual([
      { description: M.lineShipping(s.shipmentCode, 2, 'Aéreo'), usdCents: shipping - importTaxes },
      { description: M.lineImportTaxes(s.shipmentCode), usdCents: importTaxes },
      { description: M.lineDelivery('Entrega a domicilio'), usdCents: DELIVERY_FEE_DEFAULTS_USD_CENTS.caracas },
    ]);
    expect(invoice.usdCents).toBe(shipping + DELIVERY_FEE_DEFAULTS_USD_CENTS.caracas);
    // The customer sees it among their invoices.
    const mine = await as(maria).billing.mine();
    expect(JSON.stringify(mine)).toContain(done.invoiceNumber);
  });

  it('sends to an agency without a delivery fee, and refuses an inactive one', async () => {
    const id = await parcel(maria, 2, '30x30x30');
    const home = await recipient(maria, 'Carabobo', 'Valencia');
    const closed = await agency(false);
    const err = await trpcError(
      as(maria).shipRequests.create({
        packageIds: [id],
        shippingMethod: 'aereo',
        recipientId: home,
        deliveryMethod: 'agency',
        agencyId: closed,
      }),
    );
    expect(err.message).toBe(DELIVERY_MESSAGES.agencyInactive);
    const open = await agency();
    const done = await as(maria).shipRequests.create({
      packageIds: [id],
      shippingMethod: 'aereo',
      recipientId: home,
      deliveryMethod: 'agency',
      agencyId: open,
    });
    const [s] = await db().select().from(shipments).where(eq(shipments.id, done.shipmentId));
    expect(s).toMatchObject({
      deliveryMethod: 'agency',
      agencyId: open,
      deliveryCity: 'Valencia',
      deliveryFeeUsdCents: 0,
    });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.shipmentId, s.id));
    expect(invoice.lines).toHaveLength(2);
    expect(invoice.usdCents).toBe(usaCents(2, [30, 30, 30], 80, 'aereo'));
  });

  it('puts a parcel in one request only when two are sent at once', async () => {
    const id = await parcel(maria, 1, '20x20x20');
    const home = await recipient(maria, 'Aragua', 'Maracay');
    const request = () =>
      as(maria).shipRequests.create({
        packageIds: [id],
        shippingMethod: 'aereo',
        recipientId: home,
        deliveryMethod: 'home',
      });
    const results = await Promise.allSettled([request(), request()]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].reason.code).toBe('CONFLICT');
    // The loser waited on the parcel's row (or lost the unique link) and reads why.
    const [{ wr }] = await db().select({ wr: packages.warehouseReceipt }).from(packages).where(eq(packages.id, id));
    expect([M.alreadyRequested, M.packageNotShippable(wr!)]).toContain(lost[0].reason.message);
    const links = await db().select().from(shipmentPackages).where(eq(shipmentPackages.packageId, id));
    expect(links).toHaveLength(1);
    const issued = await db()
      .select({ id: invoices.id })
      .from(invoices)
      .innerJoin(shipments, eq(shipments.id, invoices.shipmentId))
      .innerJoin(
        shipmentPackages,
        and(eq(shipmentPackages.shipmentId, shipments.id), eq(shipmentPackages.packageId, id)),
      );
    expect(issued).toHaveLength(1);
  });

  it('joins a departure only once its invoice is paid', async () => {
    const id = await parcel(maria, 1, '20x20x20');
    const done = await as(maria).shipRequests.create({
      packageIds: [id],
      shippingMethod: 'aereo',
      recipientId: await recipient(maria, 'Lara', 'Barquisimeto'),
      deliveryMethod: 'home',
    });
    const today = businessToday();
    const d = await admin.caller.departures.create({
      mode: 'aereo',
      origin: 'miami',
      masterRef: null,
      carrier: 'Laser Airlines',
      voyage: `QL ${tag()}`,
      arrivalPort: 'maiquetia',
      cutoffOn: addDays(today, 2),
      plannedDeparture: addDays(today, 3),
      plannedArrival: null,
    });
    const err = await trpcError(
      admin.caller.departures.addShipment({ departureId: d.id, shipmentId: done.shipmentId }),
    );
    expect(err.code).toBe('CONFLICT');
    expect(err.message).toBe(M.unpaidForDeparture(done.shipmentCode, done.invoiceNumber));
    // Paid (a payment entry against the invoice), it goes.
    await db().insert(ledgerEntries).values({
      userId: maria.user.id,
      kind: 'payment',
      usdCents: -done.totalUsdCents,
      invoiceId: done.invoiceId,
      description: 'Pago de prueba',
    });
    await admin.caller.departures.addShipment({ departureId: d.id, shipmentId: done.shipmentId });
    const [s] = await db()
      .select({ d: shipments.departureId })
      .from(shipments)
      .where(eq(shipments.id, done.shipmentId));
    expect(s.d).toBe(d.id);
  });
});

describe('ship requests: a finished repack', () => {
  /** The customer asks to consolidate the parcels; the warehouse finishes the box. */
  async function finishedRepack(c: CustomerWithMailbox, parcelIds: string[], weightKg: number, dimensionsCm: string) {
    const { id } = await as(c).repacks.request({ packageIds: parcelIds, shippingMethod: 'aereo' });
    const warehouseReceipt = `WR-RPK-${tag()}`;
    await admin.caller.repacks.process({ id, warehouseReceipt, weightKg, dimensionsCm });
    return { id, warehouseReceipt };
  }

  it('is offered as one box and priced once, like the calculator prices that box', async () => {
    const a = await parcel(maria, 2, '30x20x15', 120);
    const b = await parcel(maria, 3, '40x30x20', 200);
    const box = await finishedRepack(maria, [a, b], 5.5, '50x40x30');
    const offered = (await as(maria).shipRequests.repacks()).find((r) => r.id === box.id);
    expect(offered).toMatchObject({ warehouseReceipt: box.warehouseReceipt, weightKg: 5.5, dimensionsCm: '50x40x30' });
    expect(offered?.packageIds.sort()).toEqual([a, b].sort());

    const quote = await as(maria).shipRequests.quote({ repackIds: [box.id], shippingMethod: 'aereo' });
    // The box's weight and measures, with the declared value of what it holds.
    const boxCents = usaCents(5.5, [50, 40, 30], fromCents(120 + 200), 'aereo');
    expect(quote.repacks).toEqual([
      {
        id: box.id,
        label: box.warehouseReceipt,
        weightKg: 5.5,
        dimensionsCm: '50x40x30',
        packageCount: 2,
        shippingUsdCents: boxCents,
        importTaxesUsdCents: usaImportTaxCents(5.5, [50, 40, 30], fromCents(120 + 200)),
        // What the two parcels inside declare: the value insured if the box is insured.
        declaredUsdCents: 120 + 200,
      },
    ]);
    expect(quote.parcels).toEqual([]);
    expect(quote.shippingUsdCents).toBe(boxCents);
    expect(quote.totalWeightKg).toBe(5.5);

    // Next to a loose parcel, each is priced on its own.
    const loose = await parcel(maria, 1, '20x20x20');
    const both = await as(maria).shipRequests.quote({
      packageIds: [loose],
      repackIds: [box.id],
      shippingMethod: 'aereo',
    });
    expect(both.shippingUsdCents).toBe(boxCents + usaCents(1, [20, 20, 20], fromCents(80), 'aereo'));
  });

  it('sends all of its parcels in the shipment and marks the repack shipped; twice is refused', async () => {
    const a = await parcel(maria, 2, '30x20x15');
    const b = await parcel(maria, 1, '20x20x10');
    const box = await finishedRepack(maria, [a, b], 3.2, '35x30x25');
    const home = await recipient(maria, 'Distrito Capital', 'Caracas');
    const request = () =>
      as(maria).shipRequests.create({
        repackIds: [box.id],
        shippingMethod: 'aereo',
        recipientId: home,
        deliveryMethod: 'home',
      });
    const done = await request();
    const linked = await db().select().from(shipmentPackages).where(eq(shipmentPackages.shipmentId, done.shipmentId));
    expect(linked.map((l) => l.packageId).sort()).toEqual([a, b].sort());
    const moved = await db().select({ status: packages.status }).from(packages).where(eq(packages.id, a));
    expect(moved[0].status).toBe('in_shipment');
    const [repack] = await db().select().from(repackRequests).where(eq(repackRequests.id, box.id));
    expect(repack.status).toBe('shipped');
    expect(repack.shippedAt).not.toBeNull();

    const [s] = await db().select().from(shipments).where(eq(shipments.id, done.shipmentId));
    const boxCents = usaCents(3.2, [35, 30, 25], fromCents(160), 'aereo');
    const [invoice] = await db().select().from(invoices).where(eq(invoices.shipmentId, s.id));
    expect(invoice.lines[0]).toEqual({
      description: M.lineShipping(s.shipmentCode, 2, 'Aéreo'),
      usdCents: boxCents - usaImportTaxCents(3.2, [35, 30, 25], fromCents(160)),
    });
    expect(s.totalWeightKg).toBe(3.2);
    // No longer offered, and a second request is refused like a parcel already requested.
    expect((await as(maria).shipRequests.repacks()).some((r) => r.id === box.id)).toBe(false);
    const again = await trpcError(request());
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toBe(M.alreadyRequested);
  });

  it('refuses one of its parcels ticked alone or with the repack', async () => {
    const a = await parcel(maria, 2, '30x20x15');
    const b = await parcel(maria, 1, '20x20x10');
    const box = await finishedRepack(maria, [a, b], 3, '35x30x25');
    const [{ wr }] = await db().select({ wr: packages.warehouseReceipt }).from(packages).where(eq(packages.id, a));
    const home = await recipient(maria, 'Aragua', 'Maracay');
    for (const choice of [{ packageIds: [a] }, { packageIds: [a], repackIds: [box.id] }]) {
      const err = await trpcError(
        as(maria).shipRequests.create({
          ...choice,
          shippingMethod: 'aereo',
          recipientId: home,
          deliveryMethod: 'home',
        }),
      );
      expect(err.code).toBe('CONFLICT');
      expect(err.message).toBe(M.packageInFinishedRepack(wr!, box.warehouseReceipt));
    }
    // Nothing moved.
    const [repack] = await db().select().from(repackRequests).where(eq(repackRequests.id, box.id));
    expect(repack.status).toBe('processed');
    expect(await db().select().from(shipmentPackages).where(eq(shipmentPackages.packageId, a))).toHaveLength(0);
  });

  it('answers another customer’s repack as a missing one', async () => {
    const his = await parcel(pedro, 2, '30x20x15');
    const box = await finishedRepack(pedro, [his], 2, '30x20x15');
    const quoteErr = await trpcError(as(maria).shipRequests.quote({ repackIds: [box.id], shippingMethod: 'aereo' }));
    expect(quoteErr.code).toBe('NOT_FOUND');
    expect(quoteErr.message).toBe(M.repackNotFound);
    const createErr = await trpcError(
      as(maria).shipRequests.create({
        repackIds: [box.id],
        shippingMethod: 'aereo',
        recipientId: await recipient(maria, 'Lara', 'Barquisimeto'),
        deliveryMethod: 'home',
      }),
    );
    expect(createErr.code).toBe('NOT_FOUND');
    expect(createErr.message).toBe(M.repackNotFound);
    expect((await as(maria).shipRequests.repacks()).some((r) => r.id === box.id)).toBe(false);
    const [repack] = await db().select().from(repackRequests).where(eq(repackRequests.id, box.id));
    expect(repack.status).toBe('processed');
  });
});
