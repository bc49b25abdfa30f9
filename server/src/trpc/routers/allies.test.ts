// Allies (docs/product/allies.md): the administrator creates an ally and its login is invited;
// the ally creates customers whose mailbox codes carry its prefix, sees only its own customers,
// their parcels, shipments and invoices; its customers pay the freight with its adjustment; its
// monthly statement's totals are the sums of its rows, as Excel, CSV and PDF.
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ALLY_MESSAGES as M,
  ALLY_STATEMENT_HEADERS,
  PRICE_LIST_V1,
  SESSION_COOKIE_NAME,
  STAFF_MESSAGES,
  adjustByBasisPoints,
  allyStatementPath,
  caracasDay,
  formatUsdFromCents,
  kgToLb,
  quoteUsa,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import { allies, mailboxes, packages, prealerts, recipients, users } from '../../db/schema';
import { callerFor, newVisitor, TEST_APP_URL, trpcError } from '../../test/caller';
import { guiaCustomsCents } from '../../test/customs-charge';
import { createTestDatabase } from '../../test/db';
import { csvRows } from '../../test/csv';
import { rowValues, xlsxSheetOf } from '../../test/xlsx';
import {
  STRONG_PASSWORD,
  customerWithActiveMailbox,
  lastLinkTo,
  signedInAdmin,
  signedInAlly,
  tokenOf,
  uniqueEmail,
} from '../../test/factories';
import { testConfig } from '../../env';
import { createServer } from '../../server';

let database: Database;
const db = () => database.db;
const config = testConfig({ appUrl: TEST_APP_URL });
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let tienda: Awaited<ReturnType<typeof signedInAlly>>;
let otro: Awaited<ReturnType<typeof signedInAlly>>;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signedInAdmin(db());
  tienda = await signedInAlly(db(), admin, { name: 'Tienda Rápida', prefix: 'TR', priceAdjustmentBp: -1000 });
  otro = await signedInAlly(db(), admin, { name: 'Envíos Otro', prefix: 'EO', priceAdjustmentBp: 1500 });
});
afterAll(async () => {
  await database.close();
});

let seq = 0;
const tag = () => `${Date.now().toString(36).toUpperCase()}${++seq}`;

/** A customer created by an ally, who then sets their password from the welcome e-mail and signs in. */
async function allyCustomer(ally: typeof tienda, fullName: string) {
  const email = uniqueEmail('cliente-aliado');
  const created = await ally.caller.allyPortal.createCustomer({
    fullName,
    email,
    phone: '+58 414 1234567',
    cedula: 'v12345678',
    type: 'usa',
  });
  const visitor = newVisitor({ ip: '10.0.3.1' });
  const caller = callerFor(db(), visitor, config);
  await caller.auth.resetPassword({
    token: tokenOf(await lastLinkTo(db(), email, 'ally-customer-welcome')),
    password: STRONG_PASSWORD,
  });
  const [box] = await db()
    .update(mailboxes)
    .set({ status: 'active' })
    .where(eq(mailboxes.userId, created.userId))
    .returning({ id: mailboxes.id });
  return { ...created, email, caller, mailboxId: box!.id };
}

async function parcel(userId: string, mailboxId: string, weightKg: number, dims: string) {
  const t = tag();
  const [row] = await db()
    .insert(packages)
    .values({
      userId,
      mailboxId,
      trackingNumber: `1Z${t}`,
      packageDescription: `Compra ${t}`,
      status: 'in_warehouse',
      weightKg,
      dimensionsCm: dims,
      estimatedValueUsdCents: 8000,
      warehouseReceipt: `WR-AL-${t}`,
      receivedDate: new Date(),
    })
    .returning({ id: packages.id });
  return row!.id;
}

async function recipient(userId: string) {
  const [row] = await db()
    .insert(recipients)
    .values({
      userId,
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

const usaAirCents = (kg: number, dims: [number, number, number]) =>
  quoteUsa(
    { peso: kgToLb(kg), largo: dims[0], ancho: dims[1], alto: dims[2], valor: 80, seguro: false, tipo: 'aereo' },
    PRICE_LIST_V1,
  )!.totalUsdCents;

describe('allies: the administrator’s side', () => {
  it('creates an ally whose login, invited by e-mail, lands in its own portal', async () => {
    expect(await tienda.caller.auth.me()).toMatchObject({ user: { role: 'aliado' } });
    expect(await tienda.caller.allyPortal.me()).toMatchObject({
      name: 'Tienda Rápida',
      prefix: 'TR',
      priceAdjustmentBp: -1000,
      active: true,
    });
    const list = await admin.caller.allies.list();
    expect(list.find((a) => a.prefix === 'TR')).toMatchObject({ loginEmail: tienda.email, customers: 0 });
  });

  it('refuses a prefix in use, an e-mail with an account and a bad prefix, creating nothing', async () => {
    const base = { name: 'Duplicado', priceAdjustmentBp: 0 };
    const before = (await db().select().from(allies)).length;
    const taken = await trpcError(admin.caller.allies.create({ ...base, prefix: 'tr', contactEmail: uniqueEmail() }));
    expect([taken.code, taken.message]).toEqual(['CONFLICT', M.prefixTaken]);
    const email = await trpcError(admin.caller.allies.create({ ...base, prefix: 'DU', contactEmail: tienda.email }));
    expect(email.message).toBe(M.emailTaken);
    const bad = await trpcError(admin.caller.allies.create({ ...base, prefix: 'D1', contactEmail: uniqueEmail() }));
    expect(bad.message).toBe(M.prefixFormat);
    expect((await db().select().from(allies)).length).toBe(before);
  });

  it('gives the role only through Aliados, never through Personal', async () => {
    const err = await trpcError(admin.caller.staff.invite({ email: uniqueEmail(), role: 'aliado' }));
    expect(err.message).toBe(STAFF_MESSAGES.allyByAllies);
  });

  it('the administrator cannot open a portal, and an ally reaches no staff screen', async () => {
    expect((await trpcError(admin.caller.allyPortal.customers({ page: 1 }))).code).toBe('FORBIDDEN');
    expect((await trpcError(tienda.caller.clients.list({}))).code).toBe('FORBIDDEN');
    expect((await trpcError(tienda.caller.allies.list())).code).toBe('FORBIDDEN');
    expect((await trpcError(tienda.caller.shipments.list({}))).code).toBe('FORBIDDEN');
  });
});

describe('allies: customers and what the ally sees', () => {
  it('creates a customer whose mailbox code carries the ally’s prefix, who sets a password and signs in', async () => {
    const ana = await allyCustomer(tienda, 'Ana Aliada');
    expect(ana.mailboxCode).toMatch(/^TR-MV-19487-\d{5}$/);
    expect(ana.message).toBe(M.customerCreated(ana.mailboxCode));
    const [box] = await ana.caller.mailboxes.mine();
    expect(box!.mailboxCode).toBe(ana.mailboxCode);
    // The mailbox the customer opens later carries the prefix too.
    const china = await ana.caller.mailboxes.open({ type: 'china' });
    expect(china.mailboxCode).toMatch(/^TR-BJS\d{6}$/);
    const [row] = await db().select({ allyId: users.allyId }).from(users).where(eq(users.id, ana.userId));
    expect(row!.allyId).toBe(tienda.allyId);
    const err = await trpcError(
      tienda.caller.allyPortal.createCustomer({ fullName: 'Otra Vez', email: ana.email, type: 'usa' }),
    );
    expect([err.code, err.message]).toEqual(['CONFLICT', M.customerEmailTaken]);
  });

  it('sees only its own customers and their pre-alerts, parcels, shipments and invoices', async () => {
    const mine = await allyCustomer(tienda, 'Beto de Tienda');
    const theirs = await allyCustomer(otro, 'Carla de Otro');
    const direct = await customerWithActiveMailbox(db(), { nombre: 'Diego Directo' });
    await parcel(mine.userId, mine.mailboxId, 1, '20x20x20');
    await parcel(theirs.userId, theirs.mailboxId, 1, '20x20x20');
    await parcel(direct.user.id, direct.mailboxId, 1, '20x20x20');
    for (const [userId, mailboxId, description] of [
      [mine.userId, mine.mailboxId, 'Zapatos de Beto'],
      [theirs.userId, theirs.mailboxId, 'Reloj de Carla'],
      [direct.user.id, direct.mailboxId, 'Libro de Diego'],
    ])
      await db()
        .insert(prealerts)
        .values({ userId, mailboxId, description, trackingNumber: `1Z${description.length}${userId.slice(0, 6)}` });

    const customers = await tienda.caller.allyPortal.customers({ page: 1 });
    const names = customers.rows.map((r) => r.fullName);
    expect(names).toContain('Beto de Tienda');
    expect(names).not.toContain('Carla de Otro');
    expect(names).not.toContain('Diego Directo');
    expect(customers.rows.every((r) => r.mailboxes.every((b) => b.code.startsWith('TR-')))).toBe(true);
    expect(customers.total).toBe(customers.rows.length);

    const pre = await tienda.caller.allyPortal.prealerts({ page: 1 });
    expect(pre.rows.map((p) => [p.customer, p.description])).toEqual([['Beto de Tienda', 'Zapatos de Beto']]);
    expect(pre.total).toBe(1);
    expect((await otro.caller.allyPortal.prealerts({ page: 1 })).rows.map((p) => p.description)).toEqual([
      'Reloj de Carla',
    ]);
    const parcels = await tienda.caller.allyPortal.parcels({ page: 1 });
    expect(parcels.rows.map((p) => p.customer)).toEqual(['Beto de Tienda']);
    expect((await otro.caller.allyPortal.parcels({ page: 1 })).rows.map((p) => p.customer)).toEqual(['Carla de Otro']);
    const invoices = await tienda.caller.allyPortal.invoices({ page: 1 });
    expect(invoices.rows.length).toBeGreaterThan(0);
    expect(new Set(invoices.rows.map((i) => i.customer))).toEqual(new Set(['Ana Aliada', 'Beto de Tienda']));
    // An ally's login is no customer of anybody's either.
    expect(await tienda.caller.mailboxes.mine()).toEqual([]);
  });

  it('a deactivated ally cannot sign in; reactivated, it can', async () => {
    const ally = await signedInAlly(db(), admin, { name: 'Temporal' });
    await admin.caller.allies.setActive({ id: ally.allyId, active: false });
    expect((await ally.caller.auth.me()).user).toBeNull();
    const again = callerFor(db(), newVisitor({ ip: '10.0.3.9' }));
    expect((await trpcError(again.auth.signIn({ email: ally.email, password: STRONG_PASSWORD }))).code).toBe(
      'UNAUTHORIZED',
    );
    await admin.caller.allies.setActive({ id: ally.allyId, active: true });
    await expect(again.auth.signIn({ email: ally.email, password: STRONG_PASSWORD })).resolves.toBeDefined();
    await expect(again.allyPortal.me()).resolves.toMatchObject({ active: true });
  });
});

describe('allies: price and statement', () => {
  it('the ally’s customers pay the freight with the ally’s adjustment; a direct customer pays the price in effect', async () => {
    const eva = await allyCustomer(tienda, 'Eva Descuento');
    const fer = await allyCustomer(otro, 'Fer Recargo');
    const direct = await customerWithActiveMailbox(db(), { nombre: 'Gabo Directo' });
    const plain = usaAirCents(10, [50, 40, 30]);
    for (const [who, bp] of [
      [eva, -1000],
      [fer, 1500],
    ] as const) {
      const id = await parcel(who.userId, who.mailboxId, 10, '50x40x30');
      const quote = await who.caller.shipRequests.quote({ packageIds: [id], shippingMethod: 'aereo' });
      const freight = adjustByBasisPoints(plain, bp);
      expect(quote.freightUsdCents).toBe(freight);
      expect(quote.parcels[0]!.shippingUsdCents).toBe(freight);
      // The customs estimate is not a price of ours: not adjusted, computed on the freight she pays.
      expect(quote.importTaxesUsdCents).toBe(await guiaCustomsCents(db(), [id], 'air', freight));
      expect(quote.shippingUsdCents).toBe(freight + quote.importTaxesUsdCents);
    }
    const id = await parcel(direct.user.id, direct.mailboxId, 10, '50x40x30');
    expect(
      (await callerFor(db(), direct.visitor).shipRequests.quote({ packageIds: [id], shippingMethod: 'aereo' }))
        .freightUsdCents,
    ).toBe(plain);
  });

  it('the month’s statement lists its customers’ shipments at the adjusted price, totals are the rows’ sums, as Excel, CSV and PDF', async () => {
    const hugo = await allyCustomer(tienda, 'Hugo Estado');
    const home = await recipient(hugo.userId);
    const weights: [number, string][] = [
      [3, '30x20x15'],
      [7.5, '50x40x30'],
    ];
    let expectedShipping = 0;
    for (const [kg, dims] of weights) {
      const id = await parcel(hugo.userId, hugo.mailboxId, kg, dims);
      // The adjusted freight and the customs estimate of its guía (shipping, as the shipment keeps it).
      const freight = adjustByBasisPoints(usaAirCents(kg, dims.split('x').map(Number) as never), -1000);
      expectedShipping += freight + (await guiaCustomsCents(db(), [id], 'air', freight));
      await hugo.caller.shipRequests.create({
        packageIds: [id],
        shippingMethod: 'aereo',
        recipientId: home,
        deliveryMethod: 'home',
      });
    }
    // Another ally's shipment this month stays out.
    const ines = await allyCustomer(otro, 'Inés Ajena');
    await ines.caller.shipRequests.create({
      packageIds: [await parcel(ines.userId, ines.mailboxId, 2, '20x20x20')],
      shippingMethod: 'aereo',
      recipientId: await recipient(ines.userId),
      deliveryMethod: 'home',
    });

    const month = caracasDay(new Date()).slice(0, 7);
    const statement = await tienda.caller.allyPortal.statement({ month });
    expect(statement.rows.map((r) => r.customer)).toEqual(['Hugo Estado', 'Hugo Estado']);
    expect(statement.totals.shippingUsdCents).toBe(expectedShipping);
    const sum = (k: 'shippingUsdCents' | 'deliveryUsdCents' | 'totalUsdCents') =>
      statement.rows.reduce((t, r) => t + r[k], 0);
    expect(statement.totals).toMatchObject({
      shipments: 2,
      shippingUsdCents: sum('shippingUsdCents'),
      deliveryUsdCents: sum('deliveryUsdCents'),
      totalUsdCents: sum('totalUsdCents'),
    });
    expect((await tienda.caller.allyPortal.shipments({ page: 1 })).rows.map((r) => r.customer)).not.toContain(
      'Inés Ajena',
    );
    // A month without shipments.
    expect((await tienda.caller.allyPortal.statement({ month: '2001-01' })).rows).toEqual([]);
    expect((await trpcError(tienda.caller.allyPortal.statement({ month: '2026-13' }))).message).toBe(M.monthFormat);

    const server = await createServer({ config, database });
    try {
      const cookie = `${SESSION_COOKIE_NAME}=${tienda.visitor.token}`;
      const csv = await server.app.inject({ url: allyStatementPath(month, 'csv'), headers: { cookie } });
      expect(csv.statusCode).toBe(200);
      const lines = csvRows(csv.body);
      expect(lines[0]![0]).toBe('Fecha');
      expect(lines).toHaveLength(1 + 2 + 1);
      const totals = lines.at(-1)!;
      expect(totals[0]).toBe('TOTALES');
      expect(totals[8]).toBe((statement.totals.totalUsdCents / 100).toFixed(2));
      expect(lines.slice(1, 3).every((l) => l[2]!.startsWith('Hugo Estado'))).toBe(true);

      // As Excel: the dates are date cells, the money numbers with two decimals.
      const xlsx = await server.app.inject({ url: allyStatementPath(month, 'xlsx'), headers: { cookie } });
      const sheet = await xlsxSheetOf(xlsx, ALLY_STATEMENT_HEADERS);
      expect(sheet.rowCount).toBe(1 + 2 + 1);
      const first = sheet.getRow(2).getCell(1);
      expect(first.value).toBeInstanceOf(Date);
      expect(first.numFmt).toBe('dd/mm/yyyy hh:mm');
      // The date cell shows the day on the business's clock, as the CSV does.
      expect((first.value as Date).toISOString().slice(0, 7)).toBe(month);
      const xlsxTotals = rowValues(sheet, 4);
      expect(xlsxTotals[0]).toBe('TOTALES');
      expect(sheet.getRow(4).getCell(1).font?.bold).toBe(true);
      expect(typeof xlsxTotals[8]).toBe('number');
      expect(xlsxTotals[8]).toBe(statement.totals.totalUsdCents / 100);
      expect(sheet.getRow(4).getCell(9).numFmt).toBe('#,##0.00');
      expect((await server.app.inject({ url: allyStatementPath(month, 'xlsx') })).statusCode).toBe(401);

      const pdf = await server.app.inject({ url: allyStatementPath(month, 'pdf'), headers: { cookie } });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const doc = mupdf.Document.openDocument(pdf.rawPayload, 'application/pdf');
      const paper = doc.loadPage(0).toStructuredText('preserve-whitespace').asText();
      expect(paper).toContain('Tienda Rápida');
      expect(paper).toContain(formatUsdFromCents(statement.totals.totalUsdCents));
      expect(paper).not.toContain('Inés Ajena');

      // Nobody else downloads it: anonymous, a customer, the administrator.
      expect((await server.app.inject({ url: allyStatementPath(month, 'csv') })).statusCode).toBe(401);
      const adminCookie = `${SESSION_COOKIE_NAME}=${admin.visitor.token}`;
      expect(
        (await server.app.inject({ url: allyStatementPath(month, 'csv'), headers: { cookie: adminCookie } }))
          .statusCode,
      ).toBe(403);
      const bad = await server.app.inject({ url: allyStatementPath('2026-1', 'csv'), headers: { cookie } });
      expect(bad.statusCode).toBe(400);
    } finally {
      await server.stop();
    }
  });
});
