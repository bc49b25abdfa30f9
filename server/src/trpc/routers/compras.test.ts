// Compra asistida (docs/product/compra-asistida.md): the chain from the customer's request to the
// pre-alert matched at reception, through the quote, its expiry and renewal, the invoice at the
// day's rate paid by Pago Móvil in bolívares and approved by the cashier, the purchase's
// difference as credit or an extra invoice; and the refusals, each changing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  COMPRA_DEFAULT_SETTINGS,
  COMPRA_MESSAGES as M,
  BILLING_MESSAGES,
  PAYMENT_MESSAGES,
  quoteCompra,
  usdCentsToVesCentimos,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import {
  auditLog,
  invoices,
  ledgerEntries,
  notifications,
  prealerts,
  purchaseRequests,
  purchaseRequestItems,
} from '../../db/schema';
import { testConfig } from '../../env';
import { diskFileStore } from '../../files/file-store';
import { storeFile } from '../../files/store';
import { callerFor, TEST_APP_URL, trpcError, type TestCaller } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import {
  customerWithActiveMailbox,
  paymentMethodId,
  signedInAdmin,
  recordRate,
  signedInStaff,
  type CustomerWithMailbox,
} from '../../test/factories';
import { tempStorageDir, tinyPdf, tinyPng } from '../../test/files';

let database: Database;
const db = () => database.db;
const storageDir = tempStorageDir();
const config = testConfig({ appUrl: TEST_APP_URL, storageDir });
type Staff = Awaited<ReturnType<typeof signedInStaff>>;
let atencion: Staff;
let caja: Staff;
let almacen: Staff;
let maria: CustomerWithMailbox;
let carlos: CustomerWithMailbox;
const as = (p: { visitor: Parameters<typeof callerFor>[1] }): TestCaller => callerFor(db(), p.visitor, config);
const RATE = '40';
let seq = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  atencion = await signedInStaff(db(), 'atencion');
  caja = await signedInStaff(db(), 'caja');
  almacen = await signedInStaff(db(), 'almacen');
  maria = await customerWithActiveMailbox(db(), { nombre: 'María Compras' });
  carlos = await customerWithActiveMailbox(db(), { nombre: 'Carlos Compras' });
  await recordRate(db(), RATE);
});
afterAll(async () => {
  await database?.close();
});

const twoItems = () => [
  {
    url: 'https://www.amazon.com/dp/B0TEST0001',
    name: 'Zapatos de correr',
    options: 'Talla 38, azul',
    quantity: 2,
    priceUsdCents: 4_999,
  },
  { url: 'http://www.example-store.com/item/42', name: 'Reloj', quantity: 1, priceUsdCents: 12_000, notes: 'Regalo' },
];

async function requestOf(customer: CustomerWithMailbox) {
  return as(customer).compras.create({ mailboxId: customer.mailboxId, items: twoItems() });
}

/** Staff quote with the prices confirmed as asked (or `prices`), $10 sales tax and $8 shipping. */
async function quoted(customer: CustomerWithMailbox, prices?: number[], validHours?: number) {
  const { id } = await requestOf(customer);
  const detail = await as(atencion).compras.adminDetail({ id });
  const result = await as(atencion).compras.quote({
    id,
    items: detail.items.map((i, n) => ({ id: i.id, priceUsdCents: prices?.[n] ?? i.customerPriceUsdCents })),
    salesTaxUsdCents: 1_000,
    shippingUsdCents: 800,
    validHours,
  });
  return { id, result };
}

async function receiptOf(customer: CustomerWithMailbox, kind: 'invoice' | 'receipt' = 'invoice') {
  seq++;
  return storeFile(db(), diskFileStore(storageDir), {
    ownerUserId: customer.user.id,
    kind,
    bytes: kind === 'invoice' ? tinyPdf() : tinyPng(`pago ${seq}`),
    contentType: kind === 'invoice' ? 'application/pdf' : 'image/png',
    originalName: kind === 'invoice' ? 'recibo-tienda.pdf' : 'pago-movil.png',
    uploadedBy: kind === 'invoice' ? atencion.user.id : customer.user.id,
  });
}

/** María pays the invoice by Pago Móvil in bolívares; the cashier approves. */
async function payInBolivares(customer: CustomerWithMailbox, invoiceId: string) {
  const [invoice] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
  const receipt = await receiptOf(customer, 'receipt');
  const payment = await as(customer).payments.report({
    invoiceId,
    methodId: await paymentMethodId(db(), 'pago_movil'),
    paymentReference: `PM${Date.now()}${++seq}`,
    amount: invoice!.vesCentimos! / 100,
    receiptFileId: receipt.id,
  });
  await as(caja).payments.review({ id: payment.id, status: 'completed' });
  return payment;
}

const row = async (id: string) => (await db().select().from(purchaseRequests).where(eq(purchaseRequests.id, id)))[0]!;
/** What the customer owes (negative: in their favour), USD cents. */
const balanceOf = async (userId: string) =>
  (await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).reduce((s, e) => s + e.usdCents, 0);
// In the order they were written (PostgreSQL returns rows in no order of its own).
const noticesOf = (userId: string) =>
  db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.createdAt));

describe('the request', () => {
  it('María asks for two items to her casillero; she is told and sees it in her list', async () => {
    const before = (await noticesOf(maria.user.id)).length;
    const created = await requestOf(maria);
    expect(created.code).toMatch(/^C-\d{6}$/);
    expect(created.message).toBe(M.created(created.code));
    const mine = await as(maria).compras.mine();
    expect(mine.find((r) => r.id === created.id)).toMatchObject({ status: 'requested', itemCount: 2 });
    const detail = await as(maria).compras.detail({ id: created.id });
    expect(detail.items.map((i) => [i.name, i.options, i.quantity, i.customerPriceUsdCents])).toEqual([
      ['Zapatos de correr', 'Talla 38, azul', 2, 4_999],
      ['Reloj', null, 1, 12_000],
    ]);
    expect((await noticesOf(maria.user.id)).length).toBe(before + 1);
  });

  it.each([
    ['a link that is not http(s)', { url: 'javascript:alert(1)' }, M.linkInvalid],
    ['an ftp link', { url: 'ftp://store.com/x' }, M.linkInvalid],
    ['a quantity of 0', { quantity: 0 }, M.quantityInvalid],
    ['a quantity over 99', { quantity: 100 }, M.quantityInvalid],
  ])('refuses %s in Spanish, nothing saved', async (_name, change, message) => {
    const before = (await db().select().from(purchaseRequestItems)).length;
    const err = await trpcError(
      as(maria).compras.create({ mailboxId: maria.mailboxId, items: [{ ...twoItems()[0]!, ...change }] }),
    );
    expect(err.message).toContain(message);
    expect((await db().select().from(purchaseRequestItems)).length).toBe(before);
  });

  it("refuses another customer's casillero as not found", async () => {
    const err = await trpcError(as(maria).compras.create({ mailboxId: carlos.mailboxId, items: twoItems() }));
    expect(err.code).toBe('NOT_FOUND');
    expect(err.message).toBe(M.mailboxInvalid);
  });

  it('staff of other roles cannot see the desk', async () => {
    expect((await trpcError(as(caja).compras.list({}))).code).toBe('FORBIDDEN');
    expect((await trpcError(as(almacen).compras.list({}))).code).toBe('FORBIDDEN');
  });
});

describe('the quote', () => {
  it('confirms the prices, adds tax, shipping and the fee; the customer is told; the list shows it', async () => {
    const { id, result } = await quoted(maria, [5_100, 12_000]);
    const expected = quoteCompra(
      {
        items: [
          { priceUsdCents: 5_100, quantity: 2 },
          { priceUsdCents: 12_000, quantity: 1 },
        ],
        salesTaxUsdCents: 1_000,
        shippingUsdCents: 800,
      },
      COMPRA_DEFAULT_SETTINGS,
    );
    expect(result.quote).toEqual(expected);
    // 102 + 120 + 10 + 8 = 240,00; 8 % = 19,20
    expect(expected).toMatchObject({ storeUsdCents: 24_000, feeUsdCents: 1_920, totalUsdCents: 25_920 });
    expect(await row(id)).toMatchObject({ status: 'quoted', totalUsdCents: 25_920 });
    // Valid 48 hours by default.
    const hours = (new Date(result.validUntil).getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    const list = await as(atencion).compras.list({ status: 'quoted' });
    expect(list.rows.find((r) => r.id === id)).toMatchObject({ customer: 'María Compras', totalUsdCents: 25_920 });
    const notices = await noticesOf(maria.user.id);
    expect(notices.some((n) => n.title.includes('está cotizada') && n.message.includes('$259,20'))).toBe(true);
  });

  it('an expired quote is refused; staff renew it and then it can be accepted', async () => {
    const { id } = await quoted(maria);
    await db()
      .update(purchaseRequests)
      .set({ validUntil: new Date(Date.now() - 60_000) })
      .where(eq(purchaseRequests.id, id));
    expect((await as(maria).compras.detail({ id })).expired).toBe(true);
    const err = await trpcError(as(maria).compras.accept({ id }));
    expect(err.message).toBe(M.quoteExpired);
    expect(await row(id)).toMatchObject({ status: 'quoted', invoiceId: null });
    await as(atencion).compras.renew({ id });
    expect((await as(maria).compras.detail({ id })).expired).toBe(false);
    const accepted = await as(maria).compras.accept({ id });
    expect(accepted.invoiceNumber).toMatch(/^F-/);
  });

  it("someone else's quote is not found, and nothing changes", async () => {
    const { id } = await quoted(maria);
    const err = await trpcError(as(carlos).compras.accept({ id }));
    expect(err.code).toBe('NOT_FOUND');
    expect((await trpcError(as(carlos).compras.detail({ id }))).code).toBe('NOT_FOUND');
    expect(await row(id)).toMatchObject({ status: 'quoted', invoiceId: null });
  });
});

describe('accept, pay, buy and ship', () => {
  it('the whole chain: invoice at the day rate, Pago Móvil approved, purchase recorded, pre-alert with the receipt matched at reception', async () => {
    const { id } = await quoted(maria);
    const accepted = await as(maria).compras.accept({ id });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, accepted.invoiceId));
    expect(invoice).toMatchObject({ concept: 'assisted_purchase', usdCents: (await row(id)).totalUsdCents });
    expect(invoice!.vesPerUsd).toContain('40');
    expect(invoice!.vesCentimos).toBe(usdCentsToVesCentimos(invoice!.usdCents, RATE));
    expect(await row(id)).toMatchObject({ status: 'accepted' });

    // Accepting twice: refused.
    expect((await trpcError(as(maria).compras.accept({ id }))).message).toBe(M.alreadyAccepted);
    // Buying before it is paid: refused.
    const receipt = await receiptOf(maria);
    const early = await trpcError(
      as(atencion).compras.recordPurchase({
        id,
        storeOrderNumber: '112-1',
        finalUsdCents: 1000,
        receiptFileId: receipt.id,
      }),
    );
    expect(early.message).toBe(M.notPaid);

    await payInBolivares(maria, accepted.invoiceId);
    expect(await row(id)).toMatchObject({ status: 'paid' });
    expect((await noticesOf(maria.user.id)).some((n) => n.title.includes('pagada'))).toBe(true);

    // Paying twice: refused.
    const again = await trpcError(
      as(maria).payments.report({
        invoiceId: accepted.invoiceId,
        methodId: await paymentMethodId(db(), 'pago_movil'),
        paymentReference: `PMTWICE${Date.now()}`,
        amount: 100,
        receiptFileId: (await receiptOf(maria, 'receipt')).id,
      }),
    );
    expect(again.message).toBe(BILLING_MESSAGES.invoicePaid);

    const quotedStore = 4_999 * 2 + 12_000 + 1_000 + 800;
    const bought = await as(atencion).compras.recordPurchase({
      id,
      storeOrderNumber: '112-7777777-1234567',
      finalUsdCents: quotedStore,
      receiptFileId: receipt.id,
    });
    expect(bought).toMatchObject({ differenceUsdCents: 0, message: M.purchased });

    const tracking = `1ZCOMPRA${Date.now()}`;
    await as(atencion).compras.addTrackings({ id, carrier: 'UPS', trackingNumbers: [tracking] });
    expect(await row(id)).toMatchObject({ status: 'shipped' });
    const [prealert] = await db().select().from(prealerts).where(eq(prealerts.trackingNumber, tracking));
    expect(prealert).toMatchObject({
      userId: maria.user.id,
      mailboxId: maria.mailboxId,
      invoiceFileId: receipt.id,
      status: 'pending',
      senderName: 'amazon.com',
      carrier: 'UPS',
    });
    // María sees it among her pre-alerts, with the store's receipt as its invoice.
    const detail = await as(maria).compras.detail({ id });
    expect(detail.trackings).toEqual([expect.objectContaining({ trackingNumber: tracking, prealertId: prealert!.id })]);
    expect(detail.receiptUrl).toContain(`/files/${receipt.id}`);

    // Reception matches it as usual.
    const saved = await as(almacen).reception.receive({
      code: tracking,
      weightKg: 1.5,
      lengthCm: 30,
      widthCm: 20,
      heightCm: 15,
      photos: [],
    });
    expect(saved).toMatchObject({ status: 'claimed', customerNotified: true });
    const [converted] = await db().select().from(prealerts).where(eq(prealerts.id, prealert!.id));
    expect(converted).toMatchObject({ status: 'converted', convertedPackageId: saved.packageId });

    // Every step is in the audit log.
    const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'compras.create',
        'compras.quote',
        'compras.accept',
        'compras.recordPurchase',
        'compras.addTrackings',
      ]),
    );
  });

  it('the store charged less: the difference is credit on account', async () => {
    const { id } = await quoted(carlos);
    const { invoiceId } = await as(carlos).compras.accept({ id });
    await payInBolivares(carlos, invoiceId);
    const before = await balanceOf(carlos.user.id);
    const quotedStore = 4_999 * 2 + 12_000 + 1_000 + 800;
    const result = await as(atencion).compras.recordPurchase({
      id,
      storeOrderNumber: 'ORD-LESS',
      finalUsdCents: quotedStore - 1_250,
      receiptFileId: (await receiptOf(carlos)).id,
    });
    expect(result).toMatchObject({ differenceUsdCents: -1_250, message: M.purchasedCredit('$12,50') });
    // What Carlos owes drops by the difference (the credit pays his open invoices first, then stays).
    expect(await balanceOf(carlos.user.id)).toBe(before - 1_250);
    const r = await row(id);
    const [entry] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.id, r.creditLedgerEntryId!));
    expect(entry).toMatchObject({ usdCents: -1_250, kind: 'adjustment', invoiceId: null });
    // Recording it twice: refused, nothing changed.
    const twice = await trpcError(
      as(atencion).compras.recordPurchase({
        id,
        storeOrderNumber: 'ORD-LESS-2',
        finalUsdCents: 100,
        receiptFileId: (await receiptOf(carlos)).id,
      }),
    );
    expect(twice.message).toBe(M.alreadyPurchased);
    expect(await balanceOf(carlos.user.id)).toBe(before - 1_250);
  });

  it('the store charged more: an extra invoice once the customer accepts it', async () => {
    const { id } = await quoted(maria);
    const { invoiceId } = await as(maria).compras.accept({ id });
    await payInBolivares(maria, invoiceId);
    const quotedStore = 4_999 * 2 + 12_000 + 1_000 + 800;
    const result = await as(atencion).compras.recordPurchase({
      id,
      storeOrderNumber: 'ORD-MORE',
      finalUsdCents: quotedStore + 700,
      receiptFileId: (await receiptOf(maria)).id,
    });
    expect(result).toMatchObject({ differenceUsdCents: 700, message: M.purchasedExtra('$7,00') });
    expect(await row(id)).toMatchObject({ extraUsdCents: 700, extraInvoiceId: null });
    // Carlos cannot accept María's difference.
    expect((await trpcError(as(carlos).compras.acceptDifference({ id }))).code).toBe('NOT_FOUND');
    const accepted = await as(maria).compras.acceptDifference({ id });
    const [extra] = await db().select().from(invoices).where(eq(invoices.id, accepted.invoiceId));
    expect(extra).toMatchObject({ usdCents: 700, concept: 'assisted_purchase', userId: maria.user.id });
    expect((await trpcError(as(maria).compras.acceptDifference({ id }))).message).toBe(M.noDifference);
  });

  it('a tracking pre-alerted by another customer is refused, nothing created', async () => {
    const tracking = `1ZTAKEN${Date.now()}`;
    await as(carlos).prealerts.create({ trackingNumber: tracking, description: 'Lo mío', quantityItems: 1 });
    const { id } = await quoted(maria);
    const { invoiceId } = await as(maria).compras.accept({ id });
    await payInBolivares(maria, invoiceId);
    await as(atencion).compras.recordPurchase({
      id,
      storeOrderNumber: 'ORD-T',
      finalUsdCents: 4_999 * 2 + 12_000 + 1_000 + 800,
      receiptFileId: (await receiptOf(maria)).id,
    });
    const ok = `1ZOK${Date.now()}`;
    const err = await trpcError(
      as(atencion).compras.addTrackings({ id, trackingNumbers: [ok, tracking.toLowerCase()] }),
    );
    expect(err.message).toBe(M.trackingTaken(tracking.toUpperCase()));
    expect(await db().select().from(prealerts).where(eq(prealerts.trackingNumber, ok))).toEqual([]);
    expect(await row(id)).toMatchObject({ status: 'purchased' });
  });

  it("a receipt that is not the customer's is refused", async () => {
    const { id } = await quoted(maria);
    const { invoiceId } = await as(maria).compras.accept({ id });
    await payInBolivares(maria, invoiceId);
    const err = await trpcError(
      as(atencion).compras.recordPurchase({
        id,
        storeOrderNumber: 'ORD-X',
        finalUsdCents: 1000,
        receiptFileId: (await receiptOf(carlos)).id,
      }),
    );
    expect(err.message).toBe(M.receiptInvalid);
    expect(await row(id)).toMatchObject({ status: 'paid', storeOrderNumber: null });
  });

  it('credit on account pays the invoice at once when accepting', async () => {
    const rich = await customerWithActiveMailbox(db(), { nombre: 'Rita Saldo' });
    await db().insert(ledgerEntries).values({
      userId: rich.user.id,
      kind: 'adjustment',
      usdCents: -100_000,
      description: 'Saldo a favor de prueba',
    });
    const { id } = await quoted(rich);
    await as(rich).compras.accept({ id });
    expect(await row(id)).toMatchObject({ status: 'paid' });
  });

  it('a cancelled request cannot be accepted; an accepted one cannot be cancelled', async () => {
    const { id } = await quoted(maria);
    await as(maria).compras.cancel({ id });
    expect((await trpcError(as(maria).compras.accept({ id }))).message).toBe(M.notQuoted);
    const other = await quoted(maria);
    await as(maria).compras.accept({ id: other.id });
    expect((await trpcError(as(maria).compras.cancel({ id: other.id }))).message).toBe(M.cannotCancel);
  });
});

describe('when the store fails on an item', () => {
  /** A paid request of the two items (25.702 cents: 21.998 of items, 10,00 tax, 8,00 shipping, 19,04 fee). */
  async function paid(customer: CustomerWithMailbox) {
    const { id } = await quoted(customer);
    const { invoiceId } = await as(customer).compras.accept({ id });
    await payInBolivares(customer, invoiceId);
    const { items } = await as(atencion).compras.adminDetail({ id });
    return { id, items };
  }
  const itemRow = async (id: string) =>
    (await db().select().from(purchaseRequestItems).where(eq(purchaseRequestItems.id, id)))[0]!;

  it('out of stock: María is told, cancels it, its share comes back as credit; choosing twice is refused', async () => {
    const { id, items } = await paid(maria);
    const [shoes, watch] = items;
    const noticesBefore = (await noticesOf(maria.user.id)).length;
    const marked = await as(atencion).compras.markItemIssue({
      id,
      itemId: shoes!.id,
      issue: 'out_of_stock',
      note: 'La tienda no tiene la talla 38.',
    });
    expect(marked.message).toBe(M.issueMarked);
    const notices = await noticesOf(maria.user.id);
    expect(notices.length).toBe(noticesBefore + 1);
    expect(notices.at(-1)!.title).toContain('Zapatos de correr está agotado');
    const seen = await as(maria).compras.detail({ id });
    expect(seen.items[0]).toMatchObject({ issue: 'out_of_stock', issueResolution: null });

    // An out-of-stock item can only be cancelled.
    const accept = await trpcError(as(maria).compras.chooseItem({ id, itemId: shoes!.id, choice: 'accept' }));
    expect(accept.message).toBe(M.outOfStockOnlyCancel);
    // Carlos cannot choose on María's request.
    const foreign = await trpcError(as(carlos).compras.chooseItem({ id, itemId: shoes!.id, choice: 'cancel' }));
    expect(foreign.code).toBe('NOT_FOUND');
    // The purchase waits for her choice.
    const early = await trpcError(
      as(atencion).compras.recordPurchase({
        id,
        storeOrderNumber: 'ORD-WAIT',
        finalUsdCents: 13_000,
        receiptFileId: (await receiptOf(maria)).id,
      }),
    );
    expect(early.message).toBe(M.issuePending);

    const before = await balanceOf(maria.user.id);
    const cancelled = await as(maria).compras.chooseItem({ id, itemId: shoes!.id, choice: 'cancel' });
    // 2 × 49,99 + 4,54 tax + 3,64 shipping + 8,65 fee (compraItemShare's table).
    expect(cancelled).toMatchObject({ creditUsdCents: 11_681, message: M.itemCancelled('$116,81') });
    expect(await balanceOf(maria.user.id)).toBe(before - 11_681);
    const r = await itemRow(shoes!.id);
    expect(r).toMatchObject({
      issueResolution: 'cancelled',
      issueCreditUsdCents: 11_681,
      issueStoreDeltaUsdCents: -10_816,
    });
    const [entry] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.id, r.issueCreditLedgerEntryId!));
    expect(entry).toMatchObject({ usdCents: -11_681, kind: 'adjustment', userId: maria.user.id });

    const twice = await trpcError(as(maria).compras.chooseItem({ id, itemId: shoes!.id, choice: 'cancel' }));
    expect(twice.message).toBe(M.alreadyChosen);
    expect(await balanceOf(maria.user.id)).toBe(before - 11_681);
    // Marking it again is refused.
    const again = await trpcError(
      as(atencion).compras.markItemIssue({ id, itemId: shoes!.id, issue: 'out_of_stock', note: 'Otra vez' }),
    );
    expect(again.message).toBe(M.issueAlreadyMarked);

    // The store now charges the watch's part: 120,00 + 5,46 tax + 4,36 shipping = 129,82, no difference.
    const bought = await as(atencion).compras.recordPurchase({
      id,
      storeOrderNumber: 'ORD-ONE',
      finalUsdCents: 12_982,
      receiptFileId: (await receiptOf(maria)).id,
    });
    expect(bought.differenceUsdCents).toBe(0);
    // Once bought, no item can be marked.
    const late = await trpcError(
      as(atencion).compras.markItemIssue({ id, itemId: watch!.id, issue: 'out_of_stock', note: 'Tarde' }),
    );
    expect(late.message).toBe(M.issueNotPaid);
    // Every change is audited, naming who made it.
    // (an item's entries name its request).
    const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entries.filter((e) => e.entity === 'purchase_request_items').map((e) => e.action)).toEqual(
      expect.arrayContaining(['compras.markItemIssue', 'compras.chooseItem']),
    );
  });

  it('a higher price accepted is an extra invoice; a lower one is credit; cancelling every item cancels the request', async () => {
    const { id, items } = await paid(carlos);
    const [shoes, watch] = items;
    await as(atencion).compras.markItemIssue({
      id,
      itemId: shoes!.id,
      issue: 'price_changed',
      newPriceUsdCents: 5_499,
      note: 'Subió el precio.',
    });
    expect((await noticesOf(carlos.user.id)).at(-1)!.message).toContain('Antes $49,99, ahora $54,99.');
    const accepted = await as(carlos).compras.chooseItem({ id, itemId: shoes!.id, choice: 'accept' });
    const [extra] = await db().select().from(invoices).where(eq(invoices.id, accepted.invoiceId!));
    expect(extra).toMatchObject({ usdCents: 1_000, concept: 'assisted_purchase', userId: carlos.user.id });
    expect(accepted.message).toBe(M.itemAcceptedExtra(extra!.number));
    const seen = await as(carlos).compras.detail({ id });
    expect(seen.items[0]).toMatchObject({ issueResolution: 'accepted', issueInvoiceNumber: extra!.number });

    await as(atencion).compras.markItemIssue({
      id,
      itemId: watch!.id,
      issue: 'price_changed',
      newPriceUsdCents: 11_001,
      note: 'Bajó el precio.',
    });
    const before = await balanceOf(carlos.user.id);
    const lower = await as(carlos).compras.chooseItem({ id, itemId: watch!.id, choice: 'accept' });
    expect(lower).toMatchObject({ invoiceId: null, message: M.itemAcceptedCredit('$9,99') });
    expect(await balanceOf(carlos.user.id)).toBe(before - 999);
    // What the store should charge now: 237,98 + 10,00 − 9,99 = 238,09; the store charged that.
    const bought = await as(atencion).compras.recordPurchase({
      id,
      storeOrderNumber: 'ORD-PRICES',
      finalUsdCents: 23_798 + 1_000 - 999,
      receiptFileId: (await receiptOf(carlos)).id,
    });
    expect(bought.differenceUsdCents).toBe(0);

    // Another request: both items out of stock and cancelled gives back everything paid.
    const other = await paid(carlos);
    const start = await balanceOf(carlos.user.id);
    for (const item of other.items) {
      await as(atencion).compras.markItemIssue({
        id: other.id,
        itemId: item.id,
        issue: 'out_of_stock',
        note: 'Agotado.',
      });
      await as(carlos).compras.chooseItem({ id: other.id, itemId: item.id, choice: 'cancel' });
    }
    expect(await balanceOf(carlos.user.id)).toBe(start - 25_702);
    expect(await row(other.id)).toMatchObject({ status: 'cancelled' });
  });

  it('refuses marking an unpaid request, a price of 0 or negative, the same price, and staff without the permission', async () => {
    const { id } = await quoted(maria);
    const { items } = await as(atencion).compras.adminDetail({ id });
    const unpaid = await trpcError(
      as(atencion).compras.markItemIssue({ id, itemId: items[0]!.id, issue: 'out_of_stock', note: 'No hay.' }),
    );
    expect(unpaid.message).toBe(M.issueNotPaid);
    const { id: paidId, items: paidItems } = await paid(maria);
    for (const newPriceUsdCents of [0, -500]) {
      const err = await trpcError(
        as(atencion).compras.markItemIssue({
          id: paidId,
          itemId: paidItems[0]!.id,
          issue: 'price_changed',
          newPriceUsdCents,
          note: 'Precio',
        }),
      );
      expect(err.message).toBe(M.newPriceInvalid);
    }
    const missing = await trpcError(
      as(atencion).compras.markItemIssue({ id: paidId, itemId: paidItems[0]!.id, issue: 'price_changed', note: 'x' }),
    );
    expect(missing.message).toBe(M.newPriceInvalid);
    const same = await trpcError(
      as(atencion).compras.markItemIssue({
        id: paidId,
        itemId: paidItems[0]!.id,
        issue: 'price_changed',
        newPriceUsdCents: 4_999,
        note: 'Igual',
      }),
    );
    expect(same.message).toBe(M.newPriceSame);
    // An item of another request is not found.
    const foreign = await trpcError(
      as(atencion).compras.markItemIssue({ id: paidId, itemId: items[0]!.id, issue: 'out_of_stock', note: 'x' }),
    );
    expect(foreign.message).toBe(M.itemNotFound);
    const warehouse = await trpcError(
      as(almacen).compras.markItemIssue({ id: paidId, itemId: paidItems[0]!.id, issue: 'out_of_stock', note: 'x' }),
    );
    expect(warehouse.code).toBe('FORBIDDEN');
    // Nothing changed: no item marked; choosing on an unmarked item is refused.
    expect((await itemRow(paidItems[0]!.id)).issue).toBeNull();
    const none = await trpcError(
      as(maria).compras.chooseItem({ id: paidId, itemId: paidItems[0]!.id, choice: 'cancel' }),
    );
    expect(none.message).toBe(M.noIssue);
  });
});

describe('the settings', () => {
  it('the administrator sets the fee and the validity; the next quote uses them; others are refused', async () => {
    const admin = await signedInAdmin(db());
    const refused = await trpcError(
      as(atencion).compras.updateSettings({ feeBasisPoints: 1_000, feeMinimumUsdCents: 0, validHours: 24 }),
    );
    expect(refused.code).toBe('FORBIDDEN');
    const bad = await trpcError(
      as(admin).compras.updateSettings({ feeBasisPoints: 1_000, feeMinimumUsdCents: 0, validHours: 0 }),
    );
    expect(bad.message).toBe(M.validHoursInvalid);
    const saved = await as(admin).compras.updateSettings({
      feeBasisPoints: 1_000,
      feeMinimumUsdCents: 0,
      validHours: 24,
    });
    expect(saved).toEqual({
      settings: { feeBasisPoints: 1_000, feeMinimumUsdCents: 0, validHours: 24 },
      message: M.settingsSaved,
    });
    expect(await as(atencion).compras.settings()).toEqual(saved.settings);
    const before = Date.now();
    const { result } = await quoted(maria);
    // 10 % of 237,98 = 23,798 → 23,80; valid 24 hours from now.
    expect(result.quote.feeUsdCents).toBe(2_380);
    const hours = (new Date(result.validUntil).getTime() - before) / 3600_000;
    expect(hours).toBeGreaterThanOrEqual(24);
    expect(hours).toBeLessThan(24.1);
    await as(admin).compras.updateSettings({ ...COMPRA_DEFAULT_SETTINGS });
  });
});

void PAYMENT_MESSAGES;
