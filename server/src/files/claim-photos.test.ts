// POST /api/claims/photos (docs/product/claims.md): the customer's claim photos go through the photo
// pipeline: an image is stored at two sizes as the customer's own; anything that is not an image
// is refused in Spanish and nothing is stored; staff cannot upload here.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { AUTH_MESSAGES, CLAIM_PHOTOS_PATH, SESSION_COOKIE_NAME, WAREHOUSE_MESSAGES } from '@casillero/shared';
import type { Database } from '../db/client';
import { storedFiles } from '../db/schema';
import { testConfig } from '../env';
import { createServer } from '../server';
import { createTestDatabase } from '../test/db';
import { signedInCustomer, signedInStaff } from '../test/factories';
import { multipartBody, tempStorageDir } from '../test/files';

const ORIGIN = 'http://localhost:3000';
let database: Database;
let server: Awaited<ReturnType<typeof createServer>>;
let storageDir: string;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  storageDir = tempStorageDir();
  server = await createServer({ config: testConfig({ appUrl: ORIGIN, storageDir, s3: null }), database });
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

function upload(token: string, bytes: Buffer, filename = 'foto.jpg') {
  const { payload, contentType } = multipartBody([{ name: 'file', filename, contentType: 'image/jpeg', bytes }]);
  return server.app.inject({
    method: 'POST',
    url: CLAIM_PHOTOS_PATH,
    headers: { 'content-type': contentType, host: 'localhost:3000', origin: ORIGIN },
    cookies: { [SESSION_COOKIE_NAME]: token },
    payload,
  });
}

const fileCount = async () => (await db().select({ id: storedFiles.id }).from(storedFiles)).length;

describe('claim photos', () => {
  it('a picture is stored at two sizes as the customer’s own claim photos', async () => {
    const maria = await signedInCustomer(db(), { nombre: 'María Fotos' });
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const res = await upload(maria.visitor.token!, jpeg);
    expect(res.statusCode).toBe(201);
    const { fileId, thumbFileId } = res.json();
    const rows = await db()
      .select()
      .from(storedFiles)
      .where(inArray(storedFiles.id, [fileId, thumbFileId]));
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r).toMatchObject({ kind: 'claim_photo', ownerUserId: maria.user.id });
  });

  it('a file that is not an image is refused in Spanish and nothing is stored', async () => {
    const maria = await signedInCustomer(db(), { nombre: 'María Texto' });
    const before = await fileCount();
    const res = await upload(maria.visitor.token!, Buffer.from('esto no es una foto, es un texto'), 'recibo.jpg');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(WAREHOUSE_MESSAGES.photoNotAnImage);
    expect(await fileCount()).toBe(before);
  });

  it('staff do not upload claim photos in a customer’s name', async () => {
    const atencion = await signedInStaff(db(), 'atencion');
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const res = await upload(atencion.visitor.token!, png);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(AUTH_MESSAGES.forbidden);
  });
});
