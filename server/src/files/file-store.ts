// Where the bytes of stored files live: a folder on disk (the default) or an S3-compatible
// bucket (AWS S3, Cloudflare R2, MinIO) when S3_BUCKET is set (docs/decisions/016). Keys are
// the relative `storageKey` of a stored_files row, e.g. `receipts/<owner>/<id>.png`; the row
// itself is store.ts's business.
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config, S3Settings } from '../env';

export type StoredBytes = { body: Readable; sizeBytes: number };

export type FileStore = {
  /** Where the files go, for the start-up log: a folder or `s3://bucket`. */
  readonly location: string;
  /** Writes a new object; it never replaces one (keys carry a fresh UUID). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object as a stream with its size, or null when there is none. */
  get(key: string): Promise<StoredBytes | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Releases the connections it keeps (the S3 client's sockets). */
  close(): void;
};

/** The absolute path of a storage key, refusing anything that would leave the store. */
function storagePath(storageDir: string, storageKey: string): string {
  const root = path.resolve(storageDir);
  const file = path.resolve(root, ...storageKey.split('/'));
  if (!file.startsWith(root + path.sep)) throw new Error(`Clave de almacenamiento fuera del almacén: ${storageKey}`);
  return file;
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code === 'ENOENT';

export function diskFileStore(storageDir: string): FileStore {
  return {
    location: path.resolve(storageDir),
    async put(key, bytes) {
      const target = storagePath(storageDir, key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, bytes, { flag: 'wx' });
    },
    async get(key) {
      // One open handle for the size and the stream, so the file cannot change in between.
      const handle = await fs.open(storagePath(storageDir, key), 'r').catch((err: unknown) => {
        if (isMissing(err)) return null;
        throw err;
      });
      if (!handle) return null;
      const stat = await handle.stat().catch(async (err: unknown) => {
        await handle.close();
        throw err;
      });
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return { body: handle.createReadStream(), sizeBytes: stat.size };
    },
    async delete(key) {
      await fs.rm(storagePath(storageDir, key), { force: true });
    },
    close() {},
  };
}

/** The S3 client for the settings: the store's, and the one that creates the bucket (cli/create-bucket.ts). */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials ?? undefined,
    // The SDK's default CRC32 checksums on every request are not understood by every
    // S3-compatible service; send and check them only where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer fails the request instead of holding it open forever.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
  });
}

export function s3FileStore(settings: S3Settings): FileStore {
  const client = s3Client(settings);
  const { bucket } = settings;
  return {
    location: `s3://${bucket}`,
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        // In Node the SDK answers with the HTTP response itself, a Readable.
        if (!(object.Body instanceof Readable) || object.ContentLength === undefined) {
          throw new Error(`Respuesta inesperada del almacén S3 para ${key}`);
        }
        return { body: object.Body, sizeBytes: object.ContentLength };
      } catch (err) {
        // Only a missing key is "no such file"; a missing bucket or a refusal is a failure.
        if (err instanceof NoSuchKey) return null;
        throw err;
      }
    },
    async delete(key) {
      // S3 answers a delete of a missing key with success too.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    close() {
      client.destroy();
    },
  };
}

/** The store the configuration asks for: the bucket when S3_BUCKET is set, the folder otherwise. */
export function createFileStore(config: Pick<Config, 'storageDir' | 's3'>): FileStore {
  return config.s3 ? s3FileStore(config.s3) : diskFileStore(config.storageDir);
}
