// docs/product/prealerts-from-email.md#recepción: Mailgun's inbound route posts the whole message
// (body-mime) with its signature; a signed delivery makes María's draft, a forged or stale one
// is refused with nothing stored.
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { inboundMessages, prealerts } from '../db/schema';
import { testConfig } from '../env';
import { createServer } from '../server';
import { callerFor, TEST_APP_URL } from '../test/caller';
import { createTestDatabase } from '../test/db';
import { customerWithActiveMailbox, type CustomerWithMailbox } from '../test/factories';
import { tempStorageDir } from '../test/files';
import {
  amazonShippingMail,
  fakeResolver,
  formBody,
  INBOUND_DOMAIN,
  mailgunSignature,
  rawMail,
  upsTracking,
} from '../test/inbound-mail';
import { INBOUND_MAIL_WEBHOOK_PATH } from './inbound-mail-webhook';

const SIGNING_KEY = 'key-de-firma-de-mailgun';
const storageDir = tempStorageDir();
const config = testConfig({
  appUrl: TEST_APP_URL,
  storageDir,
  inboundMail: { domain: INBOUND_DOMAIN, smtp: null, mailgunSigningKey: SIGNING_KEY, resolver: fakeResolver },
});
let database: Database;
let server: Awaited<ReturnType<typeof createServer>>;
let maria: CustomerWithMailbox;
let address: string;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await createServer({ config, database });
  maria = await customerWithActiveMailbox(database.db, { nombre: 'María González' });
  const caller = callerFor(db(), maria.visitor, config);
  address = (await caller.prealertMail.address()).address!;
  await caller.prealertMail.addSender({ email: 'maria@correo.test' });
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

async function post(fields: Record<string, string | Buffer>) {
  const { body, contentType } = formBody(fields);
  return server.app.inject({
    method: 'POST',
    url: INBOUND_MAIL_WEBHOOK_PATH,
    payload: body,
    headers: { 'content-type': contentType },
  });
}

async function delivery(tracking: string) {
  const mime = await rawMail(amazonShippingMail({ from: 'maria@correo.test', to: address, tracking }));
  return { recipient: address, sender: 'maria@correo.test', 'body-mime': mime };
}

describe('the Mailgun inbound webhook', () => {
  it("makes María's draft from a signed delivery", async () => {
    const tracking = upsTracking();
    const res = await post({ ...(await delivery(tracking)), ...mailgunSignature(SIGNING_KEY) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, outcome: 'draft_created' });
    const [draft] = await db().select().from(prealerts).where(eq(prealerts.trackingNumber, tracking));
    expect(draft).toMatchObject({ userId: maria.user.id, status: 'draft', carrier: 'UPS' });
    const [logged] = await db().select().from(inboundMessages).where(eq(inboundMessages.prealertId, draft.id));
    expect(logged).toMatchObject({ via: 'webhook', outcome: 'draft_created' });
    expect(logged.auth).toMatchObject({ dkim: 'pass', dmarc: 'pass' });
  });

  it('refuses a forged signature, another key’s and a stale one (401), storing nothing', async () => {
    const before = (await db().select().from(inboundMessages)).length;
    const tracking = upsTracking();
    const fields = await delivery(tracking);
    const forged = { ...mailgunSignature(SIGNING_KEY), signature: 'f'.repeat(64) };
    const stale = mailgunSignature(SIGNING_KEY, String(Math.floor(Date.now() / 1000) - 3600));
    for (const signature of [forged, mailgunSignature('otra-clave'), stale]) {
      const res = await post({ ...fields, ...signature });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Firma inválida' });
    }
    expect(await db().select().from(inboundMessages)).toHaveLength(before);
    expect(await db().select().from(prealerts).where(eq(prealerts.trackingNumber, tracking))).toEqual([]);
  });

  it('answers 400 to a signed delivery without the message, and to a body that is not a form', async () => {
    expect((await post({ recipient: address, ...mailgunSignature(SIGNING_KEY) })).statusCode).toBe(400);
    const res = await server.app.inject({
      method: 'POST',
      url: INBOUND_MAIL_WEBHOOK_PATH,
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });
});
