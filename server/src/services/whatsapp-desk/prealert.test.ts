// "Prealertar" on the WhatsApp desk, through the signed webhook (docs/product/whatsapp-desk.md#pre-alerting-a-purchase):
// the customer asks, sends the purchase's PDF invoice (downloaded from a fake Graph API on
// loopback), and gets the draft read from it, with the file as its invoice, to confirm; a file
// with nothing of a purchase in it makes no draft; "cancelar" leaves it; a file sent without
// asking still goes to a person, as before.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { WHATSAPP_DESK_MESSAGES as M } from '@casillero/shared';
import type { Database } from '../../db/client';
import { prealerts, storedFiles, whatsappConversations } from '../../db/schema';
import { createServer } from '../../server';
import { TEST_APP_URL } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { startFakeWhatsappMedia } from '../../test/whatsapp-media';
import { customerWithVerifiedWhatsapp, lastAnswerAfter, deskTestConfig, text } from '../../test/whatsapp-webhooks';
import { draftLink } from '../prealert-mail/drafts';
import { stopOcr } from '../prealert-mail/extraction';

const INVOICE_PDF = fs.readFileSync(
  path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    '../prealert-mail/extraction/fixtures/files/bestbuy-invoice.pdf',
  ),
);

let database: Database;
let server: Awaited<ReturnType<typeof createServer>>;
let whatsapp: Awaited<ReturnType<typeof startFakeWhatsappMedia>>;
const db = () => database.db;

beforeAll(async () => {
  whatsapp = await startFakeWhatsappMedia();
  const config = deskTestConfig(whatsapp.settings);
  database = await createTestDatabase();
  server = await createServer({ config, database });
});
afterAll(async () => {
  await server.stop();
  await database.close();
  await whatsapp.close();
  await stopOcr();
});

const say = (phone: string, body: Parameters<typeof lastAnswerAfter>[3]) => lastAnswerAfter(server, db(), phone, body);
const draftsOf = (userId: string) =>
  db()
    .select()
    .from(prealerts)
    .where(and(eq(prealerts.userId, userId), eq(prealerts.status, 'draft')));

describe('Prealertar por WhatsApp', () => {
  it('the invoice sent after «prealertar» becomes a draft with the file as its invoice, to confirm', async () => {
    const ana = await customerWithVerifiedWhatsapp(db(), 'Ana Prealerta');
    expect(await say(ana.phone, text('Quiero prealertar una compra'))).toBe(
      M.prealertAsk(`${TEST_APP_URL}/dashboard/prealertas`),
    );
    const answer = await say(ana.phone, whatsapp.document(INVOICE_PDF, 'factura-bestbuy.pdf'));

    const [draft] = await draftsOf(ana.user.id);
    expect(draft).toMatchObject({ orderNumber: 'BBY01-806987654321', amountSpentUsdCents: 13_907, status: 'draft' });
    expect(draft!.description).toContain('JBL Flip 6');
    // Its fields are marked read from the WhatsApp invoice, not from an e-mail.
    expect(draft!.whatsappFields).toEqual(
      expect.arrayContaining(['orderNumber', 'amountSpentUsdCents', 'description', 'invoiceFileId']),
    );
    expect(draft!.emailFields).toBeNull();
    // The customer's screen gets the same lists (it marks each field by them: shared draftFieldSource).
    const listed = (await ana.caller.prealerts.mine()).find((p) => p.id === draft!.id)!;
    expect(listed).toMatchObject({ emailFields: null, whatsappFields: draft!.whatsappFields });
    expect(answer).toBe(M.prealertCreated(draft!.senderName!, `${TEST_APP_URL}${draftLink(draft!.id)}`));
    const [invoice] = await db().select().from(storedFiles).where(eq(storedFiles.id, draft!.invoiceFileId!));
    expect(invoice).toMatchObject({ ownerUserId: ana.user.id, kind: 'invoice', contentType: 'application/pdf' });

    // The request is used up: another file goes to a person, as any file does.
    expect(await say(ana.phone, whatsapp.document(INVOICE_PDF, 'otra.pdf'))).toBe(M.fileReceived);
    expect(await draftsOf(ana.user.id)).toHaveLength(1);
  });

  it('a file with nothing of a purchase makes no draft; «cancelar» leaves the request; without asking, a file goes to a person', async () => {
    const beto = await customerWithVerifiedWhatsapp(db(), 'Beto Prealerta');
    const blank = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    await say(beto.phone, text('prealerta'));
    expect(await say(beto.phone, whatsapp.photo(blank, 'image/png'))).toBe(
      M.prealertNoFields(`${TEST_APP_URL}/dashboard/prealertas`),
    );
    expect(await draftsOf(beto.user.id)).toEqual([]);

    await say(beto.phone, text('prealertar'));
    expect(await say(beto.phone, text('cancelar'))).toBe(M.prealertCancelled);
    expect(await say(beto.phone, whatsapp.document(INVOICE_PDF, 'factura.pdf'))).toBe(M.fileReceived);
    expect(await draftsOf(beto.user.id)).toEqual([]);
    const [conversation] = await db()
      .select()
      .from(whatsappConversations)
      .where(eq(whatsappConversations.phone, beto.phone));
    expect(conversation!.needsAgentSince).not.toBeNull();
  });

  it('an invoice by WhatsApp for an order an e-mail already drafted completes it, each field marked by where it was read', async () => {
    const carla = await customerWithVerifiedWhatsapp(db(), 'Carla Prealerta');
    const [fromEmail] = await db()
      .insert(prealerts)
      .values({
        userId: carla.user.id,
        description: 'Pedido de Best Buy',
        orderNumber: 'BBY01-806987654321',
        status: 'draft',
        emailFields: ['orderNumber', 'description'],
      })
      .returning();
    await say(carla.phone, text('prealertar'));
    const answer = await say(carla.phone, whatsapp.document(INVOICE_PDF, 'factura-bestbuy.pdf'));

    const [draft] = await draftsOf(carla.user.id);
    expect(draft!.id).toBe(fromEmail!.id);
    expect(answer).toBe(M.prealertCompleted(draft!.senderName!, `${TEST_APP_URL}${draftLink(draft!.id)}`));
    expect(draft!.emailFields).toEqual(['orderNumber', 'description']);
    expect(draft!.whatsappFields).toEqual(expect.arrayContaining(['amountSpentUsdCents', 'invoiceFileId']));
    expect(draft!.whatsappFields).not.toContain('orderNumber');
  });
});
