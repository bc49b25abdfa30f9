import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  FILE_MESSAGES,
  PAYMENT_MESSAGES,
  PAYMENT_METHOD_MESSAGES,
  formatVesFromCents,
  usdCentsToVesCentimos,
  type PaymentMethodKind,
  type ReportPaymentInput,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import { emailOutbox, invoices, paymentTransactions } from '../../db/schema';
import { testConfig } from '../../env';
import { diskFileStore } from '../../files/file-store';
import { storeFile } from '../../files/store';
import { createServer } from '../../server';
import { callerFor, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { paymentMethodId, recordRate, signedInAdmin, signedInCustomer } from '../../test/factories';
import { tempStorageDir, tinyPdf, tinyPng, uploadFile } from '../../test/files';

const ADMIN_INBOX = 'operaciones@casillero.test';
const RATE = '36.5';
let database: Database;
let storageDir: string;
let server: Awaited<ReturnType<typeof createServer>>;
const config = () => testConfig({ appUrl: 'http://localhost:3000', storageDir, adminNotifyEmails: [ADMIN_INBOX] });

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
let ana: Customer;
let beto: Customer;

beforeAll(async () => {
  database = await createTestDatabase();
  storageDir = tempStorageDir();
  server = await createServer({ config: config(), database });
  // Today's rate, frozen in the activation invoices issued at sign-up (docs/decisions/021-billing-in-bolivares.md).
  await recordRate(database.db, RATE);
  ana = await signedInCustomer(database.db, { nombre: 'Ana Pagos', type: 'usa' });
  beto = await signedInCustomer(database.db, { nombre: 'Beto Pagos', type: 'china' });
});
afterAll(async () => {
  await server.stop();
  await database.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

const db = () => database.db;
const as = (c: Customer) => callerFor(db(), c.visitor, config());

async function receiptOf(c: Customer, kind: 'receipt' | 'invoice' = 'receipt') {
  const bytes = kind === 'invoice' ? tinyPdf() : tinyPng(c.email);
  const file = await storeFile(db(), diskFileStore(storageDir), {
    ownerUserId: c.user.id,
    kind,
    bytes,
    contentType: kind === 'invoice' ? 'application/pdf' : 'image/png',
    originalName: 'comprobante.png',
    uploadedBy: c.user.id,
  });
  return file.id;
}

let refCounter = 0;
const newReference = () => `REF-${Date.now().toString(36)}-${++refCounter}`;

async function activationOf(c: Customer) {
  const mine = await as(c).payments.mine();
  return mine.find((p) => p.transactionType === 'mailbox_activation')!;
}

/** A payment method of the demo's (Zelle, Binance USDT and cash in dollars; Pago Móvil and transfers in Bs.). */
const method = (kind: PaymentMethodKind) => paymentMethodId(db(), kind);

const paymentEmails = async () =>
  (await db().select().from(emailOutbox).where(eq(emailOutbox.template, 'payment-reported'))).length;

describe('payments.mine and payments.get', () => {
  it('lists the pending activation created at sign-up, reportable, with the mailbox it activates', async () => {
    const mine = await as(ana).payments.mine();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      transactionType: 'mailbox_activation',
      status: 'pending',
      amountUsdCents: 499,
      reportedAt: null,
      receiptUrl: null,
      canReport: true,
    });
    expect(mine[0].mailboxCode).toMatch(/^MV-/);
    expect(await as(ana).payments.get({ id: mine[0].id })).toMatchObject({ id: mine[0].id });
  });

  it("answers NOT_FOUND for another customer's payment and never lists it", async () => {
    const anaPayment = await activationOf(ana);
    expect((await trpcError(as(beto).payments.get({ id: anaPayment.id }))).code).toBe('NOT_FOUND');
    expect((await as(beto).payments.mine()).map((p) => p.id)).not.toContain(anaPayment.id);
  });
});

describe('payments.report', () => {
  it('reports the pending activation in Bs. with the amount left empty: method, reference, receipt; pending at the owed amount at the invoice rate; e-mails the admins', async () => {
    const payment = await activationOf(ana);
    const receiptFileId = await receiptOf(ana);
    const reference = newReference();
    const emailsBefore = await paymentEmails();
    const pagoMovil = await method('pago_movil');
    const answer = await as(ana).payments.report({
      paymentId: payment.id,
      methodId: pagoMovil,
      paymentReference: `  ${reference} `,
      amount: '',
      description: 'Pagado desde la cuenta de mi esposo',
      receiptFileId,
    });
    expect(answer).toEqual({ id: payment.id, message: PAYMENT_MESSAGES.reportedMessage });

    // What is owed on the activation invoice ($4.99), in Bs. at the rate frozen in it.
    const owedVesCents = usdCentsToVesCentimos(499, RATE);
    expect(owedVesCents).toBe(18214);
    const after = await as(ana).payments.get({ id: payment.id });
    expect(after).toMatchObject({
      status: 'pending',
      amountUsdCents: 499,
      amountVesCents: owedVesCents,
      paymentMethod: 'Pago Móvil',
      paymentReference: reference,
      receiptFileId,
      customerNote: 'Pagado desde la cuenta de mi esposo',
      canReport: false,
    });
    expect(after.description).toMatch(/^Activación de casillero/);
    expect(after.reportedAt).not.toBeNull();
    const [row] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, payment.id));
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, row.invoiceId!));
    expect(row).toMatchObject({ currency: 'VES', paymentMethodId: pagoMovil });
    expect(invoice).toMatchObject({
      userId: ana.user.id,
      concept: 'mailbox_activation',
      usdCents: 499,
      vesPerUsd: '36.50000000',
      mailboxId: row.mailboxId,
    });

    // The receipt thumbnail opens through its signed link.
    const image = await server.app.inject({ method: 'GET', url: after.receiptUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    expect(await paymentEmails()).toBe(emailsBefore + 1);
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.template, 'payment-reported'));
    expect(mail.to).toEqual([ADMIN_INBOX]);
    expect(mail.text).toContain(reference);
    expect(mail.text).toContain('Activación de casillero');
    expect(mail.text).toContain('Pago Móvil');
    expect(mail.text).toContain(formatVesFromCents(owedVesCents));
    expect(mail.text).toContain('http://localhost:3000/admin/pagos');
  });

  it('refuses a second report of a payment under review', async () => {
    const payment = await activationOf(ana);
    const err = await trpcError(
      as(ana).payments.report({
        paymentId: payment.id,
        methodId: await method('binance'),
        paymentReference: newReference(),
        receiptFileId: await receiptOf(ana),
      }),
    );
    expect(err.code).toBe('CONFLICT');
    expect(err.message).toBe(PAYMENT_MESSAGES.alreadyReported);

    // Nor a new payment toward its invoice while that report waits for review.
    const [{ invoiceId }] = await db()
      .select({ invoiceId: paymentTransactions.invoiceId })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, payment.id));
    const rowsBefore = (await db().select({ id: paymentTransactions.id }).from(paymentTransactions)).length;
    const onInvoice = await trpcError(
      as(ana).payments.report({
        invoiceId: invoiceId!,
        methodId: await method('zelle'),
        paymentReference: newReference(),
        receiptFileId: await receiptOf(ana),
      }),
    );
    expect(onInvoice.code).toBe('CONFLICT');
    expect(onInvoice.message).toBe(PAYMENT_MESSAGES.alreadyReported);
    expect((await db().select({ id: paymentTransactions.id }).from(paymentTransactions)).length).toBe(rowsBefore);
  });

  it("reports a new credit purchase with its amount, in the method's currency", async () => {
    const reference = newReference();
    const binance = await method('binance');
    const { id } = await as(ana).payments.report({
      transactionType: 'credit_purchase',
      methodId: binance,
      paymentReference: reference,
      amount: 25,
      description: '  Paquete de 5 créditos ',
      receiptFileId: await receiptOf(ana),
    });
    const [row] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
    expect(row).toMatchObject({
      userId: ana.user.id,
      transactionType: 'credit_purchase',
      amountUsdCents: 2500,
      amountVesCents: null,
      currency: 'USD',
      paymentMethod: 'Binance USDT',
      paymentMethodId: binance,
      invoiceId: null,
      status: 'pending',
      paymentReference: reference,
      description: 'Paquete de 5 créditos',
    });
  });

  it('requires the concept and amount for a new payment, the method, the reference and the receipt', async () => {
    const receiptFileId = await receiptOf(ana);
    const rowsBefore = (await db().select({ id: paymentTransactions.id }).from(paymentTransactions)).length;
    const base: ReportPaymentInput = {
      methodId: await method('zelle'),
      paymentReference: newReference(),
      receiptFileId,
      transactionType: 'course_purchase',
      amount: 10,
    };
    const cases: [Partial<ReportPaymentInput>, string][] = [
      [{ transactionType: null }, PAYMENT_MESSAGES.typeRequired],
      [{ amount: '' }, PAYMENT_MESSAGES.amountRequired],
      [{ amount: -3 }, PAYMENT_MESSAGES.amountPositive],
      [{ amount: 0 }, PAYMENT_MESSAGES.amountPositive],
      [{ amount: 10.005 }, PAYMENT_MESSAGES.amountDecimals],
      // Dollars are capped at $100.000 (the Bs. cap is far higher).
      [{ amount: 100_000.01 }, PAYMENT_MESSAGES.amountMax],
      [{ paymentReference: '   ' }, PAYMENT_MESSAGES.referenceRequired],
      [{ methodId: 'Bitcoin' }, PAYMENT_MESSAGES.methodRequired],
      [{ methodId: undefined as never }, PAYMENT_MESSAGES.methodRequired],
      [{ transactionType: 'mailbox_activation' as never }, PAYMENT_MESSAGES.typeRequired],
      [{ receiptFileId: undefined as never }, PAYMENT_MESSAGES.receiptRequired],
    ];
    for (const [change, message] of cases) {
      const err = await trpcError(as(ana).payments.report({ ...base, ...change }));
      expect(err.code, message).toBe('BAD_REQUEST');
      expect(err.message).toBe(message);
    }
    // A method that does not exist is not found.
    const unknown = await trpcError(as(ana).payments.report({ ...base, methodId: randomUUID() }));
    expect(unknown.code).toBe('NOT_FOUND');
    expect(unknown.message).toBe(PAYMENT_METHOD_MESSAGES.notFound);
    expect((await db().select({ id: paymentTransactions.id }).from(paymentTransactions)).length).toBe(rowsBefore);
  });

  it('refuses a second report with the same method and reference, even from another customer, and changes nothing', async () => {
    const reference = newReference();
    const binance = await method('binance');
    await as(ana).payments.report({
      transactionType: 'course_purchase',
      methodId: binance,
      paymentReference: reference,
      amount: 30,
      receiptFileId: await receiptOf(ana),
    });
    const rowsBefore = (await db().select({ id: paymentTransactions.id }).from(paymentTransactions)).length;
    const emailsBefore = await paymentEmails();

    const again = await trpcError(
      as(ana).payments.report({
        transactionType: 'course_purchase',
        methodId: binance,
        paymentReference: reference,
        amount: 30,
        receiptFileId: await receiptOf(ana),
      }),
    );
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toBe(PAYMENT_MESSAGES.duplicateReference);

    // Beto tries to pass Ana's transfer off for his own activation: refused, his payment untouched.
    const betoActivation = await activationOf(beto);
    const stolen = await trpcError(
      as(beto).payments.report({
        paymentId: betoActivation.id,
        methodId: binance,
        paymentReference: reference,
        receiptFileId: await receiptOf(beto),
      }),
    );
    expect(stolen.message).toBe(PAYMENT_MESSAGES.duplicateReference);
    expect(await as(beto).payments.get({ id: betoActivation.id })).toMatchObject({
      reportedAt: null,
      paymentReference: null,
      canReport: true,
    });

    expect((await db().select({ id: paymentTransactions.id }).from(paymentTransactions)).length).toBe(rowsBefore);
    expect(await paymentEmails()).toBe(emailsBefore);

    // The same reference through another method is another transfer.
    await as(ana).payments.report({
      transactionType: 'course_purchase',
      methodId: await method('zelle'),
      paymentReference: reference,
      amount: 30,
      receiptFileId: await receiptOf(ana),
    });
  });

  it('compares references ignoring case and whitespace, per method, and stores them as typed', async () => {
    const report = async (c: Customer, kind: 'zelle' | 'binance', paymentReference: string) =>
      as(c).payments.report({
        transactionType: 'course_purchase',
        methodId: await method(kind),
        paymentReference,
        amount: 30,
        receiptFileId: await receiptOf(c),
      });
    const first = await report(ana, 'zelle', 'ABC123');
    const rowsBefore = (await db().select({ id: paymentTransactions.id }).from(paymentTransactions)).length;
    const emailsBefore = await paymentEmails();

    for (const [who, typed] of [
      [ana, 'abc 123'],
      [beto, ' a B c\t1 2 3 '],
    ] as const) {
      const again = await trpcError(report(who, 'zelle', typed));
      expect(again.code).toBe('CONFLICT');
      expect(again.message).toBe(PAYMENT_MESSAGES.duplicateReference);
    }
    expect((await db().select({ id: paymentTransactions.id }).from(paymentTransactions)).length).toBe(rowsBefore);
    expect(await paymentEmails()).toBe(emailsBefore);

    // Another method is another transfer; the reference is kept as the customer typed it (trimmed).
    const other = await report(ana, 'binance', '  abc 123 ');
    const stored = await db()
      .select({
        id: paymentTransactions.id,
        method: paymentTransactions.paymentMethod,
        reference: paymentTransactions.paymentReference,
      })
      .from(paymentTransactions)
      .where(
        and(eq(paymentTransactions.userId, ana.user.id), eq(paymentTransactions.transactionType, 'course_purchase')),
      );
    expect(stored).toEqual(
      expect.arrayContaining([
        { id: first.id, method: 'Zelle', reference: 'ABC123' },
        { id: other.id, method: 'Binance USDT', reference: 'abc 123' },
      ]),
    );
  });

  it("cannot report on another customer's payment nor attach their receipt or a non-receipt file", async () => {
    const betoActivation = await activationOf(beto);
    const onForeign = await trpcError(
      as(ana).payments.report({
        paymentId: betoActivation.id,
        methodId: await method('zelle'),
        paymentReference: newReference(),
        receiptFileId: await receiptOf(ana),
      }),
    );
    expect(onForeign.code).toBe('NOT_FOUND');
    expect(await as(beto).payments.get({ id: betoActivation.id })).toMatchObject({ reportedAt: null });

    const foreignReceipt = await trpcError(
      as(ana).payments.report({
        transactionType: 'course_purchase',
        amount: 5,
        methodId: await method('zelle'),
        paymentReference: newReference(),
        receiptFileId: await receiptOf(beto),
      }),
    );
    expect(foreignReceipt.code).toBe('NOT_FOUND');
    expect(foreignReceipt.message).toBe(PAYMENT_MESSAGES.receiptNotFound);

    const invoice = await trpcError(
      as(ana).payments.report({
        transactionType: 'course_purchase',
        amount: 5,
        methodId: await method('zelle'),
        paymentReference: newReference(),
        receiptFileId: await receiptOf(ana, 'invoice'),
      }),
    );
    expect(invoice.message).toBe(PAYMENT_MESSAGES.receiptNotFound);
  });

  it('refuses a receipt that is not an image at upload, so it can never be attached', async () => {
    const res = await uploadFile(server.app, Buffer.from('%!PS-Adobe-3.0 no soy una imagen'), {
      token: ana.visitor.token,
      filename: 'pago.jpg',
      contentType: 'image/jpeg',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(FILE_MESSAGES.notAnImage);
  });

  it('a rejected payment can be reported again and goes back to pending; a completed one cannot', async () => {
    const activation = await activationOf(beto);
    await db()
      .update(paymentTransactions)
      .set({ status: 'failed', processedAt: new Date(), metadata: { admin_notes: 'Referencia no encontrada' } })
      .where(eq(paymentTransactions.id, activation.id));
    expect((await as(beto).payments.get({ id: activation.id })).canReport).toBe(true);
    const reference = newReference();
    await as(beto).payments.report({
      paymentId: activation.id,
      methodId: await method('binance'),
      paymentReference: reference,
      receiptFileId: await receiptOf(beto),
    });
    const again = await as(beto).payments.get({ id: activation.id });
    expect(again).toMatchObject({
      status: 'pending',
      processedAt: null,
      paymentReference: reference,
      adminNotes: 'Referencia no encontrada',
    });

    await db()
      .update(paymentTransactions)
      .set({ status: 'completed' })
      .where(and(eq(paymentTransactions.id, activation.id)));
    const err = await trpcError(
      as(beto).payments.report({
        paymentId: activation.id,
        methodId: await method('binance'),
        paymentReference: newReference(),
        receiptFileId: await receiptOf(beto),
      }),
    );
    expect(err.code).toBe('CONFLICT');
    expect(err.message).toBe(PAYMENT_MESSAGES.alreadyProcessed);
  });

  it('is for signed-in customers only', async () => {
    const err = await trpcError(callerFor(db()).payments.mine());
    expect(err.code).toBe('UNAUTHORIZED');
    const admin = await signedInAdmin(db());
    expect(await callerFor(db(), admin.visitor, config()).payments.mine()).toEqual([]);
  });
});
