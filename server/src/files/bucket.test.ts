// The bucket creation of docker-compose.yml's `s3-setup` (cli/create-bucket.ts), against a real
// S3-compatible server over HTTP (s3rver, as in files.test.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Settings } from '../env';
import { ensureBucket } from './bucket';
import { s3FileStore } from './file-store';

let s3rver: S3rver;
let serverDir: string;
let settings: S3Settings;

beforeAll(async () => {
  serverDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-bucket-'));
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: serverDir });
  const { port } = await s3rver.run();
  settings = {
    bucket: 'casillero-nuevo',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    // s3rver's fixed keys: it checks every request's signature against them.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  };
});

afterAll(async () => {
  await s3rver.close();
  fs.rmSync(serverDir, { recursive: true, force: true });
});

describe('ensureBucket', () => {
  it('creates the missing bucket once, and the app can then store files in it', async () => {
    expect(await ensureBucket(settings)).toEqual({ created: true });
    expect(await ensureBucket(settings)).toEqual({ created: false });

    const store = s3FileStore(settings);
    await store.put('receipts/prueba.txt', Buffer.from('hola'), 'text/plain');
    const stored = await store.get('receipts/prueba.txt');
    store.close();
    expect(stored?.sizeBytes).toBe(4);
  });

  it('fails when the server does not answer, so the services after it do not start', async () => {
    const closed = { ...settings, endpoint: 'http://127.0.0.1:9' };
    await expect(ensureBucket(closed)).rejects.toThrow(/ECONNREFUSED/);
  });
});
