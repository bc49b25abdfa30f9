// Billing in bolívares (docs/decisions/021-billing-in-bolivares.md): rates frozen on invoices, gapless numbers, the ledger with
// partial and over-payments, approvals that credit once under concurrency, corrections as new
// entries, shipments invoiced. Invoices issued by staff, and the rates and payment methods staff
// keep: billing-staff-invoices.test.ts, exchange-rates.test.ts, payment-methods.test.ts.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  ACTIVATION_COST_USD_CENTS,
  BILLING_MESSAGES,
  DELIVERY_FEE_DEFAULTS_USD_CENTS,
  PAYMENT_MESSAGES,
  usdCentsToVesCentimos,
  vesCentimosToUsdCents,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import { invoiceCounters, invoices, ledgerEntries, mailboxes, packages, paymentTransactions } from '../../db/schema';
import { testConfig } from '../../env';
import { diskFileStore } from '../../files/file-store';
import { storeFile } from '../../files/store';
import { businessToday } from '../../lib/business-clock';
import { issueInvoice } from '../../services/billing/invoices';
import { openMailboxWithActivation } from '../../services/accounts';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import {
  paymentMethodId,
  recordRate,
  signedInAdmin,
  signedInCustomer,
  signedInStaff,
  homeDeliveryTo,
} from '../../test/factories';
import { tempStorageDir, tinyPng } from '../../test/files';

let database: Database;
let storageDir: string;
const config = () => testConfig({ appUrl: TEST_APP_URL, storageDir });
type Person = { visitor: Parameters<typeof callerFor>[1]; user: { id: string }; email: string };
let admin: Person;
let caja: Person;

beforeAll(async () => {
  database = await createTestDatabase();
  storageDir = tempStorageDir();
  admin = await signedInAdmin(database.db);
  caja = await signedInStaff(database.db, 'caja');
});
afterAll(async () => {
  await database.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});
const db = () => database.db;
const as = (p: Person) => callerFor(db(), p.visitor, config());

const USA_CENTS = ACTIVATION_COST_USD_CENTS.usa;
const CHINA_CENTS = ACTIVATION_COST_USD_CENTS.china;
const daysAgo = (n: number) => businessToday(new Date(Date.now() - n * 86_400_000));

let refSerial = 0;
const reference = () => `BILL${Date.now().toString(36).toUpperCase()}${++refSerial}`;

async function receipt(p: Person) {
  const file = await storeFile(db(), diskFileStore(storageDir), {
    ownerUserId: p.user.id,
    kind: 'receipt',
    bytes: tinyPng(p.email),
    contentType: 'image/png',
    originalName: 'comprobante.png',
    uploadedBy: p.user.id,
  });
  return file.id;
}

async function activationInvoice(c: Person) {
  const { invoices: mine } = await as(c).billing.mine();
  return mine.find((i) => i.concept === 'mailbox_activation')!;
}

async function approve(paymentId: string) {
  return as(caja).payments.review({ id: paymentId, status: 'completed', adminNotes: null });
}

describe('invoices keep the rate of the day they were issued', () => {
  it('changing today’s rate never changes an issued invoice; the next invoice uses the new one', async () => {
    await as(caja).exchangeRates.record({ rateDate: businessToday(), vesPerUsd: '36.5', source: 'BCV' });
    const ana = await signedInCustomer(db(), { nombre: 'Ana Tasa' });
    const issued = await activationInvoice(ana);
    expect(issued).toMatchObject({
      usdCents: USA_CENTS,
      vesPerUsd: '36.50000000',
      rateDate: businessToday(),
      rateIsEarlier: false,
      status: 'pending',
    });
    expect(issued.vesCentimos).toBe(usdCentsToVesCentimos(USA_CENTS, '36.5'));
    expect(issued.number).toMatch(new RegExp(`^F-${businessToday().slice(0, 4)}-\\d{6}$`));

    await as(caja).exchangeRates.record({ rateDate: businessToday(), vesPerUsd: '41.25', source: 'BCV' });
    const again = await activationInvoice(ana);
    expect({ rate: again.vesPerUsd, ves: again.vesCentimos, owed: again.remainingVesCentimos }).toEqual({
      rate: '36.50000000',
      ves: usdCentsToVesCentimos(USA_CENTS, '36.5'),
      owed: usdCentsToVesCentimos(USA_CENTS, '36.5'),
    });
    // The charge in the ledger carries the same frozen Bs. amount.
    const [charge] = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.invoiceId, issued.id), eq(ledgerEntries.kind, 'charge')));
    expect(charge).toMatchObject({ usdCents: USA_CENTS, vesCentimos: issued.vesCentimos, vesPerUsd: '36.50000000' });

    const beto = await signedInCustomer(db(), { nombre: 'Beto Tasa' });
    expect((await activationInvoice(beto)).vesPerUsd).toBe('41.25000000');
  });

  it('without a rate for today the latest one is used and the invoice says so', async () => {
    const fresh = await createTestDatabase();
    try {
      const c = await signedInCustomer(fresh.db, { nombre: 'Sin Tasa' });
      const [noRate] = (await callerFor(fresh.db, c.visitor, config()).billing.mine()).invoices;
      expect({ rate: noRate.vesPerUsd, ves: noRate.vesCentimos }).toEqual({ rate: null, ves: null });
      await recordRate(fresh.db, '39.9', daysAgo(2));
      const d = await signedInCustomer(fresh.db, { nombre: 'Tasa Vieja' });
      const [older] = (await callerFor(fresh.db, d.visitor, config()).billing.mine()).invoices;
      expect(older).toMatchObject({
        vesPerUsd: '39.90000000',
        rateDate: daysAgo(2),
        issueDate: businessToday(),
        rateIsEarlier: true,
      });
      const staff = await signedInStaff(fresh.db, 'caja');
      expect(await callerFor(fresh.db, staff.visitor, config()).exchangeRates.today()).toMatchObject({
        hasToday: false,
        rate: { rateDate: daysAgo(2) },
      });
    } finally {
      await fresh.close();
    }
  });
});

describe('invoice numbers', () => {
  it('are consecutive per year with no gaps, even when an issuing transaction rolls back', async () => {
    const c = await signedInCustomer(db(), { nombre: 'Numeración' });
    const year = Number(businessToday().slice(0, 4));
    const [before] = await db().select().from(invoiceCounters).where(eq(invoiceCounters.year, year));
    await db()
      .transaction(async (tx) => {
        await issueInvoice(tx, {
          userId: c.user.id,
          concept: 'course_purchase',
          description: 'Curso',
          lines: [{ description: 'Curso', usdCents: 1000 }],
        });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const issued = await Promise.all(
      [1, 2, 3].map(() =>
        db().transaction((tx) =>
          issueInvoice(tx, {
            userId: c.user.id,
            concept: 'course_purchase',
            description: 'Curso',
            lines: [{ description: 'Curso', usdCents: 1000 }],
          }),
        ),
      ),
    );
    const sequences = issued.map((i) => i.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual([before.lastNumber + 1, before.lastNumber + 2, before.lastNumber + 3]);
    const all = await db().select({ sequence: invoices.sequence }).from(invoices).where(eq(invoices.year, year));
    const sorted = all.map((r) => r.sequence).sort((a, b) => a - b);
    expect(sorted).toEqual(sorted.map((_, i) => i + 1));
  });
});

describe('the ledger', () => {
  it('a partial payment in bolívares leaves the invoice partly paid; the rest pays it and activates the mailbox', async () => {
    await recordRate(db(), '50');
    const c = await signedInCustomer(db(), { nombre: 'Pago Parcial' });
    const invoice = await activationInvoice(c);
    const pagoMovil = await paymentMethodId(db(), 'pago_movil');
    const owedVes = invoice.vesCentimos!;
    const partialVes = Math.floor(owedVes / 2);
    const first = await as(c).payments.report({
      paymentId: invoice.openPaymentId,
      methodId: pagoMovil,
      paymentReference: reference(),
      amount: partialVes / 100,
      receiptFileId: await receipt(c),
    });
    const [row] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, first.id));
    expect(row).toMatchObject({
      currency: 'VES',
      amountVesCents: partialVes,
      paymentMethod: 'Pago Móvil',
      invoiceId: invoice.id,
    });
    expect(row.amountUsdCents).toBe(vesCentimosToUsdCents(partialVes, invoice.vesPerUsd!));
    await approve(first.id);

    const partly = await activationInvoice(c);
    const creditedCents = vesCentimosToUsdCents(partialVes, invoice.vesPerUsd!);
    expect(partly).toMatchObject({ status: 'partial', remainingUsdCents: USA_CENTS - creditedCents, canReport: true });
    const [mailbox] = await db().select().from(mailboxes).where(eq(mailboxes.userId, c.user.id));
    expect(mailbox.status).toBe('inactive');

    // The rest, with the amount left empty: what is still owed, at the invoice's own rate.
    const second = await as(c).payments.report({
      invoiceId: invoice.id,
      methodId: pagoMovil,
      paymentReference: reference(),
      receiptFileId: await receipt(c),
    });
    const [rest] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, second.id));
    expect(rest.amountVesCents).toBe(usdCentsToVesCentimos(USA_CENTS - creditedCents, invoice.vesPerUsd!));
    const reviewed = await approve(second.id);
    expect(reviewed).toMatchObject({ invoiceId: invoice.id, invoicePaid: true, mailboxActivated: mailbox.mailboxCode });
    expect(await activationInvoice(c)).toMatchObject({ status: 'paid', remainingUsdCents: 0, canReport: false });
    expect((await as(c).billing.mine()).balance).toMatchObject({
      balanceUsdCents: 0,
      creditUsdCents: 0,
      openInvoices: 0,
    });
  });

  it('an amount below one cent or one céntimo is refused, and bolívares never become a cent they are not worth', async () => {
    await recordRate(db(), '36.5');
    const c = await signedInCustomer(db(), { nombre: 'Centavo Exacto' });
    const invoice = await activationInvoice(c);
    const zelle = await paymentMethodId(db(), 'zelle');
    const pagoMovil = await paymentMethodId(db(), 'pago_movil');
    const report = async (methodId: string, amount: number) =>
      trpcError(
        as(c).payments.report({
          invoiceId: invoice.id,
          methodId,
          paymentReference: reference(),
          amount,
          receiptFileId: await receipt(c),
        }),
      );
    expect((await report(zelle, 1e-9)).message).toBe(PAYMENT_MESSAGES.amountPositive);
    expect((await report(pagoMovil, 1e-9)).message).toBe(PAYMENT_MESSAGES.amountPositive);
    // Bs. 0,10 at the invoice's rate is 0,27 of a cent: not rounded up to $0,01 any more.
    expect((await report(pagoMovil, 0.1)).message).toBe(PAYMENT_MESSAGES.amountUnderOneCent);
    expect(
      await db()
        .select()
        .from(paymentTransactions)
        .where(and(eq(paymentTransactions.userId, c.user.id), sql`${paymentTransactions.reportedAt} is not null`)),
    ).toEqual([]);
  });

  it('an overpayment becomes credit that the next invoice uses', async () => {
    const c = await signedInCustomer(db(), { nombre: 'Sobrepago' });
    const invoice = await activationInvoice(c);
    const zelle = await paymentMethodId(db(), 'zelle');
    const paid = await as(c).payments.report({
      paymentId: invoice.openPaymentId,
      methodId: zelle,
      paymentReference: reference(),
      amount: 20,
      receiptFileId: await receipt(c),
    });
    await approve(paid.id);
    expect(await activationInvoice(c)).toMatchObject({ status: 'paid' });
    const credit = 2000 - USA_CENTS;
    expect((await as(c).billing.mine()).balance).toMatchObject({ balanceUsdCents: -credit, creditUsdCents: credit });

    // A China mailbox: its activation invoice is paid from the credit at once, and activates it.
    await db().transaction((tx) => openMailboxWithActivation(tx, c.user.id, 'china'));
    const { invoices: mine, balance } = await as(c).billing.mine();
    expect(mine.map((i) => i.status)).toEqual(['paid', 'paid']);
    const left = 2000 - USA_CENTS - CHINA_CENTS;
    expect(balance).toMatchObject({ balanceUsdCents: -left, creditUsdCents: left, openInvoices: 0 });
    const boxes = await db()
      .select({ status: mailboxes.status })
      .from(mailboxes)
      .where(eq(mailboxes.userId, c.user.id));
    expect(boxes.map((b) => b.status)).toEqual(['active', 'active']);
    // Nothing is left to report: the China activation's open payment is no longer asked for.
    expect((await as(c).payments.mine()).filter((p) => p.canReport)).toEqual([]);
    expect(mine.every((i) => !i.canReport && i.openPaymentId === null)).toBe(true);
    const kinds = (await as(caja).billing.customerAccount({ userId: c.user.id })).ledger.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'credit_applied')).toHaveLength(2);
  });

  it('staff and customer read one Bs. figure for one debt: each open invoice at its own frozen rate, never today’s', async () => {
    const c = await signedInCustomer(db(), { nombre: 'Una Cifra' });
    const issueAt = async (rate: string, amountUsd: number) => {
      await recordRate(db(), rate);
      return as(caja).billing.issue({
        userId: c.user.id,
        concept: 'course_purchase',
        description: 'Curso',
        lines: [{ description: 'Curso', amountUsd }],
      });
    };
    await issueAt('47.3311', 12.34);
    await issueAt('52.0007', 7.77);
    await recordRate(db(), '63.5');
    const mine = await as(c).billing.mine();
    const open = mine.invoices.filter((i) => i.status === 'pending' || i.status === 'partial');
    const frozen = open.reduce((sum, i) => sum + i.remainingVesCentimos!, 0);
    expect(frozen).toBeGreaterThan(0);
    const staffView = (await as(caja).billing.customerAccount({ userId: c.user.id })).balance;
    expect(mine.balance).toMatchObject({ owedVesCentimos: frozen, owedWithoutRateUsdCents: 0 });
    expect(staffView).toMatchObject({ owedVesCentimos: frozen, owedWithoutRateUsdCents: 0 });
    // Today's rate would give another figure: it is not the one shown.
    expect(usdCentsToVesCentimos(mine.balance.balanceUsdCents, '63.5')).not.toBe(frozen);
  });

  it('fifty concurrent approvals of one payment credit it once', async () => {
    const c = await signedInCustomer(db(), { nombre: 'Concurrencia' });
    const invoice = await activationInvoice(c);
    const paid = await as(c).payments.report({
      paymentId: invoice.openPaymentId,
      methodId: await paymentMethodId(db(), 'zelle'),
      paymentReference: reference(),
      receiptFileId: await receipt(c),
    });
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => approve(paid.id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paid.id));
    expect(entries.map((e) => e.usdCents)).toEqual([-USA_CENTS]);
    expect((await as(c).billing.mine()).balance.balanceUsdCents).toBe(0);
  });

  it('is append-only: the database refuses to change or delete an entry', async () => {
    const [entry] = await db().select().from(ledgerEntries).limit(1);
    await expect(db().execute(sql`update ledger_entries set usd_cents = 0 where id = ${entry.id}`)).rejects.toThrow();
    await expect(db().execute(sql`delete from ledger_entries where id = ${entry.id}`)).rejects.toThrow();
    const [after] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.id, entry.id));
    expect(after.usdCents).toBe(entry.usdCents);
  });

  it('corrections are new entries: an adjustment in the customer’s favour pays open invoices; a refund cannot exceed the credit', async () => {
    const c = await signedInCustomer(db(), { nombre: 'Ajustes' });
    const err = await trpcError(
      as(caja).billing.recordEntry({ userId: c.user.id, kind: 'refund', amountUsd: 1, reason: 'Devolución' }),
    );
    expect(err.message).toBe(BILLING_MESSAGES.refundExceedsCredit);
    await as(caja).billing.recordEntry({
      userId: c.user.id,
      kind: 'adjustment',
      amountUsd: -10,
      reason: 'Compensación por retraso',
    });
    const account = await as(caja).billing.customerAccount({ userId: c.user.id });
    expect(account.invoices[0].status).toBe('paid');
    expect(account.balance.creditUsdCents).toBe(1000 - USA_CENTS);
    await as(caja).billing.recordEntry({
      userId: c.user.id,
      kind: 'refund',
      amountUsd: (1000 - USA_CENTS) / 100,
      reason: 'Devuelto por Zelle',
    });
    expect((await as(caja).billing.customerAccount({ userId: c.user.id })).balance).toMatchObject({
      balanceUsdCents: 0,
      creditUsdCents: 0,
    });
    const almacen = await signedInStaff(db(), 'almacen');
    expect((await trpcError(as(almacen).billing.customerAccount({ userId: c.user.id }))).code).toBe('FORBIDDEN');
  });

  it('a customer sees only their own invoices', async () => {
    const a = await signedInCustomer(db(), { nombre: 'Dueña' });
    const b = await signedInCustomer(db(), { nombre: 'Ajena' });
    const invoice = await activationInvoice(a);
    expect((await as(a).billing.invoice({ id: invoice.id })).number).toBe(invoice.number);
    expect((await trpcError(as(b).billing.invoice({ id: invoice.id }))).code).toBe('NOT_FOUND');
    const err = await trpcError(
      as(b).payments.report({
        invoiceId: invoice.id,
        methodId: await paymentMethodId(db(), 'zelle'),
        paymentReference: reference(),
        receiptFileId: await receipt(b),
      }),
    );
    expect(err.code).toBe('NOT_FOUND');
    expect((await as(b).billing.mine()).invoices.map((i) => i.id)).not.toContain(invoice.id);
  });
});

describe('shipments are invoiced', () => {
  it('a shipment’s cost is an invoice with the storage fee as its own line; removing the shipment voids it and keeps the number', async () => {
    const c = await signedInCustomer(db(), { nombre: 'Envío Facturado' });
    const [mailbox] = await db()
      .update(mailboxes)
      .set({ status: 'active' })
      .where(eq(mailboxes.userId, c.user.id))
      .returning();
    const [pkg] = await db()
      .insert(packages)
      .values({
        userId: c.user.id,
        mailboxId: mailbox.id,
        trackingNumber: `1Z${Date.now()}`,
        packageDescription: 'Zapatos',
        weightKg: 2,
        status: 'in_warehouse',
        receivedDate: new Date(Date.now() - 40 * 86_400_000),
      })
      .returning();
    const created = await as(admin).shipments.create({
      userId: c.user.id,
      packageIds: [pkg.id],
      ...(await homeDeliveryTo(db(), c.user.id, {
        address: 'Av. Principal 1',
        city: 'Caracas',
        state: 'Distrito Capital',
      })),
      estimatedDelivery: null,
      shippingCostUsdCents: 2550,
    });
    const invoice = (await as(c).billing.mine()).invoices.find((i) => i.concept === 'shipping_payment')!;
    const storageCents = created.storageFeeUsdCents;
    expect(storageCents).toBeGreaterThan(0);
    // Home delivery in Caracas: the zone's fee is the invoice's third line (docs/product/last-mile.md#delivery).
    const deliveryCents = DELIVERY_FEE_DEFAULTS_USD_CENTS.caracas;
    expect(created.deliveryFeeUsdCents).toBe(deliveryCents);
    expect(invoice).toMatchObject({
      usdCents: 2550 + storageCents + deliveryCents,
      status: 'pending',
      shipmentCode: created.shipmentCode,
    });
    expect(invoice.lines.map((l) => l.usdCents)).toEqual([2550, storageCents, deliveryCents]);
    await as(admin).shipments.remove({ id: created.id });
    const voided = (await as(c).billing.mine()).invoices.find((i) => i.id === invoice.id)!;
    expect(voided).toMatchObject({ status: 'void', number: invoice.number, remainingUsdCents: 0 });
  });
});
