// Webhooks end to end (docs/product/public-api.md#webhooks): a customer subscribes a URL, a real
// change (staff issues an invoice) enqueues the event in its transaction, the worker POSTs it to a
// real receiver on this machine (node:http on 127.0.0.1), which verifies the signature with an
// independent Standard Webhooks implementation (the `standardwebhooks` package). Failures are
// retried with backoff and given up 24 hours after the event; a delivered row is never sent
// again; resend, rotation, pausing and ownership; the SSRF guard, at subscription and again at
// delivery, including a name whose DNS answers 127.0.0.1; and the events raised where their
// changes happen (reception, a shipment's status, invoices, approved payments).
//
// The receiver listens on plain HTTP on 127.0.0.1, which the guard refuses: the worker reaches it
// only through its explicit `testOnly` option (one allowed address, plain HTTP) and a lookup that
// resolves the test's host name to it — code passed here, no setting or variable.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_MESSAGES } from '@casillero/shared';
import type { Database } from '../db/client';
import { auditLog, paymentTransactions, webhookDeliveries, webhookSubscriptions } from '../db/schema';
import { testConfig } from '../env';
import type { Lookup } from '../lib/ssrf-guard';
import { callerFor, TEST_APP_URL, trpcError } from '../test/caller';
import { createTestDatabase } from '../test/db';
import { customerWithActiveMailbox, homeDeliveryTo, signedInAdmin, signedInCustomer } from '../test/factories';
import { deliverDueWebhooks, type WebhookSenderOptions } from '../webhooks/worker';

type Signed = Awaited<ReturnType<typeof signedInCustomer>>;
type Received = { url: string; host: string | undefined; headers: Record<string, string>; body: string };

let database: Database;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let maria: Signed;
let carlos: Signed;
let receiver: http.Server;
let port: number;
const received: Received[] = [];
/** What the receiver answers next, in order; 200 when empty; 'hang' never answers. */
const answers: (number | 'hang')[] = [];

const db = () => database.db;
const as = (s: { visitor: Signed['visitor'] }) => callerFor(db(), s.visitor);
const silent = { info() {}, warn() {} };
const HOST = 'hooks.casillero.test';
const resolvesTo =
  (address: string): Lookup =>
  async () => [{ address, family: 4 }];
/** The worker as the tests run it: the test host resolves to the local receiver, let through explicitly. */
const local: WebhookSenderOptions = {
  lookup: resolvesTo('127.0.0.1'),
  testOnly: { allowAddress: (a) => a === '127.0.0.1', plainHttp: true },
};
const hookUrl = (path: string) => `https://${HOST}:${port}${path}`;

/** Every pending delivery due now, as if its backoff had passed. */
async function makeDue() {
  await db()
    .update(webhookDeliveries)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(webhookDeliveries.status, 'pending'));
}

async function deliveriesOf(subscriptionId: string) {
  return db()
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, subscriptionId))
    .orderBy(webhookDeliveries.createdAt);
}

async function issueInvoiceTo(c: Signed, description: string) {
  return as(admin).billing.issue({
    userId: c.user.id,
    concept: 'course_purchase',
    description,
    lines: [{ description, amountUsd: 12.5 }],
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signedInAdmin(db());
  maria = await signedInCustomer(db(), { nombre: 'María Webhook' });
  carlos = await signedInCustomer(db(), { nombre: 'Carlos Ajeno' });
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({
        url: req.url ?? '',
        host: req.headers.host,
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body,
      });
      const answer = answers.shift() ?? 200;
      if (answer === 'hang') return;
      res.writeHead(answer, { 'content-type': 'text/plain' }).end('recibido');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await database?.close();
});

describe('subscriptions', () => {
  it('shows the secret once, lists without it, audits without it, and keeps others out', async () => {
    const created = await as(maria).account.createWebhook({
      url: hookUrl('/lista'),
      events: ['invoice.issued', 'invoice.issued', 'claim.updated'],
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(created.message).toBe(WEBHOOK_MESSAGES.created);
    const list = await as(maria).account.webhooks();
    expect(list).toEqual([
      {
        id: created.id,
        url: hookUrl('/lista'),
        events: ['invoice.issued', 'claim.updated'],
        active: true,
        createdAt: expect.any(String),
        previousSecretExpiresAt: null,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(created.secret);

    // Another customer sees nothing and touches nothing.
    expect(await as(carlos).account.webhooks()).toEqual([]);
    // One at a time: a call started early would reject before it is awaited.
    for (const call of [
      () => as(carlos).account.rotateWebhookSecret({ id: created.id }),
      () => as(carlos).account.setWebhookActive({ id: created.id, active: false }),
      () => as(carlos).account.deleteWebhook({ id: created.id }),
      () => as(carlos).account.webhookDeliveries({ subscriptionId: created.id }),
    ]) {
      const err = await trpcError(call());
      expect(err.code).toBe('NOT_FOUND');
      expect(err.message).toBe(WEBHOOK_MESSAGES.notFound);
    }
    // Staff hold no webhooks.
    await expect(as(admin).account.createWebhook({ url: hookUrl('/x'), events: ['invoice.issued'] })).rejects.toThrow(
      WEBHOOK_MESSAGES.staffNoWebhooks,
    );

    const rotated = await as(maria).account.rotateWebhookSecret({ id: created.id });
    expect(rotated.secret).not.toBe(created.secret);
    // The list says until when the replaced secret still signs, and shows neither secret.
    const [listed] = await as(maria).account.webhooks();
    expect(listed.previousSecretExpiresAt).toBe(rotated.previousSecretExpiresAt);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(JSON.stringify(listed)).not.toContain(rotated.secret);
    await as(maria).account.deleteWebhook({ id: created.id });
    expect(await as(maria).account.webhooks()).toEqual([]);

    const entries = await db()
      .select({
        action: auditLog.action,
        operation: auditLog.operation,
        before: auditLog.before,
        after: auditLog.after,
      })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'webhook_subscriptions'), eq(auditLog.entityId, created.id)));
    expect(entries.map((e) => e.action).sort()).toEqual([
      'account.createWebhook',
      'account.deleteWebhook',
      'account.rotateWebhookSecret',
    ]);
    const logged = JSON.stringify(entries);
    expect(logged).not.toContain(created.secret);
    expect(logged).not.toContain(rotated.secret);
  });

  it('refuses private, loopback and link-local URLs, literal or through DNS, and http', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://169.254.169.254/latest',
      'https://[::1]/hook',
      'https://localhost/hook',
    ]) {
      await expect(as(maria).account.createWebhook({ url, events: ['invoice.issued'] }), url).rejects.toThrow(
        WEBHOOK_MESSAGES.privateAddress,
      );
    }
    await expect(
      as(maria).account.createWebhook({ url: 'http://tienda.example/hook', events: ['invoice.issued'] }),
    ).rejects.toThrow(WEBHOOK_MESSAGES.httpsOnly);
    // A public-looking name whose DNS answers 127.0.0.1.
    const rebinding = callerFor(
      db(),
      maria.visitor,
      testConfig({ appUrl: TEST_APP_URL, webhookLookup: resolvesTo('127.0.0.1') }),
    );
    await expect(
      rebinding.account.createWebhook({ url: 'https://tienda.example/hook', events: ['invoice.issued'] }),
    ).rejects.toThrow(WEBHOOK_MESSAGES.privateAddress);
    expect(await as(maria).account.webhooks()).toEqual([]);
  });
});

describe('deliveries', () => {
  it('enqueues the event with the change, retries a failure, verifies with standardwebhooks, and never sends twice', async () => {
    const sub = await as(maria).account.createWebhook({
      url: hookUrl('/facturas?tienda=1'),
      events: ['invoice.issued'],
    });
    const other = await as(carlos).account.createWebhook({ url: hookUrl('/carlos'), events: ['invoice.issued'] });
    const invoice = await issueInvoiceTo(maria, 'Curso de importación');

    const [queued] = await deliveriesOf(sub.id);
    expect(queued).toMatchObject({ eventType: 'invoice.issued', status: 'pending', attempts: 0 });
    expect(await deliveriesOf(other.id)).toEqual([]);

    // First attempt: the receiver fails; the row waits for its backoff.
    received.length = 0;
    answers.push(500);
    expect(await deliverDueWebhooks(db(), silent, local)).toBe(0);
    let [row] = await deliveriesOf(sub.id);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: 500,
      lastError: WEBHOOK_MESSAGES.badStatus(500),
    });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing is sent.
    expect(await deliverDueWebhooks(db(), silent, local)).toBe(0);
    expect(received).toHaveLength(1);

    // Second attempt, after the backoff: delivered.
    await makeDue();
    expect(await deliverDueWebhooks(db(), silent, local)).toBe(1);
    [row] = await deliveriesOf(sub.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, responseStatus: 200, lastError: null });
    expect(received).toHaveLength(2);

    const last = received[1]!;
    expect(last.url).toBe('/facturas?tienda=1');
    expect(last.host).toBe(`${HOST}:${port}`);
    expect(last.headers['content-type']).toBe('application/json');
    // The same message both times: the receiver can tell a retry by its id.
    expect(last.headers['webhook-id']).toBe(row.id);
    expect(received[0]!.headers['webhook-id']).toBe(row.id);
    const verified = new Webhook(sub.secret).verify(last.body, last.headers) as {
      type: string;
      timestamp: string;
      data: Record<string, unknown>;
    };
    expect(verified).toMatchObject({
      type: 'invoice.issued',
      data: { invoiceId: invoice.id, number: invoice.number, usdCents: 1250, concept: 'course_purchase' },
    });
    expect(() => new Webhook(other.secret).verify(last.body, last.headers)).toThrow();

    // Delivered once: later rounds send nothing more.
    await makeDue();
    expect(await deliverDueWebhooks(db(), silent, local)).toBe(0);
    expect(received).toHaveLength(2);

    // The list the customer reads.
    const list = await as(maria).account.webhookDeliveries({ subscriptionId: sub.id });
    expect(list).toEqual([
      expect.objectContaining({
        id: row.id,
        eventType: 'invoice.issued',
        status: 'sent',
        responseStatus: 200,
        attempts: 2,
      }),
    ]);

    // Resend: a copy with its own id, the same event; another customer cannot resend it.
    expect((await trpcError(as(carlos).account.resendWebhookDelivery({ deliveryId: row.id }))).message).toBe(
      WEBHOOK_MESSAGES.deliveryNotFound,
    );
    const resent = await as(maria).account.resendWebhookDelivery({ deliveryId: row.id });
    expect(await deliverDueWebhooks(db(), silent, local)).toBe(1);
    expect(received).toHaveLength(3);
    expect(received[2]!.headers['webhook-id']).toBe(resent.id);
    expect(new Webhook(sub.secret).verify(received[2]!.body, received[2]!.headers)).toEqual(verified);
    expect((await as(maria).account.webhookDeliveries({ subscriptionId: sub.id })).map((d) => d.status)).toEqual([
      'sent',
      'sent',
    ]);

    // Carlos's own subscription got nothing of María's.
    expect(received.some((r) => r.url === '/carlos')).toBe(false);
    await as(carlos).account.deleteWebhook({ id: other.id });
    await as(maria).account.deleteWebhook({ id: sub.id });
  });

  it('retries while within 24 hours of the event, then fails; a timeout is a failure', async () => {
    const sub = await as(maria).account.createWebhook({ url: hookUrl('/lento'), events: ['invoice.issued'] });
    await issueInvoiceTo(maria, 'Factura que el receptor no responde');
    received.length = 0;
    answers.push('hang');
    expect(await deliverDueWebhooks(db(), silent, { ...local, timeoutMs: 300 })).toBe(0);
    let [row] = await deliveriesOf(sub.id);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: null,
      lastError: WEBHOOK_MESSAGES.timeout,
    });

    // Almost a day later: the next failure is the last.
    await db()
      .update(webhookDeliveries)
      .set({ createdAt: sql`now() - interval '23 hours 59 minutes'` })
      .where(eq(webhookDeliveries.id, row.id));
    await makeDue();
    answers.push(503);
    expect(await deliverDueWebhooks(db(), silent, local)).toBe(0);
    [row] = await deliveriesOf(sub.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 2, responseStatus: 503 });
    await makeDue();
    expect(await deliverDueWebhooks(db(), silent, local)).toBe(0);
    expect(received).toHaveLength(2);
    await as(maria).account.deleteWebhook({ id: sub.id });
  });

  it('checks the URL again at delivery: a name that now resolves to 127.0.0.1 is never called', async () => {
    const sub = await as(maria).account.createWebhook({ url: hookUrl('/rebind'), events: ['invoice.issued'] });
    await issueInvoiceTo(maria, 'Factura hacia una dirección interna');
    received.length = 0;
    // The production worker: no test-only option, and the DNS now answers loopback.
    expect(await deliverDueWebhooks(db(), silent, { lookup: resolvesTo('127.0.0.1') })).toBe(0);
    const [row] = await deliveriesOf(sub.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: WEBHOOK_MESSAGES.privateAddress });
    expect(received).toEqual([]);
    await as(maria).account.deleteWebhook({ id: sub.id });
  });

  it('after a rotation signs with both secrets for 24 hours, then with the new one only', async () => {
    const sub = await as(maria).account.createWebhook({ url: hookUrl('/rotada'), events: ['invoice.issued'] });
    const before = Date.now();
    const rotated = await as(maria).account.rotateWebhookSecret({ id: sub.id });
    const until = new Date(rotated.previousSecretExpiresAt).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 24 * 3600_000 - 5_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 24 * 3600_000 + 5_000);

    // Within the day: a receiver still on the old secret and one already on the new both accept it.
    await issueInvoiceTo(maria, 'Factura el día de la renovación');
    received.length = 0;
    expect(await deliverDueWebhooks(db(), silent, local)).toBe(1);
    const during = received[0]!;
    expect(during.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=* v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(rotated.secret).verify(during.body, during.headers)).toMatchObject({ type: 'invoice.issued' });
    expect(new Webhook(sub.secret).verify(during.body, during.headers)).toMatchObject({ type: 'invoice.issued' });

    // A day later (the rotation moved 24 hours and a second into the past): the new secret only.
    await db()
      .update(webhookSubscriptions)
      .set({ previousSecretExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(webhookSubscriptions.id, sub.id));
    expect((await as(maria).account.webhooks()).find((w) => w.id === sub.id)?.previousSecretExpiresAt).toBeNull();
    await issueInvoiceTo(maria, 'Factura al día siguiente');
    received.length = 0;
    expect(await deliverDueWebhooks(db(), silent, local)).toBe(1);
    const after = received[0]!;
    expect(after.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(rotated.secret).verify(after.body, after.headers)).toMatchObject({ type: 'invoice.issued' });
    expect(() => new Webhook(sub.secret).verify(after.body, after.headers)).toThrow();
    // and the old secret is no longer kept.
    const [stored] = await db().select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, sub.id));
    expect(stored).toMatchObject({ secret: rotated.secret, previousSecret: null, previousSecretExpiresAt: null });

    // The audit entry says until when, and holds no secret.
    const entries = await db()
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, sub.id), eq(auditLog.action, 'account.rotateWebhookSecret')));
    expect(entries).toEqual([
      {
        after: {
          secret_rotated_at: expect.any(String),
          previous_secret_expires_at: rotated.previousSecretExpiresAt,
        },
      },
    ]);
    await as(maria).account.deleteWebhook({ id: sub.id });
  });

  it('a second rotation within the day keeps only the secret it replaced', async () => {
    const sub = await as(maria).account.createWebhook({ url: hookUrl('/dos-veces'), events: ['invoice.issued'] });
    const first = await as(maria).account.rotateWebhookSecret({ id: sub.id });
    const second = await as(maria).account.rotateWebhookSecret({ id: sub.id });
    await issueInvoiceTo(maria, 'Factura tras dos renovaciones');
    received.length = 0;
    expect(await deliverDueWebhooks(db(), silent, local)).toBe(1);
    const got = received[0]!;
    expect(new Webhook(second.secret).verify(got.body, got.headers)).toMatchObject({ type: 'invoice.issued' });
    expect(new Webhook(first.secret).verify(got.body, got.headers)).toMatchObject({ type: 'invoice.issued' });
    expect(() => new Webhook(sub.secret).verify(got.body, got.headers)).toThrow();
    await as(maria).account.deleteWebhook({ id: sub.id });
  });

  it('a paused subscription gets no events', async () => {
    const sub = await as(maria).account.createWebhook({ url: hookUrl('/pausada'), events: ['invoice.issued'] });
    await issueInvoiceTo(maria, 'Factura antes de pausar');
    received.length = 0;
    expect(await deliverDueWebhooks(db(), silent, local)).toBe(1);
    const got = received[0]!;
    expect(new Webhook(sub.secret).verify(got.body, got.headers)).toMatchObject({ type: 'invoice.issued' });

    expect((await as(maria).account.setWebhookActive({ id: sub.id, active: false })).message).toBe(
      WEBHOOK_MESSAGES.disabled,
    );
    await issueInvoiceTo(maria, 'Factura con el webhook pausado');
    expect(await deliveriesOf(sub.id)).toHaveLength(1);
    const [stored] = await db().select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, sub.id));
    expect(stored.active).toBe(false);
  });
});

describe('events', () => {
  it('are raised where the changes happen: a parcel received, an invoice, a shipment status, a payment approved', async () => {
    const ana = await customerWithActiveMailbox(db(), { nombre: 'Ana Integrada' });
    const sub = await as(ana).account.createWebhook({
      url: hookUrl('/todo'),
      events: ['package.received', 'shipment.status_changed', 'invoice.issued', 'payment.approved'],
    });
    const types = async () => (await deliveriesOf(sub.id)).map((d) => d.eventType);

    // Reception receives a parcel announced for her.
    const trackingNumber = `1Z${Date.now().toString(36).toUpperCase().padStart(16, '0').slice(-16)}`;
    const { id: packageId } = await as(admin).packages.create({
      userId: ana.user.id,
      mailboxId: ana.mailboxId,
      trackingNumber,
      packageDescription: 'Lámpara',
      status: 'pending',
    });
    const received = await as(admin).reception.receive({
      code: trackingNumber,
      weightKg: 2.5,
      lengthCm: 30,
      widthCm: 20,
      heightCm: 15,
      photos: [],
    });
    expect(await types()).toEqual(['package.received']);
    const [parcel] = await deliveriesOf(sub.id);
    expect(parcel.payload).toMatchObject({
      type: 'package.received',
      data: { packageId, trackingNumber, warehouseReceipt: received.warehouseReceipt, weightKg: 2.5 },
    });

    // A shipment (which issues its invoice), then its status changes.
    const shipment = await as(admin).shipments.create({
      userId: ana.user.id,
      ...(await homeDeliveryTo(db(), ana.user.id)),
      estimatedDelivery: '2030-01-15',
      shippingCostUsdCents: 4250,
      packageIds: [packageId],
    });
    await as(admin).shipments.updateStatus({ id: shipment.id, status: 'in_transit' });
    expect(await types()).toEqual(['package.received', 'invoice.issued', 'shipment.status_changed']);
    const status = (await deliveriesOf(sub.id))[2]!;
    expect(status.payload).toMatchObject({
      data: {
        shipmentId: shipment.id,
        shipmentCode: shipment.shipmentCode,
        previousStatus: 'preparing',
        status: 'in_transit',
      },
    });

    // Staff approve a payment of hers.
    const [activation] = await db()
      .select({ id: paymentTransactions.id })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.userId, ana.user.id));
    await as(admin).payments.review({ id: activation.id, status: 'completed' });
    expect(await types()).toEqual([
      'package.received',
      'invoice.issued',
      'shipment.status_changed',
      'payment.approved',
    ]);
    expect((await deliveriesOf(sub.id))[3]!.payload).toMatchObject({
      type: 'payment.approved',
      data: { paymentId: activation.id },
    });
  });
});
