// docs/product/prealerts-from-email.md#recepción: the pipeline's safety rules. Authentication
// pass and fail, unknown senders answered at most once a day and never after a failed
// authentication, loops and bounces dropped, malformed MIME refused without stopping the next
// message, attachments kept by type, size and count, rate limits per sender.
import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOUND_MAIL_LIMITS } from '@casillero/shared';
import type { Database } from '../../db/client';
import { emailOutbox, inboundMessages, prealerts, rateLimitEvents, storedFiles } from '../../db/schema';
import { testConfig } from '../../env';
import { diskFileStore } from '../../files/file-store';
import { callerFor, TEST_APP_URL } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { customerWithActiveMailbox, type CustomerWithMailbox } from '../../test/factories';
import { tempStorageDir, tinyPdf } from '../../test/files';
import {
  amazonShippingMail,
  fakeResolver,
  INBOUND_DOMAIN,
  NO_DMARC_DOMAIN,
  rawMail,
  upsTracking,
} from '../../test/inbound-mail';
import { authenticateMail } from './authenticate';
import type { Extraction } from './extraction';
import { receiveInboundMail, type InboundDeps } from './pipeline';

const storageDir = tempStorageDir();
const config = testConfig({
  appUrl: TEST_APP_URL,
  storageDir,
  inboundMail: { domain: INBOUND_DOMAIN, smtp: null, mailgunSigningKey: undefined, resolver: fakeResolver },
});
let database: Database;
let maria: CustomerWithMailbox;
let address: string;
const db = () => database.db;
const deps = (extra: Partial<InboundDeps> = {}): InboundDeps => ({
  db: db(),
  fileStore: diskFileStore(storageDir),
  appUrl: TEST_APP_URL,
  domain: INBOUND_DOMAIN,
  ...extra,
});

/** Delivers bytes as the SMTP listener would, from `ip` (127.0.0.1 is the provider's). */
async function deliver(raw: Buffer, opts: { mailFrom?: string; ip?: string; extra?: Partial<InboundDeps> } = {}) {
  const envelope = {
    mailFrom: opts.mailFrom ?? 'maria@correo.test',
    rcptTo: [address],
    clientIp: opts.ip ?? '127.0.0.1',
    helo: 'mx.correo.test',
  };
  const auth = await authenticateMail(raw, envelope, { resolver: fakeResolver });
  return receiveInboundMail(deps(opts.extra), { raw, envelope, auth, via: 'smtp' });
}
const repliesTo = async (to: string) =>
  (await db().select().from(emailOutbox)).filter(
    (e) => e.to.includes(to) && e.template === 'prealert_mail_unknown_sender',
  );
/** What the extraction gives for a mail that says nothing of an order. */
const nothingRead: Extraction = {
  store: null,
  storeName: null,
  orderNumber: null,
  items: [],
  totalUsdCents: null,
  trackings: [],
  invoiceAttachment: null,
  source: 'email',
  kind: 'unknown',
};
const draftsOf = (userId: string) => db().select().from(prealerts).where(eq(prealerts.userId, userId));

beforeAll(async () => {
  database = await createTestDatabase();
  maria = await customerWithActiveMailbox(db(), { nombre: 'María González' });
  const caller = callerFor(db(), maria.visitor, config);
  address = (await caller.prealertMail.address()).address!;
  await caller.prealertMail.addSender({ email: 'maria@correo.test' });
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

describe('authentication', () => {
  it('drops a message claiming to be María that her provider did not send (SPF and DKIM fail, DMARC reject), with no reply', async () => {
    const tracking = upsTracking();
    const raw = await rawMail(amazonShippingMail({ from: 'maria@correo.test', to: address, tracking }), false);
    const result = await deliver(raw, { ip: '203.0.113.9' });
    expect(result.outcome).toBe('auth_failed');
    expect(await db().select().from(prealerts).where(eq(prealerts.trackingNumber, tracking))).toEqual([]);
    expect(await repliesTo('maria@correo.test')).toEqual([]);
  });

  it('accepts the same message signed by her provider even from another address (DKIM aligned: DMARC pass)', async () => {
    const tracking = upsTracking();
    const raw = await rawMail(amazonShippingMail({ from: 'maria@correo.test', to: address, tracking }));
    const result = await deliver(raw, { ip: '203.0.113.9' });
    expect(result.outcome).toBe('draft_created');
  });

  it('accepts a domain without a DMARC record when SPF or DKIM passes for that very domain, and nothing else', async () => {
    const from = `maria@${NO_DMARC_DOMAIN}`;
    await callerFor(db(), maria.visitor, config).prealertMail.addSender({ email: from });
    const send = async (sign: boolean | string, ip: string) => {
      const raw = await rawMail(amazonShippingMail({ from, to: address, tracking: upsTracking() }), sign);
      const result = await deliver(raw, { mailFrom: from, ip });
      const [logged] = await db().select().from(inboundMessages).where(eq(inboundMessages.id, result.id!));
      return { outcome: result.outcome, auth: logged.auth };
    };
    // Its provider's server (SPF pass), unsigned.
    expect(await send(false, '127.0.0.1')).toEqual({
      outcome: 'draft_created',
      auth: { spf: 'pass', dkim: 'none', dmarc: 'none', aligned: true },
    });
    // Another server (SPF fail), signed by the domain itself.
    expect(await send(NO_DMARC_DOMAIN, '203.0.113.9')).toMatchObject({
      outcome: 'draft_created',
      auth: { spf: 'fail', dkim: 'pass', dmarc: 'none', aligned: true },
    });
    // Another server, unsigned: nothing passes.
    expect(await send(false, '203.0.113.9')).toMatchObject({ outcome: 'auth_failed', auth: { aligned: false } });
    // Another server, signed by another domain (correo.test): that signature says nothing of this one.
    expect(await send(true, '203.0.113.9')).toMatchObject({
      outcome: 'auth_failed',
      auth: { spf: 'fail', dkim: 'pass', dmarc: 'none', aligned: false },
    });
    expect(await repliesTo(from)).toEqual([]);
  });
});

describe('unknown senders', () => {
  it('answers an authenticated unknown sender at most once a day, and an unauthenticated one never', async () => {
    for (let i = 0; i < 3; i++) {
      const raw = await rawMail(
        amazonShippingMail({ from: 'prima@correo.test', to: address, tracking: upsTracking() }),
      );
      expect((await deliver(raw, { mailFrom: 'prima@correo.test' })).outcome).toBe('unknown_sender');
    }
    const replies = await repliesTo('prima@correo.test');
    expect(replies).toHaveLength(1);
    // Marked as an automatic reply, so no auto-responder answers it, and with our X-Loop.
    expect(replies[0].headers).toEqual({
      'Auto-Submitted': 'auto-replied',
      Precedence: 'auto_reply',
      'X-Loop': `prealertas@${INBOUND_DOMAIN}`,
    });

    const forged = await rawMail(
      amazonShippingMail({ from: 'victima@correo.test', to: address, tracking: upsTracking() }),
      false,
    );
    expect((await deliver(forged, { mailFrom: 'victima@correo.test', ip: '198.51.100.7' })).outcome).toBe(
      'auth_failed',
    );
    expect(await repliesTo('victima@correo.test')).toEqual([]);
  });
});

describe('loops and bounces', () => {
  it('drops bounces and auto-replies silently', async () => {
    const bounce = await rawMail({ from: 'maria@correo.test', to: address, subject: 'Undelivered', text: 'x' });
    expect((await deliver(bounce, { mailFrom: '' })).outcome).toBe('loop');
    const vacation = await rawMail({
      from: 'maria@correo.test',
      to: address,
      subject: 'Fuera de la oficina',
      text: `Vuelvo el lunes ${upsTracking()}`,
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    expect((await deliver(vacation)).outcome).toBe('loop');
    const daemon = await rawMail({ from: 'MAILER-DAEMON@correo.test', to: address, subject: 'Failure', text: 'x' });
    expect((await deliver(daemon)).outcome).toBe('loop');
    expect(
      (await db().select().from(emailOutbox)).filter(
        (e) =>
          e.template === 'prealert_mail_unknown_sender' &&
          e.to.some((t) => t.toLowerCase().startsWith('mailer-daemon')),
      ),
    ).toEqual([]);
  });

  it('drops our own reply coming back (our X-Loop) as a loop, but not a message with another list’s X-Loop', async () => {
    const back = await rawMail({
      from: 'maria@correo.test',
      to: address,
      subject: 'Re: Registra este correo',
      text: `Reenviado ${upsTracking()}`,
      headers: { 'X-Loop': `prealertas@${INBOUND_DOMAIN}` },
    });
    const result = await deliver(back);
    expect(result.outcome).toBe('loop');
    const [logged] = await db().select().from(inboundMessages).where(eq(inboundMessages.id, result.id!));
    expect(logged.reason).toBe('loop: our own reply');

    const tracking = upsTracking();
    const other = await rawMail({
      ...amazonShippingMail({ from: 'maria@correo.test', to: address, tracking }),
      headers: { 'X-Loop': 'lista@otra.test' },
    });
    expect((await deliver(other)).outcome).toBe('draft_created');
  });
});

describe('malformed and hostile MIME', () => {
  it('refuses garbage and a message nested too deep, logs them, and still receives the next message', async () => {
    expect((await deliver(Buffer.from('\u0000\u0001 esto no es un correo'))).outcome).toBe('refused');
    const depth = INBOUND_MAIL_LIMITS.maxNestingDepth + 5;
    let body = 'Content-Type: text/plain\r\n\r\nfin\r\n';
    for (let i = 0; i < depth; i++) {
      body = `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n${body}--b${i}--\r\n`;
    }
    const nested = Buffer.from(
      `From: maria@correo.test\r\nTo: ${address}\r\nSubject: anidado\r\nMessage-ID: <deep@correo.test>\r\nMIME-Version: 1.0\r\n${body}`,
    );
    expect((await deliver(nested)).outcome).toBe('refused');
    const refused = await db().select().from(inboundMessages).where(eq(inboundMessages.outcome, 'refused'));
    expect(refused.length).toBeGreaterThanOrEqual(2);
    const tracking = upsTracking();
    expect(
      (await deliver(await rawMail(amazonShippingMail({ from: 'maria@correo.test', to: address, tracking })))).outcome,
    ).toBe('draft_created');
  });

  it('keeps only PDFs and photos within size and count, never an archive; the invoice becomes the draft’s invoice', async () => {
    const tracking = upsTracking();
    const zip = Buffer.from('PK\u0003\u0004 bomba');
    const message = {
      ...amazonShippingMail({ from: 'maria@correo.test', to: address, tracking }),
      attachments: [
        { filename: 'factura.pdf', content: tinyPdf(), contentType: 'application/pdf' },
        { filename: 'bomba.zip', content: zip, contentType: 'application/zip' },
        { filename: 'falso.pdf', content: Buffer.from('<html>no</html>'), contentType: 'application/pdf' },
        ...Array.from({ length: 6 }, (_, i) => ({
          filename: `otra-${i}.pdf`,
          content: tinyPdf(),
          contentType: 'application/pdf',
        })),
      ],
    };
    let seen: string[] = [];
    const extract = async (mail: Parameters<NonNullable<InboundDeps['extract']>>[0]): Promise<Extraction> => {
      seen = mail.attachments.map((a) => a.filename);
      return {
        store: 'amazon',
        storeName: 'Amazon',
        orderNumber: null,
        items: [],
        totalUsdCents: null,
        trackings: [{ trackingNumber: tracking, carrier: 'UPS' }],
        invoiceAttachment: 0,
        source: 'email',
        kind: 'shipping',
      };
    };
    const result = await deliver(await rawMail(message), { extra: { extract } });
    expect(result.outcome).toBe('draft_created');
    expect(seen).toEqual(['factura.pdf', 'otra-0.pdf', 'otra-1.pdf', 'otra-2.pdf', 'otra-3.pdf']);
    const [draft] = await db().select().from(prealerts).where(eq(prealerts.id, result.prealertId!));
    expect(draft).toMatchObject({ senderName: 'Amazon', status: 'draft' });
    const [invoice] = await db().select().from(storedFiles).where(eq(storedFiles.id, draft.invoiceFileId!));
    expect(invoice).toMatchObject({
      ownerUserId: maria.user.id,
      kind: 'invoice',
      contentType: 'application/pdf',
      originalName: 'factura.pdf',
    });
    const [logged] = await db().select().from(inboundMessages).where(eq(inboundMessages.id, result.id!));
    expect(logged.reason).toContain('bomba.zip');
    expect(logged.reason).toContain('falso.pdf: no es un PDF');
  });
});

describe('rate limits', () => {
  it('drops mail from a sender past its hourly limit', async () => {
    await db()
      .insert(rateLimitEvents)
      .values(
        Array.from({ length: INBOUND_MAIL_LIMITS.perSenderPerHour }, () => ({
          key: 'inbound-mail:sender:maria@correo.test',
        })),
      );
    const tracking = upsTracking();
    const result = await deliver(
      await rawMail(amazonShippingMail({ from: 'maria@correo.test', to: address, tracking })),
    );
    expect(result.outcome).toBe('rate_limited');
    expect(await db().select().from(prealerts).where(eq(prealerts.trackingNumber, tracking))).toEqual([]);
    await db().delete(rateLimitEvents).where(sql`${rateLimitEvents.key} like 'inbound-mail:%'`);
  });

  it('drops mail to a customer past 60 an hour, however many of their senders it came from', async () => {
    await db().delete(rateLimitEvents).where(sql`${rateLimitEvents.key} like 'inbound-mail:%'`);
    const caller = callerFor(db(), maria.visitor, config);
    const senders = ['maria@correo.test', 'trabajo@correo.test', 'casa@correo.test'];
    for (const email of senders.slice(1)) await caller.prealertMail.addSender({ email });
    const send = async (from: string) =>
      (
        await deliver(await rawMail({ from, to: address, subject: 'Fwd: pedido', text: 'hola' }), {
          mailFrom: from,
          extra: { extract: async () => nothingRead },
        })
      ).outcome;
    // 20 from each of three senders: each under its own 30, the customer at 60.
    const outcomes = [];
    for (let i = 0; i < INBOUND_MAIL_LIMITS.perCustomerPerHour; i++) outcomes.push(await send(senders[i % 3]));
    expect(INBOUND_MAIL_LIMITS.perCustomerPerHour / 3).toBeLessThan(INBOUND_MAIL_LIMITS.perSenderPerHour);
    expect(outcomes.every((o) => o === 'no_fields')).toBe(true);

    await caller.prealertMail.addSender({ email: 'oficina@correo.test' });
    const tracking = upsTracking();
    const next = await deliver(
      await rawMail(amazonShippingMail({ from: 'oficina@correo.test', to: address, tracking })),
      { mailFrom: 'oficina@correo.test' },
    );
    expect(next.outcome).toBe('rate_limited');
    const [logged] = await db().select().from(inboundMessages).where(eq(inboundMessages.id, next.id!));
    expect(logged.reason).toBe(`inbound-mail:customer:${maria.user.id}`);
    expect(await db().select().from(prealerts).where(eq(prealerts.trackingNumber, tracking))).toEqual([]);
    await db().delete(rateLimitEvents).where(sql`${rateLimitEvents.key} like 'inbound-mail:%'`);
  });
});

describe('the same order, a second e-mail', () => {
  it('completes the draft the order confirmation made, even after María confirmed it, instead of making another', async () => {
    const order = `112-${Date.now()}`;
    const tracking = upsTracking();
    const x = (trackings: Extraction['trackings']): Extraction => ({
      store: 'amazon',
      storeName: 'Amazon',
      orderNumber: order,
      items: [{ description: 'Audífonos', quantity: 1, unitPriceUsdCents: 4999 }],
      totalUsdCents: 4999,
      trackings,
      invoiceAttachment: null,
      source: 'email',
      kind: trackings.length ? 'shipping' : 'order',
    });
    const first = await deliver(
      await rawMail({ from: 'maria@correo.test', to: address, subject: 'Fwd: Pedido', text: 'pedido' }),
      { extra: { extract: async () => x([]) } },
    );
    expect(first.outcome).toBe('draft_created');
    const caller = callerFor(db(), maria.visitor, config);
    await caller.prealertMail.confirmDraft({
      id: first.prealertId!,
      trackingNumber: null,
      carrier: null,
      senderName: 'Amazon',
      description: 'Audífonos',
      quantityItems: 1,
      amountSpentUsdCents: 4999,
      mailboxId: maria.mailboxId,
      invoiceFileId: null,
    });
    const second = await deliver(
      await rawMail({ from: 'maria@correo.test', to: address, subject: 'Fwd: Enviado', text: 'enviado' }),
      { extra: { extract: async () => x([{ trackingNumber: tracking, carrier: 'UPS' }]) } },
    );
    expect(second).toMatchObject({ outcome: 'draft_completed', prealertId: first.prealertId });
    const rows = (await draftsOf(maria.user.id)).filter((p) => p.orderNumber === order);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', trackingNumber: tracking, carrier: 'UPS' });
    expect(rows[0].emailFields).toContain('trackingNumber');
    expect(rows[0].whatsappFields).toBeNull();
    expect(
      await db()
        .select()
        .from(prealerts)
        .where(and(eq(prealerts.userId, maria.user.id), eq(prealerts.trackingNumber, tracking))),
    ).toHaveLength(1);
  });
});
