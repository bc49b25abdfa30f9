// Fiscal documents end to end on a real database (docs/product/fiscal-invoices.md): the settings
// (audited; a bad rate refused in Spanish), a factura for a customer with fiscal data and a nota
// de cobro for one without (Acción requerida, then issued as a factura), the taxes on what is
// owed, the control numbers through the outbox with the provider down and back up (each numbered
// once, in order; a lost answer and concurrent rounds never number twice), and IGTF.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { FISCAL_ID_MESSAGES, FISCAL_MESSAGES, igtfOn, usdCentsToVesCentimos } from '@casillero/shared';
import type { Database } from '../../db/client';
import {
  auditLog,
  fiscalControlOutbox,
  fiscalDocuments,
  fiscalIgtfCharges,
  invoices,
  ledgerEntries,
  userProfiles,
} from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { trpcError } from '../../test/caller';
import { recordRate, signedInAdmin, signedInCustomer } from '../../test/factories';
import { creditApprovedPayment } from '../billing/approved-payments';
import { issueInvoice } from '../billing/invoices';
import { invoiceRemaining } from '../billing/ledger';
import { fakeControlNumber, fakeControlNumberProvider } from './control-number-provider';
import { assignDueControlNumbers } from './control-numbers';
import { FISCAL_TEST_SETTINGS, firstFiscalDocumentOf } from '../../test/fiscal';

let database: Database;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
const db = () => database.db;
const log = { info: () => {}, warn: () => {} };

const settings = FISCAL_TEST_SETTINGS;

async function customerWithData(nombre: string) {
  const c = await signedInCustomer(db(), { nombre });
  await db()
    .update(userProfiles)
    .set({ cedula: 'V-12345678', venezuelaAddress: 'Calle 1, Maracay' })
    .where(eq(userProfiles.userId, c.user.id));
  return c;
}

const shippingLines = [
  { description: 'Envío ENV-1', usdCents: 2150, kind: 'shipping' as const },
  { description: 'Seguro', usdCents: 600, kind: 'insurance' as const },
];
const issue = (userId: string, lines = shippingLines) =>
  db().transaction((tx) =>
    issueInvoice(tx, { userId, concept: 'shipping_payment', description: 'Envío ENV-1', lines }),
  );

const docOf = (invoiceId: string) => firstFiscalDocumentOf(db(), invoiceId);
/** The backoff has passed: every waiting request is due again. */
const timePasses = () =>
  db()
    .update(fiscalControlOutbox)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) });

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signedInAdmin(db());
  await recordRate(db(), '36.5');
});
afterAll(() => database?.close());

describe('fiscal settings', () => {
  it('are off until the administrator turns them on: invoices are issued as before', async () => {
    const c = await customerWithData('Antes Fiscal');
    const invoice = await issue(c.user.id);
    expect(invoice.usdCents).toBe(2750);
    expect(await db().select().from(fiscalDocuments).where(eq(fiscalDocuments.invoiceId, invoice.id))).toEqual([]);
  });

  it('refuses a rate outside 0–100 % and a RIF with a wrong check digit, in Spanish', async () => {
    const badRate = await trpcError(admin.caller.fiscal.updateSettings({ ...settings, igtfRatePercent: 101 }));
    expect(badRate.message).toContain(FISCAL_MESSAGES.rateRange);
    const badIva = await trpcError(
      admin.caller.fiscal.updateSettings({
        ...settings,
        taxes: { ...settings.taxes, storage: { treatment: 'iva', ratePercent: -2 } },
      }),
    );
    expect(badIva.message).toContain(FISCAL_MESSAGES.rateRange);
    const badRif = await trpcError(admin.caller.fiscal.updateSettings({ ...settings, rif: 'J-00002961-5' }));
    expect(badRif.message).toContain(FISCAL_ID_MESSAGES.rifCheckDigit);
  });

  it('are saved by the administrator, with an audit entry', async () => {
    const saved = await admin.caller.fiscal.updateSettings(settings);
    expect(saved.settings).toMatchObject({ enabled: true, rif: 'J-00002961-0', igtfBasisPoints: 300 });
    expect(saved.settings.taxes.shipping).toEqual({ treatment: 'iva', rateBasisPoints: 1600 });
    expect(await admin.caller.fiscal.settings()).toEqual(saved.settings);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fiscal.updateSettings'), eq(auditLog.entityId, 'fiscal')));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actorId).toBe(admin.user.id);
  });
});

describe('issuing', () => {
  it('a customer with fiscal data gets a factura: its number at once, waiting for its control number, the taxes owed', async () => {
    const c = await customerWithData('Con Datos');
    const invoice = await issue(c.user.id);
    // Shipping $21,50 at 16 % (IVA $3,44), insurance $6,00 exento: $30,94 owed.
    expect(invoice.usdCents).toBe(2150 + 600 + 344);
    const doc = await docOf(invoice.id);
    expect(doc).toMatchObject({
      kind: 'factura',
      status: 'pendiente_numero_control',
      controlNumber: null,
      issuerRif: 'J-00002961-0',
      customerIdNumber: 'V-12345678',
      customerAddress: 'Calle 1, Maracay',
      baseUsdCents: 2150,
      exemptUsdCents: 600,
      ivaUsdCents: 344,
      totalUsdCents: 3094,
      baseVesCentimos: usdCentsToVesCentimos(2150, '36.5'),
      ivaVesCentimos: usdCentsToVesCentimos(344, '36.5'),
      legalGrounds: ['Art. 16, Ley de IVA'],
    });
    expect(doc.number).toMatch(/^FAC-\d{8}$/);
    expect(invoice.vesCentimos).toBe(doc.totalVesCentimos);
    // The ledger charges the total with its tax.
    expect(await invoiceRemaining(db(), invoice.id)).toBe(3094);
    const [request] = await db().select().from(fiscalControlOutbox).where(eq(fiscalControlOutbox.documentId, doc.id));
    expect(request).toMatchObject({ status: 'pending', attempts: 0 });
    // Facturas shows it.
    const mine = await c.caller.billing.mine();
    expect(mine.invoices.find((i) => i.id === invoice.id)?.fiscal).toMatchObject({
      kind: 'factura',
      number: doc.number,
      controlNumber: null,
    });
  });

  it('a customer without fiscal data gets a nota de cobro, is asked in Acción requerida, and their data turn it into a factura', async () => {
    const c = await signedInCustomer(db(), { nombre: 'Sin Datos' });
    const invoice = await issue(c.user.id);
    const nota = await docOf(invoice.id);
    expect(nota).toMatchObject({ kind: 'nota_de_cobro', status: 'emitida', controlNumber: null, totalUsdCents: 3094 });
    expect(nota.number).toMatch(/^COB-\d{8}$/);
    expect(await db().select().from(fiscalControlOutbox).where(eq(fiscalControlOutbox.documentId, nota.id))).toEqual(
      [],
    );
    const status = await c.caller.fiscal.mine();
    expect(status.complete).toBe(false);
    // The activation invoice of their sign-up is a nota de cobro too.
    expect(status.pendingNotas.map((n) => n.number)).toContain(nota.number);
    expect(status.pendingNotas).toHaveLength(2);
    expect(status.actionRequired).toBe(FISCAL_MESSAGES.actionText(2));

    // A RIF that fails its check digit is refused in Spanish, and nothing changes.
    const bad = await trpcError(
      c.caller.fiscal.saveMine({ name: 'Sin Datos C.A.', idNumber: 'J-00002961-3', address: 'Calle 2, Valencia' }),
    );
    expect(bad.message).toContain(FISCAL_ID_MESSAGES.rifCheckDigit);
    expect((await docOf(invoice.id)).status).toBe('emitida');

    const saved = await c.caller.fiscal.saveMine({
      name: 'Sin Datos C.A.',
      idNumber: 'j000029610',
      address: 'Calle 2, Valencia',
    });
    expect(saved.message).toBe(FISCAL_MESSAGES.customerDataSaved);
    const docs = await db()
      .select()
      .from(fiscalDocuments)
      .where(eq(fiscalDocuments.invoiceId, invoice.id))
      .orderBy(asc(fiscalDocuments.issueOrder));
    expect(docs.map((d) => [d.kind, d.status])).toEqual([
      ['nota_de_cobro', 'reemplazada'],
      ['factura', 'pendiente_numero_control'],
    ]);
    expect(docs[1]).toMatchObject({
      referencesId: nota.id,
      customerIdNumber: 'J-00002961-0',
      customerName: 'Sin Datos C.A.',
      totalUsdCents: 3094,
    });
    expect(saved.facturas).toHaveLength(2);
    expect(saved.facturas).toContain(docs[1]!.number);
    expect((await c.caller.fiscal.mine()).actionRequired).toBeNull();
    // What is owed did not change.
    expect(await invoiceRemaining(db(), invoice.id)).toBe(3094);
    // Both steps are in the audit log, under the customer.
    const entries = await db().select().from(auditLog).where(eq(auditLog.action, 'fiscal.saveMine'));
    expect(
      entries
        .filter((e) => e.entity === 'fiscal_documents')
        .map((e) => e.operation)
        .sort(),
    ).toEqual(['insert', 'insert', 'update', 'update']);
    expect(entries.every((e) => e.actorId === c.user.id)).toBe(true);
  });
});

describe('control numbers through the outbox', () => {
  it('provider down, then up: each factura numbered exactly once, in the order issued', async () => {
    // Whatever earlier tests left waiting is numbered first.
    const provider = fakeControlNumberProvider({ down: true });
    const c = await customerWithData('Orden');
    const issued = [];
    for (let i = 0; i < 3; i++) issued.push(await docOf((await issue(c.user.id)).id));
    expect(await assignDueControlNumbers(db(), provider, log)).toBe(0);
    const waiting = await db().select().from(fiscalControlOutbox).where(eq(fiscalControlOutbox.status, 'pending'));
    // Only the first waiting request was tried: the later ones wait behind it.
    expect(waiting.filter((r) => r.attempts === 1)).toHaveLength(1);
    expect(waiting.find((r) => r.attempts === 1)?.lastError).toContain('no disponible');
    // Still in its backoff: nothing is asked.
    provider.setDown(false);
    expect(await assignDueControlNumbers(db(), provider, log)).toBe(0);
    await timePasses();
    const n = await assignDueControlNumbers(db(), provider, log);
    expect(n).toBe(waiting.length);
    expect(provider.given).toBe(waiting.length);
    const all = await db()
      .select()
      .from(fiscalDocuments)
      .where(eq(fiscalDocuments.kind, 'factura'))
      .orderBy(asc(fiscalDocuments.issueOrder));
    expect(all.map((d) => d.controlNumber)).toEqual(all.map((_, i) => fakeControlNumber(i + 1)));
    expect(all.every((d) => d.status === 'emitida')).toBe(true);
    const mine = issued.map((d) => all.find((a) => a.id === d.id)!.controlNumber);
    expect(mine).toEqual([...mine].sort());
    // Again: nothing more to do, nothing numbered twice.
    expect(await assignDueControlNumbers(db(), provider, log)).toBe(0);
    expect(provider.given).toBe(waiting.length);
    // The worker's step is in the audit log.
    const entries = await db().select().from(auditLog).where(eq(auditLog.action, 'fiscal.controlNumber'));
    expect(entries).toHaveLength(waiting.length);
  });

  it('a lost answer is asked again with the same key and gets the same number; concurrent rounds never number twice', async () => {
    const c = await customerWithData('Reintentos');
    const last = (await db().select().from(fiscalDocuments).where(eq(fiscalDocuments.status, 'emitida'))).filter(
      (d) => d.controlNumber,
    ).length;
    const provider = fakeControlNumberProvider({ startAfter: last });
    const first = await docOf((await issue(c.user.id)).id);
    provider.loseNextAnswer();
    expect(await assignDueControlNumbers(db(), provider, log)).toBe(0);
    expect(provider.given).toBe(1);
    await timePasses();
    expect(await assignDueControlNumbers(db(), provider, log)).toBe(1);
    expect(provider.given).toBe(1);
    const [numbered] = await db().select().from(fiscalDocuments).where(eq(fiscalDocuments.id, first.id));
    expect(numbered!.controlNumber).toBe(fakeControlNumber(last + 1));

    for (let i = 0; i < 4; i++) await issue(c.user.id);
    const rounds = await Promise.all([1, 2, 3].map(() => assignDueControlNumbers(db(), provider, log)));
    expect(rounds.reduce((a, b) => a + b, 0)).toBe(4);
    expect(provider.given).toBe(5);
    const numbers = (await db().select().from(fiscalDocuments).where(eq(fiscalDocuments.kind, 'factura'))).map(
      (d) => d.controlNumber,
    );
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});

describe('IGTF', () => {
  it('a payment in dollars carries the IGTF: a charge in the ledger, once; paying total + IGTF settles the factura', async () => {
    const c = await customerWithData('Paga en Dólares');
    const invoice = await issue(c.user.id);
    const tax = igtfOn(3094, 300); // $0,93
    const payment = {
      id: randomUUID(),
      userId: c.user.id,
      transactionType: 'shipping_payment' as const,
      description: null,
      currency: 'USD' as const,
      amountUsdCents: 3094 + tax,
      amountVesCents: null,
      invoiceId: invoice.id,
    };
    const result = await db().transaction((tx) => creditApprovedPayment(tx, payment, admin.user.id));
    expect(result.invoicePaid).toBe(true);
    expect(result.creditUsdCents).toBe(0);
    const entries = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.invoiceId, invoice.id))
      .orderBy(asc(ledgerEntries.id));
    expect(entries.map((e) => [e.kind, e.usdCents])).toEqual([
      ['charge', 3094],
      ['charge', tax],
      ['payment', -(3094 + tax)],
    ]);
    expect(entries[1]!.description).toBe('IGTF (3 %) sobre pago en divisas');
    expect(await db().select().from(fiscalIgtfCharges).where(eq(fiscalIgtfCharges.paymentId, payment.id))).toHaveLength(
      1,
    );
    // A payment in bolívares carries none.
    const [inv2] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.id, (await issue(c.user.id)).id));
    await db().transaction((tx) =>
      creditApprovedPayment(
        tx,
        {
          ...payment,
          id: randomUUID(),
          currency: 'VES',
          amountVesCents: inv2!.vesCentimos,
          amountUsdCents: inv2!.usdCents,
          invoiceId: inv2!.id,
        },
        admin.user.id,
      ),
    );
    expect(await db().select().from(fiscalIgtfCharges).where(eq(fiscalIgtfCharges.invoiceId, inv2!.id))).toEqual([]);
    expect(await invoiceRemaining(db(), inv2!.id)).toBe(0);
  });
});
