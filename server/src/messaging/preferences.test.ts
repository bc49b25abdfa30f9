// Preferences (docs/product/messages-and-notifications.md#preferences): every message honours the customer's channels per kind; WhatsApp
// only reaches a number verified with a code; the link in each e-mail turns that kind off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { MESSAGING_MESSAGES as M, normalizePhone, type NotificationKind } from '@casillero/shared';
import type { Database } from '../db/client';
import { emailOutbox, notifications, phoneVerifications, whatsappOutbox } from '../db/schema';
import { testConfig } from '../env';
import { createServer } from '../server';
import { notifyMany, notifyUser } from '../services/notify';
import { createTestDatabase } from '../test/db';
import { newVisitor, trpcError } from '../test/caller';
import { signedInCustomer } from '../test/factories';
import { getUnsubscribeSecret, verifyUnsubscribeToken } from './unsubscribe';
import { WHATSAPP_TEMPLATES } from './whatsapp-templates';

let database: Database;
let server: Awaited<ReturnType<typeof createServer>>;
beforeAll(async () => {
  database = await createTestDatabase();
  server = await createServer({ config: testConfig({ appUrl: 'http://localhost:3000' }), database });
});
afterAll(async () => {
  await server.app.close();
  await database.close();
});
const db = () => database.db;
const APP_URL = 'http://localhost:3000';

let ipSeq = 1;
/** Sign-ups are limited per IP: each customer comes from their own address. */
const customer = () =>
  signedInCustomer(db(), { visitor: newVisitor({ ip: `10.18.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}` }) });

let phoneSeq = 1000000;
/** A different Venezuelan mobile per test, as the code limit counts per number. */
const nextPhone = () => `0414-${phoneSeq++}`;

async function counts(userId: string, email: string) {
  const [n] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  const mails = (await db().select({ to: emailOutbox.to }).from(emailOutbox)).filter((r) =>
    r.to.includes(email),
  ).length;
  const [w] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(whatsappOutbox)
    .where(eq(whatsappOutbox.userId, userId));
  return { inApp: n.n, email: mails, whatsapp: w.n };
}

async function notify(userId: string, kind: NotificationKind) {
  return notifyUser(
    db(),
    userId,
    {
      title: 'Pago aprobado',
      message: 'Tu pago de $25,00 fue aprobado.',
      type: 'payment_update',
      link: '/dashboard/facturas',
    },
    { kind, email: 'default', appUrl: APP_URL },
  );
}

/** The code as the customer reads it: the last verification message queued for them. */
async function lastCode(userId: string) {
  const [row] = await db()
    .select({ params: whatsappOutbox.params, to: whatsappOutbox.toPhone })
    .from(whatsappOutbox)
    .where(eq(whatsappOutbox.userId, userId))
    .orderBy(desc(whatsappOutbox.createdAt));
  expect(row).toBeDefined();
  return { code: row.params[0], to: row.to };
}

async function verifiedCustomer() {
  const c = await customer();
  const phone = nextPhone();
  await c.caller.messaging.startPhoneVerification({ phone });
  const { code } = await lastCode(c.user.id);
  await c.caller.messaging.confirmPhone({ code });
  return { ...c, phone: normalizePhone(phone)! };
}

describe('phone numbers', () => {
  it('normalizes Venezuelan numbers to E.164 and refuses what cannot be a phone', () => {
    expect(normalizePhone('0414-1234567')).toBe('+584141234567');
    expect(normalizePhone('0414 123 45 67')).toBe('+584141234567');
    expect(normalizePhone('4241234567')).toBe('+584241234567');
    expect(normalizePhone('+58 (412) 123-4567')).toBe('+584121234567');
    expect(normalizePhone('584161234567')).toBe('+584161234567');
    expect(normalizePhone('+1 305 555 0100')).toBe('+13055550100');
    expect(normalizePhone('0212-5550100')).toBe('+582125550100');
    expect(normalizePhone('12345')).toBeNull();
    expect(normalizePhone('+58 414 12')).toBeNull();
    expect(normalizePhone('llámame')).toBeNull();
  });
});

describe('phone verification by code', () => {
  it('sends a 6-digit code by WhatsApp to the number typed, stored only hashed, and a right code verifies it', async () => {
    const c = await customer();
    const started = await c.caller.messaging.startPhoneVerification({ phone: '0414-7654321' });
    expect(started.message).toBe(M.codeSent('+58414***21'));
    const { code, to } = await lastCode(c.user.id);
    expect(to).toBe('+584147654321');
    expect(code).toMatch(/^\d{6}$/);
    const [pending] = await db().select().from(phoneVerifications).where(eq(phoneVerifications.userId, c.user.id));
    expect(pending.codeHash).not.toContain(code);
    const [msg] = await db().select().from(whatsappOutbox).where(eq(whatsappOutbox.userId, c.user.id));
    expect(msg.template).toBe(WHATSAPP_TEMPLATES.verification.name);
    expect(msg.body).toContain(code);

    expect((await c.caller.messaging.preferences()).whatsapp).toBeNull();
    expect((await c.caller.messaging.confirmPhone({ code })).message).toBe(M.phoneVerified);
    const prefs = await c.caller.messaging.preferences();
    expect(prefs.whatsapp?.phone).toBe('+584147654321');
    expect(prefs.pending).toBeNull();
    // The code is used up.
    expect((await trpcError(c.caller.messaging.confirmPhone({ code }))).message).toBe(M.noPendingCode);
  });

  it('refuses a bad number with a Spanish message and sends nothing', async () => {
    const c = await customer();
    const err = await trpcError(c.caller.messaging.startPhoneVerification({ phone: '12-34' }));
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toContain(M.phoneInvalid);
    expect((await counts(c.user.id, c.email)).whatsapp).toBe(0);
  });

  it('a wrong code uses an attempt; after five even the right one is refused', async () => {
    const c = await customer();
    await c.caller.messaging.startPhoneVerification({ phone: nextPhone() });
    const { code } = await lastCode(c.user.id);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await trpcError(c.caller.messaging.confirmPhone({ code: wrong }))).message).toBe(M.codeWrong(4));
    for (let i = 0; i < 4; i++) await trpcError(c.caller.messaging.confirmPhone({ code: wrong }));
    expect((await trpcError(c.caller.messaging.confirmPhone({ code }))).message).toBe(M.tooManyAttempts);
    expect((await c.caller.messaging.preferences()).whatsapp).toBeNull();
    // A bad format is refused before it counts.
    expect((await trpcError(c.caller.messaging.confirmPhone({ code: '12a' }))).message).toContain(M.codeFormat);
  });

  it('a code older than 10 minutes is refused', async () => {
    const c = await customer();
    await c.caller.messaging.startPhoneVerification({ phone: nextPhone() });
    const { code } = await lastCode(c.user.id);
    await db()
      .update(phoneVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneVerifications.userId, c.user.id));
    expect((await trpcError(c.caller.messaging.confirmPhone({ code }))).message).toBe(M.codeExpired);
    expect((await c.caller.messaging.preferences()).whatsapp).toBeNull();
  });

  it('limits how many codes go to one number, whoever asks', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 3; i++) await (await customer()).caller.messaging.startPhoneVerification({ phone });
    const late = await customer();
    const err = await trpcError(late.caller.messaging.startPhoneVerification({ phone }));
    expect(err.code).toBe('TOO_MANY_REQUESTS');
    expect(err.message).toBe(M.tooManyCodes(60));
    expect((await counts(late.user.id, late.email)).whatsapp).toBe(0);
  });

  it('removing the number stops WhatsApp, including messages still queued', async () => {
    const c = await verifiedCustomer();
    await notify(c.user.id, 'payment');
    await c.caller.messaging.removePhone();
    expect((await c.caller.messaging.preferences()).whatsapp).toBeNull();
    const rows = await db().select().from(whatsappOutbox).where(eq(whatsappOutbox.userId, c.user.id));
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(0);
    const before = (await counts(c.user.id, c.email)).whatsapp;
    await notify(c.user.id, 'payment');
    expect((await counts(c.user.id, c.email)).whatsapp).toBe(before);
  });
});

describe('preferences per kind and channel', () => {
  it('defaults: e-mail on, WhatsApp on but nothing without a verified number; in-app always', async () => {
    const c = await customer();
    const before = await counts(c.user.id, c.email);
    const prefs = await c.caller.messaging.preferences();
    expect(prefs.preferences.every((p) => p.email && p.whatsapp)).toBe(true);
    await notify(c.user.id, 'payment');
    const after = await counts(c.user.id, c.email);
    expect(after).toEqual({ inApp: before.inApp + 1, email: before.email + 1, whatsapp: 0 });
  });

  it('e-mail off for one kind: no e-mail of that kind, the other kinds still mailed, the notification still in the app', async () => {
    const c = await customer();
    const saved = await c.caller.messaging.setPreferences({
      preferences: [{ kind: 'payment', email: false, whatsapp: true }],
    });
    expect(saved.message).toBe(M.preferencesSaved);
    // Push was not part of the request: it stays as it was (on).
    expect(saved.preferences.find((p) => p.kind === 'payment')).toEqual({
      kind: 'payment',
      email: false,
      whatsapp: true,
      push: true,
    });
    const before = await counts(c.user.id, c.email);
    await notify(c.user.id, 'payment');
    expect(await counts(c.user.id, c.email)).toEqual({ ...before, inApp: before.inApp + 1 });
    await notify(c.user.id, 'status_changed');
    expect(await counts(c.user.id, c.email)).toEqual({ ...before, inApp: before.inApp + 2, email: before.email + 1 });
  });

  it('verified number: a WhatsApp message per notification, with the kind template; off for one kind, none of that kind', async () => {
    const c = await verifiedCustomer();
    const before = await counts(c.user.id, c.email);
    await notify(c.user.id, 'payment');
    const [row] = await db()
      .select()
      .from(whatsappOutbox)
      .where(eq(whatsappOutbox.userId, c.user.id))
      .orderBy(desc(whatsappOutbox.createdAt));
    expect(row).toMatchObject({ toPhone: c.phone, template: WHATSAPP_TEMPLATES.payment.name, status: 'pending' });
    expect(row.params).toEqual(['Pago aprobado', 'Tu pago de $25,00 fue aprobado.', `${APP_URL}/dashboard/facturas`]);
    expect((await counts(c.user.id, c.email)).whatsapp).toBe(before.whatsapp + 1);

    await c.caller.messaging.setPreferences({ preferences: [{ kind: 'payment', email: true, whatsapp: false }] });
    await notify(c.user.id, 'payment');
    await notify(c.user.id, 'package_received');
    const after = await counts(c.user.id, c.email);
    expect(after.whatsapp).toBe(before.whatsapp + 2); // only package_received's
    expect(after.email).toBe(before.email + 3);
  });

  it('the old "no e-mails" switch still holds for kinds never chosen', async () => {
    const c = await customer();
    await db().execute(sql`update user_profiles set email_notifications = false where user_id = ${c.user.id}`);
    expect((await c.caller.messaging.preferences()).preferences.every((p) => !p.email)).toBe(true);
    const before = await counts(c.user.id, c.email);
    await notify(c.user.id, 'payment');
    expect((await counts(c.user.id, c.email)).email).toBe(before.email);
  });

  it('refuses a kind twice or an unknown kind, changing nothing', async () => {
    const c = await customer();
    const twice = await trpcError(
      c.caller.messaging.setPreferences({
        preferences: [
          { kind: 'payment', email: false, whatsapp: false },
          { kind: 'payment', email: true, whatsapp: true },
        ],
      }),
    );
    expect(twice.code).toBe('BAD_REQUEST');
    const unknown = await trpcError(
      c.caller.messaging.setPreferences({
        preferences: [{ kind: 'spam' as 'payment', email: false, whatsapp: false }],
      }),
    );
    expect(unknown.code).toBe('BAD_REQUEST');
    expect((await c.caller.messaging.preferences()).preferences.every((p) => p.email && p.whatsapp)).toBe(true);
  });

  it('one customer cannot see or change another one’s preferences (the procedures take no user id)', async () => {
    const a = await customer();
    const b = await customer();
    await a.caller.messaging.setPreferences({
      preferences: [{ kind: 'reminders', email: false, whatsapp: false, push: false }],
    });
    expect((await b.caller.messaging.preferences()).preferences.find((p) => p.kind === 'reminders')).toEqual({
      kind: 'reminders',
      email: true,
      whatsapp: true,
      push: true,
    });
  });

  it('notifyMany: one notification per customer, the outboxes as each chose, and a dedupe key makes a second run send nothing', async () => {
    const plain = await customer();
    const noMail = await customer();
    const onWhatsapp = await verifiedCustomer();
    await noMail.caller.messaging.setPreferences({
      preferences: [{ kind: 'shipment_news', email: false, whatsapp: true }],
    });
    const ids = [plain.user.id, noMail.user.id, onWhatsapp.user.id, plain.user.id];
    const before = await Promise.all([plain, noMail, onWhatsapp].map((c) => counts(c.user.id, c.email)));
    const n = {
      title: 'Tu envío se retrasó',
      message: 'Nueva fecha estimada: 2 de diciembre.',
      type: 'shipment' as const,
      link: '/dashboard/mis-trackings',
    };
    const options = {
      kind: 'shipment_news' as const,
      email: 'default' as const,
      appUrl: APP_URL,
      dedupeKey: 'news:test-1',
    };
    expect(await notifyMany(db(), ids, n, options)).toBe(3);
    expect(await notifyMany(db(), ids, n, options)).toBe(0);
    const after = await Promise.all([plain, noMail, onWhatsapp].map((c) => counts(c.user.id, c.email)));
    expect(after[0]).toEqual({ inApp: before[0].inApp + 1, email: before[0].email + 1, whatsapp: 0 });
    expect(after[1]).toEqual({ inApp: before[1].inApp + 1, email: before[1].email, whatsapp: 0 });
    expect(after[2]).toEqual({
      inApp: before[2].inApp + 1,
      email: before[2].email + 1,
      whatsapp: before[2].whatsapp + 1,
    });
  });

  it("notifyMany in one statement: each e-mail carries its own customer's link, and the text arrives as written", async () => {
    const people = [await customer(), await customer(), await customer()];
    // Quotes, a backslash, braces, commas and what looks like a marker: nothing the arrays or the
    // link's placement may alter.
    const n = {
      title: 'Despacho "AER-MIA" {1}, \\ listo',
      message: 'Salida: 02/12/2026. @@ Llegada aprox. el "05/12/2026", {sí} \\ ok.',
      type: 'shipment' as const,
      link: '/dashboard/envios',
    };
    const ids = people.map((p) => p.user.id);
    expect(await notifyMany(db(), ids, n, { kind: 'status_changed', email: 'default', appUrl: APP_URL })).toBe(3);
    const secret = await getUnsubscribeSecret(db());
    const mails = await db()
      .select({ to: emailOutbox.to, subject: emailOutbox.subject, text: emailOutbox.text, html: emailOutbox.html })
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, n.title));
    expect(mails).toHaveLength(3);
    for (const p of people) {
      const mail = mails.find((m) => m.to.includes(p.email))!;
      expect(mail.text).toContain(n.message);
      const token = decodeURIComponent(/desactivar\?t=(\S+)/.exec(mail.text)![1]!);
      expect(verifyUnsubscribeToken(secret, token)).toEqual({ userId: p.user.id, kind: 'status_changed' });
      expect(mail.html).toContain(`?t=${encodeURIComponent(token)}`);
      const [note] = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.title, n.title), eq(notifications.userId, p.user.id)));
      expect(note).toMatchObject({ title: n.title, message: n.message, link: n.link });
    }
  });
});

describe('the link in each e-mail that turns its kind off', () => {
  async function lastMailText(email: string) {
    const rows = await db()
      .select({ to: emailOutbox.to, text: emailOutbox.text, html: emailOutbox.html })
      .from(emailOutbox)
      .orderBy(desc(emailOutbox.createdAt));
    return rows.find((r) => r.to.includes(email))!;
  }

  it('asks first on GET, then turns exactly that kind of e-mail off without signing in', async () => {
    const c = await customer();
    await notify(c.user.id, 'payment');
    const mail = await lastMailText(c.email);
    const url = /http:\/\/localhost:3000\/preferencias\/desactivar\?t=\S+/.exec(mail.text)?.[0];
    expect(url).toBeDefined();
    expect(mail.html).toContain('/preferencias/desactivar?t=');
    const path = url!.slice(APP_URL.length);

    const page = await server.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(M.unsubscribeConfirmTitle);
    expect(page.body).toContain('Pagos aprobados o rechazados');
    expect((await c.caller.messaging.preferences()).preferences.find((p) => p.kind === 'payment')?.email).toBe(true);

    const done = await server.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(M.unsubscribeTitle);
    const prefs = (await c.caller.messaging.preferences()).preferences;
    expect(prefs.find((p) => p.kind === 'payment')).toEqual({
      kind: 'payment',
      email: false,
      whatsapp: true,
      push: true,
    });
    expect(prefs.filter((p) => p.kind !== 'payment').every((p) => p.email)).toBe(true);

    const before = await counts(c.user.id, c.email);
    await notify(c.user.id, 'payment');
    expect((await counts(c.user.id, c.email)).email).toBe(before.email);
  });

  it('a forged or altered link changes nothing', async () => {
    const c = await customer();
    const forged = `/preferencias/desactivar?t=${c.user.id}.payment.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
    for (const url of [forged, '/preferencias/desactivar', '/preferencias/desactivar?t=basura']) {
      const res = await server.app.inject({ method: 'POST', url });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('El enlace no es válido');
    }
    await notify(c.user.id, 'payment');
    const mail = await lastMailText(c.email);
    const token = /t=(\S+)/.exec(mail.text)![1];
    const otherKind = decodeURIComponent(token).replace('.payment.', '.reminders.');
    const res = await server.app.inject({
      method: 'POST',
      url: `/preferencias/desactivar?t=${encodeURIComponent(otherKind)}`,
    });
    expect(res.statusCode).toBe(400);
    expect((await c.caller.messaging.preferences()).preferences.every((p) => p.email)).toBe(true);
  });
});
