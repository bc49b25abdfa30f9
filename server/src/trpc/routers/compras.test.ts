// Compra asistida (docs/product/compra-asistida.md): the chain from the customer's request to the
// pre-alert matched at reception, through the quote, its expiry and renewal, the invoice at the
// day's rate paid by Pago Móvil in bolívares and approved by the cashier, the purchase's
// difference as credit or an extra invoice; and the refusals, each changing nothing. When the store
// fails on an item: compras-store-failures.test.ts.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  COMPRA_DEFAULT_SETTINGS,
  COMPRA_MESSAGES as M,
  BILLING_MESSAGES,
  PAYMENT_MESSAGES,
  quoteCompra,
  usdCentsToVesCentimos,
} from '@casillero/shared';
import { auditLog, invoices, ledgerEntries, prealerts, purchaseRequests, purchaseRequestItems } from '../../db/schema';
import { trpcError } from '../../test/caller';
import { customerWithActiveMailbox, paymentMethodId, signedInAdmin } from '../../test/factories';
import {
  RATE,
  almacen,
  as,
  atencion,
  balanceOf,
  caja,
  carlos,
  db,
  maria,
  noticesOf,
  payInBolivares,
  quoted,
  receiptOf,
  requestOf,
  row,
  twoItems,
  useComprasDesk,
} from '../../test/compras';

useComprasDesk();

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
