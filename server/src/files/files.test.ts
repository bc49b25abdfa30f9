// The file store end to end over HTTP, on each store it can use (a local folder, and an
// S3-compatible server over real HTTP): upload checks (session, origin, content by magic bytes,
// size, owner), signed links (owner and admin only) and the download route.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  FILE_MESSAGES,
  GENERIC_MESSAGES,
  RECEIPT_MAX_BYTES,
  SIGNED_LINK_TTL_SECONDS,
} from '@casillero/shared';
import type { Database } from '../db/client';
import { appSettings, storedFiles } from '../db/schema';
import { loadConfig, testConfig, type Config } from '../env';
import { createServer } from '../server';
import { callerFor, trpcError } from '../test/caller';
import { createTestDatabase } from '../test/db';
import { signedInAdmin, signedInCustomer } from '../test/factories';
import { TEST_FILE_STORES, startTestFileStore, type TestFileStore } from '../test/file-stores';
import { tinyJpeg, tinyPdf, tinyPng, tinyWebp, uploadFile } from '../test/files';
import { createFileStore } from './file-store';
import { signFileLink } from './links';
import { FILE_LINK_SECRET_KEY, getFileLinkSecret } from './secret';
import { storeFile } from './store';

describe('S3 settings', () => {
  const S3_ENV = {
    NODE_ENV: 'test',
    S3_BUCKET: 'casillero',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_FORCE_PATH_STYLE: '1',
  } as const;

  it('keeps files on disk unless S3_BUCKET is set', () => {
    const config = loadConfig({ NODE_ENV: 'test', STORAGE_DIR: '/tmp/casillero-archivos' });
    expect(config.s3).toBeNull();
    expect(createFileStore(config).location).toBe('/tmp/casillero-archivos');
  });

  it('reads the bucket, endpoint, region, keys and path style', () => {
    const config = loadConfig({ ...S3_ENV, S3_ACCESS_KEY_ID: 'clave', S3_SECRET_ACCESS_KEY: 'secreto' });
    expect(config.s3).toEqual({
      bucket: 'casillero',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'clave', secretAccessKey: 'secreto' },
      forcePathStyle: true,
    });
    const store = createFileStore(config);
    expect(store.location).toBe('s3://casillero');
    store.close();
    // AWS itself: no endpoint, the SDK's own credential chain, virtual-host addressing.
    expect(loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'casillero', S3_REGION: 'auto' }).s3).toEqual({
      bucket: 'casillero',
      endpoint: undefined,
      region: 'auto',
      credentials: null,
      forcePathStyle: false,
    });
  });

  it('refuses one access key without the other, and an endpoint that is not a URL', () => {
    expect(() => loadConfig({ ...S3_ENV, S3_ACCESS_KEY_ID: 'clave' })).toThrow(
      /S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ ...S3_ENV, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
  });
});

describe.each(TEST_FILE_STORES)('files kept on %s', (storeKind) => {
  let store: TestFileStore;
  let database: Database;
  let server: Awaited<ReturnType<typeof createServer>>;
  let config: Config;
  let ana: Awaited<ReturnType<typeof signedInCustomer>>;
  let beto: Awaited<ReturnType<typeof signedInCustomer>>;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    store = await startTestFileStore(storeKind);
    database = await createTestDatabase();
    config = testConfig({ appUrl: 'http://localhost:3000', ...store.config });
    server = await createServer({ config, database });
    ana = await signedInCustomer(database.db, { nombre: 'Ana Uno' });
    beto = await signedInCustomer(database.db, { nombre: 'Beto Dos' });
    admin = await signedInAdmin(database.db);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.close();
    await store?.stop();
  });

  const app = () => server.app;
  const db = () => database.db;
  const caller = (who: { visitor: Parameters<typeof callerFor>[1] }) => callerFor(db(), who.visitor, config);
  const storedCount = async () => (await store.keys()).length;
  const rowCount = async () => (await db().select({ id: storedFiles.id }).from(storedFiles)).length;

  async function uploadAs(
    who: { visitor: { token: string | null } },
    bytes: Buffer,
    opts: Parameters<typeof uploadFile>[2] = {},
  ) {
    const res = await uploadFile(app(), bytes, { token: who.visitor.token, ...opts });
    return res;
  }

  describe('upload', () => {
    it('stores a PNG receipt of the signed-in customer outside the database and answers its id', async () => {
      const png = tinyPng('ana');
      const res = await uploadAs(ana, png, { origin: 'http://localhost:3000' });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      const [row] = await db().select().from(storedFiles).where(eq(storedFiles.id, body.id));
      expect(row).toMatchObject({
        ownerUserId: ana.user.id,
        uploadedBy: ana.user.id,
        kind: 'receipt',
        contentType: 'image/png',
        originalName: 'comprobante.png',
      });
      expect(row.storageKey).toBe(`receipts/${ana.user.id}/${body.id}.png`);
      // Kept as we re-encoded it: a PNG of the same picture, whose size the answer gives.
      const kept = (await store.read(row.storageKey))!;
      expect(body).toMatchObject({ contentType: 'image/png', sizeBytes: kept.length });
      expect(await sharp(kept).metadata()).toMatchObject({
        format: 'png',
        ...(await sharp(png)
          .metadata()
          .then(({ width, height }) => ({ width, height }))),
      });
    });

    it('keeps an image receipt without its metadata or anything appended to it, and a PDF only when it is one', async () => {
      // A phone photo with its GPS position in EXIF, and an HTML page after the JPEG's end.
      const withGps = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c0392b' } })
        .jpeg()
        .withExif({ IFD0: { Make: 'Telefono' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '10/1 30/1 0/1' } })
        .toBuffer();
      expect((await sharp(withGps).metadata()).exif).toBeDefined();
      const polyglot = Buffer.concat([withGps, Buffer.from('<html><script>alert(1)</script></html>')]);
      const res = await uploadAs(ana, polyglot, { filename: 'recibo.jpg', contentType: 'image/jpeg' });
      expect(res.statusCode).toBe(201);
      const [row] = await db().select().from(storedFiles).where(eq(storedFiles.id, res.json().id));
      const kept = (await store.read(row.storageKey))!;
      const meta = await sharp(kept).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
      expect(meta.exif).toBeUndefined();
      expect(kept.includes(Buffer.from('<html>'))).toBe(false);
      expect(kept.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);

      const pdf = tinyPdf();
      const keptPdf = await uploadAs(ana, pdf, {
        kind: 'invoice',
        filename: 'factura.pdf',
        contentType: 'application/pdf',
      });
      expect(keptPdf.statusCode).toBe(201);
      const [pdfRow] = await db().select().from(storedFiles).where(eq(storedFiles.id, keptPdf.json().id));
      expect((await store.read(pdfRow.storageKey))!.equals(pdf)).toBe(true);
      const before = { rows: await rowCount(), files: await storedCount() };
      const pdfWithPage = await uploadAs(ana, Buffer.concat([pdf, Buffer.from('<html><body>Pagado</body></html>')]), {
        kind: 'invoice',
        filename: 'factura.pdf',
      });
      expect(pdfWithPage.statusCode).toBe(400);
      expect(pdfWithPage.json().error).toBe(FILE_MESSAGES.pdfMalformed);
      const broken = await uploadAs(ana, Buffer.concat([tinyJpeg().subarray(0, 40)]), { filename: 'roto.jpg' });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error).toBe(FILE_MESSAGES.imageUnreadable);
      expect({ rows: await rowCount(), files: await storedCount() }).toEqual(before);
    });

    it('accepts JPEG and WebP by their content, whatever the name says', async () => {
      const jpeg = await uploadAs(ana, tinyJpeg(), { filename: 'foto.txt', contentType: 'text/plain' });
      expect(jpeg.statusCode).toBe(201);
      expect(jpeg.json().contentType).toBe('image/jpeg');
      const webp = await uploadAs(ana, tinyWebp(), { filename: 'foto.bin', contentType: 'application/octet-stream' });
      expect(webp.statusCode).toBe(201);
      expect(webp.json().contentType).toBe('image/webp');
    });

    it('refuses a file that is not an image even when named and typed as one, storing nothing', async () => {
      const before = { rows: await rowCount(), files: await storedCount() };
      const fake = Buffer.from('<html><script>alert(1)</script></html>');
      const res = await uploadAs(ana, fake, { filename: 'comprobante.png', contentType: 'image/png' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(FILE_MESSAGES.notAnImage);
      const pdf = await uploadAs(ana, tinyPdf(), { filename: 'recibo.pdf', contentType: 'application/pdf' });
      expect(pdf.statusCode).toBe(400);
      expect(pdf.json().error).toBe(FILE_MESSAGES.notAnImage);
      expect({ rows: await rowCount(), files: await storedCount() }).toEqual(before);
    });

    it('accepts a PDF for an invoice, but not any other document', async () => {
      const pdf = await uploadAs(ana, tinyPdf(), {
        kind: 'invoice',
        filename: 'factura.pdf',
        contentType: 'application/pdf',
      });
      expect(pdf.statusCode).toBe(201);
      expect(pdf.json().contentType).toBe('application/pdf');
      const [row] = await db().select().from(storedFiles).where(eq(storedFiles.id, pdf.json().id));
      expect(row.storageKey).toMatch(/^invoices\/.+\.pdf$/);
      const zip = await uploadAs(ana, Buffer.from('PK\x03\x04resto', 'latin1'), {
        kind: 'invoice',
        filename: 'factura.pdf',
      });
      expect(zip.statusCode).toBe(400);
      expect(zip.json().error).toBe(FILE_MESSAGES.notAnImageOrPdf);
    });

    it('refuses a file over 5 MB and stores nothing; exactly 5 MB passes', async () => {
      const before = { rows: await rowCount(), files: await storedCount() };
      const png = tinyPng();
      const big = Buffer.concat([png, Buffer.alloc(RECEIPT_MAX_BYTES + 1 - png.length)]);
      const res = await uploadAs(ana, big);
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toBe(FILE_MESSAGES.tooLarge);
      expect({ rows: await rowCount(), files: await storedCount() }).toEqual(before);
      const exact = await uploadAs(ana, big.subarray(0, RECEIPT_MAX_BYTES));
      expect(exact.statusCode).toBe(201);
    });

    it('refuses anonymous uploads, an expired session and foreign origins', async () => {
      const before = await rowCount();
      const anonymous = await uploadFile(app(), tinyPng(), {});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error).toBe(AUTH_MESSAGES.unauthorized);
      const bogus = await uploadFile(app(), tinyPng(), { token: 'no-es-un-token' });
      expect(bogus.statusCode).toBe(401);
      const foreign = await uploadAs(ana, tinyPng(), { origin: 'https://malicioso.example' });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().error).toBe(AUTH_MESSAGES.foreignOrigin);
      expect(await rowCount()).toBe(before);
    });

    it('refuses an empty request, an unknown kind and non-multipart bodies', async () => {
      const empty = await uploadFile(app(), null, { token: ana.visitor.token, kind: 'receipt' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toBe(FILE_MESSAGES.missing);
      const kind = await uploadAs(ana, tinyPng(), { kind: 'contrato' });
      expect(kind.statusCode).toBe(400);
      expect(kind.json().error).toBe(FILE_MESSAGES.kindInvalid);
      const json = await app().inject({
        method: 'POST',
        url: '/api/files',
        headers: { 'content-type': 'application/json' },
        cookies: { session: ana.visitor.token! },
        payload: '{}',
      });
      expect(json.statusCode).toBeGreaterThanOrEqual(400);
      expect(json.statusCode).toBeLessThan(500);
    });

    it('a customer uploads only for themself and no package photos; an admin uploads a package photo for a customer', async () => {
      const forOther = await uploadAs(ana, tinyPng(), { ownerUserId: beto.user.id });
      expect(forOther.statusCode).toBe(403);
      expect(forOther.json().error).toBe(FILE_MESSAGES.ownerForbidden);
      const photo = await uploadAs(ana, tinyPng(), { kind: 'package_photo' });
      expect(photo.statusCode).toBe(403);

      const byAdmin = await uploadAs(admin, tinyJpeg(), { kind: 'package_photo', ownerUserId: beto.user.id });
      expect(byAdmin.statusCode).toBe(201);
      const [row] = await db().select().from(storedFiles).where(eq(storedFiles.id, byAdmin.json().id));
      expect(row).toMatchObject({ ownerUserId: beto.user.id, uploadedBy: admin.user.id, kind: 'package_photo' });
      const unknownOwner = await uploadAs(admin, tinyJpeg(), {
        kind: 'package_photo',
        ownerUserId: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknownOwner.statusCode).toBe(400);
      expect(unknownOwner.json().error).toBe(FILE_MESSAGES.ownerNotFound);
    });
  });

  describe('signed links', () => {
    let fileId: string;
    /** What the store kept of the uploaded PNG (it is re-encoded on the way in). */
    let png: Buffer;
    beforeAll(async () => {
      fileId = (await uploadAs(ana, tinyPng('enlace'))).json().id;
      const [row] = await db().select().from(storedFiles).where(eq(storedFiles.id, fileId));
      png = (await store.read(row!.storageKey))!;
    });

    it('gives the owner a link valid for 3600 s that serves the file privately with its type', async () => {
      const link = await caller(ana).files.link({ id: fileId });
      expect(link.url).toMatch(new RegExp(`^/files/${fileId}\\?exp=\\d+&sig=[\\w-]+$`));
      const ttl = (new Date(link.expiresAt).getTime() - Date.now()) / 1000;
      expect(ttl).toBeGreaterThan(SIGNED_LINK_TTL_SECONDS - 5);
      expect(ttl).toBeLessThanOrEqual(SIGNED_LINK_TTL_SECONDS);
      const res = await app().inject({ method: 'GET', url: link.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe('inline');
      expect(res.headers['content-length']).toBe(String(png.length));
      expect(res.rawPayload.equals(png)).toBe(true);
    });

    it('streams a 5 MB file whole, byte for byte', async () => {
      // A PDF is kept as it came (an image would be re-encoded): 5 MB of it.
      const pdf = tinyPdf();
      const eof = Buffer.from('%%EOF\n');
      const big = Buffer.concat([
        pdf.subarray(0, pdf.length - eof.length),
        Buffer.alloc(RECEIPT_MAX_BYTES - pdf.length, 0x20),
        eof,
      ]);
      const { id } = (
        await uploadAs(ana, big, { kind: 'invoice', filename: 'grande.pdf', contentType: 'application/pdf' })
      ).json();
      const link = await caller(ana).files.link({ id });
      const res = await app().inject({ method: 'GET', url: link.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe(String(RECEIPT_MAX_BYTES));
      expect(res.rawPayload.equals(big)).toBe(true);
    });

    it('gives an admin a link to any customer file', async () => {
      const link = await caller(admin).files.link({ id: fileId });
      expect((await app().inject({ method: 'GET', url: link.url })).statusCode).toBe(200);
    });

    it('answers NOT_FOUND to another customer, an unknown id and anonymous UNAUTHORIZED', async () => {
      expect((await trpcError(caller(beto).files.link({ id: fileId }))).code).toBe('NOT_FOUND');
      expect((await trpcError(caller(ana).files.link({ id: '00000000-0000-4000-8000-000000000000' }))).code).toBe(
        'NOT_FOUND',
      );
      expect((await trpcError(callerFor(db()).files.link({ id: fileId }))).code).toBe('UNAUTHORIZED');
    });

    it('refuses expired, tampered or unsigned links', async () => {
      const secret = await getFileLinkSecret(db(), config);
      const expired = signFileLink(secret, fileId, Date.now() - (SIGNED_LINK_TTL_SECONDS + 1) * 1000);
      const res = await app().inject({ method: 'GET', url: expired.url });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(FILE_MESSAGES.linkInvalid);

      const { url } = await caller(ana).files.link({ id: fileId });
      const u = new URL(url, 'http://x');
      const sig = u.searchParams.get('sig')!;
      const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
      const later = String(Number(u.searchParams.get('exp')) + 60);
      const otherId = (await uploadAs(beto, tinyPng('beto'))).json().id;
      for (const bad of [
        `/files/${fileId}?exp=${u.searchParams.get('exp')}&sig=${flipped}`,
        `/files/${fileId}?exp=${later}&sig=${sig}`,
        `/files/${otherId}?exp=${u.searchParams.get('exp')}&sig=${sig}`,
        `/files/${fileId}`,
        `/files/${fileId}?exp=abc&sig=${sig}`,
      ]) {
        expect((await app().inject({ method: 'GET', url: bad })).statusCode, bad).toBe(403);
      }
      // A link signed with another secret does not open the file either.
      const forged = signFileLink('otro-secreto-cualquiera-de-32-caracteres', fileId);
      expect((await app().inject({ method: 'GET', url: forged.url })).statusCode).toBe(403);
      expect((await app().inject({ method: 'GET', url: '/files/no-es-un-id?exp=1&sig=x' })).statusCode).toBe(404);
    });

    it('without APP_SECRET every instance shares the secret kept in the database; with it, APP_SECRET signs', async () => {
      const [stored] = await db().select().from(appSettings).where(eq(appSettings.key, FILE_LINK_SECRET_KEY));
      expect(stored.value.length).toBeGreaterThanOrEqual(32);
      const second = await createServer({ config, database });
      try {
        const { url } = await caller(ana).files.link({ id: fileId });
        expect((await second.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      } finally {
        await second.app.close();
      }

      const withSecret = testConfig({ appUrl: 'http://localhost:3000', ...store.config, appSecret: 'a'.repeat(40) });
      const third = await createServer({ config: withSecret, database });
      try {
        const { url } = await callerFor(db(), ana.visitor, withSecret).files.link({ id: fileId });
        expect((await third.app.inject({ method: 'GET', url })).statusCode).toBe(200);
        expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(403);
        const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
        expect(url).toBe(signFileLink('a'.repeat(40), fileId, (exp - SIGNED_LINK_TTL_SECONDS) * 1000).url);
      } finally {
        await third.app.close();
      }
    });
  });

  describe('bytes and rows together', () => {
    it('removes the bytes again when their row cannot be written', async () => {
      const before = { rows: await rowCount(), files: await storedCount() };
      const fileStore = createFileStore(config);
      try {
        // No such customer: the row breaks its foreign key after the bytes were written.
        const stored = storeFile(db(), fileStore, {
          ownerUserId: '00000000-0000-4000-8000-000000000000',
          kind: 'receipt',
          bytes: tinyPng('huérfano'),
          contentType: 'image/png',
          originalName: 'huérfano.png',
          uploadedBy: ana.user.id,
        });
        await expect(stored).rejects.toThrow();
      } finally {
        fileStore.close();
      }
      expect({ rows: await rowCount(), files: await storedCount() }).toEqual(before);
    });

    it('keeps every stored file in its own store, one object per row', async () => {
      const rows = await db().select({ storageKey: storedFiles.storageKey }).from(storedFiles);
      const keys = await store.keys();
      expect(keys.sort()).toEqual(rows.map((r) => r.storageKey).sort());
      // The local folder holds the files only when it is the store.
      expect(store.localFiles().sort()).toEqual(storeKind === 'disk' ? keys : []);
    });

    it('answers 404 to a valid link whose bytes are gone from the store', async () => {
      const { id } = (await uploadAs(ana, tinyPng('borrado'))).json();
      const [row] = await db().select().from(storedFiles).where(eq(storedFiles.id, id));
      const fileStore = createFileStore(config);
      try {
        await fileStore.delete(row.storageKey);
      } finally {
        fileStore.close();
      }
      expect(await store.read(row.storageKey)).toBeNull();
      const link = await caller(ana).files.link({ id });
      const res = await app().inject({ method: 'GET', url: link.url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(GENERIC_MESSAGES.notFound);
    });
  });
});
