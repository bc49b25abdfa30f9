// Gestión de Pagos (docs/product/admin-payments-and-billing.md): the list, its search, filters, summary and count,
// 'Ver Detalles', and 'Actualizar Pago' with its effects, happening once under 50 concurrent calls.
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  ADMIN_PAYMENT_MESSAGES,
  PAYMENT_MESSAGES,
  PAYMENT_NOTIFICATIONS,
  usdCentsToVesCentimos,
  type PaymentType,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import {
  emailOutbox,
  invoices,
  ledgerEntries,
  mailboxes,
  notifications,
  paymentTrackings,
  paymentTransactions,
  trackingHistory,
  trackings,
} from '../../db/schema';
import { testConfig } from '../../env';
import { diskFileStore } from '../../files/file-store';
import { storeFile } from '../../files/store';
import { idPrefixRange } from '../../queries/payments';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { paymentMethodId, recordRate, signedInAdmin, signedInCustomer } from '../../test/factories';
import { tempStorageDir, tinyPng } from '../../test/files';

/** Today's rate (Bs. per USD), frozen in the activation invoices issued at sign-up. */
const RATE = '36.5';
let database: Database;
let storageDir: string;
const config = () => testConfig({ appUrl: TEST_APP_URL, storageDir });
type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
let admin: Admin;
let adminCaller: ReturnType<typeof callerFor>;

beforeAll(async () => {
  database = await createTestDatabase();
  storageDir = tempStorageDir();
  await recordRate(database.db, RATE);
  admin = await signedInAdmin(database.db);
  adminCaller = callerFor(database.db, admin.visitor, config());
});
afterAll(async () => {
  await database.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});
const db = () => database.db;
const as = (c: Customer) => callerFor(db(), c.visitor, config());

let refSerial = 0;
const reference = () => `REF${Date.now().toString(36).toUpperCase()}X${++refSerial}`;

/**
 * The pending activation payment created at sign-up, reported with a receipt through Zelle (or
 * Pago Móvil, in Bs.) with the amount left empty: what its invoice owes.
 */
async function reportedActivation(c: Customer, kind: 'zelle' | 'pago_movil' = 'zelle') {
  const [payment] = await db()
    .select({
      id: paymentTransactions.id,
      mailboxId: paymentTransactions.mailboxId,
      amountUsdCents: paymentTransactions.amountUsdCents,
      invoiceId: paymentTransactions.invoiceId,
    })
    .from(paymentTransactions)
    .where(
      and(eq(paymentTransactions.userId, c.user.id), eq(paymentTransactions.transactionType, 'mailbox_activation')),
    );
  const file = await storeFile(db(), diskFileStore(storageDir), {
    ownerUserId: c.user.id,
    kind: 'receipt',
    bytes: tinyPng(c.email),
    contentType: 'image/png',
    originalName: 'comprobante.png',
    uploadedBy: c.user.id,
  });
  const ref = reference();
  await as(c).payments.report({
    paymentId: payment.id,
    methodId: await paymentMethodId(db(), kind),
    paymentReference: ref,
    description: 'Pagué desde la cuenta de mi hermana',
    receiptFileId: file.id,
  });
  return {
    ...payment,
    mailboxId: payment.mailboxId!,
    invoiceId: payment.invoiceId!,
    reference: ref,
    receiptFileId: file.id,
  };
}

async function insertPayment(
  userId: string,
  values: {
    type: PaymentType;
    amountUsdCents: number;
    status?: 'pending' | 'completed' | 'failed' | 'cancelled';
    createdAt?: Date;
  },
) {
  const [row] = await db()
    .insert(paymentTransactions)
    .values({
      userId,
      transactionType: values.type,
      amountUsdCents: values.amountUsdCents,
      status: values.status ?? 'pending',
      metadata: { origen: 'prueba' },
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning({ id: paymentTransactions.id });
  return row.id;
}

const notificationsOf = (userId: string) =>
  db()
    .select({
      title: notifications.title,
      message: notifications.message,
      type: notifications.type,
      link: notifications.link,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'payment_update')));

const paymentEmailsTo = async (email: string) =>
  (await db().select().from(emailOutbox).where(eq(emailOutbox.template, 'notification-payment_update'))).filter((r) =>
    r.to.includes(email),
  );

async function paymentRow(id: string) {
  const [row] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
  return row;
}

async function mailboxStatus(id: string) {
  const [row] = await db().select({ status: mailboxes.status }).from(mailboxes).where(eq(mailboxes.id, id));
  return row.status;
}

describe('payments.review: approving a mailbox activation', () => {
  it('completes the payment, merges the notes, activates the mailbox, notifies and e-mails the customer', async () => {
    const ana = await signedInCustomer(db(), { nombre: 'Ana Aprobada', type: 'china' });
    const activation = await reportedActivation(ana);
    expect(await mailboxStatus(activation.mailboxId)).toBe('inactive');

    const result = await adminCaller.payments.review({
      id: activation.id,
      status: 'completed',
      adminNotes: '  Verificado en Binance.  ',
    });
    // Billing (docs/decisions/021-billing-in-bolivares.md): the approval pays the activation invoice in full, which activates the mailbox.
    expect(result).toMatchObject({
      id: activation.id,
      status: 'completed',
      authorisedTrackings: [],
      invoiceId: activation.invoiceId,
      invoicePaid: true,
    });
    expect(result.mailboxActivated).toMatch(/^BJS/);
    // The payment entered the customer's ledger once, against its invoice.
    const credited = await db()
      .select({
        usdCents: ledgerEntries.usdCents,
        kind: ledgerEntries.kind,
        invoiceId: ledgerEntries.invoiceId,
        userId: ledgerEntries.userId,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentId, activation.id));
    expect(credited).toEqual([
      { usdCents: -999, kind: 'payment', invoiceId: activation.invoiceId, userId: ana.user.id },
    ]);
    expect((await as(ana).billing.mine()).balance).toMatchObject({ balanceUsdCents: 0, openInvoices: 0 });

    const row = await paymentRow(activation.id);
    expect(row.status).toBe('completed');
    expect(row.processedAt).toBeInstanceOf(Date);
    expect(Date.now() - row.processedAt!.getTime()).toBeLessThan(60_000);
    expect(row.processedBy).toBe(admin.user.id);
    // Merged, not replaced: the customer's note stays.
    expect(row.metadata).toEqual({
      customer_note: 'Pagué desde la cuenta de mi hermana',
      admin_notes: 'Verificado en Binance.',
    });
    expect(await mailboxStatus(activation.mailboxId)).toBe('active');

    expect(await notificationsOf(ana.user.id)).toEqual([
      {
        title: 'Actualización de Pago',
        message: 'Tu pago de $9,99 ha sido aprobado y procesado.',
        type: 'payment_update',
        link: '/dashboard/mis-casilleros',
      },
    ]);
    const mails = await paymentEmailsTo(ana.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Actualización de Pago');
    expect(mails[0].text).toContain('Tu pago de $9,99 ha sido aprobado y procesado.');

    // The customer sees it: active mailbox, completed payment with the admin's notes.
    const mine = await as(ana).payments.get({ id: activation.id });
    expect(mine).toMatchObject({ status: 'completed', adminNotes: 'Verificado en Binance.', canReport: false });
  });

  it('fifty concurrent approvals produce one approval, one notification, one e-mail and one activation', async () => {
    const beto = await signedInCustomer(db(), { nombre: 'Beto Concurrente', type: 'usa' });
    const activation = await reportedActivation(beto);
    const mailboxUpdates = async () =>
      (
        await db()
          .select({ updatedAt: mailboxes.updatedAt })
          .from(mailboxes)
          .where(eq(mailboxes.id, activation.mailboxId))
      )[0].updatedAt;
    const before = await mailboxUpdates();

    const attempts = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        callerFor(db(), admin.visitor, config()).payments.review({
          id: activation.id,
          status: 'completed',
          adminNotes: `Aprobación ${i}`,
        }),
      ),
    );
    const approved = attempts.filter((a) => a.status === 'fulfilled');
    const refused = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
    expect(approved).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const r of refused) {
      expect(r.reason.code).toBe('CONFLICT');
      expect(r.reason.message).toBe('Este pago ya fue aprobado y no se puede modificar: la aprobación es definitiva.');
      expect(r.reason.message).toBe(ADMIN_PAYMENT_MESSAGES.alreadyProcessed.completed);
    }
    expect(await notificationsOf(beto.user.id)).toHaveLength(1);
    expect(await paymentEmailsTo(beto.email)).toHaveLength(1);
    expect(await mailboxStatus(activation.mailboxId)).toBe('active');
    // The mailbox row was written once (one activation), after the sign-up.
    expect((await mailboxUpdates()).getTime()).toBeGreaterThan(before.getTime());
    const row = await paymentRow(activation.id);
    expect(row.status).toBe('completed');
    expect(row.metadata.admin_notes).toMatch(/^Aprobación \d+$/);
    // …and one credit in the ledger.
    expect(
      await db()
        .select({ usdCents: ledgerEntries.usdCents })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.paymentId, activation.id)),
    ).toEqual([{ usdCents: -499 }]);
  });
});

describe('payments.review: rejection, review and final states', () => {
  it('a rejection keeps the mailbox inactive and appends the notes to the message; the customer may report again', async () => {
    const carla = await signedInCustomer(db(), { nombre: 'Carla Rechazada', type: 'usa' });
    const activation = await reportedActivation(carla);
    await adminCaller.payments.review({
      id: activation.id,
      status: 'failed',
      adminNotes: 'No encontramos la transferencia.',
    });
    const row = await paymentRow(activation.id);
    expect(row.status).toBe('failed');
    expect(row.processedAt).toBeInstanceOf(Date);
    expect(row.processedBy).toBe(admin.user.id);
    expect(await mailboxStatus(activation.mailboxId)).toBe('inactive');
    // A rejected payment never enters the ledger: the invoice is still owed in full.
    expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, activation.id))).toEqual([]);
    expect((await as(carla).billing.invoice({ id: activation.invoiceId })).remainingUsdCents).toBe(499);
    const [notice] = await notificationsOf(carla.user.id);
    expect(notice.message).toBe('Tu pago de $4,99 ha sido rechazado. Notas: No encontramos la transferencia.');
    expect(notice.message).toBe(PAYMENT_NOTIFICATIONS.rejected(499, 'No encontramos la transferencia.'));
    const mails = await paymentEmailsTo(carla.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: [carla.email], subject: 'Actualización de Pago' });
    expect(mails[0].text).toContain('Tu pago de $4,99 ha sido rechazado. Notas: No encontramos la transferencia.');
    expect(mails[0].text).toContain(`${TEST_APP_URL}/dashboard/facturas`);
    expect((await as(carla).payments.get({ id: activation.id })).canReport).toBe(true);

    // Processed once: another decision is refused with the rejection's own message.
    const again = await trpcError(adminCaller.payments.review({ id: activation.id, status: 'completed' }));
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toBe(
      'Este pago ya fue rechazado y no se puede modificar: el rechazo es definitivo. Si el cliente vuelve a reportarlo, aparecerá como pendiente.',
    );
    expect(await paymentEmailsTo(carla.email)).toHaveLength(1);
  });

  it('a rejection without notes says so without a notes part', async () => {
    const dora = await signedInCustomer(db(), { nombre: 'Dora Sin Notas' });
    const activation = await reportedActivation(dora);
    await adminCaller.payments.review({ id: activation.id, status: 'failed', adminNotes: '' });
    const [notice] = await notificationsOf(dora.user.id);
    expect(notice.message).toBe('Tu pago de $4,99 ha sido rechazado.');
    expect((await paymentRow(activation.id)).metadata).not.toHaveProperty('admin_notes');
  });

  it('keeping it pending stores the notes and tells the customer the payment is being reviewed', async () => {
    const eva = await signedInCustomer(db(), { nombre: 'Eva Revisión' });
    const activation = await reportedActivation(eva);
    const result = await adminCaller.payments.review({
      id: activation.id,
      status: 'pending',
      adminNotes: 'Esperando confirmación del banco.',
    });
    expect(result.status).toBe('pending');
    const row = await paymentRow(activation.id);
    expect(row).toMatchObject({ status: 'pending', processedAt: null, processedBy: null });
    expect(row.metadata.admin_notes).toBe('Esperando confirmación del banco.');
    const [notice] = await notificationsOf(eva.user.id);
    expect(notice.message).toBe('Tu pago de $4,99 está siendo revisado.');
    expect(notice.message).toContain('está siendo revisado');
    const mails = await paymentEmailsTo(eva.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: [eva.email], subject: 'Actualización de Pago' });
    expect(mails[0].text).toContain('Tu pago de $4,99 está siendo revisado.');
    expect(await mailboxStatus(activation.mailboxId)).toBe('inactive');

    // Later approved without new notes: the earlier notes stay.
    await adminCaller.payments.review({ id: activation.id, status: 'completed' });
    expect((await paymentRow(activation.id)).metadata.admin_notes).toBe('Esperando confirmación del banco.');
    expect(await mailboxStatus(activation.mailboxId)).toBe('active');
  });

  it('refuses to change a processed payment (back to pending or to the other outcome), with a clear message', async () => {
    const fede = await signedInCustomer(db(), { nombre: 'Fede Final' });
    const activation = await reportedActivation(fede);
    await adminCaller.payments.review({ id: activation.id, status: 'completed' });
    for (const status of ['pending', 'failed'] as const) {
      const err = await trpcError(adminCaller.payments.review({ id: activation.id, status, adminNotes: 'Cambio' }));
      expect(err.code).toBe('CONFLICT');
      expect(err.message).toBe(ADMIN_PAYMENT_MESSAGES.alreadyProcessed.completed);
      expect(err.message).not.toContain('vuelve a reportarlo');
    }
    const row = await paymentRow(activation.id);
    expect(row.status).toBe('completed');
    expect(row.metadata.admin_notes).toBeUndefined();
    expect(await mailboxStatus(activation.mailboxId)).toBe('active');
    expect(await notificationsOf(fede.user.id)).toHaveLength(1);

    const rejected = await insertPayment(fede.user.id, {
      type: 'credit_purchase',
      amountUsdCents: 1000,
      status: 'failed',
    });
    const err = await trpcError(adminCaller.payments.review({ id: rejected, status: 'completed' }));
    expect(err.code).toBe('CONFLICT');
    expect(err.message).toBe(ADMIN_PAYMENT_MESSAGES.alreadyProcessed.failed);
    expect(err.message).toContain('Si el cliente vuelve a reportarlo, aparecerá como pendiente.');
    expect((await paymentRow(rejected)).status).toBe('failed');
  });

  it('a customer who turned e-mails off gets the notification in the app but no e-mail', async () => {
    const rosa = await signedInCustomer(db(), { nombre: 'Rosa Sin Correos' });
    expect(await as(rosa).account.setEmailPreferences({ emailNotifications: false })).toEqual({
      emailNotifications: false,
    });
    const activation = await reportedActivation(rosa);
    await adminCaller.payments.review({ id: activation.id, status: 'pending', adminNotes: 'Revisando' });
    await adminCaller.payments.review({ id: activation.id, status: 'completed' });
    expect((await notificationsOf(rosa.user.id)).map((n) => n.message)).toEqual([
      'Tu pago de $4,99 está siendo revisado.',
      'Tu pago de $4,99 ha sido aprobado y procesado.',
    ]);
    expect(await paymentEmailsTo(rosa.email)).toEqual([]);
    const toRosa = (await db().select({ to: emailOutbox.to, template: emailOutbox.template }).from(emailOutbox)).filter(
      (m) => m.to.includes(rosa.email),
    );
    expect(toRosa.filter((m) => m.template.startsWith('notification-'))).toEqual([]);
    expect(await mailboxStatus(activation.mailboxId)).toBe('active');
  });

  it('answers NOT_FOUND for an unknown payment and validates the input in Spanish', async () => {
    const missing = await trpcError(adminCaller.payments.review({ id: randomUUID(), status: 'completed' }));
    expect(missing.code).toBe('NOT_FOUND');
    expect(missing.message).toBe(PAYMENT_MESSAGES.notFound);
    const id = randomUUID();
    expect((await trpcError(adminCaller.payments.review({ id, status: 'cancelled' as never }))).message).toBe(
      ADMIN_PAYMENT_MESSAGES.statusRequired,
    );
    expect(
      (await trpcError(adminCaller.payments.review({ id, status: 'completed', adminNotes: 'x'.repeat(1001) }))).message,
    ).toBe(ADMIN_PAYMENT_MESSAGES.notesMax);
  });

  it('is admin-only', async () => {
    const gil = await signedInCustomer(db(), { nombre: 'Gil Cliente' });
    const activation = await reportedActivation(gil);
    expect((await trpcError(as(gil).payments.review({ id: activation.id, status: 'completed' }))).code).toBe(
      'FORBIDDEN',
    );
    expect((await paymentRow(activation.id)).status).toBe('pending');
  });
});

describe('payments.review: an approved shipping payment authorises dispatch', () => {
  it('records the authorisation on the ready_to_ship trackings it pays, by the admin, and leaves the others', async () => {
    const hugo = await signedInCustomer(db(), { nombre: 'Hugo Envíos' });
    const activation = await reportedActivation(hugo);
    await adminCaller.payments.review({ id: activation.id, status: 'completed' });
    const make = async (n: string, status: 'ready_to_ship' | 'in_warehouse') => {
      const created = await adminCaller.trackings.create({
        mailboxId: activation.mailboxId,
        trackingNumber: n,
        carrier: 'UPS',
        description: 'Zapatos deportivos talla 42',
        senderName: 'Nike',
      });
      await adminCaller.trackings.updateStatus({ id: created.id, status });
      return created.id;
    };
    const ready = await make(`PAGO${Date.now().toString(36).toUpperCase()}A`, 'ready_to_ship');
    const notYet = await make(`PAGO${Date.now().toString(36).toUpperCase()}B`, 'in_warehouse');
    const unrelated = await make(`PAGO${Date.now().toString(36).toUpperCase()}C`, 'ready_to_ship');
    const paymentId = await insertPayment(hugo.user.id, { type: 'shipping_payment', amountUsdCents: 3850 });
    await db()
      .insert(paymentTrackings)
      .values([
        { paymentId, trackingId: ready },
        { paymentId, trackingId: notYet },
      ]);

    const result = await adminCaller.payments.review({
      id: paymentId,
      status: 'completed',
      adminNotes: 'Zelle recibido',
    });
    expect(result.mailboxActivated).toBeNull();
    expect(result.authorisedTrackings).toHaveLength(1);
    // A payment without an invoice gets one for its amount on approval, which it pays.
    expect(result.invoicePaid).toBe(true);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, result.invoiceId!));
    expect(invoice).toMatchObject({ userId: hugo.user.id, concept: 'shipping_payment', usdCents: 3850 });

    const historyOf = (id: string) =>
      db()
        .select({
          status: trackingHistory.status,
          message: trackingHistory.message,
          createdBy: trackingHistory.createdBy,
        })
        .from(trackingHistory)
        .where(
          and(eq(trackingHistory.trackingId, id), eq(trackingHistory.message, 'Pago aprobado: despacho autorizado')),
        );
    expect(await historyOf(ready)).toEqual([
      { status: 'ready_to_ship', message: 'Pago aprobado: despacho autorizado', createdBy: admin.user.id },
    ]);
    expect(await historyOf(notYet)).toEqual([]);
    expect(await historyOf(unrelated)).toEqual([]);
    const statuses = await db()
      .select({ id: trackings.id, status: trackings.status })
      .from(trackings)
      .where(sql`${trackings.id} in (${ready}, ${notYet})`);
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [ready]: 'ready_to_ship',
      [notYet]: 'in_warehouse',
    });
    const notices = await notificationsOf(hugo.user.id);
    expect(notices.at(-1)).toMatchObject({
      message: 'Tu pago de $38,50 ha sido aprobado y procesado.',
      link: '/dashboard/facturas',
    });

    // The admin's details list the trackings it pays.
    const detail = await adminCaller.payments.detail({ id: paymentId });
    expect(detail.trackings.map((t) => t.id).sort()).toEqual([ready, notYet].sort());

    // A rejected shipping payment authorises nothing.
    const other = await insertPayment(hugo.user.id, { type: 'shipping_payment', amountUsdCents: 2000 });
    await db().insert(paymentTrackings).values({ paymentId: other, trackingId: unrelated });
    expect((await adminCaller.payments.review({ id: other, status: 'failed' })).authorisedTrackings).toEqual([]);
    expect(await historyOf(unrelated)).toEqual([]);
  });
});

describe('payments.list, count, summary and detail', () => {
  let iris: Customer;
  let irisActivation: Awaited<ReturnType<typeof reportedActivation>>;
  /** What Iris's $9.99 activation is in Bs. at the rate frozen in its invoice. */
  const IRIS_VES_CENTS = usdCentsToVesCentimos(999, RATE);
  beforeAll(async () => {
    iris = await signedInCustomer(db(), { nombre: 'Iris Zambrano Listados', type: 'china' });
    irisActivation = await reportedActivation(iris, 'pago_movil');
    await insertPayment(iris.user.id, { type: 'course_purchase', amountUsdCents: 12000, status: 'cancelled' });
  });

  it('lists newest first with customer, type, amount (in Bs. too), method, reference, invoice, status and the receipt', async () => {
    const page = await adminCaller.payments.list({});
    expect(page.page).toBe(1);
    const times = page.rows.map((r) => new Date(r.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const row = page.rows.find((r) => r.id === irisActivation.id)!;
    expect(row).toMatchObject({
      customerName: 'Iris Zambrano Listados',
      customerEmail: iris.email,
      transactionType: 'mailbox_activation',
      amountUsdCents: 999,
      amountVesCents: IRIS_VES_CENTS,
      currency: 'VES',
      paymentMethod: 'Pago Móvil',
      paymentReference: irisActivation.reference,
      invoiceId: irisActivation.invoiceId,
      status: 'pending',
      receiptFileId: irisActivation.receiptFileId,
    });
    expect(row.invoiceNumber).toMatch(/^F-\d{4}-\d{6}$/);
  });

  it('searches by customer name, reference and id (full or its beginning)', async () => {
    const ids = async (q: string) => (await adminCaller.payments.list({ q })).rows.map((r) => r.id);
    expect(await ids('zambrano list')).toContain(irisActivation.id);
    expect(await ids(irisActivation.reference.slice(3, 12).toLowerCase())).toEqual([irisActivation.id]);
    expect(await ids(irisActivation.id)).toEqual([irisActivation.id]);
    expect(await ids(irisActivation.id.slice(0, 13))).toContain(irisActivation.id);
    expect(await ids('nadie-se-llama-asi')).toEqual([]);
    // Shorter than three characters: no search.
    expect((await adminCaller.payments.list({ q: 'zz' })).rows.length).toBeGreaterThan(1);
    expect(idPrefixRange('abc')).toEqual({
      low: 'abc00000-0000-0000-0000-000000000000',
      high: 'abcfffff-ffff-ffff-ffff-ffffffffffff',
    });
    expect(idPrefixRange('ZL7Q')).toBeNull();
  });

  it('filters by status and type, and pages', async () => {
    const byStatus = await adminCaller.payments.list({ status: 'completed' });
    expect(byStatus.rows.length).toBeGreaterThan(0);
    expect(byStatus.rows.every((r) => r.status === 'completed')).toBe(true);
    const byType = await adminCaller.payments.list({ type: 'course_purchase', q: 'Iris Zambrano' });
    expect(byType.rows.map((r) => r.status)).toEqual(['cancelled']);
    const first = await adminCaller.payments.list({ pageSize: 10 });
    const second = await adminCaller.payments.list({ pageSize: 10, page: 2 });
    expect(first.hasMore).toBe(true);
    expect(second.rows.map((r) => r.id).filter((id) => first.rows.some((r) => r.id === id))).toEqual([]);
    const oldest = await adminCaller.payments.list({ dir: 'asc', pageSize: 10 });
    expect(new Date(oldest.rows[0].createdAt).getTime()).toBeLessThanOrEqual(
      new Date(first.rows[0].createdAt).getTime(),
    );
    // A status the admin cannot choose falls back to all.
    expect((await adminCaller.payments.list({ status: 'cancelled' as never, pageSize: 10 })).rows).toHaveLength(10);
  });

  it('summarises counts and sums by status in SQL, matching the rows, and counts the filtered set', async () => {
    const all = await db()
      .select({
        status: paymentTransactions.status,
        amountUsdCents: paymentTransactions.amountUsdCents,
        transactionType: paymentTransactions.transactionType,
      })
      .from(paymentTransactions);
    const summary = await adminCaller.payments.summary();
    for (const status of ['pending', 'completed', 'failed', 'cancelled'] as const) {
      const mine = all.filter((p) => p.status === status);
      expect(summary.byStatus[status].count).toBe(mine.length);
      expect(summary.byStatus[status].amountUsdCents).toBeCloseTo(
        mine.reduce((s, p) => s + p.amountUsdCents, 0),
        2,
      );
    }
    expect(summary.total.count).toBe(all.length);
    expect(summary.byStatus.cancelled).toEqual({ count: 1, amountUsdCents: 12000 });

    // The count is the bounded filtered count only; the page takes the total from the summary.
    expect(await adminCaller.payments.count({})).toEqual({ count: all.length, isCapped: false });
    expect(await adminCaller.payments.count({ status: 'failed' })).toEqual({
      count: summary.byStatus.failed.count,
      isCapped: false,
    });
    expect(await adminCaller.payments.count({ q: 'Iris Zambrano', type: 'mailbox_activation' })).toEqual({
      count: 1,
      isCapped: false,
    });
    expect(await adminCaller.payments.count({ type: 'course_purchase' })).toEqual({
      count: all.filter((p) => p.transactionType === 'course_purchase').length,
      isCapped: false,
    });
  });

  it('details show every field and the receipt opens through a signed link for the admin only', async () => {
    const detail = await adminCaller.payments.detail({ id: irisActivation.id });
    expect(detail).toMatchObject({
      customerName: 'Iris Zambrano Listados',
      amountUsdCents: 999,
      amountVesCents: IRIS_VES_CENTS,
      currency: 'VES',
      transactionType: 'mailbox_activation',
      paymentMethod: 'Pago Móvil',
      invoiceId: irisActivation.invoiceId,
      paymentReference: irisActivation.reference,
      customerNote: 'Pagué desde la cuenta de mi hermana',
      adminNotes: null,
      mailboxStatus: 'inactive',
      mailboxCountry: 'CHINA',
      receiptFileId: irisActivation.receiptFileId,
      trackings: [],
    });
    expect(detail.description).toMatch(/^Activación de casillero BJS/);
    const link = await adminCaller.files.link({ id: detail.receiptFileId! });
    const exp = Number(new URL(link.url, TEST_APP_URL).searchParams.get('exp'));
    expect(exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(3590);
    expect(exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(3600);
    const stranger = await signedInCustomer(db(), { nombre: 'Extraño' });
    expect((await trpcError(as(stranger).files.link({ id: detail.receiptFileId! }))).code).toBe('NOT_FOUND');
    expect((await trpcError(adminCaller.payments.detail({ id: randomUUID() }))).code).toBe('NOT_FOUND');
  });
});
