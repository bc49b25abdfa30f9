// Receipt images the demo customers uploaded: a small PNG stored through the file store's
// service (bytes first, then the stored_files row), dated the day it was uploaded.
import { eq } from 'drizzle-orm';
import { storedFiles } from '../db/schema';
import { storeFile, storageKeyFor } from '../files/store';
import { at, type DemoContext } from './context';
import { demoReceiptPng } from './seed-receipt';

export async function storeReceipt(
  ctx: DemoContext,
  ownerId: string,
  originalName: string,
  uploadedDaysAgo: number,
): Promise<string> {
  const file = await storeFile(ctx.tx, ctx.fileStore, {
    ownerUserId: ownerId,
    kind: 'receipt',
    bytes: demoReceiptPng(originalName),
    contentType: 'image/png',
    originalName,
    uploadedBy: ownerId,
  });
  // Removed again if a later step fails and the transaction rolls back.
  ctx.written.push(storageKeyFor('receipt', ownerId, file.id, file.contentType));
  await ctx.tx
    .update(storedFiles)
    .set({ createdAt: at(ctx, uploadedDaysAgo) })
    .where(eq(storedFiles.id, file.id));
  return file.id;
}
