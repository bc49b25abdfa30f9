import { normalizeText, htmlToText } from './text';
import { pdfToText } from './pdf';
import { ocrImage } from './ocr';
import { fillFrom, readText } from './read';
import { FileNotReadError, type FileLimits } from './limits';
import type { AttachmentForExtraction, Extraction, MailForExtraction } from './types';

export type * from './types';
export { FILE_LIMITS, FileNotReadError, type FileLimits } from './limits';
export { stopOcr } from './ocr';
export { STORES } from './stores';

const isPdf = (f: AttachmentForExtraction) => /pdf/i.test(f.contentType) || /\.pdf$/i.test(f.filename);
const isImage = (f: AttachmentForExtraction) =>
  /^image\/(jpe?g|png|webp|heic|heif|tiff|gif)/i.test(f.contentType) ||
  /\.(jpe?g|png|webp|heic|tiff?)$/i.test(f.filename);
/** Logos and spacers travel as attachments of a store's HTML mail: not an invoice. */
const isDecoration = (f: AttachmentForExtraction) =>
  f.content.byteLength < 10_000 || /logo|banner|icon|spacer|pixel|footer|header|social/i.test(f.filename);
const namedInvoice = (f: AttachmentForExtraction) => /factura|invoice|recibo|receipt|comprobante/i.test(f.filename);

/**
 * The attachment that is the purchase's invoice: a PDF first; else a photo named as an invoice,
 * or any photo when the mail itself says nothing of the order (a customer forwarding a photo).
 * A store's own mail carries product pictures: those are not invoices.
 */
function invoiceIndex(attachments: AttachmentForExtraction[], mailSaysNothing: boolean): number {
  const pdf = attachments.findIndex(isPdf);
  if (pdf >= 0) return pdf;
  return attachments.findIndex((f) => isImage(f) && !isDecoration(f) && (mailSaysNothing || namedInvoice(f)));
}

/**
 * Reads a store's e-mail into the fields of a pre-alert draft: the store's extractor when one
 * recognises the sender or the text, the generic rules otherwise (docs/product/prealerts-from-email.md#lectura).
 * The HTML is read as text (never rendered, no link followed). An attached PDF invoice, or a
 * photo of one when the mail itself says nothing of the order, fills the fields the mail lacks;
 * a file that cannot be read (too large, too slow, not what it claims) is skipped.
 */
export async function extractFromMail(mail: MailForExtraction): Promise<Extraction> {
  const body = mail.text.trim().length >= 20 || !mail.html ? normalizeText(mail.text) : htmlToText(mail.html);
  let result = readText(`${normalizeText(mail.subject)}\n${body}`, mail.from, 'email');
  const saysNothing = !result.orderNumber && result.totalUsdCents === null && result.trackings.length === 0;
  const invoice = invoiceIndex(mail.attachments, saysNothing);
  if (invoice < 0) return result;
  result = { ...result, invoiceAttachment: invoice };
  const file = mail.attachments[invoice];
  if (isImage(file) && !saysNothing) return result;
  try {
    const fromFile = await extractFromFile(file);
    return {
      ...fillFrom(result, { ...fromFile, storeName: fromFile.store ? fromFile.storeName : null }),
      invoiceAttachment: invoice,
    };
  } catch (e) {
    if (e instanceof FileNotReadError) return result;
    throw e;
  }
}

/**
 * Reads one file on its own (a PDF invoice or a photo of one, uploaded in the pre-alert form or
 * sent later by WhatsApp) into the same fields. Throws FileNotReadError when the file is not a
 * PDF or an image, or breaks a limit (size, pixels, pages, time).
 */
export async function extractFromFile(file: AttachmentForExtraction, limits?: FileLimits): Promise<Extraction> {
  if (isPdf(file)) {
    const text = normalizeText(await pdfToText(file.content, limits));
    return { ...readText(text, null, 'pdf'), invoiceAttachment: 0 };
  }
  if (isImage(file)) {
    const text = normalizeText(await ocrImage(file.content, limits));
    return { ...readText(text, null, 'photo'), invoiceAttachment: 0 };
  }
  throw new FileNotReadError('not-an-image', 'El archivo no es un PDF ni una imagen.');
}
