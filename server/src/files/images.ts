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
  WAREHOUSE_MESSAGES,
  detectContentType,
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
  if (bytes.length > RECEPTION_PHOTO_MAX_BYTES) return new DomainError('PAYLOAD_TOO_LARGE', WAREHOUSE_MESSAGES.photoTooLarge);
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
