// The cap across claims (docs/product/claims.md#the-cap-across-claims): what the claims approved on
// a parcel pay, added up, never passes the parcel's limit, and on a shipment never passes the
// shipment's (its own claims and its parcels' together), whatever the kinds and their order. A
// payout above what is left is refused saying how much is left, "in full" pays what is left, and
// once all is paid no claim opens. Two staff approving two claims on one parcel at the same moment
// pay the cap once (meaningful on PostgreSQL, TEST_DATABASE_URL, where the two run in parallel).
// The credit notes the payouts issue on the shipment's factura stay within both.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  CHARGE_KINDS,
  CLAIM_MESSAGES as M,
  SHIPMENT_EDIT_MESSAGES,
  formatUsdCents,
  fromCents,
  type ClaimKind,
  type FiscalSettingsInput,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import {
  claims,
  fiscalDocuments,
  ledgerEntries,
  packages,
  shipmentPackages,
  shipments,
  userProfiles,
} from '../../db/schema';
import { testConfig } from '../../env';
import { businessToday } from '../../lib/business-clock';
import { issueInvoice } from '../../services/billing/invoices';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { customerWithActiveMailbox, recordRate, signedInStaff, type CustomerWithMailbox } from '../../test/factories';

let database: Database;
const db = () => database.db;
const config = testConfig({ appUrl: TEST_APP_URL });
type Staff = Awaited<ReturnType<typeof signedInStaff>>;
let atencion: Staff;
let admin: Staff;
const as = (p: { visitor: Parameters<typeof callerFor>[1] }) => callerFor(db(), p.visitor, config);
const TEXT = 'La caja llegó abierta y faltan cosas adentro.';
const yesterday = () => new Date(Date.now() - 24 * 3600 * 1000);
const usd = formatUsdCents;

beforeAll(async () => {
  database = await createTestDatabase();
  atencion = await signedInStaff(db(), 'atencion');
  admin = await signedInStaff(db(), 'admin');
});
afterAll(async () => {
  await database?.close();
});

/** A parcel of `owner`'s received yesterday, declared at `declaredUsdCents`. */
async function parcel(owner: CustomerWithMailbox, declaredUsdCents: number) {
  const tag = randomUUID().slice(0, 8);
  const [row] = await db()
    .insert(packages)
    .values({
      userId: owner.user.id,
      mailboxId: owner.mailboxId,
      trackingNumber: `1ZCAP${tag}`,
      packageDescription: `Compra ${tag}`,
      weightKg: 1,
      dimensionsCm: '20x20x20',
      estimatedValueUsdCents: declaredUsdCents,
      status: 'in_warehouse',
      receivedDate: yesterday(),
      warehouseReceipt: `WR-CAP-${tag}`,
    })
    .returning({ id: packages.id });
  return row!.id;
}

/** A shipment of these parcels delivered yesterday, insured for `insuredUsdCents` (null: not insured). */
async function shipment(owner: CustomerWithMailbox, packageIds: string[], insuredUsdCents: number | null) {
  const tag = randomUUID().slice(0, 8);
  const [row] = await db()
    .insert(shipments)
    .values({
      userId: owner.user.id,
      shipmentCode: `ENV-CAP-${tag}`,
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
    .values(packageIds.map((packageId) => ({ shipmentId: row!.id, packageId })));
  return { id: row!.id, code: `ENV-CAP-${tag}` };
}

const open = (owner: CustomerWithMailbox, kind: ClaimKind, subject: { packageId: string } | { shipmentId: string }) =>
  as(owner).claims.open({ kind, ...subject, text: TEXT, photos: [] });

/** What the customer's claims credited, USD cents (the ledger's claim entries, as credit). */
async function credited(owner: CustomerWithMailbox) {
  const rows = await db()
    .select({ usdCents: ledgerEntries.usdCents })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, owner.user.id), eq(ledgerEntries.kind, 'adjustment')));
  return -rows.reduce((sum, r) => sum + r.usdCents, 0);
}

/** What the approved claims on these parcels or shipments recorded as paid, USD cents. */
async function paidOn(ids: { packageIds?: string[]; shipmentIds?: string[] }) {
  const rows = await db().select().from(claims);
  return rows
    .filter((c) => (c.packageId && ids.packageIds?.includes(c.packageId)) || ids.shipmentIds?.includes(c.shipmentId!))
    .reduce((sum, c) => sum + (c.payoutUsdCents ?? 0), 0);
}

const statusOf = async (id: string) => (await db().select().from(claims).where(eq(claims.id, id)))[0]!.status;

describe('one parcel declared at $42.50, not insured: $21.25 in all', () => {
  const DECLARED = 42_50;
  const CAP = 21_25;

  it('lost, damaged, missing items and lost again: $21.25 paid in all, the rest refused with what is left', async () => {
    const ana = await customerWithActiveMailbox(db(), { nombre: 'Ana Tope' });
    const packageId = await parcel(ana, DECLARED);
    const lost = await open(ana, 'lost', { packageId });
    const damaged = await open(ana, 'damaged', { packageId });
    const missing = await open(ana, 'missing_items', { packageId });

    // The drawer before the first decision: nothing paid, all of it left.
    expect((await as(atencion).claims.adminDetail({ id: lost.id })).payout).toMatchObject({
      limitUsdCents: CAP,
      paidUsdCents: 0,
      leftUsdCents: CAP,
      shipment: null,
    });
    expect((await as(atencion).claims.decide({ id: lost.id, decision: 'partial', amountUsd: 10 })).payoutUsdCents).toBe(
      10_00,
    );

    // The second claim sees the first one's payout, and cannot pass what is left.
    expect((await as(atencion).claims.adminDetail({ id: damaged.id })).payout).toMatchObject({
      limitUsdCents: CAP,
      paidUsdCents: 10_00,
      leftUsdCents: 11_25,
    });
    const above = await trpcError(as(atencion).claims.decide({ id: damaged.id, decision: 'partial', amountUsd: 12 }));
    expect(above).toMatchObject({ code: 'BAD_REQUEST', message: M.amountAboveLeft(usd(11_25), usd(CAP)) });
    expect(above.message).toContain('quedan $11,25');
    expect(await statusOf(damaged.id)).toBe('open');
    expect(await credited(ana)).toBe(10_00);
    // "In full" pays what is left.
    expect((await as(atencion).claims.decide({ id: damaged.id, decision: 'approve' })).payoutUsdCents).toBe(11_25);

    // Nothing is left: the third is refused in full and in part, and stays open for a rejection.
    for (const decision of [{ decision: 'approve' as const }, { decision: 'partial' as const, amountUsd: 0.01 }]) {
      const refused = await trpcError(as(atencion).claims.decide({ id: missing.id, ...decision }));
      expect(refused).toMatchObject({ code: 'BAD_REQUEST', message: M.capSpent(usd(0), usd(CAP)) });
      expect(refused.message).toContain('quedan $0,00');
    }
    expect(await statusOf(missing.id)).toBe('open');
    await as(atencion).claims.decide({
      id: missing.id,
      decision: 'reject',
      reason: 'Ya se pagó todo lo que cubre este paquete.',
    });

    // "Lost" again, allowed by kind once the first was decided, is not opened.
    const again = await trpcError(open(ana, 'lost', { packageId }));
    expect(again).toMatchObject({ code: 'BAD_REQUEST', message: M.capSpent(usd(0), usd(CAP)) });

    expect(await paidOn({ packageIds: [packageId] })).toBe(CAP);
    expect(await credited(ana)).toBe(CAP);
  });

  // Whatever the order and kinds, approving each in full: the first pays the cap, the others are refused.
  const orders: ClaimKind[][] = [
    ['damaged', 'lost', 'missing_items'],
    ['missing_items', 'damaged', 'lost'],
    ['lost', 'missing_items', 'damaged'],
  ];
  it.each(orders)('in the order %s, %s, %s: the cap once', async (...kinds) => {
    const bea = await customerWithActiveMailbox(db(), { nombre: 'Bea Orden' });
    const packageId = await parcel(bea, DECLARED);
    const opened = [];
    for (const kind of kinds) opened.push(await open(bea, kind, { packageId }));
    const results = [];
    for (const { id } of opened)
      results.push(
        await as(atencion)
          .claims.decide({ id, decision: 'approve' })
          .then((r) => r.payoutUsdCents)
          .catch((e: Error) => e.message),
      );
    expect(results).toEqual([CAP, M.capSpent(usd(0), usd(CAP)), M.capSpent(usd(0), usd(CAP))]);
    expect(await credited(bea)).toBe(CAP);
  });

  it('a weight dispute corrects the freight, not the goods: it still opens once the cap is spent', async () => {
    const cata = await customerWithActiveMailbox(db(), { nombre: 'Cata Peso' });
    const packageId = await parcel(cata, DECLARED);
    const { id } = await open(cata, 'lost', { packageId });
    await as(atencion).claims.decide({ id, decision: 'approve' });
    await expect(open(cata, 'weight_dispute', { packageId })).resolves.toMatchObject({ id: expect.any(String) });
  });
});

describe('an insured shipment: its insured value across the claims on it and on its parcels', () => {
  it('the parcels’ payouts count against the shipment, and the shipment’s against its parcels', async () => {
    const dani = await customerWithActiveMailbox(db(), { nombre: 'Dani Asegurado' });
    const a = await parcel(dani, 50_00);
    const b = await parcel(dani, 150_00);
    const s = await shipment(dani, [a, b], 200_00);

    // Parcel a: its share is $50.00, paid in two claims.
    const damagedA = await open(dani, 'damaged', { packageId: a });
    const missingA = await open(dani, 'missing_items', { packageId: a });
    await as(atencion).claims.decide({ id: damagedA.id, decision: 'partial', amountUsd: 30 });
    expect(
      await trpcError(as(atencion).claims.decide({ id: missingA.id, decision: 'partial', amountUsd: 25 })),
    ).toMatchObject({ message: M.amountAboveLeft(usd(20_00), usd(50_00)) });
    expect((await as(atencion).claims.decide({ id: missingA.id, decision: 'approve' })).payoutUsdCents).toBe(20_00);

    // The whole shipment: $200.00 insured, $50.00 already paid on parcel a.
    const lostS = await open(dani, 'lost', { shipmentId: s.id });
    expect((await as(atencion).claims.adminDetail({ id: lostS.id })).payout).toMatchObject({
      limitUsdCents: 200_00,
      paidUsdCents: 50_00,
      leftUsdCents: 150_00,
      shipment: null,
    });
    await as(atencion).claims.decide({ id: lostS.id, decision: 'partial', amountUsd: 100 });

    // Parcel b's share is $150.00, but the shipment has only $50.00 left: the drawer says why.
    const damagedB = await open(dani, 'damaged', { packageId: b });
    expect((await as(atencion).claims.adminDetail({ id: damagedB.id })).payout).toMatchObject({
      limitUsdCents: 150_00,
      paidUsdCents: 0,
      leftUsdCents: 50_00,
      shipment: { code: s.code, limitUsdCents: 200_00, paidUsdCents: 150_00 },
    });
    expect(
      await trpcError(as(atencion).claims.decide({ id: damagedB.id, decision: 'partial', amountUsd: 60 })),
    ).toMatchObject({ message: M.amountAboveLeft(usd(50_00), usd(150_00)) });
    expect((await as(atencion).claims.decide({ id: damagedB.id, decision: 'approve' })).payoutUsdCents).toBe(50_00);

    // All of it paid: no claim opens on the shipment or on either parcel.
    for (const subject of [{ shipmentId: s.id }, { packageId: a }, { packageId: b }])
      expect(await trpcError(open(dani, 'missing_items', subject))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await paidOn({ packageIds: [a, b], shipmentIds: [s.id] })).toBe(200_00);
    expect(await credited(dani)).toBe(200_00);
  });
});

describe('two staff deciding at the same moment', () => {
  it('approving two claims on one parcel in full pays the cap once, however often tried', async () => {
    const desk = [atencion, await signedInStaff(db(), 'atencion')];
    for (let round = 0; round < 5; round++) {
      const eva = await customerWithActiveMailbox(db(), { nombre: `Eva Paralela ${round}` });
      const packageId = await parcel(eva, 42_50);
      const first = await open(eva, 'lost', { packageId });
      const second = await open(eva, 'damaged', { packageId });
      const results = await Promise.allSettled([
        as(desk[0]!).claims.decide({ id: first.id, decision: 'approve' }),
        as(desk[1]!).claims.decide({ id: second.id, decision: 'approve' }),
      ]);
      const paid = results.filter((r) => r.status === 'fulfilled');
      expect(paid).toHaveLength(1);
      expect((paid[0] as PromiseFulfilledResult<{ payoutUsdCents: number }>).value.payoutUsdCents).toBe(21_25);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ message: M.capSpent(usd(0), usd(21_25)) });
      expect(await paidOn({ packageIds: [packageId] })).toBe(21_25);
      expect(await credited(eva)).toBe(21_25);
    }
  });

  it('a claim on a parcel and one on its shipment, approved at once, stay within the shipment', async () => {
    const desk = [atencion, admin];
    for (let round = 0; round < 5; round++) {
      const fer = await customerWithActiveMailbox(db(), { nombre: `Fer Paralelo ${round}` });
      const a = await parcel(fer, 60_00);
      const b = await parcel(fer, 40_00);
      // Not insured: parcel a may be paid $30.00, the shipment $50.00 in all.
      const s = await shipment(fer, [a, b], null);
      const onParcel = await open(fer, 'damaged', { packageId: a });
      const onShipment = await open(fer, 'lost', { shipmentId: s.id });
      await Promise.allSettled([
        as(desk[0]!).claims.decide({ id: onParcel.id, decision: 'approve' }),
        as(desk[1]!).claims.decide({ id: onShipment.id, decision: 'partial', amountUsd: fromCents(40_00) }),
      ]);
      const total = await paidOn({ packageIds: [a, b], shipmentIds: [s.id] });
      expect(total).toBeLessThanOrEqual(50_00);
      expect(await paidOn({ packageIds: [a] })).toBeLessThanOrEqual(30_00);
      expect(await credited(fer)).toBe(total);
    }
  });
});

describe('the credit notes of the payouts on an invoiced shipment', () => {
  const fiscal: FiscalSettingsInput = {
    enabled: true,
    legalName: 'Casillero Virtual C.A.',
    rif: 'J-00002961-0',
    address: 'Av. Francisco de Miranda, Caracas',
    controlProvider: 'fake',
    igtfApplies: false,
    igtfRatePercent: 3,
    taxes: Object.fromEntries(
      CHARGE_KINDS.map((k) => [k, { treatment: 'iva', ratePercent: 16 }]),
    ) as FiscalSettingsInput['taxes'],
  };

  it('never add up to more than the claims paid, nor than the factura', async () => {
    await recordRate(db(), '36.5');
    await as(admin).fiscal.updateSettings(fiscal);
    const gabi = await customerWithActiveMailbox(db(), { nombre: 'Gabi Factura' });
    await db()
      .update(userProfiles)
      .set({ cedula: 'V-12345678', venezuelaAddress: 'Calle 1, Maracay' })
      .where(eq(userProfiles.userId, gabi.user.id));
    const a = await parcel(gabi, 100_00);
    const s = await shipment(gabi, [a], null);
    // Freight $20.00 + IVA 16 %: a factura of $23.20.
    const invoice = await db().transaction((tx) =>
      issueInvoice(tx, {
        userId: gabi.user.id,
        concept: 'shipping_payment',
        description: `Envío ${s.code}`,
        shipmentId: s.id,
        lines: [{ description: `Envío ${s.code}`, usdCents: 20_00, kind: 'shipping' }],
      }),
    );
    const notes = async () =>
      (
        await db()
          .select()
          .from(fiscalDocuments)
          .where(and(eq(fiscalDocuments.invoiceId, invoice.id), inArray(fiscalDocuments.kind, ['nota_de_credito'])))
      ).reduce((sum, n) => sum + n.totalUsdCents, 0);
    const [factura] = await db().select().from(fiscalDocuments).where(eq(fiscalDocuments.invoiceId, invoice.id));
    expect(factura!.totalUsdCents).toBe(23_20);

    const first = await open(gabi, 'damaged', { packageId: a });
    await as(atencion).claims.decide({ id: first.id, decision: 'partial', amountUsd: 10 });
    expect(await notes()).toBe(10_00);
    // The shipment's cap is $50.00: $40.00 left, of which the factura documents what is left of it.
    const second = await open(gabi, 'lost', { shipmentId: s.id });
    expect((await as(atencion).claims.decide({ id: second.id, decision: 'approve' })).payoutUsdCents).toBe(40_00);
    expect(await notes()).toBe(23_20);
    expect(await trpcError(open(gabi, 'missing_items', { packageId: a }))).toMatchObject({
      message: M.capSpent(usd(0), usd(50_00)),
    });
    expect(await paidOn({ packageIds: [a], shipmentIds: [s.id] })).toBe(50_00);
    expect(await notes()).toBeLessThanOrEqual(await paidOn({ packageIds: [a], shipmentIds: [s.id] }));
  });
});

describe('a shipment whose claims were decided under its insurance', () => {
  it('cannot be removed: its parcel would keep a payout above its uninsured cap', async () => {
    const owner = await customerWithActiveMailbox(db(), { nombre: 'Rosa Removida' });
    const p = await parcel(owner, 8_000);
    const s = await shipment(owner, [p], 8_000);
    await db().update(shipments).set({ status: 'preparing' }).where(eq(shipments.id, s.id));
    await db().update(packages).set({ status: 'in_shipment' }).where(eq(packages.id, p));
    await open(owner, 'lost', { packageId: p });
    const [claim] = await db().select().from(claims).where(eq(claims.packageId, p));
    // Insured in full, the parcel is paid its declared value; out of the shipment it would be worth half.
    await as(atencion).claims.decide({ id: claim!.id, decision: 'approve' });
    expect(await paidOn({ packageIds: [p] })).toBe(8_000);
    const err = await trpcError(as(admin).shipments.remove({ id: s.id }));
    expect(err).toMatchObject({ code: 'CONFLICT', message: SHIPMENT_EDIT_MESSAGES.removeHasClaims });
    expect(await db().select().from(shipmentPackages).where(eq(shipmentPackages.shipmentId, s.id))).toHaveLength(1);
  });

  it('cannot be removed while a claim on it is open, nor after it was rejected', async () => {
    const owner = await customerWithActiveMailbox(db(), { nombre: 'Saúl Sinborrar' });
    const s = await shipment(owner, [await parcel(owner, 4_000)], null);
    await db().update(shipments).set({ status: 'preparing' }).where(eq(shipments.id, s.id));
    await open(owner, 'lost', { shipmentId: s.id });
    expect((await trpcError(as(admin).shipments.remove({ id: s.id }))).message).toBe(
      SHIPMENT_EDIT_MESSAGES.removeHasClaims,
    );
    const [claim] = await db().select().from(claims).where(eq(claims.shipmentId, s.id));
    await as(atencion).claims.decide({ id: claim!.id, decision: 'reject', reason: 'No corresponde a este envío.' });
    expect((await trpcError(as(admin).shipments.remove({ id: s.id }))).message).toBe(
      SHIPMENT_EDIT_MESSAGES.removeHasClaims,
    );
  });
});
