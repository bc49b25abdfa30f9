// Bank statement reconciliation (docs/product/admin-payments-and-billing.md#reconciliation): a credit
// nobody reported ("Sin pago reportado") is assigned by the cashier to the customer who made it.
// It becomes that customer's payment in Bs., approved as an approved report is (ledger, invoice,
// mailbox, notification) and the line approved with it, once, whoever clicks at the same time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  ACTIVATION_COST_USD_CENTS,
  RECONCILIATION_MESSAGES as M,
  formatDate,
  formatVesFromCents,
  usdCentsToVesCentimos,
  vesCentimosToUsdCents,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import {
  bankStatementLines,
  ledgerEntries,
  mailboxes,
  notifications,
  paymentTransactions,
  userProfiles,
} from '../../db/schema';
import { testConfig } from '../../env';
import { voidInvoice } from '../../services/billing/invoices';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { paymentMethodId, recordRate, signedInAdmin, signedInCustomer, signedInStaff } from '../../test/factories';

let database: Database;
type Person = Awaited<ReturnType<typeof signedInCustomer>>;
let caja: Person;
let admin: Person;
let transferencia: string;

const RATE = '40';
/** A USA activation at the test's rate, in Bs. céntimos. */
const OWED = usdCentsToVesCentimos(ACTIVATION_COST_USD_CENTS.usa, RATE);
const bs = (centimos: number) => `${Math.trunc(centimos / 100)},${String(centimos % 100).padStart(2, '0')}`;

beforeAll(async () => {
  database = await createTestDatabase();
  await recordRate(database.db, RATE);
  transferencia = await paymentMethodId(database.db, 'transferencia');
  caja = await signedInStaff(database.db, 'caja');
  admin = await signedInAdmin(database.db);
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;
const as = (p: Pick<Person, 'visitor'>) => callerFor(db(), p.visitor, testConfig({ appUrl: TEST_APP_URL }));

let statementNumber = 0;
/** Uploads a statement of these credits (reference, Bs. céntimos) nobody reported; answers its lines. */
async function statementOf(...credits: [string, number][]) {
  statementNumber++;
  const fileName = `banco-${statementNumber}.csv`;
  const csv = [
    'fecha;referencia;descripcion;monto',
    ...credits.map(([reference, centimos]) => `20/03/2026;${reference};TRANSFERENCIA RECIBIDA;${bs(centimos)}`),
  ].join('\n');
  const { statementId } = await as(caja).reconciliation.upload({ fileName, content: csv });
  const { lines } = await as(caja).reconciliation.lines({ statementId });
  for (const l of lines) expect(l.state).toBe('not_found');
  return { statementId, fileName, lines };
}

const activationInvoice = async (c: Person) =>
  (await as(c).billing.mine()).invoices.find((i) => i.concept === 'mailbox_activation')!;
const paymentsOf = async (userId: string) =>
  db().select().from(paymentTransactions).where(eq(paymentTransactions.userId, userId));
const lineState = async (statementId: string, lineId: string) =>
  (await as(caja).reconciliation.lines({ statementId })).lines.find((l) => l.id === lineId)!;
const approvedNotices = async (userId: string) =>
  (
    await db()
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'payment_update')))
  ).filter((n) => n.message.includes('aprobado')).length;

describe('assigning a credit nobody reported', () => {
  it('the cashier finds the customer by cédula, as the picker searches', async () => {
    const gabi = await signedInCustomer(db(), { nombre: 'Gabi Cédula' });
    await db().update(userProfiles).set({ cedula: 'V-20111222' }).where(eq(userProfiles.userId, gabi.user.id));
    const found = await as(caja).clients.options({ q: '20111222' });
    expect(found.map((c) => c.userId)).toEqual([gabi.user.id]);
  });

  it('to the oldest open invoice by default: the payment in Bs. is approved, the invoice paid, the mailbox active', async () => {
    const ana = await signedInCustomer(db(), { nombre: 'Ana Asignada' });
    const invoice = await activationInvoice(ana);
    expect(invoice.status).toBe('pending');
    const { statementId, fileName, lines } = await statementOf(['000777111', OWED]);
    const line = lines[0]!;

    const result = await as(caja).reconciliation.assignLine({ lineId: line.id, userId: ana.user.id });
    expect(result).toMatchObject({ invoiceId: invoice.id, invoicePaid: true, message: M.lineAssigned });

    const [payment] = (await paymentsOf(ana.user.id)).filter((p) => p.id === result.paymentId);
    expect(payment).toMatchObject({
      status: 'completed',
      currency: 'VES',
      amountVesCents: OWED,
      amountUsdCents: ACTIVATION_COST_USD_CENTS.usa,
      paymentReference: '000777111',
      paymentMethod: 'Transferencia Banesco',
      paymentMethodId: transferencia,
      invoiceId: invoice.id,
      transactionType: 'mailbox_activation',
      processedBy: caja.user.id,
    });
    expect(payment!.metadata.admin_notes).toBe(M.assignedNote(fileName, '000777111'));
    expect((await activationInvoice(ana)).status).toBe('paid');
    const [box] = await db().select().from(mailboxes).where(eq(mailboxes.userId, ana.user.id));
    expect(box!.status).toBe('active');
    expect(await approvedNotices(ana.user.id)).toBe(1);
    const shown = await lineState(statementId, line.id);
    expect(shown.state).toBe('approved');
    expect(shown.candidate).toMatchObject({ paymentId: result.paymentId, customerName: 'Ana Asignada' });
  });

  it('a smaller credit to a chosen invoice leaves it partly paid', async () => {
    const beto = await signedInCustomer(db(), { nombre: 'Beto Parcial' });
    const invoice = await activationInvoice(beto);
    const { lines } = await statementOf(['000777222', 10_000]);
    const result = await as(admin).reconciliation.assignLine({
      lineId: lines[0]!.id,
      userId: beto.user.id,
      invoiceId: invoice.id,
    });
    expect(result).toMatchObject({ invoiceId: invoice.id, invoicePaid: false });
    const after = await activationInvoice(beto);
    expect(after.status).toBe('partial');
    const [box] = await db().select().from(mailboxes).where(eq(mailboxes.userId, beto.user.id));
    expect(box!.status).not.toBe('active');
  });

  it('without an open invoice the money becomes credit on account', async () => {
    const carla = await signedInCustomer(db(), { nombre: 'Carla Saldo' });
    const { lines } = await statementOf(['000777333', OWED], ['000777444', 20_000]);
    await as(caja).reconciliation.assignLine({ lineId: lines[0]!.id, userId: carla.user.id });
    expect((await activationInvoice(carla)).status).toBe('paid');

    const result = await as(caja).reconciliation.assignLine({ lineId: lines[1]!.id, userId: carla.user.id });
    expect(result).toMatchObject({ invoiceId: null, invoicePaid: false });
    const [payment] = (await paymentsOf(carla.user.id)).filter((p) => p.id === result.paymentId);
    expect(payment).toMatchObject({ status: 'completed', transactionType: 'credit_purchase', invoiceId: null });
    const { balance } = await as(caja).billing.customerAccount({ userId: carla.user.id });
    expect(balance).toMatchObject({ creditUsdCents: vesCentimosToUsdCents(20_000, RATE), openInvoices: 0 });
  });

  it('the same line twice, or by two cashiers at once, becomes one payment', async () => {
    const dora = await signedInCustomer(db(), { nombre: 'Dora Una Vez' });
    const { statementId, lines } = await statementOf(['000777555', OWED]);
    const line = lines[0]!;
    const outcomes = await Promise.allSettled([
      as(caja).reconciliation.assignLine({ lineId: line.id, userId: dora.user.id }),
      as(admin).reconciliation.assignLine({ lineId: line.id, userId: dora.user.id }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'CONFLICT', message: M.lineNotAssignable });

    const again = await trpcError(as(caja).reconciliation.assignLine({ lineId: line.id, userId: dora.user.id }));
    expect(again).toMatchObject({ code: 'CONFLICT', message: M.lineNotAssignable });

    const completed = (await paymentsOf(dora.user.id)).filter((p) => p.status === 'completed');
    expect(completed).toHaveLength(1);
    const ledger = await db()
      .select({ n: count() })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, dora.user.id), eq(ledgerEntries.kind, 'payment')));
    expect(ledger[0]!.n).toBe(1);
    expect(await approvedNotices(dora.user.id)).toBe(1);
    expect((await lineState(statementId, line.id)).candidate?.paymentId).toBe(completed[0]!.id);
  });

  it('is refused in Spanish, with nothing changed: an unknown customer, a foreign, paid or void invoice', async () => {
    const eli = await signedInCustomer(db(), { nombre: 'Eli Rechazos' });
    const otro = await signedInCustomer(db(), { nombre: 'Otro Cliente' });
    const { statementId, lines } = await statementOf(['000777666', OWED]);
    const line = lines[0]!;
    const before = await paymentsOf(eli.user.id);

    const unknown = await trpcError(
      as(caja).reconciliation.assignLine({ lineId: line.id, userId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', message: M.assignCustomerNotFound });
    // A staff member is not a customer.
    const staffAsCustomer = await trpcError(
      as(caja).reconciliation.assignLine({ lineId: line.id, userId: caja.user.id }),
    );
    expect(staffAsCustomer).toMatchObject({ code: 'NOT_FOUND', message: M.assignCustomerNotFound });

    const foreign = await trpcError(
      as(caja).reconciliation.assignLine({
        lineId: line.id,
        userId: eli.user.id,
        invoiceId: (await activationInvoice(otro)).id,
      }),
    );
    expect(foreign).toMatchObject({ code: 'CONFLICT', message: M.assignInvoiceNotPayable });

    const eliInvoice = await activationInvoice(eli);
    await db().transaction((tx) => voidInvoice(tx, eliInvoice.id, admin.user.id, 'Prueba'));
    const voided = await trpcError(
      as(caja).reconciliation.assignLine({ lineId: line.id, userId: eli.user.id, invoiceId: eliInvoice.id }),
    );
    expect(voided).toMatchObject({ code: 'CONFLICT', message: M.assignInvoiceNotPayable });

    // Otro's invoice paid by another line: assigning this one to it again is refused.
    const paid = await statementOf(['000777777', OWED]);
    const otroInvoice = await activationInvoice(otro);
    await as(caja).reconciliation.assignLine({ lineId: paid.lines[0]!.id, userId: otro.user.id });
    const alreadyPaid = await trpcError(
      as(caja).reconciliation.assignLine({ lineId: line.id, userId: otro.user.id, invoiceId: otroInvoice.id }),
    );
    expect(alreadyPaid).toMatchObject({ code: 'CONFLICT', message: M.assignInvoiceNotPayable });

    expect(await paymentsOf(eli.user.id)).toEqual(before);
    expect((await lineState(statementId, line.id)).state).toBe('not_found');
    const [stored] = await db().select().from(bankStatementLines).where(eq(bankStatementLines.id, line.id));
    expect(stored).toMatchObject({ paymentId: null, approvedAt: null });
  });

  it('a line that matches a reported payment, or one already approved, is never assigned to someone else', async () => {
    const fer = await signedInCustomer(db(), { nombre: 'Fer Reportó' });
    const gus = await signedInCustomer(db(), { nombre: 'Gus Asignado' });
    // Fer reported this transfer (as the Facturas page stores a report): the line matches it.
    await db()
      .insert(paymentTransactions)
      .values({
        userId: fer.user.id,
        transactionType: 'credit_purchase',
        currency: 'VES',
        amountVesCents: OWED,
        amountUsdCents: vesCentimosToUsdCents(OWED, RATE),
        paymentMethod: 'Pago Móvil',
        paymentReference: '000777888',
        reportedAt: new Date(),
        status: 'pending',
      });
    const csv = `fecha;referencia;descripcion;monto\n21/03/2026;000777888;PAGO MOVIL;${bs(OWED)}`;
    const { statementId } = await as(caja).reconciliation.upload({ fileName: 'banco-reportado.csv', content: csv });
    const [matched] = (await as(caja).reconciliation.lines({ statementId })).lines;
    expect(matched!.state).toBe('matched');
    const refused = await trpcError(as(caja).reconciliation.assignLine({ lineId: matched!.id, userId: gus.user.id }));
    expect(refused).toMatchObject({ code: 'CONFLICT', message: M.lineNotAssignable });
    expect((await paymentsOf(gus.user.id)).filter((p) => p.status === 'completed')).toHaveLength(0);

    const { lines } = await statementOf(['000777889', OWED]);
    await as(caja).reconciliation.assignLine({ lineId: lines[0]!.id, userId: gus.user.id });
    const approved = await trpcError(as(caja).reconciliation.assignLine({ lineId: lines[0]!.id, userId: fer.user.id }));
    expect(approved).toMatchObject({ code: 'CONFLICT', message: M.lineNotAssignable });
  });

  it('a transfer already approved with that reference is "Ya conciliado" with it, and assigning it is refused', async () => {
    const hugo = await signedInCustomer(db(), { nombre: 'Hugo Repetido' });
    const ines = await signedInCustomer(db(), { nombre: 'Ines Primera' });
    const approvedAt = new Date();
    const [ines1] = await db()
      .insert(paymentTransactions)
      .values({
        userId: ines.user.id,
        transactionType: 'credit_purchase',
        currency: 'VES',
        amountVesCents: 30_000,
        amountUsdCents: vesCentimosToUsdCents(30_000, RATE),
        paymentMethod: 'Transferencia Banesco',
        paymentMethodId: transferencia,
        paymentReference: '000778000',
        status: 'completed',
        processedAt: approvedAt,
      })
      .returning({ id: paymentTransactions.id });
    const csv = `fecha;referencia;descripcion;monto\n20/03/2026;000778000;TRANSFERENCIA RECIBIDA;${bs(30_000)}`;
    const { statementId } = await as(caja).reconciliation.upload({ fileName: 'banco-aprobado.csv', content: csv });
    const [line] = (await as(caja).reconciliation.lines({ statementId })).lines;
    expect(line).toMatchObject({
      state: 'reconciled',
      candidate: { paymentId: ines1!.id, customerName: 'Ines Primera' },
    });
    const refused = await trpcError(as(caja).reconciliation.assignLine({ lineId: line!.id, userId: hugo.user.id }));
    expect(refused).toMatchObject({
      code: 'CONFLICT',
      message: M.lineAlreadyCounted('Ines Primera', formatVesFromCents(30_000), formatDate(approvedAt)),
    });
    expect((await paymentsOf(hugo.user.id)).filter((p) => p.status === 'completed')).toHaveLength(0);
    expect((await lineState(statementId, line!.id)).state).toBe('reconciled');
  });

  it('a rejected transfer report with that reference is not recorded twice', async () => {
    const ivan = await signedInCustomer(db(), { nombre: 'Ivan Rechazado' });
    await db()
      .insert(paymentTransactions)
      .values({
        userId: ivan.user.id,
        transactionType: 'credit_purchase',
        currency: 'VES',
        amountVesCents: 30_000,
        amountUsdCents: vesCentimosToUsdCents(30_000, RATE),
        paymentMethod: 'Transferencia Banesco',
        paymentMethodId: transferencia,
        paymentReference: '000778001',
        status: 'failed',
      });
    const { statementId, lines } = await statementOf(['000778001', 30_000]);
    const refused = await trpcError(as(caja).reconciliation.assignLine({ lineId: lines[0]!.id, userId: ivan.user.id }));
    expect(refused).toMatchObject({ code: 'CONFLICT', message: M.assignReferenceTaken });
    expect((await paymentsOf(ivan.user.id)).filter((p) => p.status === 'completed')).toHaveLength(0);
    expect((await lineState(statementId, lines[0]!.id)).state).toBe('not_found');
  });

  it('the warehouse and customer service may not assign', async () => {
    const gil = await signedInCustomer(db(), { nombre: 'Gil Sin Permiso' });
    const { lines } = await statementOf(['000777999', OWED]);
    for (const role of ['almacen', 'atencion'] as const) {
      const staff = await signedInStaff(db(), role);
      const refused = await trpcError(
        as(staff).reconciliation.assignLine({ lineId: lines[0]!.id, userId: gil.user.id }),
      );
      expect(refused.code).toBe('FORBIDDEN');
    }
    expect(await paymentsOf(gil.user.id)).toHaveLength(1);
  });
});
