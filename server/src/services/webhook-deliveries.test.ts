// Webhook deliveries as the worker sends them (docs/product/public-api.md#webhooks): each
// subscription's events numbered 1, 2, 3… (`sequence`, in the payload and the OpenAPI document)
// and delivered in that order, a later one waiting while an earlier one retries; and the address
// checked again at delivery (docs/product/public-api.md#the-ssrf-rule): a name that now resolves
// to an embedded loopback or metadata address is never called, and the connection goes to the
// address just checked. The receiver is plain HTTP on 127.0.0.1, reached only through the
// worker's `testOnly` option and a lookup passed by this test (as in webhooks.test.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { WEBHOOK_EVENT_EXAMPLES, WEBHOOK_EVENTS, WEBHOOK_MESSAGES } from '@casillero/shared';
import { ENDPOINTS } from '../api/endpoints';
import { buildOpenApiDocument } from '../api/openapi';
import type { Database } from '../db/client';
import { webhookDeliveries } from '../db/schema';
import type { Lookup } from '../lib/ssrf-guard';
import { callerFor, TEST_APP_URL } from '../test/caller';
import { createTestDatabase } from '../test/db';
import { signedInAdmin, signedInCustomer } from '../test/factories';
import { deliverDueWebhooks, type WebhookSenderOptions } from '../webhooks/worker';
import { enqueueWebhookEvent } from './webhooks';

type Signed = Awaited<ReturnType<typeof signedInCustomer>>;

let database: Database;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let maria: Signed;
let carlos: Signed;
let receiver: http.Server;
let port: number;
const received: { url: string; body: string }[] = [];
/** What the receiver answers next, in order; 200 when empty. */
const answers: number[] = [];

const db = () => database.db;
const as = (s: { visitor: Signed['visitor'] }) => callerFor(db(), s.visitor);
const silent = { info() {}, warn() {} };
const HOST = 'hooks.casillero.test';
const resolvesTo =
  (address: string): Lookup =>
  async () => [{ address, family: 4 }];
const local: WebhookSenderOptions = {
  lookup: resolvesTo('127.0.0.1'),
  testOnly: { allowAddress: (a) => a === '127.0.0.1', plainHttp: true },
};
const hookUrl = (path: string) => `https://${HOST}:${port}${path}`;

/** Every pending delivery due now, as if its backoff had passed. */
const makeDue = () =>
  db()
    .update(webhookDeliveries)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(webhookDeliveries.status, 'pending'));

const deliveriesOf = (subscriptionId: string) =>
  db()
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, subscriptionId))
    .orderBy(webhookDeliveries.createdAt);

const issueInvoiceTo = (c: Signed, description: string) =>
  as(admin).billing.issue({
    userId: c.user.id,
    concept: 'course_purchase',
    description,
    lines: [{ description, amountUsd: 12.5 }],
  });

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signedInAdmin(db());
  maria = await signedInCustomer(db(), { nombre: 'María Orden' });
  carlos = await signedInCustomer(db(), { nombre: 'Carlos Orden' });
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ url: req.url ?? '', body });
      res.writeHead(answers.shift() ?? 200, { 'content-type': 'text/plain' }).end('recibido');
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

describe('webhook deliveries', () => {
  it("numbers each subscription's events 1, 2, 3… and delivers them in that order, a later one waiting while an earlier one retries", async () => {
    const sub = await as(maria).account.createWebhook({ url: hookUrl('/orden'), events: ['invoice.issued'] });
    const carlosSub = await as(carlos).account.createWebhook({
      url: hookUrl('/orden-carlos'),
      events: ['invoice.issued'],
    });
    received.length = 0;
    // The receiver is down for the first event: it waits for its backoff.
    await issueInvoiceTo(maria, 'Primera');
    answers.push(503);
    expect(await deliverDueWebhooks(db(), silent, local)).toBe(0);
    // Two more events, due at once, and one of Carlos's.
    await issueInvoiceTo(maria, 'Segunda');
    await issueInvoiceTo(maria, 'Tercera');
    await issueInvoiceTo(carlos, 'De Carlos');
    // Only Carlos's goes: María's wait behind her first, still in its backoff.
    expect(await deliverDueWebhooks(db(), silent, local)).toBe(1);
    expect(received.map((r) => r.url)).toEqual(['/orden', '/orden-carlos']);
    // A change that rolls back takes its number with it.
    await expect(
      db().transaction(async (tx) => {
        await enqueueWebhookEvent(tx, 'invoice.issued', [
          { userId: maria.user.id, data: { ...WEBHOOK_EVENT_EXAMPLES['invoice.issued'], description: 'Anulada' } },
        ]);
        throw new Error('la operación falla');
      }),
    ).rejects.toThrow('la operación falla');
    // Five invoices at once (several transactions in parallel on PostgreSQL): five numbers, no gaps.
    await Promise.all([1, 2, 3, 4, 5].map((i) => issueInvoiceTo(maria, `Simultánea ${i}`)));

    for (let i = 0; i < 12; i++) {
      await makeDue();
      await deliverDueWebhooks(db(), silent, local);
    }
    const bodies = (url: string) =>
      received
        .filter((r) => r.url === url)
        .map((r) => JSON.parse(r.body) as { sequence: number; data: { description: string } });
    const mine = bodies('/orden');
    // The first twice (its failure, then its delivery), then every other in order of sequence.
    expect(mine.map((b) => b.sequence)).toEqual([1, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(mine.slice(1, 4).map((b) => b.data.description)).toEqual(['Primera', 'Segunda', 'Tercera']);
    expect(
      mine
        .slice(4)
        .map((b) => b.data.description)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5].map((i) => `Simultánea ${i}`));
    expect(bodies('/orden-carlos').map((b) => b.sequence)).toEqual([1]);
    // The column says the same as the payload; a resent copy carries its event's number.
    const rows = await deliveriesOf(sub.id);
    expect(rows.map((r) => r.sequence).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(rows.every((r) => (r.payload as { sequence: number }).sequence === r.sequence)).toBe(true);
    const second = rows.find((r) => r.sequence === 2)!;
    await as(maria).account.resendWebhookDelivery({ deliveryId: second.id });
    expect(await deliverDueWebhooks(db(), silent, local)).toBe(1);
    expect((JSON.parse(received.at(-1)!.body) as { sequence: number }).sequence).toBe(2);
    await as(maria).account.deleteWebhook({ id: sub.id });
    await as(carlos).account.deleteWebhook({ id: carlosSub.id });
  });

  it('is described in the OpenAPI document: each event a webhook whose body carries its sequence', () => {
    const document = buildOpenApiDocument(ENDPOINTS, TEST_APP_URL);
    const webhooks = document.webhooks as Record<string, { post: { requestBody: unknown } }>;
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    expect(JSON.stringify(webhooks['invoice.issued']!.post.requestBody)).toContain(
      '#/components/schemas/WebhookPayload',
    );
    const payload = document.components.schemas.WebhookPayload as { required: string[] };
    expect(payload.required).toEqual(expect.arrayContaining(['type', 'timestamp', 'sequence', 'data']));
  });

  it('at delivery, a name whose DNS now answers an embedded loopback or metadata address is never called', async () => {
    const sub = await as(maria).account.createWebhook({ url: hookUrl('/embebida'), events: ['invoice.issued'] });
    for (const address of ['::7f00:1', '::ffff:127.0.0.1', '64:ff9b::a9fe:a9fe', '2002:a9fe:a9fe::']) {
      await issueInvoiceTo(maria, `Factura hacia ${address}`);
      received.length = 0;
      const answer: Lookup = async () => [{ address, family: 6 }];
      expect(await deliverDueWebhooks(db(), silent, { lookup: answer }), address).toBe(0);
      const rows = await deliveriesOf(sub.id);
      expect(rows.at(-1), address).toMatchObject({ status: 'failed', lastError: WEBHOOK_MESSAGES.privateAddress });
      expect(received, address).toEqual([]);
    }
    await as(maria).account.deleteWebhook({ id: sub.id });
  });

  it('connects to the address it checked: the name is resolved once per delivery, never again by the connection', async () => {
    const sub = await as(maria).account.createWebhook({ url: hookUrl('/una-vez'), events: ['invoice.issued'] });
    await issueInvoiceTo(maria, 'Factura resuelta una vez');
    received.length = 0;
    // A DNS that answers the receiver once, then an address inside: a second resolution would
    // connect elsewhere (and `hooks.casillero.test` does not resolve on the system's DNS at all).
    const asked: string[] = [];
    const rebinding: Lookup = async (host) => {
      asked.push(host);
      return [{ address: asked.length === 1 ? '127.0.0.1' : '10.0.0.7', family: 4 }];
    };
    const sent = await deliverDueWebhooks(db(), silent, { ...local, lookup: rebinding });
    expect(sent).toBe(1);
    expect(asked).toEqual([HOST]);
    expect(received.map((r) => r.url)).toEqual(['/una-vez']);
    await as(maria).account.deleteWebhook({ id: sub.id });
  });
});
