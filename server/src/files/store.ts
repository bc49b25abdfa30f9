// Stored files: the bytes in the file store (disk or S3, file-store.ts), one stored_files row per
// file. Callers check the content (fileProblem) before storing; nothing here trusts a name or type.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  FILE_PERMISSIONS,
  can,
  cutToCharacters,
  type StoredContentType,
  type StoredFileKind,
  type UserRole,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { storedFiles } from '../db/schema';
import type { FileStore } from './file-store';

const FOLDERS: Record<StoredFileKind, string> = {
  receipt: 'receipts',
  invoice: 'invoices',
  package_photo: 'package-photos',
  delivery_photo: 'delivery-photos',
  claim_photo: 'claim-photos',
  desk_attachment: 'desk-attachments',
};

const EXTENSIONS: Record<StoredContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** The key of a new file: `<folder of its kind>/<owner>/<id>.<extension>`. */
export function storageKeyFor(
  kind: StoredFileKind,
  ownerUserId: string,
  id: string,
  contentType: StoredContentType,
): string {
  return `${FOLDERS[kind]}/${ownerUserId}/${id}.${EXTENSIONS[contentType]}`;
}

export type NewStoredFile = {
  ownerUserId: string;
  kind: StoredFileKind;
  bytes: Buffer;
  contentType: StoredContentType;
  originalName: string | null;
  uploadedBy: string;
};

/**
 * Writes the bytes, then the row; the bytes are removed again if the row cannot be written
 * (and the row's own error is the one that surfaces).
 */
export async function storeFile(db: DbOrTx, fileStore: FileStore, file: NewStoredFile) {
  const id = randomUUID();
  const storageKey = storageKeyFor(file.kind, file.ownerUserId, id, file.contentType);
  await fileStore.put(storageKey, file.bytes, file.contentType);
  try {
    await db.insert(storedFiles).values({
      id,
      ownerUserId: file.ownerUserId,
      kind: file.kind,
      storageKey,
      contentType: file.contentType,
      sizeBytes: file.bytes.length,
      originalName: (file.originalName && cutToCharacters(file.originalName, 255)) || null,
      uploadedBy: file.uploadedBy,
    });
  } catch (err) {
    await fileStore.delete(storageKey).catch(() => {});
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
  const [row] = await db
    .select({ ...fileColumns, ownerUserId: storedFiles.ownerUserId, kind: storedFiles.kind })
    .from(storedFiles)
    .where(eq(storedFiles.id, id));
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
