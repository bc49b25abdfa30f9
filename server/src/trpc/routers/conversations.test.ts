// The WhatsApp desk's inbox (docs/product/whatsapp-desk.md#the-inbox), through the procedures as
// the screen calls them: customer service sees the conversations waiting with the customer's
// context, replies within the 24-hour window as written and outside it as the template it chose,
// assigns and closes; two people replying at once on two servers both get their replies sent, in
// order, once; with the Graph API down the replies wait in the outbox and go once it is back.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (then the second server is a second pool).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import {
  CONVERSATION_MESSAGES as M,
  DESK_BUTTONS,
  DESK_QUICK_REPLIES,
  WHATSAPP_DESK_MESSAGES,
} from '@casillero/shared';
import { openPostgres, rowsOf, type Database, type Db } from '../../db/client';
import { whatsappConversations, whatsappDeskReplies, whatsappOutbox } from '../../db/schema';
import { testConfig } from '../../env';
import { WHATSAPP_TEMPLATES } from '../../messaging/whatsapp-templates';
import { cloudApiSender, deliverDueWhatsapp } from '../../messaging/whatsapp-worker';
import { createServer } from '../../server';
import { issueInvoice } from '../../services/billing/invoices';
import { TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { signedInAdmin, signedInCustomer, signedInStaff } from '../../test/factories';
import { tempStorageDir, tinyPdf, tinyPng, uploadFile } from '../../test/files';
import { withDatabase } from '../../test/global-setup';
import { openConversation } from '../../test/audit-cases/conversations';
import { answersTo, receiveAndAnswer, wamid } from '../../test/whatsapp-webhooks';

const HOUR = 3600 * 1000;
type Attachment = { bytes: Buffer; name: string; contentType: string };
let database: Database;
/** The second server's connection: a pool of its own on PostgreSQL, the same database on PGlite. */
let other: Database | null = null;
const storageDir = tempStorageDir();
const config = testConfig({ appUrl: TEST_APP_URL, storageDir });
let server: Awaited<ReturnType<typeof createServer>>;
const db = () => database.db;
const otherDb = (): Db => other?.db ?? db();
const silent = { info: () => {}, warn: () => {} };

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.driver === 'postgres') {
    const [{ name }] = rowsOf<{ name: string }>(await db().execute(sql`select current_database() as name`));
    other = openPostgres(withDatabase(process.env.TEST_DATABASE_URL!, name), { max: 4 });
  }
  server = await createServer({ config, database });
});
afterAll(async () => {
  await server.stop();
  await other?.close();
  await database.close();
});

/** The customer writes again (a text), as the webhook stores it. */
const customerWrites = (phone: string, text: string) =>
  receiveAndAnswer(
    db(),
    {
      id: wamid(),
      from: phone,
      profileName: 'Carla',
      sentAt: new Date(),
      kind: 'text',
      rawType: 'text',
      text,
      replyId: null,
      media: null,
    },
    { appUrl: TEST_APP_URL },
  );

const conversation = async (phone: string) =>
  (await db().select().from(whatsappConversations).where(eq(whatsappConversations.phone, phone)))[0];

describe('who may open the inbox', () => {
  it('customer service and the administrator; the warehouse, the cashier and customers are refused', async () => {
    const { phone } = await openConversation(db(), TEST_APP_URL);
    const atencion = await signedInStaff(db(), 'atencion');
    const admin = await signedInAdmin(db());
    expect((await atencion.caller.conversations.list({})).map((c) => c.phone)).toContain(phone);
    expect((await admin.caller.conversations.list({})).map((c) => c.phone)).toContain(phone);
    for (const role of ['almacen', 'caja'] as const) {
      const s = await signedInStaff(db(), role);
      expect((await trpcError(s.caller.conversations.list({}))).code).toBe('FORBIDDEN');
      expect((await trpcError(s.caller.conversations.reply({ phone, text: 'hola' }))).code).toBe('FORBIDDEN');
    }
    const customer = await signedInCustomer(db());
    expect((await trpcError(customer.caller.conversations.detail({ phone }))).code).toBe('FORBIDDEN');
    expect(await answersTo(db(), phone)).toHaveLength(1);
  });
});

describe('a conversation, replied to', () => {
  it('shows the thread, the customer beside it and the open window; a reply goes as written, by its sender', async () => {
    const { phone, userId } = await openConversation(db(), TEST_APP_URL);
    await db().transaction((tx) =>
      issueInvoice(tx, {
        userId,
        concept: 'course_purchase',
        description: 'Curso de importación',
        lines: [{ description: 'Curso', usdCents: 2500, kind: 'course' }],
      }),
    );
    const atencion = await signedInStaff(db(), 'atencion');
    const listed = (await atencion.caller.conversations.list({ filter: 'unassigned' })).find((c) => c.phone === phone)!;
    expect(listed).toMatchObject({ customerName: expect.any(String), firstResponseAt: null, assignedTo: null });

    const before = await atencion.caller.conversations.detail({ phone });
    expect(before.window.open).toBe(true);
    expect(before.thread.map((m) => [m.from, m.text])).toEqual([
      ['customer', DESK_BUTTONS.agent.title],
      ['desk', WHATSAPP_DESK_MESSAGES.agentOpened],
    ]);
    expect(before.context!.invoices.total).toBeGreaterThanOrEqual(1);
    expect(before.context!.invoices.rows.some((i) => i.remainingUsdCents === 2500)).toBe(true);

    const sent = await atencion.caller.conversations.reply({ phone, text: 'Hola Carla, ¿en qué te ayudo?' });
    expect(sent).toMatchObject({ sentAs: 'free_form', message: M.sent });
    const quick = await atencion.caller.conversations.reply({ phone, quickReply: 'checking' });
    expect(quick.sentAs).toBe('free_form');

    const after = await atencion.caller.conversations.detail({ phone });
    expect(after.thread.slice(-2)).toEqual([
      expect.objectContaining({
        from: 'staff',
        text: 'Hola Carla, ¿en qué te ayudo?',
        status: 'pending',
        template: null,
      }),
      expect.objectContaining({ from: 'staff', text: DESK_QUICK_REPLIES[1].text, staffName: 'Personal atencion' }),
    ]);
    const queued = await answersTo(db(), phone);
    expect(queued.at(-1)!.payload).toEqual({
      type: 'text',
      text: { body: DESK_QUICK_REPLIES[1].text, preview_url: false },
    });
    // The first reply stopped the timer, and the conversation is the replier's.
    const c = await conversation(phone);
    expect(c.firstResponseAt).not.toBeNull();
    expect(c.assignedTo).toBe(atencion.user.id);
    expect((await atencion.caller.conversations.list({ filter: 'mine' })).map((x) => x.phone)).toContain(phone);
  });

  it('outside the 24-hour window: the screen says so, a reply needs the template chosen, and goes as it', async () => {
    const { phone } = await openConversation(db(), TEST_APP_URL);
    await db()
      .update(whatsappConversations)
      .set({ lastInboundAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(whatsappConversations.phone, phone));
    const atencion = await signedInStaff(db(), 'atencion');
    expect((await atencion.caller.conversations.detail({ phone })).window.open).toBe(false);

    const refused = await trpcError(atencion.caller.conversations.reply({ phone, text: 'Seguimos con tu caso.' }));
    expect(refused.message).toBe(M.templateRequired);
    expect(await answersTo(db(), phone)).toHaveLength(1);

    const sent = await atencion.caller.conversations.reply({
      phone,
      text: 'Seguimos con tu caso.',
      template: 'desk_follow_up',
    });
    expect(sent.sentAs).toBe('template');
    const last = (await answersTo(db(), phone)).at(-1)!;
    expect(last).toMatchObject({
      template: WHATSAPP_TEMPLATES.desk_follow_up.name,
      params: [WHATSAPP_DESK_MESSAGES.templateTitle, 'Seguimos con tu caso.', TEST_APP_URL],
      payload: null,
    });
    // The customer writes: the window opens again and replies go as written.
    await customerWrites(phone, 'Gracias');
    expect((await atencion.caller.conversations.detail({ phone })).window.open).toBe(true);
  });
});

describe('replying with a file', () => {
  const upload = async (who: Awaited<ReturnType<typeof signedInStaff>>, userId: string, file: Attachment) => {
    const res = await uploadFile(server.app, file.bytes, {
      token: who.visitor.token,
      kind: 'desk_attachment',
      ownerUserId: userId,
      filename: file.name,
      contentType: file.contentType,
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const pdf = (name: string): Attachment => ({ bytes: tinyPdf(), name, contentType: 'application/pdf' });
  const staffReplies = (phone: string) =>
    db().select().from(whatsappDeskReplies).where(eq(whatsappDeskReplies.phone, phone));

  it('within the window: a PDF goes as a document, a photo as an image, each with its caption, by its sender', async () => {
    const { phone, userId } = await openConversation(db(), TEST_APP_URL);
    const atencion = await signedInStaff(db(), 'atencion');
    const fileId = await upload(atencion, userId, pdf('factura-tienda.pdf'));
    const sent = await atencion.caller.conversations.reply({ phone, fileId, text: 'Tu factura' });
    expect(sent).toMatchObject({ sentAs: 'free_form', message: M.sent });
    expect((await answersTo(db(), phone)).at(-1)!.payload).toEqual({
      type: 'document',
      document: { fileId, filename: 'factura-tienda.pdf', caption: 'Tu factura' },
    });

    const photoId = await upload(atencion, userId, {
      bytes: tinyPng(),
      name: 'etiqueta.png',
      contentType: 'image/png',
    });
    await atencion.caller.conversations.reply({ phone, fileId: photoId });
    expect((await answersTo(db(), phone)).at(-1)!.payload).toEqual({ type: 'image', image: { fileId: photoId } });

    const thread = (await atencion.caller.conversations.detail({ phone })).thread.filter((m) => m.from === 'staff');
    expect(thread.map((m) => m.file)).toEqual([
      { kind: 'document', name: 'factura-tienda.pdf', fileId },
      { kind: 'image', name: 'etiqueta.png', fileId: photoId },
    ]);
    expect(thread[0]).toMatchObject({
      text: '📎 factura-tienda.pdf\nTu factura',
      template: null,
      staffName: 'Personal atencion',
    });
    expect((await staffReplies(phone)).map((r) => [r.kind, r.staffId, r.template])).toEqual([
      ['file', atencion.user.id, null],
      ['file', atencion.user.id, null],
    ]);

    // Another customer's conversation cannot carry it.
    const { phone: otherPhone } = await openConversation(db(), TEST_APP_URL);
    expect((await trpcError(atencion.caller.conversations.reply({ phone: otherPhone, fileId }))).message).toBe(
      M.fileNotFound,
    );
  });

  it('outside the window a file is refused, with or without a template, and nothing is queued; once the customer writes it goes', async () => {
    const { phone, userId } = await openConversation(db(), TEST_APP_URL);
    const atencion = await signedInStaff(db(), 'atencion');
    const fileId = await upload(atencion, userId, pdf('guia.pdf'));
    await db()
      .update(whatsappConversations)
      .set({ lastInboundAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(whatsappConversations.phone, phone));
    const queuedBefore = await answersTo(db(), phone);

    for (const template of [undefined, 'desk_reply', 'desk_follow_up'] as const) {
      const refused = await trpcError(
        atencion.caller.conversations.reply({ phone, fileId, text: 'Tu guía', template }),
      );
      expect(refused.code).toBe('BAD_REQUEST');
      expect(refused.message).toBe(M.fileOutsideWindow);
    }
    expect(M.fileOutsideWindow).toContain('«Retomar la conversación»');
    expect(await answersTo(db(), phone)).toEqual(queuedBefore);
    expect(await staffReplies(phone)).toEqual([]);
    expect((await conversation(phone)).firstResponseAt).toBeNull();

    // What a desk does: the template asks the customer to write back...
    const followUp = await atencion.caller.conversations.reply({
      phone,
      text: 'Tenemos la guía de tu envío: respóndenos y te la enviamos por aquí.',
      template: 'desk_follow_up',
    });
    expect(followUp.sentAs).toBe('template');
    // ...and once they do, the window is open again and the file goes as a document.
    await customerWrites(phone, 'Sí, envíala');
    const sent = await atencion.caller.conversations.reply({ phone, fileId, text: 'Tu guía' });
    expect(sent.sentAs).toBe('free_form');
    expect((await answersTo(db(), phone)).at(-1)!.payload).toEqual({
      type: 'document',
      document: { fileId, filename: 'guia.pdf', caption: 'Tu guía' },
    });
    expect((await atencion.caller.conversations.detail({ phone })).thread.at(-1)).toMatchObject({
      from: 'staff',
      template: null,
      file: { kind: 'document', name: 'guia.pdf' },
    });
  });
});

describe('assigning and closing', () => {
  it('assigns to a person of customer service only, and a closed conversation leaves the list until the customer asks again', async () => {
    const { phone } = await openConversation(db(), TEST_APP_URL);
    const admin = await signedInAdmin(db());
    const atencion = await signedInStaff(db(), 'atencion');
    const warehouse = await signedInStaff(db(), 'almacen');
    expect((await admin.caller.conversations.people()).map((p) => p.id)).toContain(atencion.user.id);

    await admin.caller.conversations.assign({ phone, staffId: atencion.user.id });
    expect((await conversation(phone)).assignedTo).toBe(atencion.user.id);
    const wrong = await trpcError(admin.caller.conversations.assign({ phone, staffId: warehouse.user.id }));
    expect(wrong.message).toBe(M.staffInvalid);
    expect((await conversation(phone)).assignedTo).toBe(atencion.user.id);

    await atencion.caller.conversations.close({ phone });
    const closed = await conversation(phone);
    expect(closed).toMatchObject({ needsAgentSince: null, assignedTo: null, closedBy: atencion.user.id });
    expect((await admin.caller.conversations.list({})).map((c) => c.phone)).not.toContain(phone);
    expect((await trpcError(atencion.caller.conversations.reply({ phone, text: 'hola' }))).message).toBe(M.notOpen);

    await customerWrites(phone, 'Quiero hablar con alguien');
    const reopened = (await admin.caller.conversations.list({ filter: 'unassigned' })).find((c) => c.phone === phone);
    expect(reopened).toMatchObject({ firstResponseAt: null, assignedTo: null });
  });

  it('an unknown conversation is not found', async () => {
    const admin = await signedInAdmin(db());
    expect((await trpcError(admin.caller.conversations.detail({ phone: '+584149999999' }))).message).toBe(M.notFound);
    expect((await trpcError(admin.caller.conversations.close({ phone: 'no-es-un-numero' }))).message).toBe(M.notFound);
  });

  it('the dashboard counts who waits and the longest first-response wait', async () => {
    const admin = await signedInAdmin(db());
    const { phone } = await openConversation(db(), TEST_APP_URL);
    const longAgo = new Date(Date.now() - 5 * HOUR);
    await db()
      .update(whatsappConversations)
      .set({ needsAgentSince: longAgo })
      .where(eq(whatsappConversations.phone, phone));
    const waiting = await admin.caller.conversations.waiting();
    const open = await admin.caller.conversations.list({});
    expect(waiting.waiting).toBe(open.length);
    expect(waiting.unanswered).toBe(open.filter((c) => c.firstResponseAt === null).length);
    expect(new Date(waiting.oldestSince!).getTime()).toBeLessThanOrEqual(longAgo.getTime());
  });
});

/** A Graph API that records what reaches people, in order, and refuses everything while down. */
async function fakeGraph() {
  const delivered: { to: string; key: string; type: string; text?: string; link?: string }[] = [];
  let down = false;
  const srv = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (down)
        return void res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"caído"}}');
      const p = JSON.parse(body) as {
        to: string;
        biz_opaque_callback_data: string;
        type: string;
        text?: { body: string };
        document?: { link: string };
      };
      delivered.push({
        to: `+${p.to}`,
        key: p.biz_opaque_callback_data,
        type: p.type,
        text: p.text?.body,
        link: p.document?.link,
      });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(`{"messages":[{"id":"wamid.${delivered.length}"}]}`);
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
  return {
    delivered,
    setDown: (value: boolean) => (down = value),
    sender: cloudApiSender(
      { token: 't', phoneNumberId: 'P1', apiUrl: url, timeoutMs: 2000 },
      async (id) => `${url}/f/${id}`,
    ),
    close: () => new Promise<void>((r) => srv.close(() => r())),
  };
}

describe('two people replying at once, on two servers, with the Graph API down', () => {
  it('keeps every reply, sends them once and in the order the thread shows', async () => {
    const { phone } = await openConversation(db(), TEST_APP_URL);
    const ana = await signedInStaff(db(), 'atencion');
    const beto = await signedInStaff(otherDb(), 'atencion');
    const graph = await fakeGraph();
    // Everything queued before (the verification code, the desk's own answer) already went.
    while ((await deliverDueWhatsapp(db(), graph.sender, silent, 100)) > 0);
    graph.delivered.length = 0;
    graph.setDown(true);

    // Each writes five replies, one after another; both at the same time.
    const writes = (who: typeof ana, name: string) =>
      (async () => {
        for (let i = 1; i <= 5; i++) await who.caller.conversations.reply({ phone, text: `${name} ${i}` });
      })();
    await Promise.all([writes(ana, 'Ana'), writes(beto, 'Beto')]);

    const rows = await db()
      .select({ id: whatsappOutbox.id, body: whatsappOutbox.body, staffId: whatsappDeskReplies.staffId })
      .from(whatsappDeskReplies)
      .innerJoin(whatsappOutbox, eq(whatsappOutbox.id, whatsappDeskReplies.outboxId))
      .where(eq(whatsappDeskReplies.phone, phone))
      .orderBy(asc(whatsappOutbox.queuePosition));
    expect(rows).toHaveLength(10);
    const bodies = rows.map((r) => r.body);
    // Each person's replies in the order they wrote them.
    expect(bodies.filter((b) => b.startsWith('Ana'))).toEqual(['Ana 1', 'Ana 2', 'Ana 3', 'Ana 4', 'Ana 5']);
    expect(bodies.filter((b) => b.startsWith('Beto'))).toEqual(['Beto 1', 'Beto 2', 'Beto 3', 'Beto 4', 'Beto 5']);
    // The thread shows them in the order they go out.
    const thread = (await ana.caller.conversations.detail({ phone })).thread.filter((m) => m.from === 'staff');
    expect(thread.map((m) => m.text)).toEqual(bodies);

    // The Graph API is down: both servers' workers try, nothing goes, nothing is lost.
    await Promise.all([
      deliverDueWhatsapp(db(), graph.sender, silent),
      deliverDueWhatsapp(otherDb(), graph.sender, silent),
    ]);
    expect(graph.delivered).toHaveLength(0);
    const pending = await db().select().from(whatsappOutbox).where(eq(whatsappOutbox.toPhone, phone));
    expect(pending.filter((r) => r.status === 'pending')).toHaveLength(10);

    // Back up: each goes once, in order, whichever server sends it.
    graph.setDown(false);
    for (let round = 0; round < 30; round++) {
      await db().execute(sql`update whatsapp_outbox set next_attempt_at = now() where status = 'pending'`);
      const sent = await Promise.all([
        deliverDueWhatsapp(db(), graph.sender, silent),
        deliverDueWhatsapp(otherDb(), graph.sender, silent),
      ]);
      if (sent[0] + sent[1] === 0) break;
    }
    await graph.close();
    const reached = graph.delivered.filter((d) => d.to === phone);
    expect(reached.map((d) => d.key)).toEqual(rows.map((r) => r.id));
    expect(reached.map((d) => d.text)).toEqual(bodies);
  });

  it('a file goes to the Graph API as a document with a link', async () => {
    const { phone, userId } = await openConversation(db(), TEST_APP_URL);
    const atencion = await signedInStaff(db(), 'atencion');
    const upload = await uploadFile(server.app, tinyPdf(), {
      token: atencion.visitor.token,
      kind: 'desk_attachment',
      ownerUserId: userId,
      filename: 'guia.pdf',
      contentType: 'application/pdf',
    });
    const graph = await fakeGraph();
    await atencion.caller.conversations.reply({ phone, fileId: upload.json().id });
    while ((await deliverDueWhatsapp(db(), graph.sender, silent, 100)) > 0);
    await graph.close();
    expect(graph.delivered.filter((d) => d.to === phone).at(-1)).toMatchObject({
      type: 'document',
      link: expect.stringContaining(upload.json().id),
    });
  });
});
