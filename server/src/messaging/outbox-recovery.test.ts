// docs/decisions/020-messages-that-reach-people.md: with the WhatsApp and e-mail providers failing for a while (errors, timeouts, dropped
// connections), every message arrives exactly once after they recover. The providers are a fake
// HTTP server on a free port, reached through the real clients (the `resend` package and our
// Cloud API client), and two workers deliver at the same time, as two servers would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailOutbox, whatsappNumbers, whatsappOutbox } from '../db/schema';
import { enqueueEmail } from '../mail/outbox';
import { deliverDue, resendSender } from '../mail/worker';
import { notifyMany, notifyUser } from '../services/notify';
import { createTestDatabase } from '../test/db';
import { newVisitor } from '../test/caller';
import { signedInCustomer } from '../test/factories';
import { enqueueWhatsapp } from './whatsapp-outbox';
import { WHATSAPP_TEMPLATES } from './whatsapp-templates';
import { cloudApiSender, deliverDueWhatsapp } from './whatsapp-worker';

type Failure = 'error500' | 'timeout' | 'drop' | 'rateLimited' | 'lostResponse';

/**
 * Resend (POST /emails) and the WhatsApp Cloud API (POST /v21.0/<phone id>/messages) in one
 * server. While `failures` is set, each request fails in the next way of the list. Like Resend,
 * an e-mail whose idempotency key was already accepted is answered again without a second
 * delivery; `delivered` is what reached people.
 */
async function startFakeProviders() {
  const delivered = {
    email: [] as { key: string; to: string[]; subject: string; headers?: Record<string, string> }[],
    whatsapp: [] as { key: string; to: string; template: string; params: string[] }[],
  };
  const acceptedEmailKeys = new Map<string, string>();
  let failures: Failure[] | null = null;
  let requests = 0;
  let counter = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      requests++;
      const isEmail = req.method === 'POST' && req.url === '/emails';
      const isWhatsapp = req.method === 'POST' && req.url === '/v21.0/PHONE123/messages';
      if (!isEmail && !isWhatsapp) return void res.writeHead(404).end();
      let failure = failures ? failures[requests % failures.length] : null;
      // The resend client waits as long as the connection stays open: its "timeout" is a
      // connection that hangs, then drops. Our WhatsApp client gives up on its own.
      if (failure === 'timeout' && isEmail) return void setTimeout(() => req.socket.destroy(), 300);
      if (failure === 'timeout') return;
      // WhatsApp has no idempotency key: an answer lost after it accepted a message cannot be
      // told from a failure, so this fake only loses answers to e-mails (the outbox's lease keeps two servers from sending one row at once).
      if (failure === 'lostResponse' && isWhatsapp) failure = 'error500';
      if (failure === 'drop') return void setTimeout(() => req.socket.destroy(), 20);
      if (failure === 'error500') {
        return void res.writeHead(500, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            name: 'internal_server_error',
            message: 'Falla simulada',
            error: { message: 'Falla simulada', code: 1 },
          }),
        );
      }
      if (failure === 'rateLimited') {
        return void res.writeHead(429, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            name: 'rate_limit_exceeded',
            message: 'Too many requests',
            error: { message: 'Too many requests', code: 80007 },
          }),
        );
      }
      if (isEmail) {
        if (req.headers.authorization !== 'Bearer re_test') return void res.writeHead(401).end();
        const key = String(req.headers['idempotency-key'] ?? '');
        const payload = JSON.parse(body) as { to: string[]; subject: string; headers?: Record<string, string> };
        let id = acceptedEmailKeys.get(key);
        if (!id) {
          id = `email_${++counter}`;
          acceptedEmailKeys.set(key, id);
          delivered.email.push({ key, to: payload.to, subject: payload.subject, headers: payload.headers });
        }
        // Accepted, but the answer is lost on the way back: the sender must retry with the same key.
        if (failure === 'lostResponse') return void req.socket.destroy();
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id }));
      }
      if (req.headers.authorization !== 'Bearer wa_test') return void res.writeHead(401).end();
      const payload = JSON.parse(body) as {
        to: string;
        type: string;
        biz_opaque_callback_data: string;
        template: { name: string; language: { code: string }; components: { parameters: { text: string }[] }[] };
      };
      delivered.whatsapp.push({
        key: payload.biz_opaque_callback_data,
        to: payload.to,
        template: payload.template.name,
        params: payload.template.components[0]?.parameters.map((p) => p.text) ?? [],
      });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: `wamid.${++counter}` }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    delivered,
    fail(ways: Failure[]) {
      failures = ways;
    },
    recover() {
      failures = null;
    },
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let database: Database;
let fake: Awaited<ReturnType<typeof startFakeProviders>>;
const previousBaseUrl = process.env.RESEND_BASE_URL;
beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeProviders();
  process.env.RESEND_BASE_URL = fake.url;
});
afterAll(async () => {
  if (previousBaseUrl === undefined) delete process.env.RESEND_BASE_URL;
  else process.env.RESEND_BASE_URL = previousBaseUrl;
  await fake.close();
  await database.close();
});
const db = () => database.db;
const quiet = { info() {}, warn() {} };

/** Time passes: what waits for its next attempt is due now (the backoff itself is tested with the e-mail worker). */
const timePasses = () =>
  Promise.all([
    db().execute(sql`update email_outbox set next_attempt_at = now() where status = 'pending'`),
    db().execute(sql`update whatsapp_outbox set next_attempt_at = now() where status = 'pending'`),
  ]);

describe('the outboxes through a provider outage', () => {
  it(
    'every e-mail and WhatsApp message arrives exactly once after the providers recover',
    { timeout: 60_000 },
    async () => {
      // Twelve customers, eight with a verified WhatsApp number.
      const customers: Awaited<ReturnType<typeof signedInCustomer>>[] = [];
      for (let i = 0; i < 12; i++) {
        const c = await signedInCustomer(db(), { visitor: newVisitor({ ip: `10.19.0.${i + 1}` }) });
        if (i < 8)
          await db()
            .insert(whatsappNumbers)
            .values({ userId: c.user.id, phone: `+5841410000${String(i).padStart(2, '0')}` });
        customers.push(c);
      }
      // Only the messages of this test: the sign-ups' own e-mails were sent (or not) before.
      await db().update(emailOutbox).set({ status: 'sent' });
      const ids = customers.map((c) => c.user.id);
      await db().transaction(async (tx) => {
        await notifyMany(
          tx,
          ids,
          {
            title: 'Tu envío se retrasó',
            message: 'El vuelo salió con un día de retraso.',
            type: 'shipment',
            link: '/dashboard/mis-trackings',
          },
          { kind: 'shipment_news', email: 'default', appUrl: 'http://localhost:3000', dedupeKey: 'outage-test' },
        );
        for (const c of customers.slice(0, 4)) {
          await notifyUser(
            tx,
            c.user.id,
            { title: 'Pago aprobado', message: 'Tu pago fue aprobado.', type: 'payment_update' },
            { kind: 'payment', email: 'default', appUrl: 'http://localhost:3000' },
          );
        }
      });
      const emails = await db()
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(eq(emailOutbox.status, 'pending'));
      const whatsapps = await db()
        .select({ id: whatsappOutbox.id })
        .from(whatsappOutbox)
        .where(eq(whatsappOutbox.status, 'pending'));
      expect(emails).toHaveLength(16);
      expect(whatsapps).toHaveLength(12);

      // Two servers deliver at the same time, each with its own clients.
      const servers = [0, 1].map(() => ({
        email: resendSender('re_test', 'Casillero Virtual <no-reply@casillero.test>'),
        whatsapp: cloudApiSender({
          token: 'wa_test',
          phoneNumberId: 'PHONE123',
          apiUrl: `${fake.url}/v21.0`,
          // Short, for the outage's hanging answers; not so short that a healthy answer on a busy
          // machine is given up after WhatsApp took it (no idempotency key: that would be sent twice).
          timeoutMs: 2_000,
        }),
      }));
      const round = () =>
        Promise.all(
          servers.flatMap((s) => [deliverDue(db(), s.email, quiet, 5), deliverDueWhatsapp(db(), s.whatsapp, quiet, 5)]),
        );

      // The outage: errors, timeouts, dropped connections, rate limits and answers lost after
      // Resend accepted the e-mail.
      fake.fail(['error500', 'timeout', 'drop', 'rateLimited', 'lostResponse']);
      for (let i = 0; i < 4; i++) {
        await round();
        await timePasses();
      }
      const duringOutage = fake.requests;
      expect(duringOutage).toBeGreaterThan(20);
      expect(fake.delivered.whatsapp).toHaveLength(0);
      const stillPending = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(whatsappOutbox)
        .where(eq(whatsappOutbox.status, 'pending'));
      expect(stillPending[0].n).toBe(12); // nothing lost, nothing given up

      fake.recover();
      for (let i = 0; i < 10; i++) {
        await round();
        await timePasses();
      }

      // Everything arrived, each once, named by its outbox id.
      const emailKeys = fake.delivered.email.map((d) => d.key);
      expect(new Set(emailKeys).size).toBe(emailKeys.length);
      expect(emailKeys.sort()).toEqual(emails.map((e) => e.id).sort());
      const waKeys = fake.delivered.whatsapp.map((d) => d.key);
      expect(new Set(waKeys).size).toBe(waKeys.length);
      expect(waKeys.sort()).toEqual(whatsapps.map((w) => w.id).sort());

      const emailRows = await db()
        .select()
        .from(emailOutbox)
        .where(
          inArray(
            emailOutbox.id,
            emails.map((e) => e.id),
          ),
        );
      expect(emailRows.every((r) => r.status === 'sent' && r.providerId?.startsWith('email_'))).toBe(true);
      const waRows = await db()
        .select()
        .from(whatsappOutbox)
        .where(
          inArray(
            whatsappOutbox.id,
            whatsapps.map((w) => w.id),
          ),
        );
      expect(waRows.every((r) => r.status === 'sent' && r.providerId?.startsWith('wamid.'))).toBe(true);
      // Each number's first message was tried through the outage; a second one waited behind it
      // untried (messages to one number go in order) and went on its first attempt.
      const firstPerNumber = new Map<string, (typeof waRows)[number]>();
      for (const r of [...waRows].sort((a, b) => a.queuePosition - b.queuePosition))
        if (!firstPerNumber.has(r.toPhone)) firstPerNumber.set(r.toPhone, r);
      expect([...firstPerNumber.values()].every((r) => r.attempts > 1)).toBe(true);
      const later = waRows.filter((r) => firstPerNumber.get(r.toPhone) !== r);
      expect(later).toHaveLength(4);
      expect(later.every((r) => r.attempts === 1)).toBe(true);

      // Each e-mail names its own link that turns that kind off, for the mail client's button.
      const mail = fake.delivered.email.find(
        (d) => d.to[0] === customers[0].email && d.subject === 'Tu envío se retrasó',
      )!;
      expect(mail.headers?.['List-Unsubscribe']).toMatch(
        new RegExp(`^<http://localhost:3000/preferencias/desactivar\\?t=${customers[0].user.id}\\.shipment_news\\.`),
      );
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

      // What reached the phones: the shipment-news template, to numbers without '+', with the text.
      const news = fake.delivered.whatsapp.filter((d) => d.template === WHATSAPP_TEMPLATES.shipment_news.name);
      expect(news).toHaveLength(8);
      expect(news[0].to).toMatch(/^58414\d{7}$/);
      expect(news[0].params).toEqual([
        'Tu envío se retrasó',
        'El vuelo salió con un día de retraso.',
        'http://localhost:3000/dashboard/mis-trackings',
      ]);

      // Later rounds send nothing again.
      const before = { email: fake.delivered.email.length, whatsapp: fake.delivered.whatsapp.length };
      await timePasses();
      await round();
      expect({ email: fake.delivered.email.length, whatsapp: fake.delivered.whatsapp.length }).toEqual(before);
    },
  );

  it(
    "each recipient's messages arrive in the order they were written, also those written after the recovery",
    { timeout: 60_000 },
    async () => {
      // Only the messages of this test are pending.
      await db().update(emailOutbox).set({ status: 'sent' }).where(eq(emailOutbox.status, 'pending'));
      await db().update(whatsappOutbox).set({ status: 'sent' }).where(eq(whatsappOutbox.status, 'pending'));
      const people = [0, 1, 2].map((i) => ({ email: `orden${i}@ejemplo.com`, phone: `+58414200000${i}` }));
      const template = WHATSAPP_TEMPLATES.shipment_news.name;
      let written = 0;
      /** Message number n to each person, by e-mail and WhatsApp; the number is in the subject and the text. */
      const write = async (n: number) => {
        for (const p of people) {
          await enqueueEmail(db(), p.email, { subject: `Aviso ${n}`, html: `${n}`, text: `${n}`, template: 'orden' });
          await enqueueWhatsapp(db(), { userId: null, toPhone: p.phone, template, params: [`Aviso ${n}`, '', ''] });
        }
        written = n;
      };
      const servers = [0, 1].map(() => ({
        email: resendSender('re_test', 'Casillero Virtual <no-reply@casillero.test>'),
        whatsapp: cloudApiSender({ token: 'wa_test', phoneNumberId: 'PHONE123', apiUrl: `${fake.url}/v21.0` }),
      }));
      const round = () =>
        Promise.all(
          servers.flatMap((s) => [deliverDue(db(), s.email, quiet, 5), deliverDueWhatsapp(db(), s.whatsapp, quiet, 5)]),
        );
      const sentBefore = { email: fake.delivered.email.length, whatsapp: fake.delivered.whatsapp.length };

      // The outage: five messages each are written while every attempt fails (an answer lost
      // after Resend accepted an e-mail included); each failed one waits for its backoff.
      fake.fail(['error500', 'drop', 'rateLimited', 'lostResponse']);
      for (let n = 1; n <= 5; n++) {
        await write(n);
        await round();
        if (n % 2 === 0) await timePasses();
      }
      fake.recover();
      // Written after the recovery, due at once, while the older ones still wait for their backoff.
      await write(6);
      await write(7);
      await round();
      for (let i = 0; i < 20; i++) {
        await timePasses();
        await round();
      }

      const numbers = (texts: string[]) => texts.map((t) => Number(/Aviso (\d+)/.exec(t)?.[1]));
      const all = Array.from({ length: written }, (_, i) => i + 1);
      for (const p of people) {
        const emails = fake.delivered.email.slice(sentBefore.email).filter((d) => d.to.includes(p.email));
        expect(numbers(emails.map((d) => d.subject)), p.email).toEqual(all);
        const phone = p.phone.slice(1);
        const whatsapps = fake.delivered.whatsapp.slice(sentBefore.whatsapp).filter((d) => d.to === phone);
        expect(numbers(whatsapps.map((d) => d.params[0]!)), p.phone).toEqual(all);
      }
      const pending = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .where(eq(emailOutbox.status, 'pending'));
      expect(pending[0].n).toBe(0);
    },
  );

  it('a message WhatsApp refuses as malformed (400: unknown template, bad number) is given up at once, not retried', async () => {
    const c = await signedInCustomer(db(), { visitor: newVisitor({ ip: '10.19.1.1' }) });
    await db().insert(whatsappNumbers).values({ userId: c.user.id, phone: '+584149990000' });
    await notifyUser(
      db(),
      c.user.id,
      { title: 'Paquete recibido', message: 'Llegó tu paquete.', type: 'package' },
      { kind: 'package_received', whatsapp: 'default' },
    );
    const [row] = await db().select().from(whatsappOutbox).where(eq(whatsappOutbox.userId, c.user.id));

    const server400 = http.createServer((_req, res) =>
      res.writeHead(400, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: { message: '(#132001) Template name does not exist in the translation', code: 132001 },
        }),
      ),
    );
    await new Promise<void>((resolve) => server400.listen(0, '127.0.0.1', resolve));
    const badUrl = `http://127.0.0.1:${(server400.address() as AddressInfo).port}/v21.0`;
    try {
      await deliverDueWhatsapp(
        db(),
        cloudApiSender({ token: 'wa_test', phoneNumberId: 'PHONE123', apiUrl: badUrl }),
        quiet,
      );
    } finally {
      server400.close();
    }
    const [failed] = await db().select().from(whatsappOutbox).where(eq(whatsappOutbox.id, row.id));
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toContain('132001');
  });
});
