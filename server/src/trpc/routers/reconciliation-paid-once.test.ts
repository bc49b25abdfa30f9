// A bank reference pays once (docs/product/admin-payments-and-billing.md#a-bank-reference-pays-once):
// a customer reports a Pago Móvil, the cashier approves it in Pagos, and the bank's statement then
// brings that reference. The line is shown with the payment it belongs to ("Ya conciliado", or
// "Monto diferente" when the bank's amount is another), and nothing credits that money again:
// not assigning the line, not approving a second report of the reference, not the statement
// uploaded again, not two cashiers at the same moment.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, countDistinct, eq, inArray } from 'drizzle-orm';
import {
  ADMIN_PAYMENT_MESSAGES,
  PAYMENT_MESSAGES,
  RECONCILIATION_MESSAGES as M,
  formatDate,
  formatVesFromCents,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import { bankStatementLines, ledgerEntries, paymentTransactions } from '../../db/schema';
import { testConfig } from '../../env';
import { diskFileStore } from '../../files/file-store';
import { storeFile } from '../../files/store';
import { referenceKey } from '../../services/reconciliation/statement-csv';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { paymentMethodId, recordRate, signedInAdmin, signedInCustomer, signedInStaff } from '../../test/factories';
import { tempStorageDir, tinyPng } from '../../test/files';

let database: Database;
let storageDir: string;
const config = () => testConfig({ appUrl: TEST_APP_URL, storageDir });
type Person = Awaited<ReturnType<typeof signedInCustomer>>;
let caja: Person;
let admin: Person;
let pagoMovil: string;
let transferencia: string;

/** The demo's rate: Bs. 26.360,70 are $100,46 at it. */
const RATE = '262.4';
/** What the customer reports paying, and what the bank's statement says it received. */
const REPORTED = 2_636_070;
const BANK = 2_600_000;

beforeAll(async () => {
  database = await createTestDatabase();
  storageDir = tempStorageDir();
  await recordRate(database.db, RATE);
  pagoMovil = await paymentMethodId(database.db, 'pago_movil');
  transferencia = await paymentMethodId(database.db, 'transferencia');
  caja = await signedInStaff(database.db, 'caja');
  admin = await signedInAdmin(database.db);
});
afterAll(async () => {
  await database.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});
const db = () => database.db;
const as = (p: Pick<Person, 'visitor'>) => callerFor(db(), p.visitor, config());

/** 1234,56, as the bank writes it. */
const bs = (centimos: number) => `${Math.trunc(centimos / 100)},${String(centimos % 100).padStart(2, '0')}`;

let referenceNumber = 0;
/** A Pago Móvil reference of its own for each test, as the bank pads it: 0045…, 16 digits. */
const newReference = () => `0045${String(111122223333 + ++referenceNumber * 1_000_000)}`;

/** The customer reports a payment on account by this method, through the API as Facturas does. */
async function report(c: Person, methodId: string, reference: string, centimos = REPORTED) {
  const file = await storeFile(db(), diskFileStore(storageDir), {
    ownerUserId: c.user.id,
    kind: 'receipt',
    bytes: tinyPng(`${c.email}-${reference}`),
    contentType: 'image/png',
    originalName: 'comprobante.png',
    uploadedBy: c.user.id,
  });
  const { id } = await as(c).payments.report({
    transactionType: 'credit_purchase',
    methodId,
    paymentReference: reference,
    amount: centimos / 100,
    receiptFileId: file.id,
  });
  return id;
}

const approve = (staff: Person, id: string) =>
  as(staff).payments.review({ id, status: 'completed', adminNotes: 'Pago Móvil recibido.' });

let statementNumber = 0;
/** Uploads a statement of these credits (day dd/mm/aaaa, reference, Bs. céntimos); answers its lines. */
async function statementOf(...credits: [string, string, number][]) {
  statementNumber++;
  const csv = [
    'fecha;referencia;descripcion;monto',
    ...credits.map(([day, reference, centimos]) => `${day};${reference};PAGO MOVIL RECIBIDO;${bs(centimos)}`),
  ].join('\n');
  const upload = await as(caja).reconciliation.upload({ fileName: `banco-${statementNumber}.csv`, content: csv });
  const { lines } = await as(caja).reconciliation.lines({ statementId: upload.statementId });
  return { ...upload, lines };
}

const linesOf = async (statementId: string) => (await as(caja).reconciliation.lines({ statementId })).lines;

/** Every payment carrying this reference (compared as matching compares it), with its status. */
async function paymentsWithReference(reference: string) {
  const rows = await db()
    .select({
      id: paymentTransactions.id,
      userId: paymentTransactions.userId,
      status: paymentTransactions.status,
      reference: paymentTransactions.paymentReference,
    })
    .from(paymentTransactions);
  return rows.filter((r) => r.reference && referenceKey(r.reference) === referenceKey(reference));
}
const approvedWithReference = async (reference: string) =>
  (await paymentsWithReference(reference)).filter((p) => p.status === 'completed');
/** How many of these payments the ledger credited (a payment may be split between an invoice and credit). */
async function creditedPayments(paymentIds: string[]) {
  if (paymentIds.length === 0) return 0;
  const [row] = await db()
    .select({ n: countDistinct(ledgerEntries.paymentId) })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.paymentId, paymentIds), eq(ledgerEntries.kind, 'payment')));
  return row!.n;
}
async function creditedWithReference(reference: string) {
  return creditedPayments((await paymentsWithReference(reference)).map((p) => p.id));
}

/** The refusal that names the approved payment, as the cashier reads it. */
const countedMessage = (name: string, centimos: number) =>
  M.lineAlreadyCounted(name, formatVesFromCents(centimos), formatDate(new Date()));

describe('a statement line whose reference an approved payment carries', () => {
  it('the story: the reported Pago Móvil approved in Pagos, then the bank’s line for another amount is "Monto diferente" with it and cannot be assigned', async () => {
    const rosa = await signedInCustomer(db(), { nombre: 'Rosa Pago Móvil' });
    const reference = newReference();
    const paymentId = await report(rosa, pagoMovil, reference);
    await approve(caja, paymentId);

    const { statementId, lines } = await statementOf(['20/03/2026', reference, BANK]);
    const line = lines[0]!;
    expect(line.state).toBe('amount_differs');
    expect(line.candidate).toMatchObject({
      paymentId,
      userId: rosa.user.id,
      customerName: 'Rosa Pago Móvil',
      reportedVesCentimos: REPORTED,
    });
    expect(line.candidate!.approvedAt).not.toBeNull();

    const refused = await trpcError(as(caja).reconciliation.assignLine({ lineId: line.id, userId: rosa.user.id }));
    expect(refused).toMatchObject({ code: 'CONFLICT', message: countedMessage('Rosa Pago Móvil', REPORTED) });

    // Nothing changed: one approved payment, credited once; the line still free.
    expect((await approvedWithReference(reference)).map((p) => p.id)).toEqual([paymentId]);
    expect(await creditedWithReference(reference)).toBe(1);
    const [stored] = await db().select().from(bankStatementLines).where(eq(bankStatementLines.id, line.id));
    expect(stored).toMatchObject({ paymentId: null, approvedAt: null });
    expect((await linesOf(statementId))[0]!.state).toBe('amount_differs');
  });

  it('within Bs. 1,00 of the approved amount the line is "Ya conciliado", and approving the matches approves nothing', async () => {
    const sara = await signedInCustomer(db(), { nombre: 'Sara Conciliada' });
    const reference = newReference();
    const paymentId = await report(sara, pagoMovil, reference);
    await approve(caja, paymentId);

    const { statementId, lines } = await statementOf(['20/03/2026', reference, REPORTED - 50]);
    expect(lines[0]!.state).toBe('reconciled');
    expect(lines[0]!.candidate).toMatchObject({ paymentId, customerName: 'Sara Conciliada' });

    const batch = await as(caja).reconciliation.approveMatched({ statementId });
    expect(batch.approved).toBe(0);
    const refused = await trpcError(
      as(caja).reconciliation.assignLine({ lineId: lines[0]!.id, userId: sara.user.id, invoiceId: null }),
    );
    expect(refused).toMatchObject({ code: 'CONFLICT', message: countedMessage('Sara Conciliada', REPORTED) });
    expect(await creditedWithReference(reference)).toBe(1);
  });

  it('a customer who typed only the last digits: the bank’s full reference is still recognised', async () => {
    const tito = await signedInCustomer(db(), { nombre: 'Tito Últimos Dígitos' });
    const reference = newReference();
    const paymentId = await report(tito, pagoMovil, reference.slice(-8));
    await approve(caja, paymentId);

    const { lines } = await statementOf(['20/03/2026', reference, REPORTED]);
    expect(lines[0]!.state).toBe('reconciled');
    expect(lines[0]!.candidate?.paymentId).toBe(paymentId);
    const otro = await signedInCustomer(db(), { nombre: 'Otro Cliente' });
    const refused = await trpcError(as(caja).reconciliation.assignLine({ lineId: lines[0]!.id, userId: otro.user.id }));
    expect(refused.code).toBe('CONFLICT');
    expect(await approvedWithReference(reference)).toHaveLength(0);
  });

  it('the statement uploaded again stores nothing new; the movement on another day is recognised, never credited twice', async () => {
    const uma = await signedInCustomer(db(), { nombre: 'Uma Dos Estados' });
    const reference = newReference();
    const paymentId = await report(uma, pagoMovil, reference);
    const first = await statementOf(['20/03/2026', reference, REPORTED]);
    expect(first.lines[0]!.state).toBe('matched');
    expect((await as(caja).reconciliation.approveMatched({ statementId: first.statementId })).approved).toBe(1);

    const again = await statementOf(['20/03/2026', reference, REPORTED]);
    expect(again).toMatchObject({ newLineCount: 0, repeated: 1, lines: [] });
    // Another export of the same movement: its value day, and the reference without the bank's zeros.
    const later = await statementOf(['21/03/2026', referenceKey(reference), REPORTED]);
    expect(later.newLineCount).toBe(1);
    expect(later.lines[0]).toMatchObject({ state: 'reconciled', candidate: { paymentId } });
    expect((await as(caja).reconciliation.approveMatched({ statementId: later.statementId })).approved).toBe(0);
    const refused = await trpcError(
      as(caja).reconciliation.assignLine({ lineId: later.lines[0]!.id, userId: uma.user.id }),
    );
    expect(refused).toMatchObject({ code: 'CONFLICT', message: countedMessage('Uma Dos Estados', REPORTED) });
    expect(await creditedWithReference(reference)).toBe(1);
  });
});

describe('a second payment with a reference already approved', () => {
  it('a second report of the same transfer (another method, written another way) cannot be approved, and says whose it is', async () => {
    const vero = await signedInCustomer(db(), { nombre: 'Vero Primera' });
    const walter = await signedInCustomer(db(), { nombre: 'Walter Segundo' });
    const reference = newReference();
    const first = await report(vero, pagoMovil, reference);
    const spaced = `${reference.slice(2, 6)}-${reference.slice(6, 10)}-${reference.slice(10)}`;
    const second = await report(walter, transferencia, spaced);
    await approve(caja, first);

    const refused = await trpcError(approve(admin, second));
    expect(refused).toMatchObject({
      code: 'CONFLICT',
      message: ADMIN_PAYMENT_MESSAGES.referenceAlreadyPaid(
        'Vero Primera',
        formatVesFromCents(REPORTED),
        formatDate(new Date()),
      ),
    });
    const [still] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, second));
    expect(still!.status).toBe('pending');
    expect(await creditedPayments([second])).toBe(0);
    // Rejecting it still works: the cashier closes it.
    await as(caja).payments.review({ id: second, status: 'failed', adminNotes: 'Referencia ya acreditada.' });
  });

  it('once approved, the customer cannot report the reference again through another method', async () => {
    const xio = await signedInCustomer(db(), { nombre: 'Xio Reporta' });
    const reference = newReference();
    await approve(caja, await report(xio, pagoMovil, reference));
    const refused = await trpcError(report(xio, transferencia, reference.replace(/^0+/, '')));
    expect(refused).toMatchObject({ code: 'CONFLICT', message: PAYMENT_MESSAGES.referenceAlreadyPaid });
    expect(await paymentsWithReference(reference)).toHaveLength(1);
  });

  it('a line assigned by the cashier is money counted: a later report of its reference is refused', async () => {
    const yeni = await signedInCustomer(db(), { nombre: 'Yeni Asignada' });
    const reference = newReference();
    const { lines } = await statementOf(['20/03/2026', reference, BANK]);
    expect(lines[0]!.state).toBe('not_found');
    await as(caja).reconciliation.assignLine({ lineId: lines[0]!.id, userId: yeni.user.id });
    const refused = await trpcError(report(yeni, pagoMovil, reference));
    expect(refused).toMatchObject({ code: 'CONFLICT', message: PAYMENT_MESSAGES.referenceAlreadyPaid });
    expect(await creditedWithReference(reference)).toBe(1);
  });
});

describe('two cashiers at the same moment', () => {
  it('assigning two lines of the same movement (two exports, two days) at once credits it once', async () => {
    const zoe = await signedInCustomer(db(), { nombre: 'Zoe Paralela' });
    const reference = newReference();
    const one = await statementOf(['20/03/2026', reference, BANK]);
    const two = await statementOf(['21/03/2026', referenceKey(reference), BANK]);
    expect([one.lines[0]!.state, two.lines[0]!.state]).toEqual(['not_found', 'not_found']);

    const outcomes = await Promise.allSettled([
      as(caja).reconciliation.assignLine({ lineId: one.lines[0]!.id, userId: zoe.user.id }),
      as(admin).reconciliation.assignLine({ lineId: two.lines[0]!.id, userId: zoe.user.id }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'CONFLICT' });
    expect(await approvedWithReference(reference)).toHaveLength(1);
    expect(await creditedWithReference(reference)).toBe(1);
    // Afterwards the other line is shown with the payment that took the money.
    const paid = (await approvedWithReference(reference))[0]!;
    const lines = [...(await linesOf(one.statementId)), ...(await linesOf(two.statementId))];
    expect(lines.map((l) => l.state).sort()).toEqual(['approved', 'reconciled']);
    expect(lines.every((l) => l.candidate?.paymentId === paid.id)).toBe(true);
  });

  it('approving the matches while another cashier assigns a second line of the same reference credits it once', async () => {
    const ada = await signedInCustomer(db(), { nombre: 'Ada Reportó' });
    const bruno = await signedInCustomer(db(), { nombre: 'Bruno Asignado' });
    const reference = newReference();
    const reported = await report(ada, pagoMovil, reference);
    // The statement has the movement twice (the bank's own repetition): the first line matches
    // Ada's report, the second finds it taken and is "Sin pago reportado".
    const { statementId, lines } = await statementOf(
      ['20/03/2026', reference, REPORTED],
      ['21/03/2026', referenceKey(reference), REPORTED],
    );
    expect(lines.map((l) => l.state)).toEqual(['matched', 'not_found']);

    await Promise.allSettled([
      as(caja).reconciliation.approveMatched({ statementId }),
      as(admin).reconciliation.assignLine({ lineId: lines[1]!.id, userId: bruno.user.id }),
    ]);
    const approved = await approvedWithReference(reference);
    expect(approved).toHaveLength(1);
    expect(await creditedWithReference(reference)).toBe(1);
    expect([reported, ...(await paymentsWithReference(reference)).map((p) => p.id)]).toContain(approved[0]!.id);
  });

  it('two cashiers approving two reports of the same reference at once approve one', async () => {
    const cleo = await signedInCustomer(db(), { nombre: 'Cleo Una' });
    const dani = await signedInCustomer(db(), { nombre: 'Dani Otra' });
    const reference = newReference();
    const first = await report(cleo, pagoMovil, reference);
    const second = await report(dani, transferencia, referenceKey(reference));
    const outcomes = await Promise.allSettled([approve(caja, first), approve(admin, second)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await approvedWithReference(reference)).toHaveLength(1);
    expect(await creditedWithReference(reference)).toBe(1);
  });
});
