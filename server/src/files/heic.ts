// An iPhone's photo (HEIC: an HEVC image in a HEIF file) as a JPEG, so that it is read and kept
// like any photo (docs/product/prealerts-from-email.md#html-links-pdf-and-photos). sharp's
// prebuilt binaries read a HEIF's header but carry no HEVC decoder, so libheif's WebAssembly
// build (the registry's heic-decode, loaded on the first HEIC) decodes the pixels, with the
// file's rotation and mirroring applied, and sharp writes them as a JPEG without metadata.
import sharp from 'sharp';
import { DOCUMENT_IMAGE_MAX_PX, PHOTO_MAX_INPUT_PIXELS } from './images';

/** The `ftyp` brands of a HEIF image (HEVC or not), as libheif reads them. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/** Whether the bytes are a HEIF file (its first box `ftyp` with a HEIF brand), whatever its name or declared type. */
export function isHeif(bytes: Uint8Array): boolean {
  if (bytes.byteLength < 12) return false;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  return ascii(4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(8, 12));
}

export class HeifNotConverted extends Error {
  constructor(
    readonly code: 'too-many-pixels' | 'unreadable',
    message: string,
  ) {
    super(message);
  }
}

// One HEIC at a time: libheif's WebAssembly memory grows with the largest image and is shared.
let queue: Promise<unknown> = Promise.resolve();

/**
 * The HEIF's main image as a JPEG, at most DOCUMENT_IMAGE_MAX_PX on its long side (the size a
 * document image is kept at). Its size is read before its pixels are decoded: more than
 * `maxPixels` (a phone's 48 MP fits the default) is refused, as is anything libheif cannot decode.
 */
export function heifToJpeg(bytes: Uint8Array, maxPixels = PHOTO_MAX_INPUT_PIXELS): Promise<Buffer> {
  const job = queue.then(() => convert(bytes, maxPixels));
  queue = job.catch(() => undefined);
  return job;
}

async function convert(bytes: Uint8Array, maxPixels: number): Promise<Buffer> {
  if (!isHeif(bytes)) throw new HeifNotConverted('unreadable', 'no es un archivo HEIF');
  const { default: decode } = await import('heic-decode');
  let images: Awaited<ReturnType<typeof decode.all>>;
  try {
    images = await decode.all({ buffer: bytes });
  } catch (e) {
    throw new HeifNotConverted('unreadable', `HEIF ilegible: ${e instanceof Error ? e.message : String(e)}`);
  }
  try {
    const [main] = images;
    if (!main) throw new HeifNotConverted('unreadable', 'HEIF sin imagen');
    if (main.width * main.height > maxPixels)
      throw new HeifNotConverted('too-many-pixels', `HEIF de ${main.width} × ${main.height} píxeles`);
    const { width, height, data } = await main.decode().catch((e: unknown) => {
      throw new HeifNotConverted('unreadable', `HEIF ilegible: ${e instanceof Error ? e.message : String(e)}`);
    });
    return await sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
      raw: { width, height, channels: 4 },
    })
      .resize({ width: DOCUMENT_IMAGE_MAX_PX, height: DOCUMENT_IMAGE_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90, mozjpeg: true })
      .toBuffer();
  } finally {
    images.dispose();
  }
}
