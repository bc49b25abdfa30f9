// Bank statement reconciliation (docs/product/admin-payments-and-billing.md#reconciliation, /admin/conciliacion): the cashier uploads the bank's
// statement, each credit is shown as matched, amount differs or not found against the payments
// customers reported in bolívares through the real API, and the matched ones are approved in one
// step: their invoices become paid. The same statement uploaded again stores nothing new and
// approves nothing twice; two approvals at once approve and credit each payment once. Reading the
// file: services/reconciliation/statement-csv.test.ts.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import {
  ACTIVATION_COST_USD_CENTS,
  RECONCILIATION_MESSAGES as M,
  RECONCILIATION_TOLERANCE_CENTIMOS,
  usdCentsToVesCentimos,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import { bankStatementLines, bankStatements, ledgerEntries, notifications, paymentTransactions } from '../../db/schema';
import { testConfig } from '../../env';
import { diskFileStore } from '../../files/file-store';
import { storeFile } from '../../files/store';
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

const RATE = '40';
/** A USA activation at the test's rate, in Bs. céntimos: what a customer who pays it in full reports. */
const OWED = usdCentsToVesCentimos(ACTIVATION_COST_USD_CENTS.usa, RATE);
/** 1234,56 style, as the bank writes it. */
const bs = (centimos: number) =>
  `${centimos < 0 ? '-' : ''}${Math.trunc(Math.abs(centimos) / 100)},${String(Math.abs(centimos) % 100).padStart(2, '0')}`;

beforeAll(async () => {
  database = await createTestDatabase();
  storageDir = tempStorageDir();
  await recordRate(database.db, RATE);
  pagoMovil = await paymentMethodId(database.db, 'pago_movil');
  caja = await signedInStaff(database.db, 'caja');
  admin = await signedInAdmin(database.db);
});
afterAll(async () => {
  await database.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});
const db = () => database.db;
const as = (p: Pick<Person, 'visitor'>) => callerFor(db(), p.visitor, config());

/**
 * A new customer who reports paying their activation invoice by Pago Móvil with this reference,
 * through the API as the Facturas page does (the receipt stored as the upload route stores it).
 * `amountCentimos` empty: what the invoice still owes in Bs.
 */
async function customerWhoReported(nombre: string, reference: string, amountCentimos?: number) {
  const c = await signedInCustomer(db(), { nombre });
  const { invoices } = await as(c).billing.mine();
  const invoice = invoices.find((i) => i.concept === 'mailbox_activation')!;
  expect(invoice.status).toBe('pending');
  const file = await storeFile(db(), diskFileStore(storageDir), {
    ownerUserId: c.user.id,
    kind: 'receipt',
    bytes: tinyPng(c.email),
    contentType: 'image/png',
    originalName: 'pago-movil.png',
    uploadedBy: c.user.id,
  });
  const { id } = await as(c).payments.report({
    paymentId: invoice.openPaymentId!,
    methodId: pagoMovil,
    paymentReference: reference,
    amount: amountCentimos === undefined ? undefined : amountCentimos / 100,
    receiptFileId: file.id,
  });
  const [payment] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
  expect(payment).toMatchObject({ status: 'pending', currency: 'VES' });
  return { ...c, paymentId: id, invoiceId: invoice.id, reportedCentimos: payment!.amountVesCents! };
}

const invoiceStatus = async (c: Person, invoiceId: string) =>
  (await as(c).billing.mine()).invoices.find((i) => i.id === invoiceId)!.status;
const paymentStatus = async (id: string) =>
  (
    await db()
      .select({ status: paymentTransactions.status })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, id))
  )[0]!.status;
const ledgerPayments = async (paymentId: string) =>
  (
    await db()
      .select({ n: count() })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.paymentId, paymentId), eq(ledgerEntries.kind, 'payment')))
  )[0]!.n;
const approvedNotices = async (userId: string) =>
  (
    await db()
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'payment_update')))
  ).filter((n) => n.message.includes('aprobado')).length;
const storedCounts = async () => ({
  statements: (await db().select({ n: count() }).from(bankStatements))[0]!.n,
  lines: (await db().select({ n: count() }).from(bankStatementLines))[0]!.n,
});

describe('reconciliation', () => {
  let ana: Awaited<ReturnType<typeof customerWhoReported>>;
  let beto: Awaited<ReturnType<typeof customerWhoReported>>;
  let carla: Awaited<ReturnType<typeof customerWhoReported>>;
  let statementCsv: string;
  let statementId: string;

  beforeAll(async () => {
    ana = await customerWhoReported('Ana Conciliación', '0102-000123456');
    beto = await customerWhoReported('Beto Conciliación', 'BETO-777001');
    // Carla typed the whole reference; the bank lists only its last digits.
    carla = await customerWhoReported('Carla Conciliación', '55500012345678');
    statementCsv = [
      'Fecha;Referencia;Descripción;Monto (Bs.)',
      // Ana: the same reference once the zeros and the dash are gone, the same amount.
      `05/03/2026;000123456;PAGO MOVIL RECIBIDO;${bs(ana.reportedCentimos)}`,
      // Beto: his reference, Bs. 50,00 less than he reported.
      `05/03/2026;BETO777001;PAGO MOVIL RECIBIDO;${bs(beto.reportedCentimos - 5000)}`,
      // Nobody reported this one.
      '06/03/2026;999999999;TRANSFERENCIA RECIBIDA;1.500,00',
      // A bank fee: a debit, ignored.
      '06/03/2026;44556677;COMISION;-12,50',
      // Carla: the last 8 digits of her reference, Bs. 0,80 less (within the tolerance).
      `2026-03-07;12345678;PAGO MOVIL RECIBIDO;${bs(carla.reportedCentimos - 80)}`,
      // Ana's reference and amount again on another day: her payment is matched by the first line only.
      `08/03/2026;123456;PAGO MOVIL RECIBIDO;${bs(ana.reportedCentimos)}`,
    ].join('\n');
  });

  it('the cashier uploads the statement: each credit is stored, the debit ignored, and said so', async () => {
    const result = await as(caja).reconciliation.upload({ fileName: 'banco-marzo.csv', content: statementCsv });
    expect(result).toMatchObject({ lineCount: 5, newLineCount: 5, repeated: 0, ignoredDebits: 1 });
    expect(result.message).toBe(`${M.uploaded(5, 0)} ${M.ignoredDebits(1)}`);
    statementId = result.statementId;
    const listed = await as(caja).reconciliation.statements();
    expect(listed[0]).toMatchObject({
      id: statementId,
      fileName: 'banco-marzo.csv',
      lineCount: 5,
      newLineCount: 5,
      approvedCount: 0,
    });
  });

  it('shows each line as matched, amount differs or not found, with the customer and both amounts', async () => {
    const { statement, lines, matchedCount } = await as(caja).reconciliation.lines({ statementId });
    expect(statement.fileName).toBe('banco-marzo.csv');
    expect(matchedCount).toBe(2);
    expect(
      lines.map((l) => [
        l.lineNumber,
        l.reference,
        l.movementDate,
        l.vesCentimos,
        l.state,
        l.candidate?.paymentId ?? null,
      ]),
    ).toEqual([
      [2, '000123456', '2026-03-05', ana.reportedCentimos, 'matched', ana.paymentId],
      [3, 'BETO777001', '2026-03-05', beto.reportedCentimos - 5000, 'amount_differs', beto.paymentId],
      [4, '999999999', '2026-03-06', 150000, 'not_found', null],
      [6, '12345678', '2026-03-07', carla.reportedCentimos - 80, 'matched', carla.paymentId],
      [7, '123456', '2026-03-08', ana.reportedCentimos, 'not_found', null],
    ]);
    expect(lines[0]!.candidate).toMatchObject({
      customerName: 'Ana Conciliación',
      customerEmail: ana.email,
      reportedVesCentimos: ana.reportedCentimos,
    });
    expect(lines[1]!.candidate).toMatchObject({
      customerName: 'Beto Conciliación',
      reportedVesCentimos: beto.reportedCentimos,
      reference: 'BETO-777001',
    });
    expect(ana.reportedCentimos).toBe(OWED);
    expect(RECONCILIATION_TOLERANCE_CENTIMOS).toBe(100);
  });

  it('approving the matched lines approves exactly those payments, and their invoices become paid', async () => {
    const result = await as(caja).reconciliation.approveMatched({ statementId });
    expect(result).toEqual({ approved: 2, message: M.approved(2) });

    expect(await paymentStatus(ana.paymentId)).toBe('completed');
    expect(await paymentStatus(carla.paymentId)).toBe('completed');
    expect(await paymentStatus(beto.paymentId)).toBe('pending');
    expect(await invoiceStatus(ana, ana.invoiceId)).toBe('paid');
    expect(await invoiceStatus(carla, carla.invoiceId)).toBe('paid');
    expect(await invoiceStatus(beto, beto.invoiceId)).toBe('pending');
    // Staff see it in the client's account too.
    const account = await as(caja).billing.customerAccount({ userId: ana.user.id });
    expect(account.invoices.find((i) => i.id === ana.invoiceId)!.status).toBe('paid');

    const [row] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, ana.paymentId));
    expect(row!.processedBy).toBe(caja.user.id);
    expect(row!.metadata.admin_notes).toBe('Conciliado con el estado de cuenta banco-marzo.csv, referencia 000123456');

    const { lines, matchedCount } = await as(caja).reconciliation.lines({ statementId });
    expect(matchedCount).toBe(0);
    // Ana's reference again on another day is her money, now counted: "Ya conciliado" with her payment.
    expect(lines.map((l) => l.state)).toEqual(['approved', 'amount_differs', 'not_found', 'approved', 'reconciled']);
    expect(lines[0]!.candidate).toMatchObject({ paymentId: ana.paymentId, customerName: 'Ana Conciliación' });
    expect(lines[4]!.candidate).toMatchObject({ paymentId: ana.paymentId, customerName: 'Ana Conciliación' });
    expect(lines[0]!.approvedAt).not.toBeNull();
    expect((await as(caja).reconciliation.statements())[0]).toMatchObject({ id: statementId, approvedCount: 2 });
    expect(await ledgerPayments(ana.paymentId)).toBe(1);
  });

  it('statement import idempotent: the same statement again stores no new line and approves nothing twice', async () => {
    const before = (await db().select({ n: count() }).from(bankStatementLines))[0]!.n;
    const again = await as(caja).reconciliation.upload({ fileName: 'banco-marzo (copia).csv', content: statementCsv });
    expect(again).toMatchObject({ lineCount: 5, newLineCount: 0, repeated: 5, ignoredDebits: 1 });
    expect(again.message).toBe(`${M.uploaded(0, 5)} ${M.ignoredDebits(1)}`);
    expect((await db().select({ n: count() }).from(bankStatementLines))[0]!.n).toBe(before);
    expect((await as(caja).reconciliation.lines({ statementId: again.statementId })).lines).toEqual([]);

    expect(await as(caja).reconciliation.approveMatched({ statementId: again.statementId })).toEqual({
      approved: 0,
      message: M.nothingToApprove,
    });
    expect(await as(caja).reconciliation.approveMatched({ statementId })).toEqual({
      approved: 0,
      message: M.nothingToApprove,
    });
    for (const c of [ana, carla]) {
      expect(await ledgerPayments(c.paymentId)).toBe(1);
      expect(await approvedNotices(c.user.id)).toBe(1);
    }
    const approvedLines = await db()
      .select({ n: count() })
      .from(bankStatementLines)
      .where(inArray(bankStatementLines.paymentId, [ana.paymentId, carla.paymentId]));
    expect(approvedLines[0]!.n).toBe(2);
  });

  it('a payment approved by hand meanwhile is shown as counted, and approving again changes nothing', async () => {
    // Staff approve Beto's payment by hand; the statement shows his line with it, as money counted
    // (for another amount than the bank's), never as a credit nobody reported.
    await as(admin).payments.review({ id: beto.paymentId, status: 'completed', adminNotes: 'Verificado a mano' });
    const { lines } = await as(caja).reconciliation.lines({ statementId });
    expect(lines[1]).toMatchObject({ state: 'amount_differs', candidate: { paymentId: beto.paymentId } });
    expect(lines[1]!.candidate!.approvedAt).not.toBeNull();
    expect(await as(caja).reconciliation.approveMatched({ statementId })).toEqual({
      approved: 0,
      message: M.nothingToApprove,
    });
    expect(await ledgerPayments(beto.paymentId)).toBe(1);
  });
});

describe('two approvals at once', () => {
  it('approve each payment once and credit the ledger once', async () => {
    const dora = await customerWhoReported('Dora Concurrente', 'DORA-4455667788');
    const eli = await customerWhoReported('Eli Concurrente', 'ELI-1122334455');
    const csv = [
      'fecha,referencia,concepto,monto',
      `10/03/2026,DORA4455667788,Pago movil,"${bs(dora.reportedCentimos)}"`,
      `10/03/2026,ELI1122334455,Pago movil,"${bs(eli.reportedCentimos)}"`,
    ].join('\n');
    const { statementId } = await as(caja).reconciliation.upload({ fileName: 'banco-10-marzo.csv', content: csv });
    expect((await as(caja).reconciliation.lines({ statementId })).matchedCount).toBe(2);

    const [first, second] = await Promise.all([
      as(caja).reconciliation.approveMatched({ statementId }),
      as(admin).reconciliation.approveMatched({ statementId }),
    ]);
    expect(first.approved + second.approved).toBe(2);

    for (const c of [dora, eli]) {
      expect(await paymentStatus(c.paymentId)).toBe('completed');
      expect(await ledgerPayments(c.paymentId)).toBe(1);
      expect(await approvedNotices(c.user.id)).toBe(1);
      expect(await invoiceStatus(c, c.invoiceId)).toBe('paid');
      const lines = await db()
        .select({ n: count() })
        .from(bankStatementLines)
        .where(eq(bankStatementLines.paymentId, c.paymentId));
      expect(lines[0]!.n).toBe(1);
    }
    expect((await as(caja).reconciliation.lines({ statementId })).lines.map((l) => l.state)).toEqual([
      'approved',
      'approved',
    ]);
  });
});

describe('approving while someone reviews the same payment by hand', () => {
  it('one of them wins; the batch does not fail and the payment is credited at most once', async () => {
    const fay = await customerWhoReported('Fay Concurrente', 'FAY-9988776655');
    const csv = `fecha;referencia;descripcion;monto\n11/03/2026;FAY9988776655;Pago movil;${bs(fay.reportedCentimos)}\n`;
    const { statementId } = await as(caja).reconciliation.upload({ fileName: 'banco-11-marzo.csv', content: csv });
    const [batch, byHand] = await Promise.allSettled([
      as(caja).reconciliation.approveMatched({ statementId }),
      as(admin).payments.review({ id: fay.paymentId, status: 'failed', adminNotes: 'El comprobante no se lee' }),
    ]);
    expect(batch.status).toBe('fulfilled');
    const approved = batch.status === 'fulfilled' ? batch.value.approved : -1;
    const status = await paymentStatus(fay.paymentId);
    const [line] = (await as(caja).reconciliation.lines({ statementId })).lines;
    if (approved === 1) {
      // The statement came first: the rejection found the payment processed.
      expect(byHand.status).toBe('rejected');
      expect({ status, state: line!.state, credited: await ledgerPayments(fay.paymentId) }).toEqual({
        status: 'completed',
        state: 'approved',
        credited: 1,
      });
    } else {
      expect(approved).toBe(0);
      expect(byHand.status).toBe('fulfilled');
      expect({ status, state: line!.state, credited: await ledgerPayments(fay.paymentId) }).toEqual({
        status: 'failed',
        state: 'not_found',
        credited: 0,
      });
    }
  });
});

describe('a line that fits more than one report', () => {
  it('is ambiguous with its candidates, never approved in bulk; the cashier chooses one, once', async () => {
    // Two customers wrote the same reference in two ways and paid the same amount.
    const gil = await customerWhoReported('Gil Ambiguo', 'GIL-7766554433');
    const hana = await customerWhoReported('Hana Ambigua', 'GIL7766554433');
    expect(hana.reportedCentimos).toBe(gil.reportedCentimos);
    const csv = `fecha;referencia;descripcion;monto\n12/03/2026;0GIL7766554433;Pago movil;${bs(gil.reportedCentimos)}\n`;
    const { statementId } = await as(caja).reconciliation.upload({ fileName: 'banco-12-marzo.csv', content: csv });
    const [line] = (await as(caja).reconciliation.lines({ statementId })).lines;
    expect(line).toMatchObject({ state: 'ambiguous', candidate: null });
    expect(line!.candidates.map((c) => c.paymentId).sort()).toEqual([gil.paymentId, hana.paymentId].sort());

    const bulk = await as(caja).reconciliation.approveMatched({ statementId });
    expect(bulk).toMatchObject({ approved: 0, message: M.nothingToApprove });
    expect([await paymentStatus(gil.paymentId), await paymentStatus(hana.paymentId)]).toEqual(['pending', 'pending']);

    // A payment that is not among the candidates is refused; the right one is approved.
    const stranger = await customerWhoReported('Iris Ajena', 'IRIS-1122334455');
    expect(
      await trpcError(as(caja).reconciliation.approveLine({ lineId: line!.id, paymentId: stranger.paymentId })),
    ).toMatchObject({ code: 'CONFLICT', message: M.lineNotChoosable });
    expect(await as(caja).reconciliation.approveLine({ lineId: line!.id, paymentId: hana.paymentId })).toEqual({
      message: M.lineApproved,
    });
    expect([await paymentStatus(gil.paymentId), await paymentStatus(hana.paymentId)]).toEqual(['pending', 'completed']);
    expect(await ledgerPayments(hana.paymentId)).toBe(1);
    const [after] = (await as(caja).reconciliation.lines({ statementId })).lines;
    expect(after).toMatchObject({ state: 'approved', candidate: { paymentId: hana.paymentId } });
    // Chosen once: the line cannot approve the other report too.
    expect(
      await trpcError(as(caja).reconciliation.approveLine({ lineId: line!.id, paymentId: gil.paymentId })),
    ).toMatchObject({ code: 'CONFLICT' });
    expect(await paymentStatus(gil.paymentId)).toBe('pending');
  });
});

describe('a statement with errors', () => {
  it('is refused with the Spanish line and column of each error, and nothing is stored', async () => {
    const before = await storedCounts();
    const csv = [
      'Fecha;Referencia;Descripción;Monto',
      '05/03/2026;111222333;PAGO;100,00',
      '31/02/2026;111222334;PAGO;100,00',
      '06/03/2026;111222335;PAGO;cien',
    ].join('\n');
    const err = await trpcError(as(caja).reconciliation.upload({ fileName: 'malo.csv', content: csv }));
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message.split('\n')).toEqual([
      M.lineError(3, 'Fecha', M.badDate),
      M.lineError(4, 'Monto', M.badAmount),
      M.nothingChanged,
    ]);
    expect(err.message).toContain('Línea 3, columna «Fecha»: la fecha no es válida (use dd/mm/aaaa o aaaa-mm-dd).');
    expect(await storedCounts()).toEqual(before);
  });

  it('an empty file or one without credits is refused too', async () => {
    expect(
      (
        await trpcError(
          as(caja).reconciliation.upload({ fileName: 'vacio.csv', content: 'fecha;referencia;descripcion;monto\n' }),
        )
      ).message,
    ).toContain(M.empty);
    expect(
      (
        await trpcError(
          as(caja).reconciliation.upload({
            fileName: 'debitos.csv',
            content: 'fecha;referencia;descripcion;monto\n05/03/2026;1;x;-3,00\n',
          }),
        )
      ).message,
    ).toContain(M.noCredits);
    expect((await trpcError(as(caja).reconciliation.upload({ fileName: 'nada.csv', content: '' }))).message).toBe(
      M.fileRequired,
    );
  });
});

describe('who may reconcile', () => {
  it('the cashier may; the warehouse gets FORBIDDEN; customer service reads but may not upload', async () => {
    const content = 'fecha;referencia;descripcion;monto\n11/03/2026;ACCESO1;x;10,00\n';
    const almacen = await signedInStaff(db(), 'almacen');
    expect((await trpcError(as(almacen).reconciliation.upload({ fileName: 'a.csv', content }))).code).toBe('FORBIDDEN');
    expect((await trpcError(as(almacen).reconciliation.statements())).code).toBe('FORBIDDEN');

    const { statementId } = await as(caja).reconciliation.upload({ fileName: 'a.csv', content });
    expect((await trpcError(as(almacen).reconciliation.lines({ statementId }))).code).toBe('FORBIDDEN');
    expect((await trpcError(as(almacen).reconciliation.approveMatched({ statementId }))).code).toBe('FORBIDDEN');

    const atencion = await signedInStaff(db(), 'atencion');
    expect((await as(atencion).reconciliation.lines({ statementId })).lines).toHaveLength(1);
    expect((await trpcError(as(atencion).reconciliation.upload({ fileName: 'b.csv', content }))).code).toBe(
      'FORBIDDEN',
    );
    expect((await trpcError(as(atencion).reconciliation.approveMatched({ statementId }))).code).toBe('FORBIDDEN');

    const customer = await signedInCustomer(db());
    expect((await trpcError(as(customer).reconciliation.lines({ statementId }))).code).toBe('FORBIDDEN');
  });

  it('an unknown statement is NOT_FOUND in Spanish', async () => {
    const err = await trpcError(as(caja).reconciliation.lines({ statementId: '00000000-0000-4000-8000-000000000000' }));
    expect(err).toMatchObject({ code: 'NOT_FOUND', message: M.statementNotFound });
    const approve = await trpcError(
      as(caja).reconciliation.approveMatched({ statementId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(approve).toMatchObject({ code: 'NOT_FOUND', message: M.statementNotFound });
  });
});
