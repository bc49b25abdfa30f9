// The two file stores the file tests run against: a temporary folder, and an S3-compatible
// server (s3rver) listening over real HTTP on a random port with a fresh bucket. Tests look
// at what a store holds straight from the folder or the bucket, not through the FileStore
// under test.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, NoSuchKey, S3Client, paginateListObjectsV2 } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { Config, S3Settings } from '../env';
import { tempStorageDir } from './files';

export const TEST_FILE_STORES = ['disk', 's3'] as const;
export type TestFileStoreKind = (typeof TEST_FILE_STORES)[number];

export type TestFileStore = {
  kind: TestFileStoreKind;
  /** The settings that select this store, to spread into testConfig(). */
  config: Pick<Config, 'storageDir' | 's3'>;
  /** Every key the store holds. */
  keys(): Promise<string[]>;
  /** The bytes under a key, or null when there are none. */
  read(key: string): Promise<Buffer | null>;
  /** The files in the local folder, which the S3 store must leave empty. */
  localFiles(): string[];
  stop(): Promise<void>;
};

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

export async function startTestFileStore(kind: TestFileStoreKind): Promise<TestFileStore> {
  return kind === 'disk' ? startDiskStore() : startS3Store();
}

async function startDiskStore(): Promise<TestFileStore> {
  const storageDir = tempStorageDir();
  return {
    kind: 'disk',
    config: { storageDir, s3: null },
    keys: async () => filesUnder(storageDir),
    read: (key) => fsp.readFile(path.join(storageDir, ...key.split('/'))).catch(() => null),
    localFiles: () => filesUnder(storageDir),
    async stop() {
      fs.rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

/** s3rver's fixed credentials: it checks request signatures against them. */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

async function startS3Store(): Promise<TestFileStore> {
  const serverDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-s3rver-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: serverDir });
  const { port } = await s3rver.run();
  const s3: S3Settings = {
    bucket: 'casillero-prueba',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: S3RVER_CREDENTIALS,
    forcePathStyle: true,
  };
  const inspector = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  await inspector.send(new CreateBucketCommand({ Bucket: s3.bucket }));
  // A folder of its own as STORAGE_DIR, to show the S3 store writes nothing there.
  const storageDir = tempStorageDir();

  return {
    kind: 's3',
    config: { storageDir, s3 },
    async keys() {
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client: inspector }, { Bucket: s3.bucket })) {
        for (const object of page.Contents ?? []) keys.push(object.Key!);
      }
      return keys;
    },
    async read(key) {
      try {
        const object = await inspector.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        throw err;
      }
    },
    localFiles: () => filesUnder(storageDir),
    async stop() {
      inspector.destroy();
      await s3rver.close();
      fs.rmSync(serverDir, { recursive: true, force: true });
      fs.rmSync(storageDir, { recursive: true, force: true });
    },
  };
}
