// "Reportar pago" on the WhatsApp desk, all through the signed webhook (docs/product/whatsapp-desk.md#reporting-a-payment):
// from "hola" to a report in the cashier's queue with the receipt downloaded from WhatsApp (a
// fake Graph API on loopback), approved by the cashier and told back to the customer; nothing is
// reported before the receipt; "cancelar", a menu button, a bad answer, a receipt that is no image
// and a reference already paid each end or hold the report as the customer would expect.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { DESK_BUTTONS, DESK_PATHS, WHATSAPP_DESK_MESSAGES as M } from '@casillero/shared';
import type { Database } from '../../db/client';
import { invoices, paymentTransactions, storedFiles, whatsappPaymentReports } from '../../db/schema';
import type { testConfig } from '../../env';
import { WHATSAPP_TEMPLATES } from '../../messaging/whatsapp-templates';
import { createServer } from '../../server';
import { callerFor, TEST_APP_URL } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { paymentMethodId, recordRate, signedInStaff } from '../../test/factories';
import { startFakeWhatsappMedia } from '../../test/whatsapp-media';
import {
  answersTo,
  buttonReply,
  customerWithVerifiedWhatsapp,
  lastAnswerAfter,
  deskTestConfig,
  text,
} from '../../test/whatsapp-webhooks';
import { issueInvoice } from '../billing/invoices';

let database: Database;
let server: Awaited<ReturnType<typeof createServer>>;
let whatsapp: Awaited<ReturnType<typeof startFakeWhatsappMedia>>;
let receiptPng: Buffer;
let config: ReturnType<typeof testConfig>;
const db = () => database.db;

beforeAll(async () => {
  receiptPng = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#f4f4f4' } })
    .png()
    .toBuffer();
  whatsapp = await startFakeWhatsappMedia();
  config = deskTestConfig(whatsapp.settings);
  database = await createTestDatabase();
  server = await createServer({ config, database });
  await recordRate(db(), '40');
});
afterAll(async () => {
  await server.stop();
  await database.close();
  await whatsapp.close();
});

/** The customer writes, taps or sends this; the desk's last answer, as they read it. */
const say = (phone: string, body: Parameters<typeof lastAnswerAfter>[3]) => lastAnswerAfter(server, db(), phone, body);

const photo = (bytes: Buffer, mime?: string) => whatsapp.photo(bytes, mime);

async function customer(nombre: string) {
  const c = await customerWithVerifiedWhatsapp(db(), nombre);
  // The sign-up's invoice out of the way: each test issues what the customer owes.
  await db().update(invoices).set({ voidedAt: new Date() }).where(eq(invoices.userId, c.user.id));
  return c;
}

const invoiceOf = (userId: string, usdCents: number) =>
  db().transaction((tx) =>
    issueInvoice(tx, {
      userId,
      concept: 'course_purchase',
      description: 'Curso de importación',
      lines: [{ description: 'Curso', usdCents, kind: 'course' }],
    }),
  );

/** The customer's reported payments (a new account's pending activation has no reference). */
const reportsOf = (userId: string) =>
  db()
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.userId, userId), isNotNull(paymentTransactions.paymentReference)));

/** The number the desk listed `name` under in its last question. */
const numberOf = (question: string, name: string) =>
  /(\d+)\. /.exec(question.split('\n').find((l) => l.includes(name)) ?? '')?.[1];

describe('Reportar pago por WhatsApp', () => {
  it('from "hola" to the cashier approving it: asked step by step, reported with the receipt, told back', async () => {
    await paymentMethodId(db(), 'pago_movil');
    await paymentMethodId(db(), 'zelle');
    const ana = await customer('Ana Reporta');
    const first = await invoiceOf(ana.user.id, 2_500);
    const second = await invoiceOf(ana.user.id, 4_000);

    expect(await say(ana.phone, text('hola'))).toContain('escribe «pagué»');
    const invoiceQuestion = await say(ana.phone, text('Ya pagué la factura'));
    expect(invoiceQuestion).toContain(M.payInvoiceLine(1, first.number, '$25,00'));
    expect(invoiceQuestion).toContain(M.payInvoiceLine(2, second.number, '$40,00'));
    expect(await say(ana.phone, text('3'))).toBe(M.payNotAChoice(2));

    const methodQuestion = await say(ana.phone, text('2'));
    expect(methodQuestion).toContain(`de la factura ${second.number}`);
    const pagoMovil = numberOf(methodQuestion, 'Pago Móvil (Bs.)');
    expect(pagoMovil).toBeDefined();
    expect(await say(ana.phone, text(pagoMovil!))).toBe(M.payAskReference);
    // "pagué" with no reference yet: asked for it, nothing reported.
    expect(await reportsOf(ana.user.id)).toEqual([]);

    const reference = `PM${Date.now().toString().slice(-8)}`;
    expect(await say(ana.phone, text(reference))).toBe(M.payAskAmount('bolívares', 'Bs. 1.600,00'));
    expect(await say(ana.phone, text('mucho'))).toBe(M.payAmountInvalid);
    expect(await say(ana.phone, text('todo'))).toBe(M.payAskReceipt);
    expect(await say(ana.phone, text('ahí te va'))).toBe(M.payReceiptMissing);
    expect(await reportsOf(ana.user.id)).toEqual([]);

    expect(await say(ana.phone, photo(receiptPng, 'image/png'))).toBe(
      M.payReported(second.number, 'Bs. 1.600,00', reference),
    );
    const [payment] = await reportsOf(ana.user.id);
    expect(payment).toMatchObject({
      status: 'pending',
      paymentReference: reference,
      currency: 'VES',
      invoiceId: second.id,
      amountUsdCents: 4_000,
    });
    const [receipt] = await db().select().from(storedFiles).where(eq(storedFiles.id, payment!.receiptFileId!));
    expect(receipt).toMatchObject({ ownerUserId: ana.user.id, kind: 'receipt', contentType: 'image/png' });
    expect(await db().select().from(whatsappPaymentReports).where(eq(whatsappPaymentReports.phone, ana.phone))).toEqual(
      [],
    );

    // The cashier approves it in the queue; Ana is told on WhatsApp.
    const caja = await signedInStaff(db(), 'caja');
    await callerFor(db(), caja.visitor, config).payments.review({ id: payment!.id, status: 'completed' });
    const answers = await answersTo(db(), ana.phone);
    expect(answers[answers.length - 1]).toMatchObject({ template: WHATSAPP_TEMPLATES.payment.name });
  });

  it('"cancelar", a menu button and a receipt that is no image leave nothing reported', async () => {
    await paymentMethodId(db(), 'zelle');
    const beto = await customer('Beto Cancela');
    await invoiceOf(beto.user.id, 1_000);

    // One open invoice: no need to choose it.
    expect(await say(beto.phone, text('reportar pago'))).toContain('¿Con qué método pagaste?');
    expect(await say(beto.phone, text('Cancelar'))).toBe(M.payCancelled);
    expect(await say(beto.phone, text('1'))).toContain(M.menuBody);

    await say(beto.phone, text('pagué'));
    // The menu's button leaves the report and is answered.
    expect(await say(beto.phone, buttonReply(DESK_BUTTONS.packages.id, DESK_BUTTONS.packages.title))).toBe(
      M.packagesNone,
    );
    expect(
      await db().select().from(whatsappPaymentReports).where(eq(whatsappPaymentReports.phone, beto.phone)),
    ).toEqual([]);

    const methods = await say(beto.phone, text('pagué'));
    await say(beto.phone, text(numberOf(methods, 'Zelle')!));
    await say(beto.phone, text('ZL-998877'));
    await say(beto.phone, text('10'));
    expect(await say(beto.phone, photo(Buffer.from('%PDF-1.4 no es una foto'), 'image/jpeg'))).toBe(
      M.payReceiptUnreadable,
    );
    expect(await reportsOf(beto.user.id)).toEqual([]);
    // Still at the receipt: a good photo finishes it.
    const [owed] = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, beto.user.id), isNull(invoices.voidedAt)));
    expect(await say(beto.phone, photo(receiptPng, 'image/png'))).toBe(
      M.payReported(owed!.number, '$10,00', 'ZL-998877'),
    );
    expect(await reportsOf(beto.user.id)).toHaveLength(1);
  });

  it('a customer who owes nothing is sent to the web; a reference already paid is refused as the web refuses it', async () => {
    const carla = await customer('Carla Al Día');
    expect(await say(carla.phone, text('ya pagué'))).toBe(M.payNoInvoices(`${TEST_APP_URL}${DESK_PATHS.invoices}`));

    await paymentMethodId(db(), 'zelle');
    const invoice = await invoiceOf(carla.user.id, 3_000);
    const dario = await customer('Darío Otro');
    await invoiceOf(dario.user.id, 3_000);
    // Darío's payment with this reference was approved already.
    const methods = await say(dario.phone, text('pagué'));
    await say(dario.phone, text(numberOf(methods, 'Zelle')!));
    await say(dario.phone, text('ZL-DUPLICADA'));
    await say(dario.phone, text('todo'));
    await say(dario.phone, photo(receiptPng, 'image/png'));
    const [paid] = await reportsOf(dario.user.id);
    const caja = await signedInStaff(db(), 'caja');
    await callerFor(db(), caja.visitor, config).payments.review({ id: paid!.id, status: 'completed' });

    const carlaMethods = await say(carla.phone, text('pagué'));
    await say(carla.phone, text(numberOf(carlaMethods, 'Zelle')!));
    await say(carla.phone, text('zl-duplicada'));
    await say(carla.phone, text('todo'));
    const refused = await say(carla.phone, photo(receiptPng, 'image/png'));
    expect(refused.startsWith(M.payRefused(''))).toBe(true);
    expect(await reportsOf(carla.user.id)).toEqual([]);
    expect(
      await db()
        .select()
        .from(paymentTransactions)
        .where(and(eq(paymentTransactions.invoiceId, invoice.id), eq(paymentTransactions.status, 'pending'))),
    ).toEqual([]);
  });
});
