// Photos at reception over HTTP (docs/product/warehouse-intake.md#photos): POST /api/reception/photos turns a phone's
// picture upright, strips its metadata and stores it at two sizes; only warehouse staff may
// upload; and the photos of a package reach its customer (only theirs) and the admin as signed
// links that download the stored JPEGs.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import {
  AUTH_MESSAGES,
  FILE_MESSAGES,
  RECEPTION_PHOTOS_PATH,
  RECEPTION_PHOTO_MAX_BYTES,
  SESSION_COOKIE_NAME,
  WAREHOUSE_MESSAGES,
} from '@casillero/shared';
import type { Database } from '../db/client';
import { mailboxes, packages, parcelIntakes, parcelPhotos, storedFiles } from '../db/schema';
import { testConfig, type Config } from '../env';
import { createServer } from '../server';
import { callerFor } from '../test/caller';
import { createTestDatabase } from '../test/db';
import { signedInAdmin, signedInCustomer, signedInStaff } from '../test/factories';
import { multipartBody, tempStorageDir, tinyPng } from '../test/files';
import { photoContentProblem, resizePhoto } from './images';

const ORIGIN = 'http://localhost:3000';

let database: Database;
let server: Awaited<ReturnType<typeof createServer>>;
let config: Config;
let storageDir: string;
let almacen: Awaited<ReturnType<typeof signedInStaff>>;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let atencion: Awaited<ReturnType<typeof signedInStaff>>;
let ana: Awaited<ReturnType<typeof signedInCustomer>>;
let beto: Awaited<ReturnType<typeof signedInCustomer>>;

const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  storageDir = tempStorageDir();
  config = testConfig({ appUrl: ORIGIN, storageDir, s3: null });
  server = await createServer({ config, database });
  almacen = await signedInStaff(db(), 'almacen');
  atencion = await signedInStaff(db(), 'atencion');
  admin = await signedInAdmin(db());
  ana = await signedInCustomer(db(), { nombre: 'Ana Fotos' });
  beto = await signedInCustomer(db(), { nombre: 'Beto Fotos' });
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

/**
 * A photo as a phone takes it: left half red, right half blue, `width`×`height` as stored, with
 * an EXIF orientation and a GPS position that must not survive.
 */
async function phonePhoto(width: number, height: number, orientation = 1) {
  const half = Math.floor(width / 2);
  const blue = await sharp({ create: { width: width - half, height, channels: 3, background: '#0000ff' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
    .composite([{ input: blue, left: half, top: 0 }])
    .withExif({
      IFD0: { Make: 'Telefono', Model: 'Prueba X' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '10/1 30/1 0/1' },
    })
    .withMetadata({ orientation })
    .jpeg({ quality: 90 })
    .toBuffer();
}

function upload(token: string | null, bytes: Buffer | null, opts: { origin?: string; filename?: string } = {}) {
  const { payload, contentType } = multipartBody(
    bytes ? [{ name: 'file', filename: opts.filename ?? 'foto.jpg', contentType: 'image/jpeg', bytes }] : [],
  );
  return server.app.inject({
    method: 'POST',
    url: RECEPTION_PHOTOS_PATH,
    headers: { 'content-type': contentType, host: 'localhost:3000', origin: opts.origin ?? ORIGIN },
    cookies: token ? { [SESSION_COOKIE_NAME]: token } : {},
    payload,
  });
}

const fileRows = (ids: string[]) => db().select().from(storedFiles).where(inArray(storedFiles.id, ids));
const storedBytes = (storageKey: string) => fs.readFileSync(path.join(storageDir, ...storageKey.split('/')));
const fileCount = async () => (await db().select({ id: storedFiles.id }).from(storedFiles)).length;

describe('resizing', () => {
  it('checks the content before decoding: a text file, a fake image and an oversized upload are refused in Spanish', async () => {
    expect(photoContentProblem(Buffer.from('hola, no soy una foto'))?.message).toBe(WAREHOUSE_MESSAGES.photoNotAnImage);
    expect(photoContentProblem(Buffer.alloc(16 * 1024 * 1024, 0xff))?.message).toBe(WAREHOUSE_MESSAGES.photoTooLarge);
    // JPEG's first bytes, then garbage: recognised as JPEG, unreadable when decoded.
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    await expect(resizePhoto(fake)).rejects.toMatchObject({
      message: WAREHOUSE_MESSAGES.photoUnreadable,
      code: 'BAD_INPUT',
    });
  });

  it('keeps a small picture at its own size (never enlarged) and flattens transparency', async () => {
    const png = await sharp({
      create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const { screen, thumb } = await resizePhoto(png);
    expect([screen.width, screen.height]).toEqual([200, 100]);
    expect([thumb.width, thumb.height]).toEqual([200, 100]);
    const { data } = await sharp(screen.bytes).raw().toBuffer({ resolveWithObject: true });
    // White, not black, where it was transparent.
    expect(data[0]).toBeGreaterThan(240);
  });
});

describe('POST /api/reception/photos', () => {
  it('stores a photo at the screen size (1600 px) and a thumbnail (320 px), both JPEG of the uploader, without metadata', async () => {
    const before = await fileCount();
    const res = await upload(almacen.visitor.token, await phonePhoto(3000, 2000), { filename: 'IMG_0001.jpg' });
    expect(res.statusCode).toBe(201);
    const { fileId, thumbFileId } = res.json();
    expect(await fileCount()).toBe(before + 2);

    const rows = await fileRows([fileId, thumbFileId]);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        kind: 'package_photo',
        contentType: 'image/jpeg',
        ownerUserId: almacen.user.id,
        uploadedBy: almacen.user.id,
      });
    }
    const screen = rows.find((r) => r.id === fileId)!;
    const thumb = rows.find((r) => r.id === thumbFileId)!;
    const screenMeta = await sharp(storedBytes(screen.storageKey)).metadata();
    const thumbMeta = await sharp(storedBytes(thumb.storageKey)).metadata();
    expect([screenMeta.format, screenMeta.width, screenMeta.height]).toEqual(['jpeg', 1600, 1067]);
    expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual(['jpeg', 320, 213]);
    expect(screen.sizeBytes).toBe(storedBytes(screen.storageKey).length);
    // No EXIF (camera, GPS) and no orientation left to apply twice.
    for (const meta of [screenMeta, thumbMeta]) {
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  });

  it('turns an EXIF-rotated phone picture upright', async () => {
    // Stored landscape 3000×2000 with orientation 6 (rotate 90° clockwise to view): upright it is portrait.
    const res = await upload(admin.visitor.token, await phonePhoto(3000, 2000, 6));
    expect(res.statusCode).toBe(201);
    const [screen] = await fileRows([res.json().fileId]);
    const bytes = storedBytes(screen.storageKey);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1067, 1600]);
    // The red half (the picture's left) is now on top, the blue one at the bottom.
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) =>
      Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    const [topR, , topB] = pixel(500, 100);
    const [bottomR, , bottomB] = pixel(500, 1500);
    expect(topR).toBeGreaterThan(200);
    expect(topB).toBeLessThan(60);
    expect(bottomB).toBeGreaterThan(200);
    expect(bottomR).toBeLessThan(60);
  });

  it('refuses a file that is not an image, in Spanish, storing nothing', async () => {
    const before = await fileCount();
    const res = await upload(almacen.visitor.token, Buffer.from('<html>no es una foto</html>'), {
      filename: 'foto.jpg',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(WAREHOUSE_MESSAGES.photoNotAnImage);
    const broken = await upload(
      almacen.visitor.token,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 9)]),
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe(WAREHOUSE_MESSAGES.photoUnreadable);
    const empty = await upload(almacen.visitor.token, null);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(FILE_MESSAGES.missing);
    expect(await fileCount()).toBe(before);
  });

  it('refuses a picture over the limit and a body that is not a form, in Spanish', async () => {
    const before = await fileCount();
    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(RECEPTION_PHOTO_MAX_BYTES, 1)]);
    const tooLarge = await upload(almacen.visitor.token, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toBe(WAREHOUSE_MESSAGES.photoTooLarge);
    const notAForm = await server.app.inject({
      method: 'POST',
      url: RECEPTION_PHOTOS_PATH,
      headers: { 'content-type': 'application/json', host: 'localhost:3000', origin: ORIGIN },
      cookies: { [SESSION_COOKIE_NAME]: almacen.visitor.token! },
      payload: '{"file":"x"}',
    });
    expect(notAForm.statusCode).toBe(400);
    expect(notAForm.json().error).toBe(FILE_MESSAGES.missing);
    expect(await fileCount()).toBe(before);
  });

  it('refuses customers, staff who may not write packages, visitors and other origins', async () => {
    const before = await fileCount();
    const png = tinyPng('foto');
    const customer = await upload(ana.visitor.token, png);
    expect(customer.statusCode).toBe(403);
    expect(customer.json().error).toBe(AUTH_MESSAGES.forbidden);
    expect((await upload(atencion.visitor.token, png)).statusCode).toBe(403);
    const anonymous = await upload(null, png);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe(AUTH_MESSAGES.unauthorized);
    const foreign = await upload(almacen.visitor.token, png, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toBe(AUTH_MESSAGES.foreignOrigin);
    expect(await fileCount()).toBe(before);
  });
});

describe('package photos', () => {
  /** A received package of the customer whose intake has these photos (uploaded through the route). */
  async function packageWithPhotos(customer: typeof ana, wr: string, photoCount: number) {
    const [mailbox] = await db().select().from(mailboxes).where(eq(mailboxes.userId, customer.user.id));
    const [pkg] = await db()
      .insert(packages)
      .values({
        userId: customer.user.id,
        mailboxId: mailbox.id,
        trackingNumber: `TBA${wr}`,
        packageDescription: 'Zapatos',
        status: 'received',
        receivedDate: new Date(),
        warehouseReceipt: wr,
        weightKg: 1.2,
      })
      .returning();
    const [intake] = await db()
      .insert(parcelIntakes)
      .values({
        trackingNumber: `TBA${wr}`,
        trackingKey: `TBA${wr}`,
        warehouseReceipt: wr,
        status: 'claimed',
        packageId: pkg.id,
        mailboxId: mailbox.id,
        weightKg: 1.2,
      })
      .returning();
    const uploaded: { fileId: string; thumbFileId: string }[] = [];
    for (let i = 0; i < photoCount; i++) {
      const res = await upload(almacen.visitor.token, await phonePhoto(800 + i * 10, 600));
      expect(res.statusCode).toBe(201);
      uploaded.push(res.json());
    }
    // As reception hands them over once the parcel is claimed: the customer's files.
    await db()
      .update(storedFiles)
      .set({ ownerUserId: customer.user.id })
      .where(
        inArray(
          storedFiles.id,
          uploaded.flatMap((u) => [u.fileId, u.thumbFileId]),
        ),
      );
    await db()
      .insert(parcelPhotos)
      .values(uploaded.map((u, position) => ({ intakeId: intake.id, position, ...u })));
    return { pkg, uploaded };
  }

  const download = (url: string) => server.app.inject({ method: 'GET', url });

  it('the customer sees the photos of their own package in Almacén, in order, as signed links to the two sizes', async () => {
    const { pkg, uploaded } = await packageWithPhotos(ana, 'WR-2026-5550001', 2);
    const { items } = await callerFor(db(), ana.visitor, config).packages.mine({});
    const mine = items.find((p) => p.id === pkg.id)!;
    expect(mine.photos).toHaveLength(2);
    mine.photos.forEach((photo, i) => {
      expect(photo.url).toMatch(new RegExp(`^/files/${uploaded[i]!.fileId}\\?exp=\\d+&sig=`));
      expect(photo.thumbUrl).toMatch(new RegExp(`^/files/${uploaded[i]!.thumbFileId}\\?exp=\\d+&sig=`));
    });
    const thumb = await download(mine.photos[0]!.thumbUrl);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
    const screen = await download(mine.photos[1]!.url);
    expect((await sharp(screen.rawPayload).metadata()).width).toBe(810);
  });

  it("a customer never sees another customer's photos, and the admin sees them in the package details", async () => {
    const { pkg, uploaded } = await packageWithPhotos(beto, 'WR-2026-5550002', 1);
    const anaItems = (await callerFor(db(), ana.visitor, config).packages.mine({})).items;
    expect(anaItems.map((p) => p.id)).not.toContain(pkg.id);
    const anaLinks = anaItems.flatMap((p) => p.photos.flatMap((ph) => [ph.url, ph.thumbUrl]));
    for (const id of [uploaded[0]!.fileId, uploaded[0]!.thumbFileId]) expect(anaLinks.join(' ')).not.toContain(id);
    await expect(callerFor(db(), ana.visitor, config).files.link({ id: uploaded[0]!.fileId })).rejects.toThrow();

    const betoItem = (await callerFor(db(), beto.visitor, config).packages.mine({})).items.find(
      (p) => p.id === pkg.id,
    )!;
    expect(betoItem.photos).toHaveLength(1);

    const detail = await callerFor(db(), admin.visitor, config).packages.detail({ id: pkg.id });
    expect(detail.photos).toHaveLength(1);
    expect(detail.photos[0]!.thumbUrl).toContain(uploaded[0]!.thumbFileId);
    expect((await download(detail.photos[0]!.url)).statusCode).toBe(200);
  });

  it('an older package photo (packages.photo_file_id) is shown too, at its one size', async () => {
    const [mailbox] = await db().select().from(mailboxes).where(eq(mailboxes.userId, ana.user.id));
    const res = await upload(almacen.visitor.token, await phonePhoto(400, 300));
    const { fileId } = res.json();
    await db().update(storedFiles).set({ ownerUserId: ana.user.id }).where(eq(storedFiles.id, fileId));
    const [pkg] = await db()
      .insert(packages)
      .values({
        userId: ana.user.id,
        mailboxId: mailbox.id,
        packageDescription: 'Libro',
        status: 'received',
        photoFileId: fileId,
      })
      .returning();
    const item = (await callerFor(db(), ana.visitor, config).packages.mine({})).items.find((p) => p.id === pkg.id)!;
    expect(item.photos).toHaveLength(1);
    expect(item.photos[0]!.url).toBe(item.photos[0]!.thumbUrl);
    expect(item.photos[0]!.url).toContain(fileId);
  });
});
