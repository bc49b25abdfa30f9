// The payout limit of a claim on an insured shipment (docs/product/claims.md#decisions-and-payouts):
// a claim on the whole shipment may pay its whole insured value; a claim on one of its parcels only
// that parcel's share (insured × the parcel's declared value ÷ the shipment's declared values, in
// integer cents, rounded half away from zero). Above the limit is refused and nothing moves; what
// the parcels' claims paid counts against the shipment (claims-payout-cap.test.ts has the rest).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CLAIM_MESSAGES as M, formatUsdCents, fromCents } from '@casillero/shared';
import type { Database } from '../../db/client';
import { claims, ledgerEntries, packages, shipmentPackages, shipments } from '../../db/schema';
import { testConfig } from '../../env';
import { businessToday } from '../../lib/business-clock';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { customerWithActiveMailbox, signedInStaff, type CustomerWithMailbox } from '../../test/factories';

let database: Database;
const db = () => database.db;
const config = testConfig({ appUrl: TEST_APP_URL });
let atencion: Awaited<ReturnType<typeof signedInStaff>>;
let maria: CustomerWithMailbox;
const as = (p: { visitor: Parameters<typeof callerFor>[1] }) => callerFor(db(), p.visitor, config);
const TEXT = 'La caja llegó aplastada y el contenido roto.';
const yesterday = () => new Date(Date.now() - 24 * 3600 * 1000);

beforeAll(async () => {
  database = await createTestDatabase();
  atencion = await signedInStaff(db(), 'atencion');
  maria = await customerWithActiveMailbox(db(), { nombre: 'María González' });
});
afterAll(async () => {
  await database.close();
});

/** A shipment delivered yesterday, insured for `insuredUsdCents`, with one parcel per declared value. */
async function insuredShipment(declared: number[], insuredUsdCents: number) {
  const tag = randomUUID().slice(0, 8);
  const parcels = await db()
    .insert(packages)
    .values(
      declared.map((cents, i) => ({
        userId: maria.user.id,
        mailboxId: maria.mailboxId,
        trackingNumber: `1ZSHARE${tag}${i}`,
        packageDescription: `Compra ${i + 1}`,
        weightKg: 1,
        dimensionsCm: '20x20x20',
        estimatedValueUsdCents: cents,
        status: 'shipped' as const,
        receivedDate: yesterday(),
        warehouseReceipt: `WR-SH-${tag}-${i}`,
      })),
    )
    .returning({ id: packages.id });
  const [shipment] = await db()
    .insert(shipments)
    .values({
      userId: maria.user.id,
      shipmentCode: `ENV-SH-${tag}`,
      deliveryAddress: 'Av. Bolívar',
      deliveryCity: 'Valencia',
      deliveryState: 'Carabobo',
      status: 'delivered',
      actualDelivery: businessToday(yesterday()),
      shippingMethod: 'aereo',
      insuredValueUsdCents: insuredUsdCents,
      createdAt: yesterday(),
    })
    .returning({ id: shipments.id });
  await db()
    .insert(shipmentPackages)
    .values(parcels.map((p) => ({ shipmentId: shipment!.id, packageId: p.id })));
  return { shipmentId: shipment!.id, code: `ENV-SH-${tag}`, packageIds: parcels.map((p) => p.id) };
}

const limitOf = async (subject: { packageId: string } | { shipmentId: string }, kind: 'damaged' | 'lost') => {
  const { id } = await as(maria).claims.open({ kind, ...subject, text: TEXT, photos: [] });
  const { payout } = await as(atencion).claims.adminDetail({ id });
  return { id, payout };
};

describe('the payout limit on an insured shipment', () => {
  // declared: each parcel's declared value; insured: the shipment's insured value; parcels: each
  // parcel's limit; shipment: the whole shipment's. All USD cents.
  const table: { case: string; declared: number[]; insured: number; parcels: number[] }[] = [
    { case: 'one parcel: all of it', declared: [120_00], insured: 120_00, parcels: [120_00] },
    { case: 'two parcels, in proportion', declared: [100_00, 300_00], insured: 400_00, parcels: [100_00, 300_00] },
    {
      case: 'a third each, rounded down',
      declared: [10_00, 10_00, 10_00],
      insured: 100_00,
      parcels: [33_33, 33_33, 33_33],
    },
    { case: 'exactly half a cent rounds up', declared: [1_00, 3_00], insured: 2_02, parcels: [51, 1_52] },
    { case: 'two thirds round up', declared: [1_00, 2_00], insured: 1_00, parcels: [33, 67] },
    { case: 'insured for more than declared', declared: [40_00, 60_00], insured: 150_00, parcels: [60_00, 90_00] },
  ];

  for (const row of table)
    it(`${row.case}: each parcel its share, the shipment the whole insured value`, async () => {
      const { shipmentId, code, packageIds } = await insuredShipment(row.declared, row.insured);
      const sum = row.declared.reduce((a, b) => a + b, 0);
      for (const [i, packageId] of packageIds.entries()) {
        const { payout } = await limitOf({ packageId }, 'damaged');
        expect(payout).toEqual({
          insuredUsdCents: row.insured,
          declaredUsdCents: row.declared[i],
          shipmentDeclaredUsdCents: sum,
          limitUsdCents: row.parcels[i],
          paidUsdCents: 0,
          leftUsdCents: row.parcels[i],
          shipment: { code, limitUsdCents: row.insured, paidUsdCents: 0 },
        });
      }
      const whole = await limitOf({ shipmentId }, 'lost');
      expect(whole.payout).toEqual({
        insuredUsdCents: row.insured,
        declaredUsdCents: sum,
        shipmentDeclaredUsdCents: null,
        limitUsdCents: row.insured,
        paidUsdCents: 0,
        leftUsdCents: row.insured,
        shipment: null,
      });
    });

  it('a claim on one parcel cannot pay more than its share; the whole shipment pays what is left of the insured value', async () => {
    const { shipmentId, packageIds } = await insuredShipment([50_00, 150_00], 200_00);
    const credits = async () =>
      (await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, maria.user.id))).filter(
        (e) => e.kind === 'adjustment',
      ).length;
    const before = await credits();

    const { id } = await limitOf({ packageId: packageIds[0]! }, 'damaged');
    const above = await trpcError(as(atencion).claims.decide({ id, decision: 'partial', amountUsd: 50.01 }));
    expect(above).toMatchObject({
      code: 'BAD_REQUEST',
      message: M.amountAboveLeft(formatUsdCents(50_00), formatUsdCents(50_00)),
    });
    expect((await db().select().from(claims).where(eq(claims.id, id)))[0]!.status).toBe('open');
    expect(await credits()).toBe(before);
    expect((await as(atencion).claims.decide({ id, decision: 'approve' })).payoutUsdCents).toBe(50_00);

    // The parcel's $50.00 counts against the shipment's $200.00: the whole shipment has $150.00 left.
    const whole = await limitOf({ shipmentId }, 'lost');
    expect(whole.payout).toMatchObject({ limitUsdCents: 200_00, paidUsdCents: 50_00, leftUsdCents: 150_00 });
    expect(
      await trpcError(as(atencion).claims.decide({ id: whole.id, decision: 'partial', amountUsd: fromCents(200_00) })),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      message: M.amountAboveLeft(formatUsdCents(150_00), formatUsdCents(200_00)),
    });
    const r = await as(atencion).claims.decide({ id: whole.id, decision: 'approve' });
    expect(r.payoutUsdCents).toBe(150_00);
    expect(await credits()).toBe(before + 2);
  });
});
