import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ADMIN_PAYMENT_MESSAGES, PAYMENT_MESSAGES, PAYMENT_NOTIFICATIONS } from '@casillero/shared';
import {
  emailOutbox,
  invoices,
  ledgerEntries,
  mailboxes,
  paymentTrackings,
  trackingHistory,
  trackings,
} from '../../db/schema';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { signedInCustomer } from '../../test/factories';
import {
  admin,
  adminCaller,
  as,
  config,
  db,
  insertPayment,
  mailboxStatus,
  notificationsOf,
  paymentEmailsTo,
  paymentRow,
  reportedActivation,
  useAdminPayments,
} from '../../test/admin-payments';

useAdminPayments();

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
