// docs/product/prealerts-from-email.md#recepción: María forwards a store's e-mail to her personal
// address; the SMTP listener receives it from a real SMTP client (nodemailer) on loopback,
// authenticates it (SPF from 127.0.0.1, her provider's DKIM, DMARC) and makes the draft.
import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREALERT_MAIL_MESSAGES } from '@casillero/shared';
import type { Database } from '../../db/client';
import { inboundMessages, notifications, prealerts } from '../../db/schema';
import { testConfig } from '../../env';
import { diskFileStore } from '../../files/file-store';
import { callerFor, TEST_APP_URL } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { customerWithActiveMailbox, type CustomerWithMailbox } from '../../test/factories';
import { tempStorageDir } from '../../test/files';
import { amazonShippingMail, dkimOptions, fakeResolver, INBOUND_DOMAIN, upsTracking } from '../../test/inbound-mail';
import { startSmtpListener, type SmtpListener } from './smtp-listener';

const storageDir = tempStorageDir();
const config = testConfig({
  appUrl: TEST_APP_URL,
  storageDir,
  inboundMail: { domain: INBOUND_DOMAIN, smtp: null, mailgunSigningKey: undefined, resolver: fakeResolver },
});
let database: Database;
let listener: SmtpListener;
let maria: CustomerWithMailbox;
let address: string;
const db = () => database.db;
const asMaria = () => callerFor(db(), maria.visitor, config);

const client = () =>
  nodemailer.createTransport({
    host: '127.0.0.1',
    port: listener.port,
    secure: false,
    ignoreTLS: true,
    dkim: dkimOptions,
  });

beforeAll(async () => {
  database = await createTestDatabase();
  listener = await startSmtpListener(
    {
      db: db(),
      fileStore: diskFileStore(storageDir),
      appUrl: TEST_APP_URL,
      domain: INBOUND_DOMAIN,
      resolver: fakeResolver,
    },
    { port: 0, host: '127.0.0.1' },
  );
  maria = await customerWithActiveMailbox(db(), { nombre: 'María González' });
  address = (await asMaria().prealertMail.address()).address!;
  await asMaria().prealertMail.addSender({ email: 'Maria@correo.test' });
});
afterAll(async () => {
  await listener?.close();
  await database?.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

describe('the SMTP listener', () => {
  it('gives María a personal address, prealertas+<token>@ the inbound domain', () => {
    expect(address).toMatch(new RegExp(`^prealertas\\+[a-z2-9]{12}@${INBOUND_DOMAIN.replace(/\./g, '\\.')}$`));
  });

  it("turns María's forwarded Amazon shipping e-mail into a draft she is told about, once per Message-ID", async () => {
    const tracking = upsTracking();
    const mail = amazonShippingMail({
      from: 'María <maria@correo.test>',
      to: address,
      tracking,
      messageId: `<amz-${tracking}@correo.test>`,
    });
    await client().sendMail(mail);

    const drafts = await db().select().from(prealerts).where(eq(prealerts.userId, maria.user.id));
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({
      status: 'draft',
      trackingNumber: tracking,
      carrier: 'UPS',
      mailboxId: maria.mailboxId,
    });
    expect(drafts[0].emailFields).toEqual(expect.arrayContaining(['trackingNumber', 'carrier']));
    const [logged] = await db().select().from(inboundMessages).where(eq(inboundMessages.prealertId, drafts[0].id));
    expect(logged).toMatchObject({ via: 'smtp', outcome: 'draft_created', userId: maria.user.id });
    expect(logged.auth).toMatchObject({ spf: 'pass', dkim: 'pass', dmarc: 'pass' });
    const notices = await db().select().from(notifications).where(eq(notifications.userId, maria.user.id));
    expect(notices.map((n) => n.title)).toContain(PREALERT_MAIL_MESSAGES.draftCreatedTitle);
    // Her list shows it as a draft, not as a pre-alert she confirmed.
    expect((await asMaria().prealerts.mine()).find((p) => p.id === drafts[0].id)).toMatchObject({ status: 'draft' });

    // The same message delivered again (a retry): nothing new.
    await client().sendMail(mail);
    expect(await db().select().from(prealerts).where(eq(prealerts.userId, maria.user.id))).toHaveLength(1);
    const sameId = await db()
      .select()
      .from(inboundMessages)
      .where(and(eq(inboundMessages.userId, maria.user.id), eq(inboundMessages.messageId, mail.messageId!)));
    expect(sameId).toHaveLength(1);
  });

  it('refuses a recipient that is not an inbound address, and a message over 25 MB while it streams in', async () => {
    const before = await db().select().from(inboundMessages);
    await expect(
      client().sendMail({ from: 'maria@correo.test', to: `otro@${INBOUND_DOMAIN}`, subject: 'x', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    const big = Buffer.alloc(26 * 1024 * 1024, 'a');
    await expect(
      client().sendMail({
        from: 'maria@correo.test',
        to: address,
        subject: 'Demasiado grande',
        text: 'adjunto',
        attachments: [{ filename: 'grande.pdf', content: big, contentType: 'application/pdf' }],
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    expect(await db().select().from(inboundMessages)).toHaveLength(before.length);
    // The listener still receives the next message.
    const tracking = upsTracking();
    await client().sendMail(amazonShippingMail({ from: 'maria@correo.test', to: address, tracking }));
    expect((await db().select().from(prealerts).where(eq(prealerts.trackingNumber, tracking))).length).toBe(1);
  });
});
