// A photo of an invoice or receipt read as text: sharp checks and prepares the image (size and
// pixel limits, EXIF orientation, grey, contrast; an iPhone's HEIC made a JPEG first),
// tesseract.js reads it in its worker thread with the English data from the registry's
// @tesseract.js-data/eng (nothing is downloaded), and
// a photo that takes longer than the limit ends that worker.
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { HeifNotConverted, heifToJpeg, isHeif } from '../../../files/heic';
import { FILE_LIMITS, FileNotReadError, type FileLimits } from './limits';

const require = createRequire(import.meta.url);
/** The faster "best_int" English model, gzipped, as the package ships it. */
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng')), '4.0.0_best_int');

let ready: Promise<Worker> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function worker(): Promise<Worker> {
  ready ??= createWorker('eng', OEM.LSTM_ONLY, { langPath: LANG_PATH, cacheMethod: 'none', gzip: true }).catch(
    (e: unknown) => {
      ready = null;
      throw e;
    },
  );
  return ready;
}

/** Ends the OCR worker thread (tests, the bench, shutdown); the next photo starts another. */
export async function stopOcr(): Promise<void> {
  const current = ready;
  ready = null;
  if (current) await (await current.catch(() => null))?.terminate();
}

/** The image checked and prepared for OCR: upright, grey, about 1,600 pixels wide, contrast stretched. */
export async function prepareImage(bytes: Uint8Array, limits: FileLimits = FILE_LIMITS): Promise<Buffer> {
  if (bytes.byteLength > limits.imageMaxBytes)
    throw new FileNotReadError('too-large', `La imagen pesa más de ${limits.imageMaxBytes / 1024 / 1024} MB.`);
  try {
    // An iPhone's HEIC: sharp's prebuilt binaries cannot decode HEVC (files/heic.ts).
    const decodable = isHeif(bytes) ? await heifToJpeg(bytes, limits.imageMaxPixels) : bytes;
    const image = sharp(decodable, { limitInputPixels: limits.imageMaxPixels, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.width || !meta.height) throw new Error('sin dimensiones');
    const width = meta.width < 1200 ? 1600 : Math.min(meta.width, 2000);
    return await image.rotate().greyscale().resize({ width }).normalise().png({ compressionLevel: 1 }).toBuffer();
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (/pixel limit/i.test(message) || (e instanceof HeifNotConverted && e.code === 'too-many-pixels'))
      throw new FileNotReadError('too-large', 'La imagen tiene demasiados píxeles para leerla.');
    throw new FileNotReadError('not-an-image', `El archivo no es una imagen que se pueda leer: ${message}`);
  }
}

/**
 * The OCR's usual misreadings of an invoice's marks, put right: "US$" read as "usS$", "uss",
 * "US5"; the "º" of "N.º" read as "2" or "°".
 */
export function fixOcrMisreadings(text: string): string {
  return text.replace(/\b[uU][sS5](?:[sS5]\$?|\$)(?=\s?\d)/g, 'US$').replace(/\b([Nn])\.\s?[2°o]\s/g, '$1.º ');
}

/** The text a photo shows; one photo at a time, ended (FileNotReadError 'timeout') past the time limit. */
export function ocrImage(bytes: Uint8Array, limits: FileLimits = FILE_LIMITS): Promise<string> {
  const job = queue.then(async () => {
    const image = await prepareImage(bytes, limits);
    const w = await worker();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        void stopOcr();
        reject(new FileNotReadError('timeout', `La foto no se pudo leer en ${limits.ocrTimeoutMs / 1000} s.`));
      }, limits.ocrTimeoutMs);
    });
    try {
      const result = await Promise.race([w.recognize(image), timeout]);
      return fixOcrMisreadings(result.data.text.slice(0, limits.maxTextChars));
    } finally {
      clearTimeout(timer);
    }
  });
  queue = job.catch(() => undefined);
  return job;
}
