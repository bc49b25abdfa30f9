// Invoice PDFs over HTTP (docs/product/admin-payments-and-billing.md#invoice-pdf): the PDF is read back with MuPDF (WebAssembly, from
// node_modules), so the test checks what the customer sees on paper: the number, the customer and
// cédula/RIF, the lines, the total in USD and in Bs. with the rate used and its day, the note when
// the rate was an earlier day's, the status and what is still owed; and who may download it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import * as mupdf from 'mupdf';
import {
  ACTIVATION_COST_USD_CENTS,
  AUTH_MESSAGES,
  BILLING_MESSAGES,
  BUSINESS_FISCAL,
  INVOICE_STATUS_LABELS,
  SESSION_COOKIE_NAME,
  formatRate,
  formatUsdCents,
  formatVesCentimos,
  invoicePdfPath,
  usdCentsToVesCentimos,
  vesCentimosToUsdCents,
} from '@casillero/shared';
import type { Database } from '../db/client';
import { invoices, paymentTransactions, userProfiles } from '../db/schema';
import { testConfig } from '../env';
import { businessToday } from '../lib/business-clock';
import { createServer } from '../server';
import { issueInvoice } from '../services/billing/invoices';
import { createTestDatabase } from '../test/db';
import { recordRate, signedInCustomer, signedInStaff } from '../test/factories';

let database: Database;
let server: Awaited<ReturnType<typeof createServer>>;
let caja: Awaited<ReturnType<typeof signedInStaff>>;
let almacen: Awaited<ReturnType<typeof signedInStaff>>;
let atencion: Awaited<ReturnType<typeof signedInStaff>>;
let ana: Awaited<ReturnType<typeof signedInCustomer>>;
let otro: Awaited<ReturnType<typeof signedInCustomer>>;
let sinTasa: Awaited<ReturnType<typeof signedInCustomer>>;
let tasaDeAyer: Awaited<ReturnType<typeof signedInCustomer>>;

const db = () => database.db;
const today = businessToday();
const yesterday = businessToday(new Date(Date.now() - 24 * 3600 * 1000));
const dmy = (iso: string) => iso.split('-').reverse().join('/');
/** The activation fee of a USA casillero, as the invoice charges it. */
const activationCents = ACTIVATION_COST_USD_CENTS.usa;

async function activationInvoiceOf(userId: string) {
  const [invoice] = await db()
    .select()
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.concept, 'mailbox_activation')));
  return invoice!;
}

let baseUrl: string;

/** A download over real HTTP, as the browser makes it: the session cookie and nothing else. */
async function get(path: string, token: string | null | undefined) {
  const res = await fetch(new URL(path, baseUrl), {
    headers: token ? { cookie: `${SESSION_COOKIE_NAME}=${token}` } : {},
  });
  const body = Buffer.from(await res.arrayBuffer());
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return {
    statusCode: res.status,
    headers,
    rawPayload: body,
    json: () => JSON.parse(body.toString('utf8')) as { error?: string },
  };
}

/** The text of every page, joined. */
function pdfText(pdf: Buffer) {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const pages: string[] = [];
  for (let i = 0; i < doc.countPages(); i++)
    pages.push(doc.loadPage(i).toStructuredText('preserve-whitespace').asText());
  return pages.join('\n');
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await createServer({
    config: testConfig({ appUrl: 'http://localhost:3000', port: 0, host: '127.0.0.1' }),
    database,
  });
  baseUrl = await server.listen();
  caja = await signedInStaff(db(), 'caja');
  almacen = await signedInStaff(db(), 'almacen');
  atencion = await signedInStaff(db(), 'atencion');
  // Signed up before any rate was recorded: the activation invoice is in dollars only.
  sinTasa = await signedInCustomer(db(), { nombre: 'Pedro Sin Tasa' });
  // Only yesterday's rate: the invoice uses it and says so.
  await recordRate(db(), '35.1', yesterday);
  tasaDeAyer = await signedInCustomer(db(), { nombre: 'Lucía Tasa de Ayer' });
  // Today's rate, then the customers whose invoices use it.
  await recordRate(db(), '36.5', today);
  ana = await signedInCustomer(db(), { nombre: 'Ana Factura Núñez' });
  otro = await signedInCustomer(db(), { nombre: 'Otro Cliente' });
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
});

describe('GET /api/invoices/:id/pdf', () => {
  it('gives the customer their activation invoice: number, date, customer, the line, the total in USD and in Bs. and the rate with its day', async () => {
    const invoice = await activationInvoiceOf(ana.user.id);
    const res = await get(invoicePdfPath(invoice.id), ana.visitor.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="factura-${invoice.number}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');

    const text = pdfText(res.rawPayload);
    const vesCentimos = usdCentsToVesCentimos(activationCents, '36.5');
    expect(invoice.number).toMatch(new RegExp(`^F-${today.slice(0, 4)}-\\d{6}$`));
    for (const expected of [
      'Casillero Virtual',
      BUSINESS_FISCAL.name,
      `RIF: ${BUSINESS_FISCAL.rif}`,
      `Factura ${invoice.number}`,
      `Fecha de emisión: ${dmy(today)}`,
      'Ana Factura Núñez',
      'Cédula/RIF: no registrada',
      invoice.description,
      formatUsdCents(activationCents),
      formatVesCentimos(vesCentimos),
      BILLING_MESSAGES.rateUsed(formatRate('36.5'), dmy(today)),
      `Estado: ${INVOICE_STATUS_LABELS.pending}`,
    ]) {
      expect(text).toContain(expected);
    }
    // Spelled out as the customer reads them: $4,99, Bs. 182,14 (4,99 × 36,5) and a rate of 36,50.
    expect(formatUsdCents(activationCents)).toBe('$4,99');
    expect(text).toContain(`Bs. ${(vesCentimos / 100).toFixed(2).replace('.', ',')}`);
    expect(text).toContain('36,5');
    // Owed in full, in both currencies at the invoice's rate.
    expect(text).toContain(`${formatUsdCents(activationCents)} · ${formatVesCentimos(vesCentimos)}`);
    expect(text).not.toContain(BILLING_MESSAGES.rateNotToday(dmy(today)));
    expect(text).not.toContain(BILLING_MESSAGES.noRate);
  });

  it('prints the cédula frozen in the invoice, every line and their total in both currencies', async () => {
    await db().update(userProfiles).set({ cedula: 'V-12345678' }).where(eq(userProfiles.userId, ana.user.id));
    const lines = [
      { description: 'Envío ENV-2026-0042: 3,2 kg aéreo', usdCents: 2150 },
      { description: 'Almacenaje (12 días)', usdCents: 600 },
    ];
    const invoice = await db().transaction((tx) =>
      issueInvoice(tx, { userId: ana.user.id, concept: 'shipping_payment', description: 'Envío ENV-2026-0042', lines }),
    );
    const res = await get(invoicePdfPath(invoice.id), ana.visitor.token);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    const total = 2150 + 600;
    for (const expected of [
      'Cédula/RIF: V-12345678',
      'Envío ENV-2026-0042: 3,2 kg aéreo',
      '$21,50',
      'Almacenaje (12 días)',
      '$6,00',
      formatUsdCents(total),
      formatVesCentimos(usdCentsToVesCentimos(total, '36.5')),
      BILLING_MESSAGES.rateUsed(formatRate('36.5'), dmy(today)),
    ]) {
      expect(text).toContain(expected);
    }
    // The earlier invoice keeps the data of the day it was issued.
    const first = pdfText(
      (await get(invoicePdfPath((await activationInvoiceOf(ana.user.id)).id), ana.visitor.token)).rawPayload,
    );
    expect(first).toContain('Cédula/RIF: no registrada');
  });

  it('says when the rate was an earlier day’s, and when there was no rate at all', async () => {
    const earlier = await activationInvoiceOf(tasaDeAyer.user.id);
    const earlierText = pdfText((await get(invoicePdfPath(earlier.id), tasaDeAyer.visitor.token)).rawPayload);
    expect(earlierText).toContain(BILLING_MESSAGES.rateUsed(formatRate('35.1'), dmy(yesterday)));
    expect(earlierText).toContain(BILLING_MESSAGES.rateNotToday(dmy(yesterday)));
    expect(earlierText).toContain(formatVesCentimos(usdCentsToVesCentimos(activationCents, '35.1')));

    const none = await activationInvoiceOf(sinTasa.user.id);
    const noneText = pdfText((await get(invoicePdfPath(none.id), sinTasa.visitor.token)).rawPayload);
    expect(noneText).toContain(BILLING_MESSAGES.noRate);
    expect(noneText).toContain(formatUsdCents(activationCents));
    expect(noneText).not.toContain('Bs.');
  });

  it('shows a partial payment in bolívares: the status, the payment received and what is still owed in USD and in Bs. at the invoice rate', async () => {
    const invoice = await activationInvoiceOf(otro.user.id);
    const [payment] = await db()
      .select({ id: paymentTransactions.id })
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.invoiceId, invoice.id), isNull(paymentTransactions.reportedAt)));
    // The customer reported Bs. 100,00 by Pago Móvil; the cashier approves it.
    await db()
      .update(paymentTransactions)
      .set({
        paymentMethod: 'Pago Móvil',
        currency: 'VES',
        amountVesCents: 10000,
        amountUsdCents: vesCentimosToUsdCents(10_000, '36.5'),
        paymentReference: '00123456',
        reportedAt: new Date(),
      })
      .where(eq(paymentTransactions.id, payment!.id));
    await caja.caller.payments.review({ id: payment!.id, status: 'completed' });

    const res = await get(invoicePdfPath(invoice.id), caja.visitor.token);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    const totalVes = usdCentsToVesCentimos(activationCents, '36.5');
    const remainingUsd = activationCents - vesCentimosToUsdCents(10_000, '36.5');
    const remainingVes = Math.round((totalVes * remainingUsd) / activationCents);
    for (const expected of [
      `Estado: ${INVOICE_STATUS_LABELS.partial}`,
      'PAGOS RECIBIDOS',
      'Pago Móvil',
      '00123456',
      'Bs. 100,00',
      `${formatUsdCents(remainingUsd)} · ${formatVesCentimos(remainingVes)}`,
    ]) {
      expect(text).toContain(expected);
    }

    // Pagos names the invoice and the currency it was paid in, in its details and in its row.
    const detail = await caja.caller.payments.detail({ id: payment!.id });
    expect(detail).toMatchObject({
      currency: 'VES',
      amountVesCents: 10000,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
    });
    const { rows } = await caja.caller.payments.list({ q: '00123456' });
    expect(
      rows.map((r) => ({ id: r.id, currency: r.currency, invoiceId: r.invoiceId, invoiceNumber: r.invoiceNumber })),
    ).toEqual([{ id: payment!.id, currency: 'VES', invoiceId: invoice.id, invoiceNumber: invoice.number }]);
  });

  it("answers 404 in Spanish for another customer's invoice, a missing one and a malformed id", async () => {
    const anas = await activationInvoiceOf(ana.user.id);
    const others = await get(invoicePdfPath(anas.id), otro.visitor.token);
    expect(others.statusCode).toBe(404);
    expect(others.json().error).toBe(BILLING_MESSAGES.invoiceNotFound);
    const missing = await get(invoicePdfPath('6f1c2b9e-1d7a-4a53-9a0e-2f7b1c3d4e5f'), ana.visitor.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(BILLING_MESSAGES.invoiceNotFound);
    const malformed = await get(invoicePdfPath('no-es-un-id'), caja.visitor.token);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().error).toBe(BILLING_MESSAGES.invoiceNotFound);
  });

  it('lets staff who read payments download any invoice; the warehouse gets 403 and visitors 401', async () => {
    const invoice = await activationInvoiceOf(ana.user.id);
    const url = invoicePdfPath(invoice.id);
    for (const staff of [caja, atencion]) {
      const res = await get(url, staff.visitor.token);
      expect(res.statusCode).toBe(200);
      expect(pdfText(res.rawPayload)).toContain(`Factura ${invoice.number}`);
    }
    const warehouse = await get(url, almacen.visitor.token);
    expect(warehouse.statusCode).toBe(403);
    expect(warehouse.json().error).toBe(AUTH_MESSAGES.forbidden);
    const anonymous = await get(url, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe(AUTH_MESSAGES.unauthorized);
  });
});
