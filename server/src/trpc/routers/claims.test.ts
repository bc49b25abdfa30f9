// Claims (docs/product/claims.md): the window of each kind, refusals that change nothing, the
// desk's clock paused while the customer answers, the payout limits insured and uninsured, the
// credit paying the next invoice, the weight dispute's adjustment, and twenty staff approving
// one claim at once crediting it once (meaningful on PostgreSQL, where they run in parallel).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CLAIM_DEFAULT_SETTINGS,
  CLAIM_MESSAGES as M,
  CLAIM_NOTICES,
  claimCode,
  formatUsdCents,
  kgToLb,
  PRICE_LIST_V1,
  quoteUsa,
  type ClaimKind,
  dollarsToCents,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import {
  auditLog,
  claims,
  ledgerEntries,
  notifications,
  packages,
  shipmentPackages,
  shipments,
  storedFiles,
} from '../../db/schema';
import { testConfig } from '../../env';
import { businessToday } from '../../lib/business-clock';
import { issueInvoice } from '../../services/billing/invoices';
import { creditOnAccount, invoiceRemaining } from '../../services/billing/ledger';
import { callerFor, TEST_APP_URL, trpcError, type TestCaller } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { customerWithActiveMailbox, signedInStaff, type CustomerWithMailbox } from '../../test/factories';

let database: Database;
const db = () => database.db;
const config = testConfig({ appUrl: TEST_APP_URL });
type Staff = Awaited<ReturnType<typeof signedInStaff>>;
let atencion: Staff;
let admin: Staff;
let maria: CustomerWithMailbox;
let carlos: CustomerWithMailbox;
const as = (p: { visitor: Parameters<typeof callerFor>[1] }): TestCaller => callerFor(db(), p.visitor, config);

const DAY = 24 * 3600 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const dayString = (n: number) => businessToday(daysAgo(n));
let seq = 0;

async function parcel(
  owner: CustomerWithMailbox,
  opts: { receivedDaysAgo?: number | null; valueUsd?: number | null; weightKg?: number; dimensionsCm?: string } = {},
) {
  seq++;
  const received = opts.receivedDaysAgo === undefined ? 1 : opts.receivedDaysAgo;
  const [row] = await db()
    .insert(packages)
    .values({
      userId: owner.user.id,
      mailboxId: owner.mailboxId,
      trackingNumber: `1ZCLAIM${seq}${randomUUID().slice(0, 6)}`,
      packageDescription: `Licuadora ${seq}`,
      weightKg: opts.weightKg ?? 2,
      dimensionsCm: opts.dimensionsCm ?? '30x20x15',
      estimatedValueUsdCents:
        opts.valueUsd === undefined ? 10_000 : opts.valueUsd === null ? null : dollarsToCents(opts.valueUsd),
      status: received == null ? 'pending' : 'in_warehouse',
      receivedDate: received == null ? null : daysAgo(received),
      warehouseReceipt: received == null ? null : `WR-CL-${seq}-${randomUUID().slice(0, 4)}`,
    })
    .returning({ id: packages.id });
  return row!.id;
}

async function shipment(
  owner: CustomerWithMailbox,
  packageIds: string[],
  opts: { deliveredDaysAgo?: number | null; createdDaysAgo?: number; insuredUsdCents?: number | null } = {},
) {
  seq++;
  const [row] = await db()
    .insert(shipments)
    .values({
      userId: owner.user.id,
      shipmentCode: `ENV-CL-${seq}-${randomUUID().slice(0, 6)}`,
      deliveryAddress: 'Av. Principal',
      deliveryCity: 'Caracas',
      deliveryState: 'Distrito Capital',
      status: opts.deliveredDaysAgo == null ? 'in_transit' : 'delivered',
      actualDelivery: opts.deliveredDaysAgo == null ? null : dayString(opts.deliveredDaysAgo),
      shippingMethod: 'aereo',
      insuredValueUsdCents: opts.insuredUsdCents ?? null,
      createdAt: daysAgo(opts.createdDaysAgo ?? 1),
    })
    .returning({ id: shipments.id });
  if (packageIds.length)
    await db()
      .insert(shipmentPackages)
      .values(packageIds.map((packageId) => ({ shipmentId: row!.id, packageId })));
  return row!.id;
}

/** A claim photo as the upload route stores it (both sizes, the customer's own). */
async function photoOf(owner: { user: { id: string } }, kind: 'claim_photo' | 'package_photo' = 'claim_photo') {
  const ids = [randomUUID(), randomUUID()];
  for (const id of ids)
    await db()
      .insert(storedFiles)
      .values({
        id,
        ownerUserId: owner.user.id,
        kind,
        storageKey: `claim-photos/${owner.user.id}/${id}.jpg`,
        contentType: 'image/jpeg',
        sizeBytes: 10,
        uploadedBy: owner.user.id,
      });
  return { fileId: ids[0]!, thumbFileId: ids[1]! };
}

const TEXT = 'La caja llegó abierta y el vaso de la licuadora roto.';
const claimsOf = (userId: string) => db().select().from(claims).where(eq(claims.userId, userId));
/** What the customer owes on balance (negative: in their favour), whatever their open invoices. */
async function owed(userId: string) {
  const rows = await db()
    .select({ usdCents: ledgerEntries.usdCents })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return rows.reduce((sum, r) => sum + r.usdCents, 0);
}
const claimEntries = (userId: string) =>
  db()
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'adjustment')));

beforeAll(async () => {
  database = await createTestDatabase();
  atencion = await signedInStaff(db(), 'atencion');
  admin = await signedInStaff(db(), 'admin');
  maria = await customerWithActiveMailbox(db(), { nombre: 'María Reclamos' });
  carlos = await customerWithActiveMailbox(db(), { nombre: 'Carlos Ajeno' });
});
afterAll(async () => {
  await database?.close();
});

describe('the window of each kind', () => {
  type Row = {
    kind: ClaimKind;
    subject: () => Promise<{ packageId?: string; shipmentId?: string }>;
    carrierDaysAgo?: number;
    refused?: string;
  };
  const w = CLAIM_DEFAULT_SETTINGS.windowDays;
  const onPackage = (receivedDaysAgo: number | null) => async () => ({
    packageId: await parcel(maria, { receivedDaysAgo }),
  });
  const onShipment = (opts: { deliveredDaysAgo?: number | null; createdDaysAgo?: number }) => async () => ({
    shipmentId: await shipment(maria, [await parcel(maria, { receivedDaysAgo: 30 })], opts),
  });
  const table: [string, Row][] = [
    ['lost, a package received 59 days ago', { kind: 'lost', subject: onPackage(w.lost - 1) }],
    [
      'lost, a package received 61 days ago',
      { kind: 'lost', subject: onPackage(w.lost + 1), refused: M.windowClosed('lost', w.lost) },
    ],
    ['lost, a shipment created 10 days ago', { kind: 'lost', subject: onShipment({ createdDaysAgo: 10 }) }],
    [
      'damaged, a shipment delivered 6 days ago',
      { kind: 'damaged', subject: onShipment({ deliveredDaysAgo: w.damaged - 1 }) },
    ],
    [
      'damaged, a shipment delivered 8 days ago',
      {
        kind: 'damaged',
        subject: onShipment({ deliveredDaysAgo: w.damaged + 1 }),
        refused: M.windowClosed('damaged', w.damaged),
      },
    ],
    [
      'damaged, a shipment not delivered yet',
      { kind: 'damaged', subject: onShipment({ deliveredDaysAgo: null }), refused: M.windowNotYet('damaged') },
    ],
    ['damaged, found at the warehouse door yesterday', { kind: 'damaged', subject: onPackage(1) }],
    [
      'missing items, a shipment delivered 6 days ago',
      { kind: 'missing_items', subject: onShipment({ deliveredDaysAgo: w.missing_items - 1 }) },
    ],
    [
      'missing items, a shipment delivered 8 days ago',
      {
        kind: 'missing_items',
        subject: onShipment({ deliveredDaysAgo: w.missing_items + 1 }),
        refused: M.windowClosed('missing_items', w.missing_items),
      },
    ],
    [
      'not in my mailbox, carrier delivered yesterday (before 72 hours)',
      { kind: 'not_in_mailbox', subject: onPackage(null), carrierDaysAgo: 1, refused: M.notInMailboxTooEarly },
    ],
    [
      'not in my mailbox, carrier delivered 5 days ago',
      { kind: 'not_in_mailbox', subject: onPackage(null), carrierDaysAgo: 5 },
    ],
    [
      'not in my mailbox, carrier delivered 40 days ago',
      {
        kind: 'not_in_mailbox',
        subject: onPackage(null),
        carrierDaysAgo: 3 + w.not_in_mailbox + 7,
        refused: M.windowClosed('not_in_mailbox', w.not_in_mailbox),
      },
    ],
    [
      'not in my mailbox, but the package is in the warehouse',
      { kind: 'not_in_mailbox', subject: onPackage(2), carrierDaysAgo: 5, refused: M.notInMailboxAlreadyReceived },
    ],
    ['weight dispute, received 14 days ago', { kind: 'weight_dispute', subject: onPackage(w.weight_dispute - 1) }],
    [
      'weight dispute, received 16 days ago',
      {
        kind: 'weight_dispute',
        subject: onPackage(w.weight_dispute + 1),
        refused: M.windowClosed('weight_dispute', w.weight_dispute),
      },
    ],
    [
      'weight dispute on a shipment',
      { kind: 'weight_dispute', subject: onShipment({ createdDaysAgo: 1 }), refused: M.kindNotForSubject },
    ],
  ];

  it.each(table)('%s', async (_label, row) => {
    const subject = await row.subject();
    const before = (await claimsOf(maria.user.id)).length;
    const call = as(maria).claims.open({
      kind: row.kind,
      ...subject,
      text: TEXT,
      photos: [],
      ...(row.carrierDaysAgo != null
        ? { carrierDeliveredOn: dayString(row.carrierDaysAgo), carrierProof: await photoOf(maria) }
        : {}),
    });
    if (row.refused) {
      expect(await trpcError(call)).toMatchObject({ code: 'BAD_REQUEST', message: row.refused });
      expect((await claimsOf(maria.user.id)).length).toBe(before);
    } else {
      const opened = await call;
      expect(opened.message).toBe(M.opened(opened.code));
      expect((await claimsOf(maria.user.id)).length).toBe(before + 1);
    }
  });

  it('the administrator changes a window and the rule follows it', async () => {
    await as(admin).claims.updateSettings({ ...CLAIM_DEFAULT_SETTINGS, windowDays: { ...w, lost: 90 } });
    const packageId = await parcel(maria, { receivedDaysAgo: 75 });
    await expect(as(maria).claims.open({ kind: 'lost', packageId, text: TEXT, photos: [] })).resolves.toBeTruthy();
    await as(admin).claims.updateSettings(CLAIM_DEFAULT_SETTINGS);
    expect(await trpcError(as(atencion).claims.updateSettings(CLAIM_DEFAULT_SETTINGS))).toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('refused in Spanish, nothing changed', () => {
  it('another customer’s parcel is not found', async () => {
    const packageId = await parcel(carlos);
    const err = await trpcError(as(maria).claims.open({ kind: 'damaged', packageId, text: TEXT, photos: [] }));
    expect(err).toMatchObject({ code: 'NOT_FOUND', message: M.subjectNotFound });
    expect(await claimsOf(carlos.user.id)).toHaveLength(0);
  });

  it('a second open claim of the same kind on one parcel; another kind is fine', async () => {
    const packageId = await parcel(maria);
    await as(maria).claims.open({ kind: 'damaged', packageId, text: TEXT, photos: [] });
    const err = await trpcError(as(maria).claims.open({ kind: 'damaged', packageId, text: TEXT, photos: [] }));
    expect(err).toMatchObject({ code: 'CONFLICT', message: M.alreadyOpen });
    await as(maria).claims.open({ kind: 'missing_items', packageId, text: TEXT, photos: [] });
    const rows = (await claimsOf(maria.user.id)).filter((c) => c.packageId === packageId);
    expect(rows.map((c) => c.kind).sort()).toEqual(['damaged', 'missing_items']);
  });

  it('photos that are not the customer’s claim photos, and more than six', async () => {
    const packageId = await parcel(maria);
    const foreign = await photoOf(carlos);
    const warehouse = await photoOf(maria, 'package_photo');
    for (const photos of [[foreign], [warehouse]]) {
      const err = await trpcError(as(maria).claims.open({ kind: 'damaged', packageId, text: TEXT, photos }));
      expect(err).toMatchObject({ code: 'NOT_FOUND', message: M.photoInvalid });
    }
    const seven = await Promise.all(Array.from({ length: 7 }, () => photoOf(maria)));
    const err = await trpcError(as(maria).claims.open({ kind: 'damaged', packageId, text: TEXT, photos: seven }));
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message: M.tooManyPhotos });
    expect((await claimsOf(maria.user.id)).filter((c) => c.packageId === packageId)).toHaveLength(0);
  });

  it('a claim of another customer is not found, for reading and answering', async () => {
    const packageId = await parcel(carlos);
    const { id } = await as(carlos).claims.open({ kind: 'damaged', packageId, text: TEXT, photos: [] });
    expect(await trpcError(as(maria).claims.detail({ id }))).toMatchObject({ code: 'NOT_FOUND', message: M.notFound });
    expect(await trpcError(as(maria).claims.answer({ id, text: TEXT, photos: [] }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('the desk', () => {
  it('asks for more: the customer is told, the clock pauses, and runs again with the time left when she answers', async () => {
    const packageId = await parcel(maria);
    const photos = [await photoOf(maria), await photoOf(maria)];
    const { id, code } = await as(maria).claims.open({ kind: 'damaged', packageId, text: TEXT, photos });
    const [opened] = await db().select().from(claims).where(eq(claims.id, id));
    const leftAtOpening = opened!.answerBy!.getTime() - Date.now();
    expect(leftAtOpening).toBeGreaterThan(DAY);

    const queue = await as(atencion).claims.list({ openOnly: true });
    expect(queue.rows.map((r) => r.id)).toContain(id);

    await as(atencion).claims.assign({ id, staffId: atencion.user.id });
    await as(atencion).claims.ask({ id, request: 'Envíanos la foto del recibo de compra, por favor.' });
    const [paused] = await db().select().from(claims).where(eq(claims.id, id));
    expect(paused).toMatchObject({ status: 'waiting_customer', answerBy: null });
    const told = await db().select().from(notifications).where(eq(notifications.userId, maria.user.id));
    expect(told.map((n) => n.title)).toContain(CLAIM_NOTICES.askedForMore(code).title);

    await as(maria).claims.answer({ id, text: 'Aquí está el recibo de la tienda.', photos: [await photoOf(maria)] });
    const [running] = await db().select().from(claims).where(eq(claims.id, id));
    expect(running!.status).toBe('open');
    expect(Math.abs(running!.answerBy!.getTime() - Date.now() - leftAtOpening)).toBeLessThan(60_000);

    const detail = await as(maria).claims.detail({ id });
    expect(detail.events.map((e) => e.kind)).toEqual(['opened', 'assigned', 'asked', 'answered']);
    expect(detail.photos).toHaveLength(3);
    expect(detail.evidence.parcels[0]).toMatchObject({ id: packageId, weightKg: 2, dimensionsCm: '30x20x15' });
    expect(await trpcError(as(maria).claims.answer({ id, text: TEXT, photos: [] }))).toMatchObject({
      message: M.notWaitingForYou,
    });
  });

  it('overdue claims come first in the queue', async () => {
    const late = await as(maria).claims.open({ kind: 'lost', packageId: await parcel(maria), text: TEXT, photos: [] });
    await db()
      .update(claims)
      .set({ answerBy: daysAgo(3) })
      .where(eq(claims.id, late.id));
    const queue = await as(atencion).claims.list({ openOnly: true });
    expect(queue.rows[0]!.id).toBe(late.id);
  });

  it('rejects with a reason the customer reads; every step is audited with its person', async () => {
    const { id, code } = await as(maria).claims.open({
      kind: 'missing_items',
      packageId: await parcel(maria),
      text: TEXT,
      photos: [],
    });
    const reason = 'El paquete llegó sellado y con el mismo peso que declaró la tienda.';
    expect(await trpcError(as(atencion).claims.decide({ id, decision: 'reject' }))).toMatchObject({
      message: M.reasonRequired,
    });
    const r = await as(atencion).claims.decide({ id, decision: 'reject', reason });
    expect(r.message).toBe(M.decidedRejected);
    const detail = await as(maria).claims.detail({ id });
    expect(detail).toMatchObject({ status: 'rejected', decisionReason: reason });
    const told = await db().select().from(notifications).where(eq(notifications.userId, maria.user.id));
    expect(told.map((n) => n.title)).toContain(CLAIM_NOTICES.rejected(code).title);

    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'claims'), eq(auditLog.entityId, id)));
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'claims.open',
        actorId: maria.user.id,
        actorRole: 'user',
        operation: 'insert',
      }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({ action: 'claims.decide', actorId: atencion.user.id, actorRole: 'atencion' }),
    );
    expect(await trpcError(as(atencion).claims.decide({ id, decision: 'approve' }))).toMatchObject({
      code: 'CONFLICT',
      message: M.alreadyDecided,
    });
  });
});

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
