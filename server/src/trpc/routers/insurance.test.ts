// The declared value and the shipment's insurance (docs/product/insurance.md): the customer
// confirms a missing value in Acción requerida (their own parcel only, audited as them), staff
// correct it (audited), a parcel without one cannot be requested; insured, the request's price is
// the calculator's plus the premium (at least the minimum), the invoice has its line, the
// shipment keeps the insured value and a claim on it pays up to that value.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CLAIM_MESSAGES,
  DECLARED_VALUE_MESSAGES as M,
  INSURANCE_LABELS,
  caracasDay,
  caracasDayStart,
  formatUsdCents,
  kgToLb,
  PRICE_LIST_V1,
  quoteUsa,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import {
  auditLog,
  invoices,
  packages,
  priceListVersions,
  priceQuotesSeen,
  recipients,
  shipments,
} from '../../db/schema';
import { testConfig } from '../../env';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { guiaCustomsCents } from '../../test/customs-charge';
import { createTestDatabase } from '../../test/db';
import { customerWithActiveMailbox, signedInStaff, type CustomerWithMailbox } from '../../test/factories';

let database: Database;
const db = () => database.db;
const config = testConfig({ appUrl: TEST_APP_URL });
type Staff = Awaited<ReturnType<typeof signedInStaff>>;
let admin: Staff;
let almacen: Staff;
let atencion: Staff;
let maria: CustomerWithMailbox;
let pedro: CustomerWithMailbox;
const as = (p: { visitor: Parameters<typeof callerFor>[1] }) => callerFor(db(), p.visitor, config);

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signedInStaff(db(), 'admin');
  almacen = await signedInStaff(db(), 'almacen');
  atencion = await signedInStaff(db(), 'atencion');
  maria = await customerWithActiveMailbox(db(), { nombre: 'María González' });
  pedro = await customerWithActiveMailbox(db(), { nombre: 'Pedro Rivas' });
});
afterAll(async () => {
  await database.close();
});

let seq = 0;
/** A parcel on the warehouse's shelf, 2 kg and 30×20×15 cm, with or without a declared value. */
async function parcel(owner: CustomerWithMailbox, valueUsdCents: number | null) {
  seq++;
  const t = `${seq}${randomUUID().slice(0, 6).toUpperCase()}`;
  const [row] = await db()
    .insert(packages)
    .values({
      userId: owner.user.id,
      mailboxId: owner.mailboxId,
      trackingNumber: `1ZINS${t}`,
      packageDescription: `Audífonos ${t}`,
      status: 'in_warehouse',
      weightKg: 2,
      dimensionsCm: '30x20x15',
      estimatedValueUsdCents: valueUsdCents,
      warehouseReceipt: `WR-INS-${t}`,
      receivedDate: new Date(),
    })
    .returning({ id: packages.id, warehouseReceipt: packages.warehouseReceipt });
  return { id: row!.id, label: row!.warehouseReceipt! };
}

async function recipient(owner: CustomerWithMailbox) {
  const [row] = await db()
    .insert(recipients)
    .values({
      userId: owner.user.id,
      fullName: 'Carmen González',
      idDocument: 'V-8123456',
      phone: '+584141234567',
      state: 'Carabobo',
      city: 'Valencia',
      address: 'Urb. El Viñedo, calle 137, casa 12',
    })
    .returning({ id: recipients.id });
  return row!.id;
}

const linesOf = async (invoiceId: string) =>
  (await db().select({ lines: invoices.lines }).from(invoices).where(eq(invoices.id, invoiceId)))[0]!.lines;

const declaredValueOf = async (id: string) =>
  (await db().select({ v: packages.estimatedValueUsdCents }).from(packages).where(eq(packages.id, id)))[0]!.v;

/** The public calculator's freight for one of these parcels by air, no insurance. */
const freightCents = () =>
  quoteUsa(
    { peso: kgToLb(2), largo: 30, ancho: 20, alto: 15, valor: null, seguro: false, tipo: 'aereo' },
    PRICE_LIST_V1,
  )!.totalUsdCents;

describe('the declared value', () => {
  it('the customer confirms a missing value: listed in Acción requerida, then gone, audited as the customer', async () => {
    const p = await parcel(maria, null);
    const listed = await as(maria).packages.missingDeclaredValue();
    expect(listed.map((x) => x.label)).toContain(p.label);
    expect((await as(pedro).packages.missingDeclaredValue()).map((x) => x.label)).not.toContain(p.label);

    const r = await as(maria).packages.confirmDeclaredValue({ packageId: p.id, declaredValueUsdCents: 45_90 });
    expect(r.message).toBe(M.confirmed(p.label, formatUsdCents(45_90)));
    expect(await declaredValueOf(p.id)).toBe(45_90);
    expect((await as(maria).packages.missingDeclaredValue()).map((x) => x.label)).not.toContain(p.label);

    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'packages'), eq(auditLog.entityId, p.id)));
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'packages.confirmDeclaredValue',
        actorId: maria.user.id,
        actorRole: 'user',
        operation: 'update',
        before: expect.objectContaining({ estimated_value_usd_cents: null }),
        after: expect.objectContaining({ estimated_value_usd_cents: 45_90 }),
      }),
    );

    // Once declared, the customer cannot change it again: staff correct it.
    expect(
      await trpcError(as(maria).packages.confirmDeclaredValue({ packageId: p.id, declaredValueUsdCents: 1_00 })),
    ).toMatchObject({ code: 'CONFLICT', message: M.alreadyDeclared });
    expect(await declaredValueOf(p.id)).toBe(45_90);
  });

  it("another customer's parcel is answered as missing and keeps no value", async () => {
    const p = await parcel(maria, null);
    expect(
      await trpcError(as(pedro).packages.confirmDeclaredValue({ packageId: p.id, declaredValueUsdCents: 10_00 })),
    ).toMatchObject({ code: 'NOT_FOUND', message: M.notFound });
    expect(await declaredValueOf(p.id)).toBeNull();
    expect(
      await trpcError(as(maria).packages.confirmDeclaredValue({ packageId: p.id, declaredValueUsdCents: 0 })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: M.valueMin });
  });

  it('staff correct the value from the package details, audited with their name', async () => {
    const p = await parcel(maria, 30_00);
    const [row] = await db().select().from(packages).where(eq(packages.id, p.id));
    await as(almacen).packages.update({
      id: p.id,
      mailboxId: maria.mailboxId,
      trackingNumber: row!.trackingNumber,
      packageDescription: row!.packageDescription,
      senderName: row!.senderName,
      weightKg: row!.weightKg,
      dimensionsCm: row!.dimensionsCm,
      estimatedValueUsdCents: 32_50,
      notes: row!.notes,
      warehouseReceipt: row!.warehouseReceipt,
    });
    expect(await declaredValueOf(p.id)).toBe(32_50);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'packages'), eq(auditLog.entityId, p.id), eq(auditLog.action, 'packages.update')));
    expect(entry).toMatchObject({
      actorId: almacen.user.id,
      before: expect.objectContaining({ estimated_value_usd_cents: 30_00 }),
      after: expect.objectContaining({ estimated_value_usd_cents: 32_50 }),
    });
  });

  it('a parcel without a declared value cannot go in a ship request until it is confirmed', async () => {
    const p = await parcel(maria, null);
    const home = await recipient(maria);
    const choice = {
      packageIds: [p.id],
      shippingMethod: 'aereo' as const,
      recipientId: home,
      deliveryMethod: 'home' as const,
    };
    expect(await trpcError(as(maria).shipRequests.create(choice))).toMatchObject({
      code: 'CONFLICT',
      message: M.shipBlocked(p.label),
    });
    expect((await db().select().from(packages).where(eq(packages.id, p.id)))[0]!.status).toBe('in_warehouse');
    await as(maria).packages.confirmDeclaredValue({ packageId: p.id, declaredValueUsdCents: 20_00 });
    const done = await as(maria).shipRequests.create(choice);
    expect(done.shipmentCode).toBeTruthy();
  });
});

describe('insurance', () => {
  it('insured, the price is the calculator’s plus the premium; the invoice has its line; the shipment its insured value; a claim pays up to it', async () => {
    const a = await parcel(maria, 120_00);
    const b = await parcel(maria, 80_00);
    const home = await recipient(maria);
    const choice = {
      packageIds: [a.id, b.id],
      shippingMethod: 'aereo' as const,
      recipientId: home,
      deliveryMethod: 'home' as const,
    };
    const plain = await as(maria).shipRequests.quote(choice);
    const insured = await as(maria).shipRequests.quote({ ...choice, insured: true });
    // 5 % of $200.00, the calculator's own rate.
    expect(plain.freightUsdCents).toBe(2 * freightCents());
    expect(plain.insuranceUsdCents).toBe(0);
    expect(insured.declaredUsdCents).toBe(200_00);
    expect(insured.insuranceUsdCents).toBe(10_00);
    // The premium is in the guía's customs value (CIF): the customs estimate charged grows with it.
    const ids = [a.id, b.id];
    expect(plain.importTaxesUsdCents).toBe(await guiaCustomsCents(db(), ids, 'air', plain.freightUsdCents));
    expect(insured.importTaxesUsdCents).toBe(await guiaCustomsCents(db(), ids, 'air', plain.freightUsdCents, 10_00));
    expect(insured.importTaxesUsdCents).toBeGreaterThan(plain.importTaxesUsdCents);
    expect(insured.totalUsdCents).toBe(
      plain.totalUsdCents + 10_00 + insured.importTaxesUsdCents - plain.importTaxesUsdCents,
    );
    // The same premium as the public calculator's insurance on the same value.
    const calc = quoteUsa(
      {
        peso: kgToLb(2),
        largo: 30,
        ancho: 20,
        alto: 15,
        valor: 200,
        seguro: true,
        tipo: 'aereo',
      },
      PRICE_LIST_V1,
    )!;
    expect(calc.seguroUsdCents).toBe(insured.insuranceUsdCents);

    const done = await as(maria).shipRequests.create({ ...choice, insured: true });
    expect(done.totalUsdCents).toBe(insured.totalUsdCents);
    const lines = await linesOf(done.invoiceId);
    expect(lines).toContainEqual(
      expect.objectContaining({
        description: INSURANCE_LABELS.invoiceLine(done.shipmentCode, formatUsdCents(200_00)),
        usdCents: 10_00,
      }),
    );
    const [shipment] = await db().select().from(shipments).where(eq(shipments.id, done.shipmentId));
    expect(shipment!.insuredValueUsdCents).toBe(200_00);

    const { id } = await as(maria).claims.open({
      kind: 'lost',
      shipmentId: done.shipmentId,
      text: 'El envío no llegó a la agencia ni a la casa.',
      photos: [],
    });
    const detail = await as(atencion).claims.adminDetail({ id });
    expect(detail.payout).toMatchObject({ insuredUsdCents: 200_00, limitUsdCents: 200_00 });
    expect(await trpcError(as(atencion).claims.decide({ id, decision: 'partial', amountUsd: 200.01 }))).toMatchObject({
      message: CLAIM_MESSAGES.amountAboveLeft(formatUsdCents(200_00), formatUsdCents(200_00)),
    });
  });

  it('not insured, the shipment records no insured value and the invoice no insurance line', async () => {
    const a = await parcel(maria, 50_00);
    const done = await as(maria).shipRequests.create({
      packageIds: [a.id],
      shippingMethod: 'aereo',
      recipientId: await recipient(maria),
      deliveryMethod: 'home',
    });
    const [shipment] = await db().select().from(shipments).where(eq(shipments.id, done.shipmentId));
    expect(shipment!.insuredValueUsdCents).toBeNull();
    const lines = await linesOf(done.invoiceId);
    expect(lines.map((l) => l.description)).not.toContain(
      INSURANCE_LABELS.invoiceLine(done.shipmentCode, formatUsdCents(50_00)),
    );
  });

  it("the price list's rate and minimum apply to the ship request and the calculator alike; audited", async () => {
    // The administrator schedules them for tomorrow (docs/product/price-lists.md); tomorrow comes.
    const tomorrow = caracasDay(new Date(Date.now() + 24 * 3600 * 1000));
    const created = await as(admin).prices.create({
      effectiveFrom: tomorrow,
      prices: { ...PRICE_LIST_V1, insuranceRatePercent: 2.5, insuranceMinimumUsdCents: 8_00 },
    });
    expect(await as(maria).site.insuranceRule()).toEqual({ ratePercent: 5, minimumUsdCents: 0 });
    // For a customer who saw no quote before (one seen would be honoured: docs/product/price-lists.md).
    await db().delete(priceQuotesSeen).where(eq(priceQuotesSeen.userId, maria.user.id));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(caracasDayStart(tomorrow));
      const rule = await as(maria).site.insuranceRule();
      expect(rule).toEqual({ ratePercent: 2.5, minimumUsdCents: 8_00 });
      const cheap = await parcel(maria, 40_00);
      const dear = await parcel(maria, 1_000_00);
      const base = { shippingMethod: 'aereo' as const, insured: true };
      // 2.5 % of $40.00 is $1.00: the minimum $8.00 applies.
      expect((await as(maria).shipRequests.quote({ ...base, packageIds: [cheap.id] })).insuranceUsdCents).toBe(8_00);
      // 2.5 % of $1,000.00 is $25.00, above the minimum.
      expect((await as(maria).shipRequests.quote({ ...base, packageIds: [dear.id] })).insuranceUsdCents).toBe(25_00);
      const { current } = await as(maria).site.prices();
      const calc = quoteUsa(
        { peso: 1, largo: 10, ancho: 10, alto: 10, valor: 40, seguro: true, tipo: 'aereo' },
        current!.prices,
      )!;
      expect(calc.seguroUsdCents).toBe(8_00);
    } finally {
      vi.useRealTimers();
    }
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'price_list_versions'), eq(auditLog.action, 'prices.create')));
    expect(entry).toMatchObject({ actorId: admin.user.id, entityId: created.id });
    // Back to today's prices for the other tests.
    await db().delete(priceListVersions).where(eq(priceListVersions.id, created.id));
  });
});
