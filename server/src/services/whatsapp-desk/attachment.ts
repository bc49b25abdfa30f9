// A file a customer sends the desk outside the payment report and the pre-alert (a photo sent to
// the person they wait for, docs/product/whatsapp-desk.md#what-it-answers): downloaded from the
// Cloud API after its message is answered, with an uploaded file's limits (RECEIPT_MAX_BYTES, an
// image or a PDF), an image re-encoded as an uploaded receipt is and a PDF kept only when it is
// nothing but a PDF, stored as the customer's `desk_attachment` and linked to the message, so the
// inbox's thread opens it. A file that cannot be kept is logged; the customer was already told a
// person will look at it.
import { eq } from 'drizzle-orm';
import { detectContentType, fileProblem, RECEIPT_MAX_BYTES } from '@casillero/shared';
import type { Db } from '../../db/client';
import { whatsappInboundMessages } from '../../db/schema';
import type { Config } from '../../env';
import type { FileStore } from '../../files/file-store';
import { keptDocument } from '../../files/images';
import { storeFile } from '../../files/store';
import type { DeliveryLogger } from '../../lib/outbox-delivery';
import { downloadWhatsappMedia } from '../../messaging/whatsapp-media';

export async function keepDeskAttachment(
  db: Db,
  deps: { config: Config; fileStore: FileStore; log: DeliveryLogger },
  file: { messageId: string; userId: string; mediaId: string; filename: string | null },
): Promise<string | null> {
  const settings = deps.config.whatsapp;
  // Without WHATSAPP_TOKEN nothing can be downloaded (the messages themselves go to the log).
  if (!settings) return null;
  const { bytes } = await downloadWhatsappMedia(settings, file.mediaId, RECEIPT_MAX_BYTES);
  const problem = fileProblem('desk_attachment', bytes.subarray(0, 16), bytes.length);
  const contentType = detectContentType(bytes.subarray(0, 16));
  const kept = problem || !contentType ? null : await keptDocument(bytes, contentType).catch(() => null);
  if (!kept || !contentType) {
    deps.log.warn({ messageId: file.messageId, problem }, 'Archivo recibido por WhatsApp no guardado');
    return null;
  }
  const stored = await storeFile(db, deps.fileStore, {
    ownerUserId: file.userId,
    kind: 'desk_attachment',
    bytes: kept,
    contentType,
    originalName: file.filename,
    uploadedBy: file.userId,
  });
  await db
    .update(whatsappInboundMessages)
    .set({ fileId: stored.id })
    .where(eq(whatsappInboundMessages.id, file.messageId));
  return stored.id;
}
