// 'Asegurar envío' in staff's Crear Envío (docs/product/insurance.md#insuring-a-shipment): the one
// insurance rule of the customer's ship request, applied once to the parcels' declared values; the
// shipment records the insured value and the invoice has the premium as its own line. A parcel
// without a declared value refuses the insurance and nothing changes.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  caracasDay,
  caracasDayStart,
  DECLARED_VALUE_MESSAGES,
  formatUsdCents,
  INSURANCE_LABELS,
  PRICE_LIST_V1,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import { auditLog, invoices, packages, shipments } from '../../db/schema';
import { testConfig } from '../../env';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { customerWithActiveMailbox, recipientFor, signedInStaff, type CustomerWithMailbox } from '../../test/factories';

let database: Database;
const db = () => database.db;
const config = testConfig({ appUrl: TEST_APP_URL });
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let maria: CustomerWithMailbox;
let home: string;
const as = (p: { visitor: Parameters<typeof callerFor>[1] }) => callerFor(db(), p.visitor, config);

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signedInStaff(db(), 'admin');
  maria = await customerWithActiveMailbox(db(), { nombre: 'María González' });
  home = await recipientFor(db(), maria.user.id);
});
afterAll(async () => {
  await database.close();
});

async function parcel(valueUsdCents: number | null) {
  const t = randomUUID().slice(0, 8).toUpperCase();
  const [row] = await db()
    .insert(packages)
    .values({
      userId: maria.user.id,
      mailboxId: maria.mailboxId,
      trackingNumber: `1ZSTAFF${t}`,
      packageDescription: `Compra ${t}`,
      status: 'in_warehouse',
      weightKg: 2,
      dimensionsCm: '30x20x15',
      estimatedValueUsdCents: valueUsdCents,
      warehouseReceipt: `WR-SI-${t}`,
      receivedDate: new Date(),
    })
    .returning({ id: packages.id, receipt: packages.warehouseReceipt });
  return { id: row!.id, receipt: row!.receipt! };
}

const create = (packageIds: string[], insured?: boolean) =>
  as(admin).shipments.create({
    userId: maria.user.id,
    recipientId: home,
    deliveryMethod: 'home',
    estimatedDelivery: '',
    shippingCostUsdCents: 30_00,
    packageIds,
    ...(insured === undefined ? {} : { insured }),
  });

const shipmentOf = async (id: string) => (await db().select().from(shipments).where(eq(shipments.id, id)))[0]!;
const invoiceOf = async (shipmentId: string) =>
  (await db().select().from(invoices).where(eq(invoices.shipmentId, shipmentId)))[0]!;

describe("'Asegurar envío' in staff's Crear Envío", () => {
  it('insured: the insured value is the declared values added up, the premium the rule once, its own invoice line', async () => {
    const a = await parcel(120_00);
    const b = await parcel(80_00);
    const done = await create([a.id, b.id], true);
    // 5 % of $200.00 (the default rule, the calculators' and the ship request's).
    expect(done).toMatchObject({ insuredValueUsdCents: 200_00, insuranceUsdCents: 10_00 });
    expect((await shipmentOf(done.id)).insuredValueUsdCents).toBe(200_00);
    const invoice = await invoiceOf(done.id);
    expect(invoice.lines).toContainEqual({
      kind: 'insurance',
      description: INSURANCE_LABELS.invoiceLine(done.shipmentCode, formatUsdCents(200_00)),
      usdCents: 10_00,
    });
    expect(invoice.usdCents).toBe(invoice.lines.reduce((sum, l) => sum + l.usdCents, 0));
    // Audited with the staff member's name, like every shipment they create.
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.entityId, done.id));
    expect(entry).toMatchObject({
      action: 'shipments.create',
      actorId: admin.user.id,
      after: expect.objectContaining({ insured_value_usd_cents: 200_00 }),
    });
  });

  it('not insured (the default): no insured value and no insurance line', async () => {
    const a = await parcel(50_00);
    const done = await create([a.id]);
    expect(done).toMatchObject({ insuredValueUsdCents: null, insuranceUsdCents: 0 });
    expect((await shipmentOf(done.id)).insuredValueUsdCents).toBeNull();
    const invoice = await invoiceOf(done.id);
    expect(invoice.lines.map((l) => l.description).some((d) => d.includes('seguro'))).toBe(false);
  });

  it("the price list's minimum applies as in the ship request", async () => {
    // The administrator schedules it for tomorrow (docs/product/price-lists.md); tomorrow comes.
    const tomorrow = caracasDay(new Date(Date.now() + 24 * 3600 * 1000));
    await as(admin).prices.create({
      effectiveFrom: tomorrow,
      prices: { ...PRICE_LIST_V1, insuranceRatePercent: 2.5, insuranceMinimumUsdCents: 8_00 },
    });
    const cheap = await parcel(40_00);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(caracasDayStart(tomorrow));
      const done = await create([cheap.id], true);
      // 2.5 % of $40.00 is $1.00: the minimum $8.00 applies.
      expect(done).toMatchObject({ insuredValueUsdCents: 40_00, insuranceUsdCents: 8_00 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a parcel without a declared value refuses the insurance in Spanish, and nothing changes', async () => {
    const a = await parcel(60_00);
    const bare = await parcel(null);
    const shipmentsBefore = (await db().select({ id: shipments.id }).from(shipments)).length;
    const error = await trpcError(create([a.id, bare.id], true));
    expect(`${error.code} ${error.message}`).toBe(`BAD_REQUEST ${DECLARED_VALUE_MESSAGES.insureBlocked(bare.receipt)}`);
    expect((await db().select({ id: shipments.id }).from(shipments)).length).toBe(shipmentsBefore);
    const statuses = await db().select({ status: packages.status }).from(packages).where(eq(packages.id, a.id));
    expect(statuses[0]!.status).toBe('in_warehouse');
    // Not insured, it may go as before.
    expect((await create([a.id, bare.id])).insuredValueUsdCents).toBeNull();
  });
});
