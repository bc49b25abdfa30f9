// A price version is told only to the customers it touches (docs/product/travel-rules.md#telling-the-customers):
// a freight rate reaches the parcels of its own warehouse's origin, and a measured parcel only when
// its price really moves (the message says from what to what); a pre-alert, not yet measured, hears
// of its origin's freight; a delivery fee reaches those with a recipient in that zone. Each once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import {
  PRICE_LIST_V1,
  TRAVEL_RULES_MESSAGES as M,
  addDays,
  caracasDay,
  caracasDayStart,
  formatUsdCents,
  quoteBoxCents,
  type PriceList,
} from '@casillero/shared';
import type { Database } from '../db/client';
import { mailboxes, notifications, packages, priceListVersions } from '../db/schema';
import { callerFor, TEST_APP_URL } from '../test/caller';
import { createTestDatabase } from '../test/db';
import { homeDeliveryTo, signedInCustomer } from '../test/factories';
import { announceRuleChanges } from './rule-changes';

let database: Database;
const db = () => database.db;
type Customer = Awaited<ReturnType<typeof signedInCustomer>> & { mailboxId: string };
let ana: Customer; // Miami, a measured parcel
let rosa: Customer; // Miami, only a pre-alert
let li: Customer; // China, a measured parcel
const HEAVY = { weightKg: 10, dimensionsCm: '50x40x30', valueUsdCents: 12_000 };
const CHINA_BOX = { weightKg: 30, dimensionsCm: '120x80x60', valueUsdCents: 90_000 };

async function customer(nombre: string, type: 'usa' | 'china'): Promise<Customer> {
  const c = await signedInCustomer(db(), { nombre, type });
  const [box] = await db()
    .update(mailboxes)
    .set({ status: 'active' })
    .where(eq(mailboxes.userId, c.user.id))
    .returning({ id: mailboxes.id });
  return { ...c, mailboxId: box.id };
}

async function parcel(c: Customer, wr: string, box: typeof HEAVY) {
  await db()
    .insert(packages)
    .values({
      userId: c.user.id,
      mailboxId: c.mailboxId,
      trackingNumber: `1Z${wr}`,
      packageDescription: 'Zapatos deportivos',
      status: 'in_warehouse',
      weightKg: box.weightKg,
      dimensionsCm: box.dimensionsCm,
      estimatedValueUsdCents: box.valueUsdCents,
      warehouseReceipt: wr,
      receivedDate: new Date(),
    });
}

let number = 1;
let day = caracasDay(new Date());
/** A version of the price list starting on the next day, announced on that day; its notices by customer. */
async function versionTakesEffect(prices: PriceList) {
  day = addDays(day, 1);
  const [v] = await db()
    .insert(priceListVersions)
    .values({ number: ++number, effectiveFrom: day, prices })
    .returning({ id: priceListVersions.id });
  const at = new Date(caracasDayStart(day).getTime() + 3600 * 1000);
  await announceRuleChanges(db(), { appUrl: TEST_APP_URL, now: at });
  expect((await announceRuleChanges(db(), { appUrl: TEST_APP_URL, now: at })).prices).toBe(0);
  const told = await db()
    .select({ userId: notifications.userId, title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.dedupeKey, `price-version:${v.id}`)));
  for (const n of told) expect(n.title).toBe(M.notifyPricesTitle);
  return (c: Customer) => told.filter((n) => n.userId === c.user.id).map((n) => n.message);
}

beforeAll(async () => {
  database = await createTestDatabase();
  ana = await customer('Ana Torres', 'usa');
  rosa = await customer('Rosa Díaz', 'usa');
  li = await customer('Li Wei', 'china');
  await parcel(ana, 'WR-PRICE-ANA', HEAVY);
  await parcel(li, 'WR-PRICE-LI', CHINA_BOX);
  await callerFor(db(), rosa.visitor).prealerts.create({
    description: 'Audífonos inalámbricos',
    quantityItems: 1,
    mailboxId: rosa.mailboxId,
  });
  await homeDeliveryTo(db(), ana.user.id, { state: 'Zulia', city: 'Maracaibo' });
  await homeDeliveryTo(db(), li.user.id, { state: 'Carabobo', city: 'Valencia' });
});
afterAll(async () => {
  await database?.close();
});

describe('who hears of a new price version', () => {
  let prices: PriceList = PRICE_LIST_V1;

  it('an air rate from Miami: Miami’s measured parcel with its price from and to, the Miami pre-alert; not China', async () => {
    const next = { ...prices, usaAirRatePerLbUsdCents: 7_25 };
    const was = quoteBoxCents('miami', 'aereo', HEAVY, prices)!;
    const is = quoteBoxCents('miami', 'aereo', HEAVY, next)!;
    expect(is).toBeGreaterThan(was);
    const of = await versionTakesEffect(next);
    expect(of(ana)).toHaveLength(1);
    expect(of(ana)[0]).toContain('Aéreo desde Miami: tarifa por libra: de $6,50 a $7,25');
    expect(of(ana)[0]).toContain(`el paquete WR-PRICE-ANA (aéreo: de ${formatUsdCents(was)} a ${formatUsdCents(is)})`);
    expect(of(rosa)).toHaveLength(1);
    expect(of(rosa)[0]).toContain('la prealerta «Audífonos inalámbricos»');
    expect(of(li)).toEqual([]);
    prices = next;
  });

  it('a minimum that does not move a heavy parcel’s price: the pre-alert hears of it, the measured parcel does not', async () => {
    const next = { ...prices, usaAirMinLb: prices.usaAirMinLb + 1 };
    expect(quoteBoxCents('miami', 'aereo', HEAVY, next)).toBe(quoteBoxCents('miami', 'aereo', HEAVY, prices));
    const of = await versionTakesEffect(next);
    expect(of(ana)).toEqual([]);
    expect(of(rosa)).toHaveLength(1);
    expect(of(li)).toEqual([]);
    prices = next;
  });

  it('the sea rate from China: only the China parcel, by sea', async () => {
    const next = { ...prices, chinaSeaRatePerCbmUsdCents: 1_050_00 };
    const was = quoteBoxCents('china', 'maritimo', CHINA_BOX, prices)!;
    const is = quoteBoxCents('china', 'maritimo', CHINA_BOX, next)!;
    const of = await versionTakesEffect(next);
    expect(of(li)).toHaveLength(1);
    expect(of(li)[0]).toContain('Marítimo desde China: tarifa por CBM: de $990,00 a $1.050,00');
    expect(of(li)[0]).toContain(`el paquete WR-PRICE-LI (marítimo: de ${formatUsdCents(was)} a ${formatUsdCents(is)})`);
    expect(of(ana)).toEqual([]);
    expect(of(rosa)).toEqual([]);
    prices = next;
  });

  it('the delivery fee of the interior: whoever has a recipient there, only that change named', async () => {
    const next = { ...prices, deliveryFeesUsdCents: { ...prices.deliveryFeesUsdCents, interior: 15_00 } };
    const of = await versionTakesEffect(next);
    expect(of(ana)).toHaveLength(1);
    expect(of(ana)[0]).toContain('Entrega a domicilio (');
    expect(of(ana)[0]).toContain('de $12,00 a $15,00');
    expect(of(li)).toEqual([]);
    prices = next;
  });

  it('storage and insurance reach everyone with something waiting', async () => {
    const next = { ...prices, storageFeePerDayUsdCents: prices.storageFeePerDayUsdCents + 10 };
    const of = await versionTakesEffect(next);
    for (const c of [ana, rosa, li]) {
      expect(of(c)).toHaveLength(1);
      expect(of(c)[0]).toContain('Almacenaje: tarifa diaria después de los días libres');
      expect(of(c)[0]).not.toContain('Aéreo desde Miami');
    }
    // Nobody heard of a version twice.
    const all = await db()
      .select({ userId: notifications.userId, key: notifications.dedupeKey })
      .from(notifications)
      .where(like(notifications.dedupeKey, 'price-version:%'));
    expect(new Set(all.map((n) => `${n.userId} ${n.key}`)).size).toBe(all.length);
  });
});
