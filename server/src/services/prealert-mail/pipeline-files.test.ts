// docs/product/prealerts-from-email.md#recepción: the invoice a forwarded mail carries, as the
// pre-alert keeps it. A photo is re-encoded as an uploaded receipt is (no EXIF: not the phone, not
// where it was taken), a PDF is kept byte for byte, and an iPhone's HEIC photo is made a JPEG
// before it is read (OCR) and kept.
import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { inboundMessages, prealerts, storedFiles } from '../../db/schema';
import { testConfig } from '../../env';
import { diskFileStore } from '../../files/file-store';
import { callerFor, TEST_APP_URL } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { customerWithActiveMailbox, type CustomerWithMailbox } from '../../test/factories';
import { tempStorageDir, tinyHeic, tinyPdf, tinyPng } from '../../test/files';
import { fakeResolver, INBOUND_DOMAIN, rawMail, upsTracking } from '../../test/inbound-mail';
import { authenticateMail } from './authenticate';
import { FIXTURES_DIR } from './extraction/fixture-scores';
import { stopOcr, type AttachmentForExtraction, type Extraction } from './extraction';
import { receiveInboundMail, type InboundDeps } from './pipeline';

const storageDir = tempStorageDir();
const fileStore = diskFileStore(storageDir);
const config = testConfig({
  appUrl: TEST_APP_URL,
  storageDir,
  inboundMail: { domain: INBOUND_DOMAIN, smtp: null, mailgunSigningKey: undefined, resolver: fakeResolver },
});
let database: Database;
let maria: CustomerWithMailbox;
let address: string;
const db = () => database.db;

type Attachment = { filename: string; content: Buffer; contentType: string };

/** María forwards a mail with these attachments from her provider; `extract` stands in for the reading. */
async function forward(attachments: Attachment[], extract?: InboundDeps['extract']) {
  const raw = await rawMail({
    from: 'maria@correo.test',
    to: address,
    subject: 'Fwd: factura',
    text: 'Les mando la factura de lo que compré.',
    attachments,
  });
  const envelope = { mailFrom: 'maria@correo.test', rcptTo: [address], clientIp: '127.0.0.1', helo: 'mx.correo.test' };
  const auth = await authenticateMail(raw, envelope, { resolver: fakeResolver });
  const deps: InboundDeps = { db: db(), fileStore, appUrl: TEST_APP_URL, domain: INBOUND_DOMAIN, extract };
  return receiveInboundMail(deps, { raw, envelope, auth, via: 'smtp' });
}

/** The draft's invoice: its row and the bytes kept. */
async function invoiceOf(prealertId: string) {
  const [draft] = await db().select().from(prealerts).where(eq(prealerts.id, prealertId));
  const [row] = await db().select().from(storedFiles).where(eq(storedFiles.id, draft.invoiceFileId!));
  const stored = await fileStore.get(row.storageKey);
  return { row, bytes: await buffer(stored!.body) };
}

/** The extraction of a mail whose attachment `index` is the invoice, with a tracking number. */
const invoiceAt =
  (index: number, seen?: AttachmentForExtraction[]) =>
  async (mail: { attachments: AttachmentForExtraction[] }): Promise<Extraction> => {
    seen?.push(...mail.attachments);
    return {
      store: null,
      storeName: 'Tienda',
      orderNumber: null,
      items: [],
      totalUsdCents: null,
      trackings: [{ trackingNumber: upsTracking(), carrier: 'UPS' }],
      invoiceAttachment: index,
      source: 'email',
      kind: 'shipping',
    };
  };

beforeAll(async () => {
  database = await createTestDatabase();
  maria = await customerWithActiveMailbox(db(), { nombre: 'María González' });
  const caller = callerFor(db(), maria.visitor, config);
  address = (await caller.prealertMail.address()).address!;
  await caller.prealertMail.addSender({ email: 'maria@correo.test' });
});
afterAll(async () => {
  await stopOcr();
  await database?.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

describe('the invoice kept from a forwarded mail', () => {
  it('a photo is re-encoded without its EXIF (the phone, its position); a PDF is kept byte for byte', async () => {
    const photo = await sharp(tinyPng('Factura 0042'))
      .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 15', Copyright: 'Casa de María, Maracaibo' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const withPhoto = await forward(
      [{ filename: 'factura.jpg', content: photo, contentType: 'image/jpeg' }],
      invoiceAt(0),
    );
    expect(withPhoto.outcome).toBe('draft_created');
    const kept = await invoiceOf(withPhoto.prealertId!);
    expect(kept.row).toMatchObject({ contentType: 'image/jpeg', originalName: 'factura.jpg', kind: 'invoice' });
    const meta = await sharp(kept.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: (await sharp(photo).metadata()).width });
    expect(meta.exif).toBeUndefined();
    expect(kept.bytes.includes('Maracaibo')).toBe(false);

    const pdf = tinyPdf();
    const withPdf = await forward(
      [{ filename: 'factura.pdf', content: pdf, contentType: 'application/pdf' }],
      invoiceAt(0),
    );
    const keptPdf = await invoiceOf(withPdf.prealertId!);
    expect(keptPdf.row.contentType).toBe('application/pdf');
    expect(keptPdf.bytes.equals(pdf)).toBe(true);
  });

  it('a photo that does not decode is not kept: the draft is made without it and the log says why', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('no es una foto')]);
    const result = await forward([{ filename: 'rota.jpg', content: broken, contentType: 'image/jpeg' }], invoiceAt(0));
    expect(result.outcome).toBe('draft_created');
    const [draft] = await db().select().from(prealerts).where(eq(prealerts.id, result.prealertId!));
    expect(draft.invoiceFileId).toBeNull();
    const [logged] = await db().select().from(inboundMessages).where(eq(inboundMessages.id, result.id!));
    expect(logged.reason).toContain('rota.jpg: factura ilegible');
  });

  it('an iPhone HEIC is made a JPEG before the extraction, and kept as one; a “.heic” that is not one is dropped', async () => {
    const seen: AttachmentForExtraction[] = [];
    const result = await forward(
      [
        { filename: 'IMG_0042.HEIC', content: tinyHeic(), contentType: 'image/heic' },
        { filename: 'IMG_0043.heic', content: tinyHeic(), contentType: 'application/octet-stream' },
        { filename: 'falsa.heic', content: Buffer.from('ftypheic, pero no'), contentType: 'image/heic' },
      ],
      invoiceAt(0, seen),
    );
    expect(result.outcome).toBe('draft_created');
    expect(seen.map((a) => [a.filename, a.contentType])).toEqual([
      ['IMG_0042.jpg', 'image/jpeg'],
      ['IMG_0043.jpg', 'image/jpeg'],
    ]);
    expect((await sharp(seen[0].content).metadata()).format).toBe('jpeg');
    const kept = await invoiceOf(result.prealertId!);
    expect(kept.row).toMatchObject({ contentType: 'image/jpeg', originalName: 'IMG_0042.jpg' });
    expect(await sharp(kept.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    const [logged] = await db().select().from(inboundMessages).where(eq(inboundMessages.id, result.id!));
    expect(logged.reason).toContain('falsa.heic: no es una foto HEIC');
  });

  it('a photographed receipt sent as HEIC fills the draft by OCR, as its JPEG does', async () => {
    const heic = fs.readFileSync(path.join(FIXTURES_DIR, 'files', 'receipt-photo.heic'));
    const result = await forward([{ filename: 'IMG_0044.HEIC', content: heic, contentType: 'image/heic' }]);
    expect(result.outcome).toBe('draft_created');
    const [draft] = await db().select().from(prealerts).where(eq(prealerts.id, result.prealertId!));
    expect(draft).toMatchObject({ orderNumber: 'ED-104552', amountSpentUsdCents: 5721, status: 'draft' });
    const kept = await invoiceOf(result.prealertId!);
    expect(kept.row.contentType).toBe('image/jpeg');
    expect(await sharp(kept.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1220, height: 1702 });
  });
});
