import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CLAIM_DEFAULT_SETTINGS,
  CLAIM_MESSAGES as M,
  claimCode,
  formatUsdCents,
  kgToLb,
  PRICE_LIST_V1,
  quoteUsa,
} from '@casillero/shared';
import { claims, packages } from '../../db/schema';
import { issueInvoice } from '../../services/billing/invoices';
import { creditOnAccount, invoiceRemaining } from '../../services/billing/ledger';
import { trpcError } from '../../test/caller';
import { customerWithActiveMailbox, signedInStaff } from '../../test/factories';
import { TEXT, as, atencion, claimEntries, db, maria, owed, parcel, shipment, useClaimsDesk } from '../../test/claims';

useClaimsDesk();

describe('payout limits and the credit', () => {
  it('uninsured: up to the allowed share of the declared value; above it is refused and nothing moves', async () => {
    const packageId = await parcel(maria, { valueUsd: 100 });
    const { id } = await as(maria).claims.open({ kind: 'damaged', packageId, text: TEXT, photos: [] });
    const limit = (100_00 * CLAIM_DEFAULT_SETTINGS.uninsuredSharePercent) / 100;
    const detail = await as(atencion).claims.adminDetail({ id });
    expect(detail.payout).toEqual({
      insuredUsdCents: null,
      declaredUsdCents: 100_00,
      shipmentDeclaredUsdCents: null,
      limitUsdCents: limit,
      paidUsdCents: 0,
      leftUsdCents: limit,
      shipment: null,
    });
    const before = await owed(maria.user.id);
    const err = await trpcError(as(atencion).claims.decide({ id, decision: 'partial', amountUsd: limit / 100 + 0.01 }));
    expect(err).toMatchObject({
      code: 'BAD_REQUEST',
      message: M.amountAboveLeft(formatUsdCents(limit), formatUsdCents(limit)),
    });
    expect(await owed(maria.user.id)).toBe(before);
    const [still] = await db().select().from(claims).where(eq(claims.id, id));
    expect(still!.status).toBe('open');
    await as(atencion).claims.decide({ id, decision: 'approve' });
    expect(await owed(maria.user.id)).toBe(before - limit);
  });

  it('insured: up to the insured value, whatever the declared value', async () => {
    const packageId = await parcel(maria, { valueUsd: 100 });
    const shipmentId = await shipment(maria, [packageId], { deliveredDaysAgo: 1, insuredUsdCents: 150_00 });
    const { id } = await as(maria).claims.open({ kind: 'lost', shipmentId, text: TEXT, photos: [] });
    expect(await trpcError(as(atencion).claims.decide({ id, decision: 'partial', amountUsd: 150.01 }))).toMatchObject({
      message: M.amountAboveLeft(formatUsdCents(150_00), formatUsdCents(150_00)),
    });
    const before = await owed(maria.user.id);
    const r = await as(atencion).claims.decide({ id, decision: 'approve' });
    expect(r.payoutUsdCents).toBe(150_00);
    expect(await owed(maria.user.id)).toBe(before - 150_00);
  });

  it('credit from a claim pays the next invoice', async () => {
    const carla = await customerWithActiveMailbox(db(), { nombre: 'Carla Crédito' });
    const { id } = await as(carla).claims.open({
      kind: 'damaged',
      packageId: await parcel(carla, { valueUsd: 80 }),
      text: TEXT,
      photos: [],
    });
    const before = await owed(carla.user.id);
    await as(atencion).claims.decide({ id, decision: 'partial', amountUsd: 25 });
    expect(await owed(carla.user.id)).toBe(before - 25_00);
    // What was open (the mailbox's activation) is paid first; the rest waits as credit.
    const credit = await creditOnAccount(db(), carla.user.id);
    expect(credit).toBeGreaterThanOrEqual(20_00);
    const invoice = await db().transaction((tx) =>
      issueInvoice(tx, {
        userId: carla.user.id,
        concept: 'shipping_payment',
        description: 'Envío aéreo',
        lines: [{ description: 'Envío aéreo', usdCents: 20_00 }],
      }),
    );
    expect(await invoiceRemaining(db(), invoice.id)).toBe(0);
    expect(await creditOnAccount(db(), carla.user.id)).toBe(credit - 20_00);
    const facturas = await as(carla).billing.mine();
    expect(facturas.invoices.find((i) => i.id === invoice.id)).toBeTruthy();
  });

  it('twenty staff approving one claim at once credit it once', async () => {
    const dora = await customerWithActiveMailbox(db(), { nombre: 'Dora Concurrente' });
    const { id } = await as(dora).claims.open({
      kind: 'damaged',
      packageId: await parcel(dora, { valueUsd: 60 }),
      text: TEXT,
      photos: [],
    });
    const desk = await Promise.all(Array.from({ length: 4 }, () => signedInStaff(db(), 'atencion')));
    const before = await owed(dora.user.id);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => as(desk[i % desk.length]!).claims.decide({ id, decision: 'approve' })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT', message: M.alreadyDecided });
    expect(await claimEntries(dora.user.id)).toHaveLength(1);
    expect(await owed(dora.user.id)).toBe(before - 30_00);
  });
});

describe('weight disputes', () => {
  it('upheld on a shipped parcel: the measures are corrected and the difference is credited', async () => {
    const emma = await customerWithActiveMailbox(db(), { nombre: 'Emma Peso' });
    const packageId = await parcel(emma, { weightKg: 10, dimensionsCm: '50x40x30', valueUsd: 100 });
    await shipment(emma, [packageId], { deliveredDaysAgo: null });
    const { id, code } = await as(emma).claims.open({ kind: 'weight_dispute', packageId, text: TEXT, photos: [] });
    const price = (kg: number, [l, a, h]: number[]) =>
      quoteUsa(
        { peso: kgToLb(kg), largo: l!, ancho: a!, alto: h!, valor: 100, seguro: false, tipo: 'aereo' },
        PRICE_LIST_V1,
      )!.totalUsdCents;
    const difference = price(10, [50, 40, 30]) - price(4, [30, 20, 10]);
    expect(difference).toBeGreaterThan(0);
    expect(
      await trpcError(as(atencion).claims.decide({ id, decision: 'approve', weightKg: 12, dimensionsCm: '60x40x30' })),
    ).toMatchObject({ message: M.weightNotLower });
    const r = await as(atencion).claims.decide({ id, decision: 'approve', weightKg: 4, dimensionsCm: '30x20x10' });
    expect(r).toMatchObject({ payoutUsdCents: difference, message: M.weightCorrected(formatUsdCents(difference)) });
    const [corrected] = await db().select().from(packages).where(eq(packages.id, packageId));
    expect(corrected).toMatchObject({ weightKg: 4, dimensionsCm: '30x20x10' });
    const [entry] = await claimEntries(emma.user.id);
    expect(entry).toMatchObject({ usdCents: -difference, description: expect.stringContaining(code) });
    expect(code).toBe(claimCode((await db().select().from(claims).where(eq(claims.id, id)))[0]!.number));
  });

  it('upheld before the parcel is charged: only the measures change', async () => {
    const fabi = await customerWithActiveMailbox(db(), { nombre: 'Fabi Peso' });
    const packageId = await parcel(fabi, { weightKg: 10, dimensionsCm: '50x40x30' });
    const { id } = await as(fabi).claims.open({ kind: 'weight_dispute', packageId, text: TEXT, photos: [] });
    const r = await as(atencion).claims.decide({ id, decision: 'approve', weightKg: 4, dimensionsCm: '30x20x10' });
    expect(r.payoutUsdCents).toBe(0);
    expect(await claimEntries(fabi.user.id)).toHaveLength(0);
    const [corrected] = await db().select().from(packages).where(eq(packages.id, packageId));
    expect(corrected).toMatchObject({ weightKg: 4, dimensionsCm: '30x20x10' });
  });
});
