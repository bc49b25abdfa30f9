// Uploads to the file store (POST /api/files) and the same checks the server makes, for
// instant feedback: the content is recognised by its first bytes, at most 5 MB. A photo is made
// smaller in the browser first (long side 2000 px, JPEG, its orientation applied): on a phone's
// slow uplink a 5 MB picture took a minute; it now takes seconds. The upload reports its
// progress, can be cancelled, and is retried once when the connection drops.
import {
  FILE_MESSAGES,
  GENERIC_MESSAGES,
  AUTH_MESSAGES,
  UPLOAD_IMAGE_MAX_SIDE,
  UPLOAD_IMAGE_QUALITY,
  UPLOAD_IMAGE_SHRINK_FROM_BYTES,
  fileProblem,
  type StoredFileKind,
  type UploadedFile,
} from '@casillero/shared';

const SHRINKABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Each picked file's prepared version, made once however many times it is checked or sent. */
const prepared = new WeakMap<File, Promise<File>>();

/** The file as it will be sent: a large photo re-encoded smaller, anything else as picked. */
export function preparedFile(file: File): Promise<File> {
  let ready = prepared.get(file);
  if (!ready) {
    ready = shrinkPhoto(file).catch(() => file);
    prepared.set(file, ready);
  }
  return ready;
}

async function shrinkPhoto(file: File): Promise<File> {
  if (!SHRINKABLE.has(file.type)) return file;
  const small = await shrinkImage(file);
  if (small === file) return file;
  return new File([small], `${file.name.replace(/\.[^.]*$/, '') || 'foto'}.jpg`, { type: 'image/jpeg' });
}

/**
 * A picture as it should travel: a JPEG of at most 2000 px on its long side, drawn upright, when
 * it is larger than that or than 1 MB; the picture itself when it would not get smaller or the
 * browser cannot draw it.
 */
export async function shrinkImage(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') return file;
  // 'from-image' turns the picture as the phone's EXIF says, so the receipt is not sideways.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' }).catch(() => null);
  if (!bitmap) return file;
  const longSide = Math.max(bitmap.width, bitmap.height);
  if (longSide <= UPLOAD_IMAGE_MAX_SIDE && file.size <= UPLOAD_IMAGE_SHRINK_FROM_BYTES) {
    bitmap.close();
    return file;
  }
  const scale = Math.min(1, UPLOAD_IMAGE_MAX_SIDE / longSide);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  const context = canvas.getContext('2d');
  if (!context) return file;
  // A transparent PNG becomes JPEG on white, as it looks on the screen.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', UPLOAD_IMAGE_QUALITY));
  return blob && blob.size < file.size ? blob : file;
}

/** The Spanish reason a chosen file cannot be uploaded as this kind, or null when it can. */
export async function checkFile(file: File, kind: StoredFileKind): Promise<string | null> {
  const ready = await preparedFile(file);
  const head = new Uint8Array(await ready.slice(0, 16).arrayBuffer());
  return fileProblem(kind, head, ready.size);
}

export class UploadError extends Error {}
/** The person cancelled the upload: nothing was stored, the form keeps what was typed. */
export class UploadCancelled extends UploadError {
  constructor() {
    super(FILE_MESSAGES.cancelled);
  }
}

export type UploadOptions = {
  /** Told the share sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

type Answer<T> = { status: number; body: (T & { error?: string }) | null };

/** One POST through XMLHttpRequest, the browser API that reports an upload's progress. */
function send<T>(path: string, body: FormData, { onProgress, signal }: UploadOptions): Promise<Answer<T>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => resolve({ status: request.status, body: request.response });
    request.onerror = () => reject(new UploadError(AUTH_MESSAGES.connectionError));
    request.onabort = () => reject(new UploadCancelled());
    if (signal?.aborted) return reject(new UploadCancelled());
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}

/**
 * POSTs a form with a file to `path`, reporting progress; a dropped connection (a phone between
 * antennas) is tried once more from the start. Answers the JSON answer of a success; throws
 * UploadError with the server's text, or `failed` when it gave none (UploadCancelled when
 * cancelled).
 */
export async function postForm<T>(
  path: string,
  body: FormData,
  failed: string,
  options: UploadOptions = {},
): Promise<Partial<T>> {
  let answer: Answer<T>;
  try {
    answer = await send<T>(path, body, options);
  } catch (error) {
    if (error instanceof UploadCancelled) throw error;
    options.onProgress?.(0);
    answer = await send<T>(path, body, options);
  }
  const { status, body: result } = answer;
  if (status < 200 || status >= 300 || !result) {
    throw new UploadError(result?.error ?? (status >= 500 ? GENERIC_MESSAGES.internal : failed));
  }
  options.onProgress?.(1);
  return result;
}

/**
 * Uploads one file for the signed-in user (or, for an admin, for the customer `ownerUserId`)
 * and answers its id; throws UploadError with the server's text (UploadCancelled when cancelled).
 */
export async function uploadFile(
  file: File,
  kind: StoredFileKind,
  ownerUserId?: string,
  options: UploadOptions = {},
): Promise<UploadedFile> {
  const ready = await preparedFile(file);
  const body = new FormData();
  body.append('kind', kind);
  if (ownerUserId) body.append('ownerUserId', ownerUserId);
  body.append('file', ready, ready.name);
  const result = await postForm<UploadedFile>('/api/files', body, FILE_MESSAGES.uploadFailed, options);
  if (!result.id) throw new UploadError(FILE_MESSAGES.uploadFailed);
  return result as UploadedFile;
}
