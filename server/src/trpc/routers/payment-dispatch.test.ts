// docs/product/admin-payments-and-billing.md#dispatch-after-a-shipping-payment: a customer's shipping payment names the trackings it pays (their own, ready to ship,
// dispatch not yet authorised); approving it stamps dispatch_authorized_at on them, which the
// customer and the admin see and the trackings stats count. Rejecting it authorises nothing.
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { ADMIN_PAYMENT_MESSAGES, PAYMENT_MESSAGES, type ReportPaymentInput } from '@casillero/shared';
import type { Database } from '../../db/client';
import { emailOutbox, paymentTrackings, paymentTransactions, trackingHistory, trackings } from '../../db/schema';
import { testConfig } from '../../env';
import { diskFileStore } from '../../files/file-store';
import { storeFile } from '../../files/store';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import {
  customerWithActiveMailbox,
  paymentMethodId,
  signedInAdmin,
  type CustomerWithMailbox,
} from '../../test/factories';
import { tempStorageDir, tinyPng } from '../../test/files';

const ADMIN_INBOX = 'operaciones@casillero.test';
let database: Database;
let storageDir: string;
const config = () => testConfig({ appUrl: TEST_APP_URL, storageDir, adminNotifyEmails: [ADMIN_INBOX] });
type Customer = CustomerWithMailbox;
let adminCaller: ReturnType<typeof callerFor>;
let adminId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  storageDir = tempStorageDir();
  const admin = await signedInAdmin(database.db);
  adminId = admin.user.id;
  adminCaller = callerFor(database.db, admin.visitor, config());
});
afterAll(async () => {
  await database.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

const db = () => database.db;
const as = (c: Customer) => callerFor(db(), c.visitor, config());

const customer = (nombre: string) => customerWithActiveMailbox(db(), { nombre });

let serial = 0;
/** A tracking created by the admin for the customer and moved to `status` (with its history). */
async function trackingOf(c: Customer, status: 'ready_to_ship' | 'in_warehouse' | 'shipped' = 'ready_to_ship') {
  const trackingNumber = `DSP${Date.now().toString(36).toUpperCase()}${++serial}`;
  const created = await adminCaller.trackings.create({
    mailboxId: c.mailboxId,
    trackingNumber,
    carrier: 'UPS',
    description: `Zapatos deportivos ${serial}`,
    senderName: 'Nike',
    estimatedWeight: 1.5,
  });
  await adminCaller.trackings.updateStatus({ id: created.id, status });
  return { id: created.id, trackingNumber };
}

async function receiptOf(c: Customer) {
  const file = await storeFile(db(), diskFileStore(storageDir), {
    ownerUserId: c.user.id,
    kind: 'receipt',
    bytes: tinyPng(c.email),
    contentType: 'image/png',
    originalName: 'comprobante.png',
    uploadedBy: c.user.id,
  });
  return file.id;
}

const newReference = () => `ENV-${Date.now().toString(36)}-${++serial}`;

async function shippingReport(
  c: Customer,
  trackingIds: string[] | undefined,
  overrides: Partial<ReportPaymentInput> = {},
) {
  return as(c).payments.report({
    transactionType: 'shipping_payment',
    amount: 38.5,
    methodId: await paymentMethodId(db(), 'zelle'),
    paymentReference: newReference(),
    receiptFileId: await receiptOf(c),
    trackingIds,
    ...overrides,
  });
}

const paymentsOf = async (c: Customer) =>
  db()
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.userId, c.user.id), eq(paymentTransactions.transactionType, 'shipping_payment')));
const linksOf = async (paymentId: string) =>
  (
    await db()
      .select({ id: paymentTrackings.trackingId })
      .from(paymentTrackings)
      .where(eq(paymentTrackings.paymentId, paymentId))
  )
    .map((r) => r.id)
    .sort();
const authorisedAt = async (ids: string[]) =>
  Object.fromEntries(
    (
      await db()
        .select({ id: trackings.id, at: trackings.dispatchAuthorizedAt })
        .from(trackings)
        .where(inArray(trackings.id, ids))
    ).map((r) => [r.id, r.at]),
  );
const reportEmails = async () =>
  db().select({ text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.template, 'payment-reported'));

describe('payments.payableTrackings', () => {
  it("lists only the caller's ready trackings whose dispatch is not authorised, by number", async () => {
    const rosa = await customer('Rosa Envíos');
    const other = await customer('Otro Cliente');
    const a = await trackingOf(rosa);
    const b = await trackingOf(rosa);
    await trackingOf(rosa, 'in_warehouse');
    await trackingOf(other);
    const paid = await trackingOf(rosa);
    await db().update(trackings).set({ dispatchAuthorizedAt: new Date() }).where(eq(trackings.id, paid.id));

    const payable = await as(rosa).payments.payableTrackings();
    expect(payable).toEqual(
      [a, b]
        .sort((x, y) => x.trackingNumber.localeCompare(y.trackingNumber))
        .map((t) => ({
          id: t.id,
          trackingNumber: t.trackingNumber,
          description: expect.stringContaining('Zapatos'),
          estimatedWeight: 1.5,
          actualWeight: null,
        })),
    );
  });

  it('is for signed-in customers only', async () => {
    const err = await trpcError(callerFor(db()).payments.payableTrackings());
    expect(err.code).toBe('UNAUTHORIZED');
  });
});

describe('reporting a shipping payment', () => {
  it('stores the payment with links to the own ready trackings it pays, and tells the admins which', async () => {
    const sara = await customer('Sara Despacho');
    const a = await trackingOf(sara);
    const b = await trackingOf(sara);
    const before = (await reportEmails()).length;
    // The same tracking twice counts once.
    const answer = await shippingReport(sara, [a.id, b.id, a.id]);
    expect(answer.message).toBe(PAYMENT_MESSAGES.reportedMessage);
    expect(await linksOf(answer.id)).toEqual([a.id, b.id].sort());
    const emails = await reportEmails();
    expect(emails).toHaveLength(before + 1);
    expect(emails.at(-1)!.text).toContain(
      `Trackings que paga: ${[a.trackingNumber, b.trackingNumber].sort().join(', ')}.`,
    );
    // Reporting does not authorise anything yet.
    expect(Object.values(await authorisedAt([a.id, b.id]))).toEqual([null, null]);
    // The admin's details list them.
    const detail = await adminCaller.payments.detail({ id: answer.id });
    expect(detail.trackings.map((t) => t.trackingNumber)).toEqual([a.trackingNumber, b.trackingNumber].sort());
  });

  it("refuses another customer's tracking, a tracking not ready, an authorised one, an unknown id or no selection, and stores nothing", async () => {
    const tito = await customer('Tito Rechazos');
    const other = await customer('Vecino Ajeno');
    const mine = await trackingOf(tito);
    const theirs = await trackingOf(other);
    const notReady = await trackingOf(tito, 'in_warehouse');
    const shipped = await trackingOf(tito, 'shipped');
    const authorised = await trackingOf(tito);
    await db().update(trackings).set({ dispatchAuthorizedAt: new Date() }).where(eq(trackings.id, authorised.id));
    const emailsBefore = (await reportEmails()).length;

    // Another customer's or an unknown tracking is not found; one of Tito's that cannot be paid
    // now is a bad request. Both say the same.
    for (const ids of [[mine.id, theirs.id], [randomUUID()]]) {
      const err = await trpcError(shippingReport(tito, ids));
      expect(err.code, JSON.stringify(ids)).toBe('NOT_FOUND');
      expect(err.message).toBe(PAYMENT_MESSAGES.trackingsNotPayable);
    }
    for (const ids of [[notReady.id], [mine.id, shipped.id], [authorised.id]]) {
      const err = await trpcError(shippingReport(tito, ids));
      expect(err.code, JSON.stringify(ids)).toBe('BAD_REQUEST');
      expect(err.message).toBe(PAYMENT_MESSAGES.trackingsNotPayable);
    }
    for (const ids of [[], undefined]) {
      const err = await trpcError(shippingReport(tito, ids));
      expect(err.code).toBe('BAD_REQUEST');
      expect(err.message).toBe(PAYMENT_MESSAGES.trackingsRequired);
    }
    const err = await trpcError(shippingReport(tito, ['no-es-un-id']));
    expect(err.code).toBe('BAD_REQUEST');

    expect(await paymentsOf(tito)).toEqual([]);
    expect(
      await db()
        .select()
        .from(paymentTrackings)
        .where(inArray(paymentTrackings.trackingId, [mine.id, theirs.id, notReady.id])),
    ).toEqual([]);
    expect(await reportEmails()).toHaveLength(emailsBefore);
  });

  it('needs no trackings for other concepts, and ignores any sent', async () => {
    const uma = await customer('Uma Créditos');
    const ready = await trackingOf(uma);
    const answer = await as(uma).payments.report({
      transactionType: 'credit_purchase',
      amount: 20,
      methodId: await paymentMethodId(db(), 'zelle'),
      paymentReference: newReference(),
      receiptFileId: await receiptOf(uma),
      trackingIds: [ready.id],
    });
    expect(await linksOf(answer.id)).toEqual([]);
  });
});

describe('reviewing a shipping payment', () => {
  it('approval stamps dispatch_authorized_at on its still-ready trackings, keeps the history row, and the stats follow', async () => {
    const vera = await customer('Vera Aprobada');
    const a = await trackingOf(vera);
    const b = await trackingOf(vera);
    const untouched = await trackingOf(vera);
    const { id } = await shippingReport(vera, [a.id, b.id]);
    // Before the approval, one of them leaves 'ready_to_ship'; the other has been ready since two days ago.
    await adminCaller.trackings.updateStatus({ id: b.id, status: 'problem' });
    await db()
      .update(trackingHistory)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(and(eq(trackingHistory.trackingId, a.id), eq(trackingHistory.status, 'ready_to_ship')));

    const before = await adminCaller.trackings.stats();
    const result = await adminCaller.payments.review({ id, status: 'completed' });
    expect(result.authorisedTrackings).toEqual([a.trackingNumber]);
    // Billing (docs/decisions/021-billing-in-bolivares.md): a shipping payment reported without an invoice gets one for its amount on
    // approval, paid by it in the customer's ledger.
    expect(result.invoicePaid).toBe(true);
    const invoice = (await as(vera).billing.mine()).invoices.find((i) => i.id === result.invoiceId)!;
    expect(invoice).toMatchObject({ concept: 'shipping_payment', usdCents: 3850, status: 'paid' });

    const stamped = await authorisedAt([a.id, b.id, untouched.id]);
    expect(stamped[a.id]).toBeInstanceOf(Date);
    expect(stamped[b.id]).toBeNull();
    expect(stamped[untouched.id]).toBeNull();
    const history = await db()
      .select({
        status: trackingHistory.status,
        createdBy: trackingHistory.createdBy,
        createdAt: trackingHistory.createdAt,
      })
      .from(trackingHistory)
      .where(
        and(
          eq(trackingHistory.trackingId, a.id),
          eq(trackingHistory.message, ADMIN_PAYMENT_MESSAGES.dispatchAuthorised),
        ),
      );
    expect(history).toEqual([{ status: 'ready_to_ship', createdBy: adminId, createdAt: stamped[a.id] }]);

    // Awaiting payment drops by one, authorised rises by one; 'ready today' is unchanged (an
    // approval today is not a change of status), as is the number ready to ship.
    const after = await adminCaller.trackings.stats();
    expect(after.awaitingPayment).toBe(before.awaitingPayment - 1);
    expect(after.dispatchAuthorized).toBe(before.dispatchAuthorized + 1);
    expect(after.readyToShip).toBe(before.readyToShip);
    expect(after.readyToday).toBe(before.readyToday);
    expect(after.awaitingPayment + after.dispatchAuthorized).toBe(after.readyToShip);

    // The customer sees it, and can no longer pay for it again.
    const mine = await as(vera).trackings.mine();
    expect(mine.find((t) => t.id === a.id)!.dispatchAuthorizedAt).toBe(stamped[a.id]!.toISOString());
    expect(mine.find((t) => t.id === untouched.id)!.dispatchAuthorizedAt).toBeNull();
    expect((await as(vera).trackings.mineDetail({ id: a.id })).dispatchAuthorizedAt).toBe(stamped[a.id]!.toISOString());
    expect((await as(vera).payments.payableTrackings()).map((t) => t.id)).toEqual([untouched.id]);
    const err = await trpcError(shippingReport(vera, [a.id]));
    expect(err.message).toBe(PAYMENT_MESSAGES.trackingsNotPayable);

    // The admin's list and details carry it for the 'Pago aprobado' badge.
    const page = await adminCaller.trackings.list({ q: a.trackingNumber });
    expect(page.rows.map((r) => [r.id, r.dispatchAuthorizedAt])).toEqual([[a.id, stamped[a.id]!.toISOString()]]);
    expect((await adminCaller.trackings.detail({ id: a.id })).dispatchAuthorizedAt).toEqual(stamped[a.id]);
  });

  it('a tracking that becomes ready today still counts as ready today after its approval', async () => {
    const wil = await customer('Wil Hoy');
    const before = await adminCaller.trackings.stats();
    const t = await trackingOf(wil);
    const { id } = await shippingReport(wil, [t.id]);
    await adminCaller.payments.review({ id, status: 'completed' });
    const after = await adminCaller.trackings.stats();
    expect(after.readyToday).toBe(before.readyToday + 1);
    expect(after.dispatchAuthorized).toBe(before.dispatchAuthorized + 1);
    expect(after.awaitingPayment).toBe(before.awaitingPayment);
  });

  it('rejection sets nothing, and the trackings can be paid again', async () => {
    const xime = await customer('Xime Rechazada');
    const t = await trackingOf(xime);
    const { id } = await shippingReport(xime, [t.id]);
    const before = await adminCaller.trackings.stats();
    const result = await adminCaller.payments.review({ id, status: 'failed', adminNotes: 'Referencia no encontrada' });
    expect(result.authorisedTrackings).toEqual([]);
    expect(await authorisedAt([t.id])).toEqual({ [t.id]: null });
    const history = await db()
      .select()
      .from(trackingHistory)
      .where(
        and(
          eq(trackingHistory.trackingId, t.id),
          eq(trackingHistory.message, ADMIN_PAYMENT_MESSAGES.dispatchAuthorised),
        ),
      );
    expect(history).toEqual([]);
    const after = await adminCaller.trackings.stats();
    expect(after.awaitingPayment).toBe(before.awaitingPayment);
    expect(after.dispatchAuthorized).toBe(before.dispatchAuthorized);
    expect((await as(xime).payments.payableTrackings()).map((x) => x.id)).toEqual([t.id]);
  });

  it('a second approved payment for an already authorised tracking leaves its first authorisation as it was', async () => {
    const yago = await customer('Yago Doble');
    const t = await trackingOf(yago);
    const first = await shippingReport(yago, [t.id]);
    const second = await shippingReport(yago, [t.id]);
    await adminCaller.payments.review({ id: first.id, status: 'completed' });
    const [stamp] = Object.values(await authorisedAt([t.id]));
    expect((await adminCaller.payments.review({ id: second.id, status: 'completed' })).authorisedTrackings).toEqual([]);
    expect(await authorisedAt([t.id])).toEqual({ [t.id]: stamp });
    const rows = await db()
      .select({ id: trackingHistory.id })
      .from(trackingHistory)
      .where(
        and(
          eq(trackingHistory.trackingId, t.id),
          eq(trackingHistory.message, ADMIN_PAYMENT_MESSAGES.dispatchAuthorised),
        ),
      );
    expect(rows).toHaveLength(1);
  });
});
