// The desk's worker (docs/product/whatsapp-desk.md#answering): the webhook only stores; the worker
// answers each number's messages in the order stored, each once with two servers answering at the
// same time, takes again a message whose worker stopped half-way, and keeps a file sent to a
// person (downloaded from a fake Graph API on loopback) for the inbox's thread.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { WHATSAPP_DESK_MESSAGES as M } from '@casillero/shared';
import type { Database } from '../../db/client';
import { storedFiles, whatsappConversations, whatsappInboundMessages } from '../../db/schema';
import { createServer } from '../../server';
import { createTestDatabase } from '../../test/db';
import { signedInStaff } from '../../test/factories';
import { tinyPdf } from '../../test/files';
import { startFakeWhatsappMedia } from '../../test/whatsapp-media';
import { MESSAGES_PER_TRANSACTION } from './worker';
import {
  answersTo,
  customerWithVerifiedWhatsapp,
  messagesDelivery,
  signedHeaders,
  deskTestConfig,
  text,
  type InboundFixture,
} from '../../test/whatsapp-webhooks';

let database: Database;
let one: Awaited<ReturnType<typeof createServer>>;
let two: Awaited<ReturnType<typeof createServer>>;
let whatsapp: Awaited<ReturnType<typeof startFakeWhatsappMedia>>;
const db = () => database.db;

beforeAll(async () => {
  whatsapp = await startFakeWhatsappMedia();
  const config = deskTestConfig(whatsapp.settings);
  database = await createTestDatabase();
  // Two servers on one database, each with its worker.
  one = await createServer({ config, database });
  two = await createServer({ config, database });
});
afterAll(async () => {
  await one.stop();
  await two.stop();
  await database.close();
  await whatsapp.close();
});

/** Posts a delivery to a server, its worker not run: what the webhook alone does. */
async function deliver(messages: InboundFixture[], server = one) {
  const { body, ids } = messagesDelivery(messages);
  const res = await server.app.inject({
    method: 'POST',
    url: '/webhooks/whatsapp',
    headers: signedHeaders(body),
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  return { ids, res: res.json() as { stored: number } };
}

const inboundOf = (phone: string) =>
  db()
    .select()
    .from(whatsappInboundMessages)
    .where(eq(whatsappInboundMessages.fromPhone, phone))
    .orderBy(whatsappInboundMessages.position);

/** What each answer to the number starts with, in the order they go out. */
const answerBodies = async (phone: string) => (await answersTo(db(), phone)).map((a) => a.body);
const isMenu = (body: string) => body.startsWith(M.menuBody);

describe('accepting and answering', () => {
  it('stores the message and answers 200 with nothing answered yet; the worker answers it', async () => {
    const c = await customerWithVerifiedWhatsapp(db());
    const { res } = await deliver([{ from: c.phone, body: text('Hablar con alguien') }]);
    expect(res).toEqual({ ok: true, received: 1, stored: 1 });
    const [waiting] = await inboundOf(c.phone);
    expect(waiting).toMatchObject({ answeredAt: null, answer: null, userId: null });
    expect(await answersTo(db(), c.phone)).toEqual([]);

    await one.whatsappDesk.runUntilIdle();
    const [answered] = await inboundOf(c.phone);
    expect(answered).toMatchObject({ answer: 'agent', userId: c.user.id, followUp: null });
    expect(answered.answeredAt).not.toBeNull();
    expect(await answerBodies(c.phone)).toEqual([M.agentOpened]);
    const [conversation] = await db()
      .select()
      .from(whatsappConversations)
      .where(eq(whatsappConversations.phone, c.phone));
    expect(conversation).toMatchObject({ userId: c.user.id, answeringUntil: null, profileName: 'Cliente de Prueba' });
    expect(conversation.needsAgentSince).not.toBeNull();
  });

  it("answers a number's messages in the order they came, when they arrive together", async () => {
    const ana = await customerWithVerifiedWhatsapp(db(), 'Ana Orden');
    const beto = await customerWithVerifiedWhatsapp(db(), 'Beto Orden');
    await deliver([
      { from: ana.phone, body: text('hola') },
      { from: beto.phone, body: text('Mis paquetes') },
      { from: ana.phone, body: text('Mis paquetes') },
      { from: ana.phone, body: text('Hablar con alguien') },
      { from: beto.phone, body: text('hola') },
    ]);
    // Both servers' workers at once.
    await Promise.all([one.whatsappDesk.runUntilIdle(), two.whatsappDesk.runUntilIdle()]);
    const anas = await answerBodies(ana.phone);
    expect(anas).toHaveLength(3);
    expect(isMenu(anas[0]!)).toBe(true);
    expect(anas.slice(1)).toEqual([M.packagesNone, M.agentOpened]);
    const betos = await answerBodies(beto.phone);
    expect(betos[0]).toBe(M.packagesNone);
    expect(isMenu(betos[1]!)).toBe(true);
    expect(betos).toHaveLength(2);
  });

  it("answers a customer's many messages in order, several to a transaction, the words after 'Hablar con alguien' left to the person", async () => {
    const c = await customerWithVerifiedWhatsapp(db(), 'Elena Ráfaga');
    const asks = [
      'hola',
      ...Array.from({ length: 7 }, () => 'Mis paquetes'),
      'Hablar con alguien',
      'gracias',
      'hola',
      'Mis paquetes',
      'Mis paquetes',
      'Mis paquetes',
    ];
    await deliver(asks.map((ask) => ({ from: c.phone, body: text(ask) })));
    await one.whatsappDesk.runUntilIdle();

    const bodies = await answerBodies(c.phone);
    expect(isMenu(bodies[0]!)).toBe(true);
    // Once a person is asked for, words the desk cannot answer wait for them (no menu); a question
    // it can answer still is.
    expect(bodies.slice(1)).toEqual([
      ...Array(7).fill(M.packagesNone),
      M.agentOpened,
      ...Array(3).fill(M.packagesNone),
    ]);
    const stored = await inboundOf(c.phone);
    expect(stored.map((m) => m.answer)).toEqual([
      'menu',
      ...Array(7).fill('packages'),
      'agent',
      null,
      null,
      ...Array(3).fill('packages'),
    ]);
    expect(stored.every((m) => m.answeredAt !== null && m.followUp === null)).toBe(true);
    // Answered together: the messages of one transaction share its time.
    const transactions = new Set(stored.map((m) => m.answeredAt!.getTime()));
    expect(transactions.size).toBe(Math.ceil(asks.length / MESSAGES_PER_TRANSACTION));
  });

  it("answers each message once with two servers' workers taking the same numbers", async () => {
    const people = await Promise.all(
      Array.from({ length: 6 }, (_, i) => customerWithVerifiedWhatsapp(db(), `Cliente Doble ${i}`)),
    );
    const asks = ['Mis paquetes', 'hola', 'Mis paquetes', 'hola'];
    // Each customer's messages one delivery after another, to either server (Meta repeats some).
    for (const [i, ask] of asks.entries()) {
      await Promise.all(
        people.map(async (p, j) => {
          const delivery = await deliver([{ from: p.phone, body: text(ask) }], (i + j) % 2 ? one : two);
          expect(delivery.res.stored).toBe(1);
        }),
      );
    }
    await Promise.all([
      one.whatsappDesk.runUntilIdle(),
      two.whatsappDesk.runUntilIdle(),
      one.whatsappDesk.runRound(),
      two.whatsappDesk.runRound(),
    ]);
    for (const p of people) {
      const bodies = await answerBodies(p.phone);
      expect(bodies.map((b) => (isMenu(b) ? 'menú' : b))).toEqual([M.packagesNone, 'menú', M.packagesNone, 'menú']);
      const stored = await inboundOf(p.phone);
      expect(stored.map((m) => m.answer)).toEqual(['packages', 'menu', 'packages', 'menu']);
    }
  });
});

describe('a worker that stops half-way', () => {
  it('leaves the message unanswered, with nothing queued, and the next round answers it once', async () => {
    const c = await customerWithVerifiedWhatsapp(db(), 'Carla Caída');
    await deliver([
      { from: c.phone, body: text('Mis paquetes') },
      { from: c.phone, body: text('hola') },
    ]);
    // The answer's write fails inside the worker's transaction (as if its server died there).
    await db().execute(
      sql.raw(`create function fail_desk_answer() returns trigger language plpgsql as $$
        begin if new.to_phone = '${c.phone}' then raise exception 'el worker se cayó'; end if; return new; end $$`),
    );
    await db().execute(
      sql`create trigger fail_desk_answer before insert on whatsapp_outbox for each row execute function fail_desk_answer()`,
    );
    try {
      await one.whatsappDesk.runRound();
    } finally {
      await db().execute(sql`drop trigger fail_desk_answer on whatsapp_outbox`);
      await db().execute(sql`drop function fail_desk_answer()`);
    }
    const failed = await inboundOf(c.phone);
    expect(failed.map((m) => [m.answeredAt, m.answer, m.answerAttempts])).toEqual([
      [null, null, 1],
      [null, null, 0],
    ]);
    expect(await answersTo(db(), c.phone)).toEqual([]);

    await two.whatsappDesk.runUntilIdle();
    const bodies = await answerBodies(c.phone);
    expect(bodies[0]).toBe(M.packagesNone);
    expect(isMenu(bodies[1]!)).toBe(true);
    expect(bodies).toHaveLength(2);
  });

  it('waits for the lease of a worker that died holding the number, then answers its message once', async () => {
    const c = await customerWithVerifiedWhatsapp(db(), 'Diego Espera');
    await deliver([{ from: c.phone, body: text('Mis paquetes') }]);
    const lease = (at: string) =>
      db()
        .update(whatsappConversations)
        .set({ answeringUntil: sql`now() + ${at}::interval` })
        .where(eq(whatsappConversations.phone, c.phone));
    // Taken by a worker that died: nobody else takes the number while its lease lasts.
    await lease('2 minutes');
    await one.whatsappDesk.runRound();
    await two.whatsappDesk.runRound();
    expect((await inboundOf(c.phone))[0]!.answeredAt).toBeNull();
    expect(await answersTo(db(), c.phone)).toEqual([]);

    // The lease passed: the next round takes it.
    await lease('-1 second');
    await Promise.all([one.whatsappDesk.runUntilIdle(), two.whatsappDesk.runUntilIdle()]);
    expect(await answerBodies(c.phone)).toEqual([M.packagesNone]);
    const pending = await db()
      .select()
      .from(whatsappInboundMessages)
      .where(and(eq(whatsappInboundMessages.fromPhone, c.phone), isNull(whatsappInboundMessages.answeredAt)));
    expect(pending).toEqual([]);
  });
});

describe('a file sent to a person', () => {
  it('is downloaded, kept as the customer’s file and linked to the message the inbox shows', async () => {
    const c = await customerWithVerifiedWhatsapp(db(), 'Elena Archivo');
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c0ffee' } })
      .png()
      .toBuffer();
    await deliver([
      { from: c.phone, body: text('Hablar con alguien') },
      { from: c.phone, body: whatsapp.photo(photo, 'image/png') },
      { from: c.phone, body: whatsapp.document(tinyPdf(), 'factura-tienda.pdf') },
      { from: c.phone, body: whatsapp.photo(Buffer.from('esto no es una imagen'), 'image/jpeg') },
    ]);
    await one.whatsappDesk.runUntilIdle();

    const [, image, pdf, broken] = await inboundOf(c.phone);
    expect([image!.answer, pdf!.answer, broken!.answer]).toEqual(['file', 'file', 'file']);
    expect(broken!.fileId).toBeNull();
    const kept = await db()
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.ownerUserId, c.user.id), eq(storedFiles.kind, 'desk_attachment')));
    expect(kept.map((f) => [f.id, f.contentType, f.originalName]).sort()).toEqual(
      [
        [image!.fileId, 'image/png', null],
        [pdf!.fileId, 'application/pdf', 'factura-tienda.pdf'],
      ].sort(),
    );
    expect((await answerBodies(c.phone)).slice(1)).toEqual([M.fileReceived, M.fileReceived, M.fileReceived]);

    // The inbox's thread links each kept file, and customer service can open it.
    const atencion = await signedInStaff(db(), 'atencion');
    const detail = await atencion.caller.conversations.detail({ phone: c.phone });
    const files = detail.thread.filter((m) => m.from === 'customer' && m.file).map((m) => m.file);
    expect(files).toEqual([
      { kind: 'image', name: null, fileId: image!.fileId },
      { kind: 'document', name: 'factura-tienda.pdf', fileId: pdf!.fileId },
      { kind: 'image', name: null, fileId: null },
    ]);
    const link = await atencion.caller.files.link({ id: image!.fileId! });
    expect(link.contentType).toBe('image/png');
  });
});
