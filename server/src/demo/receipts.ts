// Images the demo's people uploaded: a small PNG stored through the file store's service (bytes
// first, then the stored_files row), dated the day it was uploaded. Receipts of payments, and
// the photos and store receipts staff upload (a delivery's photo, a compra's store receipt).
import { eq } from 'drizzle-orm';
import type { StoredFileKind } from '@casillero/shared';
import { storedFiles } from '../db/schema';
import { storeFile, storageKeyFor } from '../files/store';
import { at, type DemoContext } from './context';
import { demoReceiptPng } from './seed-receipt';

export async function storeDemoImage(
  ctx: DemoContext,
  file: { ownerId: string; uploadedBy: string; kind: StoredFileKind; name: string; uploadedDaysAgo: number },
): Promise<string> {
  const stored = await storeFile(ctx.tx, ctx.fileStore, {
    ownerUserId: file.ownerId,
    kind: file.kind,
    bytes: demoReceiptPng(file.name),
    contentType: 'image/png',
    originalName: file.name,
    uploadedBy: file.uploadedBy,
  });
  // Removed again if a later step fails and the transaction rolls back.
  ctx.written.push(storageKeyFor(file.kind, file.ownerId, stored.id, stored.contentType));
  await ctx.tx
    .update(storedFiles)
    .set({ createdAt: at(ctx, file.uploadedDaysAgo) })
    .where(eq(storedFiles.id, stored.id));
  return stored.id;
}

export function storeReceipt(
  ctx: DemoContext,
  ownerId: string,
  originalName: string,
  uploadedDaysAgo: number,
): Promise<string> {
  return storeDemoImage(ctx, { ownerId, uploadedBy: ownerId, kind: 'receipt', name: originalName, uploadedDaysAgo });
}
