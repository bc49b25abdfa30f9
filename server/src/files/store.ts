// The file store: bytes on disk under config.storageDir, one stored_files row per file.
// Callers check the content (fileProblem) before storing; nothing here trusts a name or type.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { FILE_PERMISSIONS, can, type StoredContentType, type StoredFileKind, type UserRole } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { storedFiles } from '../db/schema';

const FOLDERS: Record<StoredFileKind, string> = {
  receipt: 'receipts',
  invoice: 'invoices',
  package_photo: 'package-photos',
};

const EXTENSIONS: Record<StoredContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** The absolute path of a storage key, refusing anything that would leave the store. */
export function storagePath(storageDir: string, storageKey: string): string {
  const root = path.resolve(storageDir);
  const file = path.resolve(root, ...storageKey.split('/'));
  if (!file.startsWith(root + path.sep)) throw new Error(`Clave de almacenamiento fuera del almacén: ${storageKey}`);
  return file;
}

export type NewStoredFile = {
  ownerUserId: string;
  kind: StoredFileKind;
  bytes: Buffer;
  contentType: StoredContentType;
  originalName: string | null;
  uploadedBy: string;
};

/** Writes the bytes, then the row; the bytes are removed again if the row cannot be written. */
export async function storeFile(db: DbOrTx, storageDir: string, file: NewStoredFile) {
  const id = randomUUID();
  const storageKey = `${FOLDERS[file.kind]}/${file.ownerUserId}/${id}.${EXTENSIONS[file.contentType]}`;
  const target = storagePath(storageDir, storageKey);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, file.bytes, { flag: 'wx' });
  try {
    await db.insert(storedFiles).values({
      id,
      ownerUserId: file.ownerUserId,
      kind: file.kind,
      storageKey,
      contentType: file.contentType,
      sizeBytes: file.bytes.length,
      originalName: file.originalName?.slice(0, 255) || null,
      uploadedBy: file.uploadedBy,
    });
  } catch (err) {
    await fs.rm(target, { force: true });
    throw err;
  }
  return { id, contentType: file.contentType, sizeBytes: file.bytes.length };
}

const fileColumns = {
  id: storedFiles.id,
  ownerUserId: storedFiles.ownerUserId,
  kind: storedFiles.kind,
  storageKey: storedFiles.storageKey,
  contentType: storedFiles.contentType,
  sizeBytes: storedFiles.sizeBytes,
  originalName: storedFiles.originalName,
};

/** A file the viewer may open: their own, or one of a kind their staff role may read; null otherwise. */
export async function findViewableFile(db: DbOrTx, id: string, viewer: { id: string; role: UserRole }) {
  const [row] = await db.select({ ...fileColumns, ownerUserId: storedFiles.ownerUserId, kind: storedFiles.kind }).from(storedFiles).where(eq(storedFiles.id, id));
  if (!row || (row.ownerUserId !== viewer.id && !can(viewer.role, FILE_PERMISSIONS[row.kind].read))) return null;
  const { ownerUserId: _owner, kind: _kind, ...file } = row;
  return file;
}

/** A file by id, for the download route once its signed link was verified. */
export async function findFile(db: DbOrTx, id: string) {
  const [row] = await db.select(fileColumns).from(storedFiles).where(eq(storedFiles.id, id));
  return row ?? null;
}

/** A customer's own file of a kind (e.g. the receipt they attach to a payment report). */
export async function findOwnFile(db: DbOrTx, id: string, ownerUserId: string, kind: StoredFileKind) {
  const [row] = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(and(eq(storedFiles.id, id), eq(storedFiles.ownerUserId, ownerUserId), eq(storedFiles.kind, kind)));
  return row ?? null;
}
