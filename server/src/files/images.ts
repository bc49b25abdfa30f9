// Package photos at two sizes (docs/product/warehouse-intake.md#photos): a phone's picture, turned upright by its EXIF
// orientation, stripped of its metadata (location, device) and re-encoded as JPEG at a screen
// size and a thumbnail. The original is not kept: it may be many megabytes and carry the
// photographer's whereabouts, and nobody needs more than the screen size.
import sharp, { type Sharp } from 'sharp';
import {
  PHOTO_SCREEN_SIZE_PX,
  PHOTO_THUMB_SIZE_PX,
  RECEIPT_CONTENT_TYPES,
  RECEPTION_PHOTO_MAX_BYTES,
  FILE_MESSAGES,
  PDF_CONTENT_TYPE,
  WAREHOUSE_MESSAGES,
  detectContentType,
  type StoredContentType,
} from '@casillero/shared';
import { DomainError } from '../lib/domain-error';

/**
 * Pixels an input may have at most: a 48-megapixel phone camera fits, a "decompression bomb"
 * (a small file that declares a huge image) is refused before it is decoded.
 */
export const PHOTO_MAX_INPUT_PIXELS = 60_000_000;

export type ResizedPhoto = {
  screen: { bytes: Buffer; width: number; height: number };
  thumb: { bytes: Buffer; width: number; height: number };
};

/** The problem with the bytes of an uploaded photo before decoding it, with the Spanish reason to show the operator, or null. */
export function photoContentProblem(bytes: Buffer): DomainError | null {
  if (bytes.length > RECEPTION_PHOTO_MAX_BYTES)
    return new DomainError('PAYLOAD_TOO_LARGE', WAREHOUSE_MESSAGES.photoTooLarge);
  const type = detectContentType(bytes.subarray(0, 16));
  if (!type || !(RECEIPT_CONTENT_TYPES as readonly string[]).includes(type)) {
    return new DomainError('BAD_INPUT', WAREHOUSE_MESSAGES.photoNotAnImage);
  }
  return null;
}

async function encode(image: Sharp, longestSide: number, quality: number) {
  const { data, info } = await image
    .resize({ width: longestSide, height: longestSide, fit: 'inside', withoutEnlargement: true })
    // A transparent PNG gets a white background rather than JPEG's black.
    .flatten({ background: '#ffffff' })
    .jpeg({ quality, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/**
 * The screen size (longest side 1600 px) and the thumbnail (320 px) of a JPEG, PNG or WebP
 * photo, both JPEG without metadata; throws a DomainError for anything that is not a readable
 * image of those types.
 */
export async function resizePhoto(bytes: Buffer): Promise<ResizedPhoto> {
  const problem = photoContentProblem(bytes);
  if (problem) throw problem;
  // One decode, two outputs; sharp drops every metadata block unless asked to keep it.
  const source = sharp(bytes, { autoOrient: true, limitInputPixels: PHOTO_MAX_INPUT_PIXELS, failOn: 'error' });
  try {
    const [screen, thumb] = await Promise.all([
      encode(source.clone(), PHOTO_SCREEN_SIZE_PX, 82),
      encode(source.clone(), PHOTO_THUMB_SIZE_PX, 75),
    ]);
    return { screen, thumb };
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    if (/pixel limit/i.test(message)) throw new DomainError('PAYLOAD_TOO_LARGE', WAREHOUSE_MESSAGES.photoTooManyPixels);
    // Corrupt or truncated data, an unsupported variant: the decoder's own words are English
    // and say nothing the operator can act on.
    throw new DomainError('BAD_INPUT', WAREHOUSE_MESSAGES.photoUnreadable);
  }
}

/** Longest side of a customer's document image as kept: a receipt stays legible, a 48 MP photo does not stay 48 MP. */
export const DOCUMENT_IMAGE_MAX_PX = 2400;

/**
 * A customer's uploaded image (a payment receipt, a purchase invoice) as we keep it: decoded,
 * turned upright, re-encoded in its own format without any metadata (a phone's GPS position, the
 * device) and without whatever the file carried after the image (an HTML tail, a second file).
 * Throws a DomainError for anything that does not decode as an image.
 */
export async function reencodeDocumentImage(bytes: Buffer, contentType: string): Promise<Buffer> {
  const image = sharp(bytes, { autoOrient: true, limitInputPixels: PHOTO_MAX_INPUT_PIXELS, failOn: 'error' }).resize({
    width: DOCUMENT_IMAGE_MAX_PX,
    height: DOCUMENT_IMAGE_MAX_PX,
    fit: 'inside',
    withoutEnlargement: true,
  });
  try {
    if (contentType === 'image/png') return await image.png({ compressionLevel: 9 }).toBuffer();
    if (contentType === 'image/webp') return await image.webp({ quality: 85 }).toBuffer();
    return await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    if (/pixel limit/i.test(message)) throw new DomainError('PAYLOAD_TOO_LARGE', WAREHOUSE_MESSAGES.photoTooManyPixels);
    throw new DomainError('BAD_INPUT', FILE_MESSAGES.imageUnreadable);
  }
}

/**
 * Whether a PDF upload is one: it starts with the PDF header and ends with the end-of-file marker,
 * with nothing but whitespace after it (a PDF with an HTML page appended is refused).
 */
export function isWellFormedPdf(bytes: Buffer): boolean {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return false;
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString('latin1');
  const end = tail.lastIndexOf('%%EOF');
  return end >= 0 && tail.slice(end + 5).trim() === '';
}

/**
 * A customer's document (a receipt, an invoice, a file sent to the desk) as we keep it, whichever
 * way it came (an upload, an e-mail, WhatsApp): a PDF as it is, only when it is nothing but a PDF;
 * an image re-encoded (reencodeDocumentImage). Throws a DomainError for anything else.
 */
export async function keptDocument(bytes: Buffer, contentType: StoredContentType): Promise<Buffer> {
  if (contentType !== PDF_CONTENT_TYPE) return reencodeDocumentImage(bytes, contentType);
  if (!isWellFormedPdf(bytes)) throw new DomainError('BAD_INPUT', FILE_MESSAGES.pdfMalformed);
  return bytes;
}
