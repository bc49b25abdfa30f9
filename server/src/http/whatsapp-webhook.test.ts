// The WhatsApp desk's webhook through HTTP (Fastify's inject, no port; docs/product/whatsapp-desk.md):
// Meta's subscription check, signed deliveries only, each message stored and answered once
// whatever the retries, an unverified number told how to sign up once a day, and the 24-hour
// window choosing between a free-form answer and the approved template.
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { DESK_BUTTONS, WHATSAPP_DESK_MESSAGES as M } from '@casillero/shared';
import type { Database } from '../db/client';
import { whatsappConversations, whatsappInboundMessages, whatsappOutbox } from '../db/schema';
import { testConfig } from '../env';
import { createServer } from '../server';
import { createTestDatabase } from '../test/db';
import { TEST_APP_URL } from '../test/caller';
import {
  answersTo,
  customerWithVerifiedWhatsapp,
  freshPhone,
  image,
  messagesDelivery,
  pdfDocument,
  signedHeaders,
  statusDelivery,
  deskTestConfig,
  TEST_VERIFY_TOKEN,
  text,
} from '../test/whatsapp-webhooks';
import { WHATSAPP_TEMPLATES } from '../messaging/whatsapp-templates';
import { cloudApiSender, deliverDueWhatsapp } from '../messaging/whatsapp-worker';

const HOUR = 3600 * 1000;
let database: Database;
let one: Awaited<ReturnType<typeof createServer>>;
let two: Awaited<ReturnType<typeof createServer>>;
const config = deskTestConfig();
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  // Two instances on one database: Meta's retries may land on either.
  one = await createServer({ config, database });
  two = await createServer({ config, database });
});
afterAll(async () => {
  await one.stop();
  await two.stop();
  await database.close();
});

/** A delivery posted to a server, then what it stored answered by the desk's worker. */
async function post(body: string, headers: Record<string, string> = signedHeaders(body), server = one) {
  const res = await server.app.inject({ method: 'POST', url: '/webhooks/whatsapp', headers, payload: body });
  await server.whatsappDesk.runUntilIdle();
  return res;
}

async function tableCounts() {
  const [m] = await db().select({ n: count() }).from(whatsappInboundMessages);
  const [c] = await db().select({ n: count() }).from(whatsappConversations);
  const [o] = await db().select({ n: count() }).from(whatsappOutbox);
  return { messages: m.n, conversations: c.n, outbox: o.n };
}

describe('GET /webhooks/whatsapp (Meta subscribing the webhook)', () => {
  const get = (query: string) => one.app.inject({ method: 'GET', url: `/webhooks/whatsapp?${query}` });

  it('echoes the challenge for the configured token, and refuses any other', async () => {
    const ok = await get(`hub.mode=subscribe&hub.verify_token=${TEST_VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');

    for (const query of [
      'hub.mode=subscribe&hub.verify_token=otro&hub.challenge=1158201444',
      `hub.mode=unsubscribe&hub.verify_token=${TEST_VERIFY_TOKEN}&hub.challenge=1158201444`,
      'hub.challenge=1158201444',
    ]) {
      const refused = await get(query);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: M.verifyRefused });
    }
  });

  it('refuses every check and delivery while the settings are unset', async () => {
    const bare = await createServer({ config: testConfig({ appUrl: TEST_APP_URL }), database });
    try {
      const check = await bare.app.inject({
        method: 'GET',
        url: '/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=&hub.challenge=1',
      });
      expect(check.statusCode).toBe(403);
      const before = await tableCounts();
      const { body } = messagesDelivery([{ from: freshPhone(), body: text('Hola') }]);
      const refused = await bare.app.inject({
        method: 'POST',
        url: '/webhooks/whatsapp',
        headers: signedHeaders(body),
        payload: body,
      });
      expect(refused.statusCode).toBe(401);
      expect(await tableCounts()).toEqual(before);
    } finally {
      await bare.app.close();
    }
  });
});

describe('POST /webhooks/whatsapp', () => {
  it('refuses a forged or unsigned delivery with nothing stored or answered', async () => {
    const { body } = messagesDelivery([{ from: freshPhone(), body: text('Cuánto debo') }]);
    const before = await tableCounts();
    for (const headers of [
      signedHeaders(body, 'otro-secreto'),
      { 'content-type': 'application/json' },
      { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=' },
      // The signature of another body.
      signedHeaders(body.replace('Cuánto debo', 'Mis paquetes')),
    ]) {
      const res = await post(body, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: M.webhookRefused });
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('stores a message once and answers it once, however often and wherever it is delivered', async () => {
    const c = await customerWithVerifiedWhatsapp(db());
    const delivery = messagesDelivery([{ from: c.phone, body: text('Hablar con alguien') }]);
    const first = await post(delivery.body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true, received: 1, stored: 1 });
    // Meta's retry, on the other instance, and once more at the same time on both.
    const again = await Promise.all([
      post(delivery.body, undefined, two),
      post(delivery.body),
      post(delivery.body, undefined, two),
    ]);
    for (const res of again) expect(res.json()).toEqual({ ok: true, received: 1, stored: 0 });

    const stored = await db()
      .select()
      .from(whatsappInboundMessages)
      .where(eq(whatsappInboundMessages.waMessageId, delivery.ids[0]));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ userId: c.user.id, kind: 'text', text: 'Hablar con alguien', answer: 'agent' });
    const answers = await answersTo(db(), c.phone);
    expect(answers.map((a) => a.body)).toEqual([M.agentOpened]);
    const [conversation] = await db()
      .select()
      .from(whatsappConversations)
      .where(eq(whatsappConversations.phone, c.phone));
    expect(conversation.needsAgentSince).not.toBeNull();
    expect(conversation.userId).toBe(c.user.id);

    // Waiting for a person, a "hola" is left to them: stored, not met with the menu.
    await post(messagesDelivery([{ from: c.phone, body: text('hola, ¿siguen ahí?') }]).body);
    expect(await answersTo(db(), c.phone)).toHaveLength(1);
  });

  it('answers an unverified number once a business day with how to sign up or verify it', async () => {
    const stranger = freshPhone();
    const first = await post(messagesDelivery([{ from: stranger, body: text('Hola, ¿cuánto debo?') }]).body);
    expect(first.statusCode).toBe(200);
    await post(
      messagesDelivery([
        { from: stranger, body: text('¿Hola?') },
        { from: stranger, body: image() },
      ]).body,
    );
    const answers = await answersTo(db(), stranger);
    expect(answers).toHaveLength(1);
    expect(answers[0].body).toBe(M.unknownNumber(TEST_APP_URL));
    expect(answers[0].body).toContain(`${TEST_APP_URL}/registro`);
    expect(answers[0].userId).toBeNull();
    const stored = await db()
      .select()
      .from(whatsappInboundMessages)
      .where(eq(whatsappInboundMessages.fromPhone, stranger));
    expect(stored.map((m) => m.answer).sort()).toEqual(['unknown_number', null, null].sort());

    // The next business day (the day it was last told, moved back one): told once more.
    await db()
      .update(whatsappConversations)
      .set({ unknownReplyOn: sql`${whatsappConversations.unknownReplyOn} - 1` })
      .where(eq(whatsappConversations.phone, stranger));
    await post(messagesDelivery([{ from: stranger, body: text('Hola otra vez') }]).body);
    await post(messagesDelivery([{ from: stranger, body: text('¿Alguien?') }]).body, undefined, two);
    expect(await answersTo(db(), stranger)).toHaveLength(2);
  });

  it('sends the menu as three buttons to a customer whose words it does not know', async () => {
    const c = await customerWithVerifiedWhatsapp(db());
    await post(messagesDelivery([{ from: c.phone, body: text('Buenas tardes') }]).body);
    const [menu] = await answersTo(db(), c.phone);
    expect(menu.template).toBe('');
    expect(menu.payload).toMatchObject({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: M.menuBody },
        action: { buttons: Object.values(DESK_BUTTONS).map((reply) => ({ type: 'reply', reply })) },
      },
    });
  });

  it('stores an image and a document with their media and asks a person to look at them', async () => {
    const c = await customerWithVerifiedWhatsapp(db());
    await post(
      messagesDelivery([
        { from: c.phone, body: image('Comprobante del pago') },
        { from: c.phone, body: pdfDocument('factura-amazon.pdf') },
      ]).body,
    );
    const stored = await db()
      .select()
      .from(whatsappInboundMessages)
      .where(eq(whatsappInboundMessages.fromPhone, c.phone));
    expect(stored.map((m) => [m.kind, m.text, m.media?.mimeType, m.media?.filename ?? null]).sort()).toEqual(
      [
        ['document', null, 'application/pdf', 'factura-amazon.pdf'],
        ['image', 'Comprobante del pago', 'image/jpeg', null],
      ].sort(),
    );
    expect((await answersTo(db(), c.phone)).map((a) => a.body)).toEqual([M.fileReceived, M.fileReceived]);
  });

  it('takes a delivery receipt with no message in it, and refuses a body that is not a notification', async () => {
    const before = await tableCounts();
    const receipt = await post(statusDelivery(freshPhone()));
    expect(receipt.json()).toEqual({ ok: true, received: 0, stored: 0 });
    const malformed = await post('{"object":"page"}');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: M.webhookMalformed });
    expect(await tableCounts()).toEqual(before);
  });
});

describe('the 24-hour window', () => {
  it('answers free-form within it, and with the approved template when the message is older', async () => {
    const c = await customerWithVerifiedWhatsapp(db());
    // Meta retries a delivery for days: a message written 25 hours ago arrives only now.
    await post(
      messagesDelivery([{ from: c.phone, body: text('Hablar con alguien'), at: new Date(Date.now() - 25 * HOUR) }])
        .body,
    );
    const [late] = await answersTo(db(), c.phone);
    expect(late.template).toBe(WHATSAPP_TEMPLATES.desk_reply.name);
    expect(late.payload).toBeNull();
    expect(late.params).toEqual([M.templateTitle, M.agentOpened, TEST_APP_URL]);

    await post(messagesDelivery([{ from: c.phone, body: text('Hablar con alguien') }]).body);
    const [, fresh] = await answersTo(db(), c.phone);
    expect(fresh.template).toBe('');
    expect(fresh.payload).toEqual({ type: 'text', text: { body: M.agentOpened, preview_url: false } });
  });

  it('sends a free-form answer to the Cloud API as a text message once the API is back, after the code sent before it', async () => {
    const requests: { body: Record<string, unknown>; answered: number }[] = [];
    let down = true;
    const graph = createHttpServer(async (req: IncomingMessage, res) => {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const status = down ? 503 : 200;
      requests.push({ body: JSON.parse(raw) as Record<string, unknown>, answered: status });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          down
            ? { error: { message: 'Service unavailable', code: 2 } }
            : { messages: [{ id: `wamid.enviado${requests.length}` }] },
        ),
      );
    });
    await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
    try {
      const c = await customerWithVerifiedWhatsapp(db());
      await post(messagesDelivery([{ from: c.phone, body: text('Hablar con alguien') }]).body);
      const url = `http://127.0.0.1:${(graph.address() as AddressInfo).port}/v21.0`;
      const send = cloudApiSender({ token: 'wa_test', phoneNumberId: 'PHONE123', apiUrl: url });
      const quiet = { info: () => {}, warn: () => {} };
      const deliverAll = async () => {
        while ((await deliverDueWhatsapp(db(), send, quiet, 50)) > 0);
      };
      const mine = () => requests.filter((r) => r.body.to === c.phone.slice(1));

      // The Graph API is down: the code is tried and waits; the answer waits behind it, untried.
      await deliverAll();
      expect(mine().map((r) => [r.body.type, r.answered])).toEqual([['template', 503]]);
      expect((await answersTo(db(), c.phone)).map((a) => a.status)).toEqual(['pending']);

      // Back up, and the backoff over: each goes once, in the order written.
      down = false;
      await db().update(whatsappOutbox).set({ nextAttemptAt: new Date() }).where(eq(whatsappOutbox.toPhone, c.phone));
      await deliverAll();
      await deliverAll();
      expect(mine().map((r) => [r.body.type, r.answered])).toEqual([
        ['template', 503],
        ['template', 200],
        ['text', 200],
      ]);
      expect(mine()[2].body).toMatchObject({ messaging_product: 'whatsapp', text: { body: M.agentOpened } });
      const [answer] = await answersTo(db(), c.phone);
      expect(answer).toMatchObject({ status: 'sent', providerId: expect.stringMatching(/^wamid\.enviado/) });
    } finally {
      await new Promise((resolve) => graph.close(resolve));
    }
  });
});
