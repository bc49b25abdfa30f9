// The price list (docs/product/price-lists.md): version 1 is today's figures; the administrator
// schedules a version from tomorrow on (never the past, never two on one day, never an absurd
// rate: refused in Spanish, nothing changed) or cancels one not yet in effect, each change
// audited; the calculators' public procedure carries the version in effect and the next one; an
// invoice keeps the version it was issued with; a ship request honours the price the customer
// saw for the set days.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CUSTOMS_RULES_V1,
  categorizeItem,
  estimateCustoms,
  PRICE_LIST_MESSAGES as M,
  PRICE_LIST_V1,
  caracasDay,
  caracasDayStart,
  nextDay,
  type PriceList,
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
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { customerWithActiveMailbox, signedInStaff, type CustomerWithMailbox } from '../../test/factories';
import { testConfig } from '../../env';

let database: Database;
const db = () => database.db;
const config = testConfig({ appUrl: TEST_APP_URL });
type Staff = Awaited<ReturnType<typeof signedInStaff>>;
let admin: Staff;
let caja: Staff;
let maria: CustomerWithMailbox;
const as = (c: { visitor: CustomerWithMailbox['visitor'] }) => callerFor(db(), c.visitor, config);

const DAY = 24 * 3600 * 1000;
const today = () => caracasDay(new Date());
const inDays = (n: number) => caracasDay(new Date(Date.now() + n * DAY));

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signedInStaff(db(), 'admin');
  caja = await signedInStaff(db(), 'caja');
  maria = await customerWithActiveMailbox(db(), { nombre: 'María González' });
});
afterAll(async () => {
  await database.close();
});
afterEach(async () => {
  vi.useRealTimers();
  // Each test starts from version 1 alone, no quote seen.
  await db().delete(priceQuotesSeen);
  await db().update(invoices).set({ priceListVersionId: null });
  await db().update(shipments).set({ priceListVersionId: null });
  const versions = await db().select().from(priceListVersions);
  for (const v of versions)
    if (v.number !== 1) await db().delete(priceListVersions).where(eq(priceListVersions.id, v.id));
});

/** From the start of a Caracas day on, as far as the server's clock is concerned (Date only). */
function travelTo(day: string, hoursIn = 0) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(caracasDayStart(day).getTime() + hoursIn * 3600 * 1000));
}

const versionCount = async () => (await db().select().from(priceListVersions)).length;

describe('version 1', () => {
  it('is exactly the figures the calculators used before (so their results stay the same)', async () => {
    const [v1] = await db().select().from(priceListVersions).where(eq(priceListVersions.number, 1));
    // As seeded, with the retired flat import-tax field (15 %), no longer read (docs/product/price-lists.md).
    expect(v1.prices).toEqual({ ...PRICE_LIST_V1, usaAirTaxPercent: 15 });
    const { current, next } = await callerFor(db(), undefined, config).site.prices();
    expect(current).toMatchObject({ number: 1, prices: PRICE_LIST_V1 });
    expect(next).toBeNull();
  });
});

describe('the administrator schedules a version', () => {
  const dearerAir: PriceList = { ...PRICE_LIST_V1, usaAirRatePerLbUsdCents: 7_25 };

  it('from tomorrow: the calculators keep today’s rate until then, and carry the next with its start', async () => {
    const tomorrow = inDays(1);
    const created = await admin.caller.prices.create({ effectiveFrom: tomorrow, prices: dearerAir });
    expect(created).toMatchObject({ number: 2, message: M.created(2, tomorrow) });
    const visitor = callerFor(db(), undefined, config);
    const now = await visitor.site.prices();
    expect(now.current!.prices.usaAirRatePerLbUsdCents).toBe(6_50);
    expect(now.next).toMatchObject({ effectiveFrom: tomorrow, prices: dearerAir });
    // One second before midnight in Caracas: still today's; at midnight: the new one.
    travelTo(tomorrow, 0);
    vi.setSystemTime(caracasDayStart(tomorrow).getTime() - 1000);
    expect((await visitor.site.prices()).current!.number).toBe(1);
    vi.setSystemTime(caracasDayStart(tomorrow));
    expect((await visitor.site.prices()).current).toMatchObject({ number: 2, effectiveFrom: tomorrow });
    vi.useRealTimers();

    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'price_list_versions'), eq(auditLog.action, 'prices.create')));
    expect(entry).toMatchObject({ actorId: admin.user.id, entityId: created.id, operation: 'insert' });
  });

  it.each([
    ['today', () => ({ effectiveFrom: today(), prices: dearerAir }), M.startInPast],
    ['yesterday', () => ({ effectiveFrom: inDays(-1), prices: dearerAir }), M.startInPast],
    ['in two years', () => ({ effectiveFrom: inDays(800), prices: dearerAir }), M.tooFar],
  ])('refuses a start %s, in Spanish, and changes nothing', async (_, input, message) => {
    expect(await trpcError(admin.caller.prices.create(input()))).toMatchObject({ message });
    expect(await versionCount()).toBe(1);
  });

  it('refuses a second version starting the same day, and a negative or absurd rate', async () => {
    const day = inDays(3);
    await admin.caller.prices.create({ effectiveFrom: day, prices: dearerAir });
    expect(await trpcError(admin.caller.prices.create({ effectiveFrom: day, prices: PRICE_LIST_V1 }))).toMatchObject({
      code: 'CONFLICT',
      message: M.sameStart(day),
    });
    const negative = await trpcError(
      admin.caller.prices.create({
        effectiveFrom: inDays(4),
        prices: { ...PRICE_LIST_V1, usaSeaRatePerFt3UsdCents: -40_00 },
      }),
    );
    expect(negative.message).toContain('Marítimo desde Miami: tarifa por pie³: no puede ser negativo.');
    const absurd = await trpcError(
      admin.caller.prices.create({
        effectiveFrom: inDays(4),
        prices: { ...PRICE_LIST_V1, usaAirRatePerLbUsdCents: 650_00 },
      }),
    );
    expect(absurd.message).toContain('Aéreo desde Miami: tarifa por libra: no puede pasar de $100.');
    expect(await versionCount()).toBe(2);
  });

  it('cancels a scheduled version (kept in the history, never applied), never one in effect', async () => {
    const day = inDays(2);
    const v = await admin.caller.prices.create({ effectiveFrom: day, prices: dearerAir });
    expect(await admin.caller.prices.cancel({ id: v.id })).toEqual({ message: M.cancelled_ok(v.number) });
    expect(await trpcError(admin.caller.prices.cancel({ id: v.id }))).toMatchObject({ message: M.alreadyCancelled });
    travelTo(day, 12);
    expect((await callerFor(db(), undefined, config).site.prices()).current!.number).toBe(1);
    vi.useRealTimers();
    // The same day may be scheduled again once the first was cancelled.
    const again = await admin.caller.prices.create({ effectiveFrom: day, prices: dearerAir });
    const [v1] = await db().select().from(priceListVersions).where(eq(priceListVersions.number, 1));
    expect(await trpcError(admin.caller.prices.cancel({ id: v1.id }))).toMatchObject({ message: M.alreadyInEffect });
    const list = await admin.caller.prices.versions();
    expect(list.versions.map((x) => [x.number, x.cancelledAt !== null])).toEqual([
      [1, false],
      [v.number, true],
      [again.number, false],
    ]);
    const cancelled = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'price_list_versions'), eq(auditLog.action, 'prices.cancel')));
    expect(cancelled).toHaveLength(1);
  });

  it('is the administrator’s alone', async () => {
    expect(await trpcError(caja.caller.prices.create({ effectiveFrom: inDays(1), prices: dearerAir }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await versionCount()).toBe(1);
  });
});

// --- Invoices and the ship request ------------------------------------------------------------

let seq = 0;
async function parcel() {
  const t = `${Date.now().toString(36).toUpperCase()}${++seq}`;
  const [row] = await db()
    .insert(packages)
    .values({
      userId: maria.user.id,
      mailboxId: maria.mailboxId,
      trackingNumber: `1ZPL${t}`,
      packageDescription: `Compra ${t}`,
      status: 'in_warehouse',
      weightKg: 2,
      dimensionsCm: '30x20x15',
      estimatedValueUsdCents: 80_00,
      warehouseReceipt: `WR-PL-${t}`,
      receivedDate: new Date(),
    })
    .returning({ id: packages.id });
  return row.id;
}

let recipientId: string;
beforeAll(async () => {
  const [row] = await db()
    .insert(recipients)
    .values({
      userId: maria.user.id,
      fullName: 'Carmen González',
      idDocument: 'V-8123456',
      phone: '+584141234567',
      state: 'Distrito Capital',
      city: 'Caracas',
      address: 'Av. Urdaneta, edificio 4',
    })
    .returning({ id: recipients.id });
  recipientId = row.id;
});

const request = (packageId: string, quoteToken?: string | null) => ({
  packageIds: [packageId],
  shippingMethod: 'aereo' as const,
  recipientId,
  deliveryMethod: 'home' as const,
  quoteToken,
});

/**
 * A parcel's freight by air and the customs estimate of its guía (docs/product/customs.md#the-invoice):
 * the rules the database seeds, one $80 parcel whose description reveals no category ('Otros').
 */
const withCustoms = (freightUsdCents: number) =>
  freightUsdCents +
  estimateCustoms(CUSTOMS_RULES_V1, {
    mode: 'air',
    category: categorizeItem('Compra'),
    declaredValueUsdCents: 80_00,
    freightUsdCents,
    insuranceUsdCents: 0,
    boxes: 1,
    rate: null,
  }).usdCents.total;
/** Version 1's total for one parcel (6 lb × $6.50) to Caracas ($5), and version 2's (× $8, $9). */
const V1_TOTAL = withCustoms(39_00) + 5_00;
const V2_TOTAL = withCustoms(48_00) + 9_00;

/** Version 2 from tomorrow: dearer air, a dearer Caracas delivery. */
async function scheduleDearer() {
  const day = inDays(1);
  const v2 = await admin.caller.prices.create({
    effectiveFrom: day,
    prices: {
      ...PRICE_LIST_V1,
      usaAirRatePerLbUsdCents: 8_00,
      deliveryFeesUsdCents: { ...PRICE_LIST_V1.deliveryFeesUsdCents, caracas: 9_00 },
    },
  });
  return { day, v2 };
}

describe('invoices and the ship request', () => {
  it('an invoice keeps its version after a new one starts; the next invoice records the new one', async () => {
    const [v1] = await db().select().from(priceListVersions).where(eq(priceListVersions.number, 1));
    const first = await as(maria).shipRequests.create(request(await parcel()));
    const { day, v2 } = await scheduleDearer();
    travelTo(day, 1);
    const second = await as(maria).shipRequests.create(request(await parcel()));
    vi.useRealTimers();
    const [a] = await db().select().from(invoices).where(eq(invoices.id, first.invoiceId));
    const [b] = await db().select().from(invoices).where(eq(invoices.id, second.invoiceId));
    expect(a.priceListVersionId).toBe(v1.id);
    expect(b.priceListVersionId).toBe(v2.id);
    // 2 kg = 4.41 lb, under the 6 lb minimum: 6 lb × $6.50, its customs estimate and $5 to Caracas; then × $8 and $9.
    expect(a.usdCents).toBe(V1_TOTAL);
    expect(b.usdCents).toBe(V2_TOTAL);
  });

  it('honours the price the customer saw for the set days, then asks them to look again', async () => {
    const [v1] = await db().select().from(priceListVersions).where(eq(priceListVersions.number, 1));
    const id = await parcel();
    const seen = await as(maria).shipRequests.quote(request(id));
    expect(seen.priceList).toMatchObject({ id: v1.id, number: 1 });
    expect(seen.totalUsdCents).toBe(V1_TOTAL);
    const { day } = await scheduleDearer();

    // Six days after the quote (the default honours 7): the price seen, and the version recorded.
    travelTo(nextDay(day), 0);
    vi.setSystemTime(new Date(seen.quotedAt).getTime() + 6 * DAY);
    const done = await as(maria).shipRequests.create(request(id, seen.quoteToken));
    vi.useRealTimers();
    expect(done.totalUsdCents).toBe(V1_TOTAL);
    const [shipment] = await db().select().from(shipments).where(eq(shipments.id, done.shipmentId));
    expect(shipment.priceListVersionId).toBe(v1.id);
    expect(shipment.quotedAt!.toISOString()).toBe(seen.quotedAt);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, done.invoiceId));
    expect(invoice.priceListVersionId).toBe(v1.id);

    // Another parcel quoted then, confirmed eight days later: refused, nothing changed.
    const late = await parcel();
    const old = await as(maria).shipRequests.quote(request(late));
    travelTo(day, 0);
    vi.setSystemTime(new Date(old.quotedAt).getTime() + 8 * DAY);
    expect(await trpcError(as(maria).shipRequests.create(request(late, old.quoteToken)))).toMatchObject({
      code: 'CONFLICT',
      message: M.quoteExpired,
    });
    // Quoting again shows the new price, which is then charged.
    const fresh = await as(maria).shipRequests.quote(request(late, old.quoteToken));
    expect(fresh.totalUsdCents).toBe(V2_TOTAL);
    vi.useRealTimers();
    const [untouched] = await db().select().from(packages).where(eq(packages.id, late));
    expect(untouched.status).toBe('in_warehouse');
  });

  it('honours the price seen after the dialog was closed: a later quote and request without its token', async () => {
    const [v1] = await db().select().from(priceListVersions).where(eq(priceListVersions.number, 1));
    const id = await parcel();
    const seen = await as(maria).shipRequests.quote(request(id));
    expect(seen.totalUsdCents).toBe(V1_TOTAL);
    // The quote writes nothing; the dialog that showed it says so.
    expect(await db().select().from(priceQuotesSeen)).toEqual([]);
    await as(maria).shipRequests.quoteSeen({ quoteToken: seen.quoteToken });
    expect(await db().select().from(priceQuotesSeen)).toMatchObject([
      { userId: maria.user.id, priceListVersionId: v1.id, quotedAt: new Date(seen.quotedAt) },
    ]);
    const { day } = await scheduleDearer();

    // Three days later, the dialog opened afresh (no token): the price she saw, dated when she saw it.
    travelTo(day, 0);
    vi.setSystemTime(new Date(seen.quotedAt).getTime() + 3 * DAY);
    const again = await as(maria).shipRequests.quote(request(id));
    expect(again.totalUsdCents).toBe(V1_TOTAL);
    expect(again.priceList.id).toBe(v1.id);
    expect(again.quotedAt).toBe(seen.quotedAt);
    const done = await as(maria).shipRequests.create(request(id));
    expect(done.totalUsdCents).toBe(V1_TOTAL);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, done.invoiceId));
    expect(invoice.priceListVersionId).toBe(v1.id);

    // Eight days after she saw it: the new prices, quoted and confirmed without a refusal.
    const late = await parcel();
    vi.setSystemTime(new Date(seen.quotedAt).getTime() + 8 * DAY);
    const fresh = await as(maria).shipRequests.quote(request(late));
    expect(fresh.totalUsdCents).toBe(V2_TOTAL);
    expect((await as(maria).shipRequests.create(request(late))).totalUsdCents).toBe(V2_TOTAL);
    vi.useRealTimers();
  });

  it('a price honoured is a ceiling: when the new version is cheaper, the new price applies', async () => {
    const id = await parcel();
    const seen = await as(maria).shipRequests.quote(request(id));
    expect(seen.totalUsdCents).toBe(V1_TOTAL);
    const day = inDays(1);
    const cheaper = await admin.caller.prices.create({
      effectiveFrom: day,
      prices: { ...PRICE_LIST_V1, usaAirRatePerLbUsdCents: 5_00 },
    });
    travelTo(day, 1);
    // 6 lb × $5, its customs estimate and $5 to Caracas, with or without the token she kept.
    const withToken = await as(maria).shipRequests.quote(request(id, seen.quoteToken));
    expect(withToken.totalUsdCents).toBe(withCustoms(30_00) + 5_00);
    expect(withToken.priceList.id).toBe(cheaper.id);
    const done = await as(maria).shipRequests.create(request(id));
    expect(done.totalUsdCents).toBe(withCustoms(30_00) + 5_00);
    vi.useRealTimers();
  });

  it('a token not signed for the customer is no honoured price', async () => {
    const id = await parcel();
    const seen = await as(maria).shipRequests.quote(request(id));
    const forged = `${seen.priceList.id}.${new Date(seen.quotedAt).getTime() - DAY}.AAAA`;
    // Nor a price seen: nothing is recorded for it.
    await as(maria).shipRequests.quoteSeen({ quoteToken: forged });
    expect(await db().select().from(priceQuotesSeen)).toEqual([]);
    const { day } = await scheduleDearer();
    travelTo(day, 2);
    const done = await as(maria).shipRequests.create(request(id, forged));
    vi.useRealTimers();
    expect(done.totalUsdCents).toBe(V2_TOTAL);
  });

  it('the honoured days are a setting of the administrator’s, audited', async () => {
    expect(await admin.caller.prices.updateSettings({ honourDays: 3 })).toEqual({
      honourDays: 3,
      message: M.honourSaved,
    });
    expect((await admin.caller.prices.versions()).honourDays).toBe(3);
    expect(await trpcError(admin.caller.prices.updateSettings({ honourDays: -1 }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'app_settings'), eq(auditLog.action, 'prices.updateSettings')));
    expect(entry).toMatchObject({ actorId: admin.user.id, after: { key: 'price_list', value: { honourDays: 3 } } });
    await admin.caller.prices.updateSettings({ honourDays: 7 });
  });
});
