// Notes of credit and debit on a real database (docs/product/fiscal-invoices.md#notes-of-credit-and-debit):
// a staff correction issues a note with its own number and control number (after its factura's,
// through the same outbox) and the ledger follows; a note larger than what is left of its factura
// is refused in Spanish with nothing changed; a void issues a credit note for what is left and
// never deletes or edits the factura, once; the note's PDF; the sales book's totals are the sum.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import * as mupdf from 'mupdf';
import {
  FISCAL_MESSAGES,
  formatUsdCents,
  formatVesCentimos,
  splitNoteTotal,
  type FiscalSettingsInput,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import { auditLog, fiscalDocuments, invoices, ledgerEntries, userProfiles } from '../../db/schema';
import { businessToday } from '../../lib/business-clock';
import { findFiscalDocument } from '../../queries/fiscal';
import { salesBook } from '../../queries/sales-book';
import { createTestDatabase } from '../../test/db';
import { trpcError } from '../../test/caller';
import { FISCAL_TEST_SETTINGS } from '../../test/fiscal';
import { recordRate, signedInAdmin, signedInCustomer } from '../../test/factories';
import { issueInvoice, voidInvoice } from '../billing/invoices';
import { creditOnAccount, invoiceRemaining } from '../billing/ledger';
import { fakeControlNumberProvider } from './control-number-provider';
import { assignDueControlNumbers } from './control-numbers';
import { renderFiscalNotePdf } from '../../pdf/fiscal-note';

let database: Database;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
const db = () => database.db;
const log = { info: () => {}, warn: () => {} };

const settings: FiscalSettingsInput = { ...FISCAL_TEST_SETTINGS, igtfApplies: false };

async function customerWithData(nombre: string) {
  const c = await signedInCustomer(db(), { nombre });
  await db()
    .update(userProfiles)
    .set({ cedula: 'V-12345678', venezuelaAddress: 'Calle 1, Maracay' })
    .where(eq(userProfiles.userId, c.user.id));
  return c;
}

// Shipping $21,50 + IVA 16 % $3,44 and insurance $6,00 exento: $30,94.
const lines = [
  { description: 'Envío ENV-1', usdCents: 2150, kind: 'shipping' as const },
  { description: 'Seguro', usdCents: 600, kind: 'insurance' as const },
];
const issue = (userId: string) =>
  db().transaction((tx) =>
    issueInvoice(tx, { userId, concept: 'shipping_payment', description: 'Envío ENV-1', lines }),
  );

async function documentsOf(invoiceId: string) {
  return db()
    .select()
    .from(fiscalDocuments)
    .where(eq(fiscalDocuments.invoiceId, invoiceId))
    .orderBy(asc(fiscalDocuments.issueOrder));
}

async function balanceOf(userId: string) {
  const rows = await db()
    .select({ usdCents: ledgerEntries.usdCents })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return rows.reduce((s, r) => s + r.usdCents, 0);
}

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signedInAdmin(db());
  await recordRate(db(), '36.5');
  await admin.caller.fiscal.updateSettings(settings);
});
afterAll(() => database?.close());

describe('splitting a note like its factura (integer cents)', () => {
  const factura = {
    lines: [],
    ivaBuckets: [{ rateBasisPoints: 1600, baseUsdCents: 2150, ivaUsdCents: 344 }],
    legalGrounds: ['Art. 16, Ley de IVA'],
    exemptUsdCents: 600,
    totalUsdCents: 3094,
  };
  it.each([
    // total, base, IVA, exento: the IVA part is shared in proportion (2494 of 3094), its base is share ÷ 1,16.
    [3094, 2150, 344, 600],
    [1000, 695, 111, 194],
    [1, 1, 0, 0],
    [580, 403, 65, 112],
  ])('a note of %i cents: base %i, IVA %i, exento %i, adding up to the total', (total, base, iva, exempt) => {
    const split = splitNoteTotal(factura, total, 'Corrección');
    expect(split).toMatchObject({ baseUsdCents: base, ivaUsdCents: iva, exemptUsdCents: exempt, totalUsdCents: total });
    expect(split.baseUsdCents + split.ivaUsdCents + split.exemptUsdCents).toBe(total);
  });
});

describe('a price correction by staff', () => {
  it('issues a credit note with its own number, numbered after its factura, and the ledger follows', async () => {
    const c = await customerWithData('Clara Crédito');
    const invoice = await issue(c.user.id);
    const [factura] = await documentsOf(invoice.id);
    const result = await admin.caller.fiscal.issueNote({
      facturaId: factura!.id,
      kind: 'nota_de_credito',
      amountUsd: 10,
      reason: 'Peso corregido',
    });
    expect(result.number).toMatch(/^NC-\d{8}$/);
    expect(result.message).toBe(`Nota de crédito ${result.number} emitida sobre la factura ${factura!.number}.`);
    const [, note] = await documentsOf(invoice.id);
    expect(note).toMatchObject({
      kind: 'nota_de_credito',
      referencesId: factura!.id,
      status: 'pendiente_numero_control',
      totalUsdCents: 1000,
      reason: 'Peso corregido',
      customerIdNumber: 'V-12345678',
    });
    expect(note!.baseUsdCents + note!.ivaUsdCents + note!.exemptUsdCents).toBe(1000);
    // The factura is as it was issued; what is owed on its invoice is $10 less.
    const [unchanged] = await db().select().from(fiscalDocuments).where(eq(fiscalDocuments.id, factura!.id));
    expect(unchanged!.totalUsdCents).toBe(3094);
    expect(await invoiceRemaining(db(), invoice.id)).toBe(3094 - 1000);

    // Control numbers in the order issued: the factura's first, then the note's.
    await assignDueControlNumbers(db(), fakeControlNumberProvider({ startAfter: 500 }), log);
    const numbered = await documentsOf(invoice.id);
    expect(numbered.map((d) => d.controlNumber)).toEqual(['00-00000501', '00-00000502']);

    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fiscal.issueNote'), eq(auditLog.entityId, note!.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(admin.user.id);
  });

  it('refuses a credit note larger than what is left of its factura, in Spanish, and changes nothing', async () => {
    const c = await customerWithData('Rita Refusada');
    const invoice = await issue(c.user.id);
    const [factura] = await documentsOf(invoice.id);
    await admin.caller.fiscal.issueNote({
      facturaId: factura!.id,
      kind: 'nota_de_credito',
      amountUsd: 20,
      reason: 'Rebaja',
    });
    const err = await trpcError(
      admin.caller.fiscal.issueNote({ facturaId: factura!.id, kind: 'nota_de_credito', amountUsd: 11, reason: 'Otra' }),
    );
    expect(err.message).toBe(FISCAL_MESSAGES.noteExceedsFactura('$11,00', formatUsdCents(1094), factura!.number));
    expect(await documentsOf(invoice.id)).toHaveLength(2);
    expect(await invoiceRemaining(db(), invoice.id)).toBe(1094);
  });

  it('a debit note charges more on the same invoice; a credit after payment becomes credit on account', async () => {
    const c = await customerWithData('Dora Débito');
    const invoice = await issue(c.user.id);
    const [factura] = await documentsOf(invoice.id);
    const debit = await admin.caller.fiscal.issueNote({
      facturaId: factura!.id,
      kind: 'nota_de_debito',
      amountUsd: 5.8,
      reason: 'Recargo por volumen',
    });
    expect(debit.number).toMatch(/^ND-\d{8}$/);
    expect(await invoiceRemaining(db(), invoice.id)).toBe(3094 + 580);
    // Paid in full, then credited $10: the $10 goes to the account.
    await db()
      .insert(ledgerEntries)
      .values({
        userId: c.user.id,
        kind: 'payment',
        usdCents: -(3094 + 580),
        invoiceId: invoice.id,
        description: 'Pago',
      });
    const before = await balanceOf(c.user.id);
    await admin.caller.fiscal.issueNote({
      facturaId: factura!.id,
      kind: 'nota_de_credito',
      amountUsd: 10,
      reason: 'Rebaja',
    });
    expect(await invoiceRemaining(db(), invoice.id)).toBe(0);
    // The $10 is the customer's: on account, or already paying their other open invoices.
    expect(await balanceOf(c.user.id)).toBe(before - 1000);
    const moved = await db()
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.userId, c.user.id),
          eq(
            ledgerEntries.description,
            `Lo pagado de más pasa a saldo a favor (${(await documentsOf(invoice.id))[2]!.number})`,
          ),
        ),
      );
    expect(moved.map((e) => e.usdCents)).toEqual([1000]);
  });

  it('a debit note on a paid factura is paid at once by the credit the customer has on account', async () => {
    const c = await customerWithData('Clara Crédito');
    const invoice = await issue(c.user.id);
    const [factura] = await documentsOf(invoice.id);
    await db()
      .insert(ledgerEntries)
      .values([
        { userId: c.user.id, kind: 'payment', usdCents: -3094, invoiceId: invoice.id, description: 'Pago' },
        { userId: c.user.id, kind: 'adjustment', usdCents: -10_000, invoiceId: null, description: 'Saldo a favor' },
      ]);
    const before = await balanceOf(c.user.id);
    await admin.caller.fiscal.issueNote({
      facturaId: factura!.id,
      kind: 'nota_de_debito',
      amountUsd: 5.8,
      reason: 'Recargo',
    });
    // Nothing waits open beside credit: the $5,80 (and her older activation) came out of the $100 on account.
    expect(await invoiceRemaining(db(), invoice.id)).toBe(0);
    const mine = await db().select({ id: invoices.id }).from(invoices).where(eq(invoices.userId, c.user.id));
    for (const i of mine) expect(await invoiceRemaining(db(), i.id)).toBe(0);
    expect(await creditOnAccount(db(), c.user.id)).toBe(-(before + 580));
  });

  it('refuses a note on a nota de cobro (not a factura)', async () => {
    const c = await signedInCustomer(db(), { nombre: 'Sin Datos' });
    const invoice = await issue(c.user.id);
    const [nota] = await documentsOf(invoice.id);
    expect(nota!.kind).toBe('nota_de_cobro');
    const err = await trpcError(
      admin.caller.fiscal.issueNote({ facturaId: nota!.id, kind: 'nota_de_credito', amountUsd: 1, reason: 'Rebaja' }),
    );
    expect(err.message).toBe(FISCAL_MESSAGES.noteNotAFactura);
  });
});

describe('a void', () => {
  it('issues a credit note for what is left of the factura, once, and never deletes or edits it', async () => {
    const c = await customerWithData('Vera Void');
    const invoice = await issue(c.user.id);
    const [factura] = await documentsOf(invoice.id);
    await admin.caller.fiscal.issueNote({
      facturaId: factura!.id,
      kind: 'nota_de_credito',
      amountUsd: 4,
      reason: 'Rebaja',
    });
    await db().transaction((tx) => voidInvoice(tx, invoice.id, null, 'envío ENV-1 eliminado'));
    await db().transaction((tx) => voidInvoice(tx, invoice.id, null, 'envío ENV-1 eliminado'));
    const docs = await documentsOf(invoice.id);
    expect(docs.map((d) => [d.kind, d.totalUsdCents])).toEqual([
      ['factura', 3094],
      ['nota_de_credito', 400],
      ['nota_de_credito', 2694],
    ]);
    expect(docs[2]).toMatchObject({ reason: 'Anulación: envío ENV-1 eliminado', sourceKey: `void:${invoice.id}` });
    expect(docs[0]).toMatchObject({ status: 'pendiente_numero_control', totalUsdCents: 3094 });
    // Nothing owed and nothing given: the invoice's ledger adds up to zero, no credit appears.
    expect(await invoiceRemaining(db(), invoice.id)).toBe(0);
    expect(await creditOnAccount(db(), c.user.id)).toBe(0);
    const [voided] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(voided!.voidedAt).not.toBeNull();
    // A fiscal document is never deleted.
    await expect(db().delete(fiscalDocuments).where(eq(fiscalDocuments.id, factura!.id))).rejects.toThrow();
  });
});

describe('the note as a PDF', () => {
  it('shows NOTA DE CRÉDITO, its numbers, the factura it references, the reason and the tax lines in USD and Bs.', async () => {
    const c = await customerWithData('Paula Pdf');
    const invoice = await issue(c.user.id);
    const [factura] = await documentsOf(invoice.id);
    const { id } = await admin.caller.fiscal.issueNote({
      facturaId: factura!.id,
      kind: 'nota_de_credito',
      amountUsd: 30.94,
      reason: 'Servicio no prestado',
    });
    await assignDueControlNumbers(db(), fakeControlNumberProvider({ startAfter: 700 }), log);
    const note = (await findFiscalDocument(db(), id))!;
    const pdf = await renderFiscalNotePdf(note);
    const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
    const text = doc.loadPage(0).toStructuredText('preserve-whitespace').asText().replace(/\s+/g, ' ');
    for (const expected of [
      'NOTA DE CRÉDITO',
      `N° ${note.number}`,
      `N° de control: ${note.controlNumber}`,
      `Factura N° ${factura!.number}`,
      'RIF: J-00002961-0',
      'RIF / C.I. del cliente: V-12345678',
      'Motivo: Servicio no prestado',
      'Base imponible (IVA 16 %)',
      formatUsdCents(2150),
      'Exento / exonerado / no sujeto',
      formatUsdCents(3094),
      formatVesCentimos(note.totalVesCentimos!),
    ])
      expect(text).toContain(expected);
  });
});

describe('the sales book', () => {
  it("lists the month's facturas and notes, credit notes negative, and its totals are the sum of its rows", async () => {
    const book = await admin.caller.fiscal.salesBook({ month: businessToday().slice(0, 7) });
    expect(book.rows.length).toBeGreaterThan(5);
    expect(book.rows.some((r) => r.kind === 'nota_de_credito' && r.totalUsdCents < 0)).toBe(true);
    expect(book.rows.some((r) => r.kind === 'nota_de_debito' && r.totalUsdCents > 0)).toBe(true);
    expect(book.rows.every((r) => r.kind !== ('nota_de_cobro' as string))).toBe(true);
    const sum = (k: 'baseUsdCents' | 'exemptUsdCents' | 'ivaUsdCents' | 'igtfUsdCents' | 'totalUsdCents') =>
      book.rows.reduce((s, r) => s + r[k], 0);
    expect(book.totals).toMatchObject({
      baseUsdCents: sum('baseUsdCents'),
      exemptUsdCents: sum('exemptUsdCents'),
      ivaUsdCents: sum('ivaUsdCents'),
      igtfUsdCents: sum('igtfUsdCents'),
      totalUsdCents: sum('totalUsdCents'),
    });
    for (const r of book.rows) expect(r.baseUsdCents + r.exemptUsdCents + r.ivaUsdCents).toBe(r.totalUsdCents);
    // The same as the documents in the table: facturas plus debit notes less credit notes.
    const docs = await db()
      .select({ kind: fiscalDocuments.kind, total: fiscalDocuments.totalUsdCents })
      .from(fiscalDocuments)
      .where(inArray(fiscalDocuments.kind, ['factura', 'nota_de_credito', 'nota_de_debito']));
    expect(book.totals.totalUsdCents).toBe(
      docs.reduce((s, d) => s + (d.kind === 'nota_de_credito' ? -d.total : d.total), 0),
    );
    expect((await salesBook(db(), '2001-01')).rows).toEqual([]);
  });

  it('refuses a month that is not one, in Spanish', async () => {
    const err = await trpcError(admin.caller.fiscal.salesBook({ month: '2026-13' }));
    expect(err.message).toContain(FISCAL_MESSAGES.monthInvalid);
  });
});
