// Uploads to the file store (POST /api/files) and the same checks the server makes, for
// instant feedback: the content is recognised by its first bytes, at most 5 MB. A photo is made
// smaller in the browser first (long side 2000 px, JPEG, its orientation applied): on a phone's
// slow uplink a 5 MB picture took a minute; it now takes seconds. The upload reports its
// progress, can be cancelled, and is retried once when the connection drops. A CSV the server
// checks and applies (the manifest import, the bank statement) goes up the same way, and its
// answer streams the server's progress before the result (postWithProgress).
import {
  FILE_MESSAGES,
  GENERIC_MESSAGES,
  AUTH_MESSAGES,
  UPLOAD_IMAGE_MAX_SIDE,
  UPLOAD_IMAGE_QUALITY,
  UPLOAD_IMAGE_SHRINK_FROM_BYTES,
  PROGRESS_CONTENT_TYPE,
  fileProblem,
  type ProgressLine,
  type StoredFileKind,
  type UploadedFile,
  type WorkProgress,
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
  /** Told each report of a streamed answer, once the file is up: the server checking, then applying its rows. */
  onWork?: (progress: WorkProgress) => void;
  signal?: AbortSignal;
};

/** The connection dropped; `uploaded`: after the whole body had gone (the server may have acted on it). */
class ConnectionLost extends UploadError {
  constructor(readonly uploaded: boolean) {
    super(AUTH_MESSAGES.connectionError);
  }
}

type Answer = { status: number; text: string };
type SendExtras = { headers?: Record<string, string>; onText?: (textSoFar: string) => void };

/** One POST through XMLHttpRequest, the browser API that reports an upload's progress (and reads an answer as it arrives). */
function send(
  path: string,
  body: XMLHttpRequestBodyInit,
  { onProgress, signal }: UploadOptions,
  { headers = {}, onText }: SendExtras = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    let uploaded = false;
    request.open('POST', path);
    request.withCredentials = true;
    request.responseType = 'text';
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.upload.onload = () => {
      uploaded = true;
    };
    request.onprogress = () => onText?.(request.responseText);
    request.onload = () => resolve({ status: request.status, text: request.responseText });
    request.onerror = () => reject(new ConnectionLost(uploaded));
    request.onabort = () => reject(new UploadCancelled());
    if (signal?.aborted) return reject(new UploadCancelled());
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}

/**
 * Sends once more from the start when the connection dropped (a phone between antennas), unless
 * `onlyBeforeUploaded` and the whole body had already gone.
 */
async function sendRetrying(
  attempt: () => Promise<Answer>,
  options: UploadOptions,
  onlyBeforeUploaded = false,
): Promise<Answer> {
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof UploadCancelled || !(error instanceof ConnectionLost)) throw error;
    if (onlyBeforeUploaded && error.uploaded) throw error;
    options.onProgress?.(0);
    return attempt();
  }
}

function jsonOf<T>(text: string): (T & { error?: string }) | null {
  try {
    return JSON.parse(text) as T & { error?: string };
  } catch {
    return null;
  }
}

/** The refusal of a non-2xx answer: the server's text, or `failed` (internal for a 5xx). */
function refusal(answer: Answer, failed: string): UploadError {
  const error = jsonOf<object>(answer.text)?.error;
  return new UploadError(error ?? (answer.status >= 500 ? GENERIC_MESSAGES.internal : failed));
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
  const answer = await sendRetrying(() => send(path, body, options), options);
  const result = jsonOf<T>(answer.text);
  if (answer.status < 200 || answer.status >= 300 || !result) throw refusal(answer, failed);
  options.onProgress?.(1);
  return result;
}

/**
 * POSTs `input` as JSON to a route that streams its progress (server/src/http/progress-stream.ts):
 * the upload reports its share, then each of the server's reports goes to `onWork` as it arrives,
 * and the last line is the answer. A dropped connection is tried again only while the file was
 * still going up: after that the server may have acted on it. Throws UploadError with the
 * server's text, or `failed` (UploadCancelled when cancelled).
 */
export async function postWithProgress<T>(
  path: string,
  input: unknown,
  failed: string,
  options: UploadOptions = {},
): Promise<T> {
  const body = JSON.stringify(input);
  const headers = { 'content-type': 'application/json', accept: PROGRESS_CONTENT_TYPE };
  let outcome: { result: T } | { error: string } | null = null;
  const attempt = () => {
    let read = 0;
    outcome = null;
    const onText = (text: string) => {
      const end = text.lastIndexOf('\n');
      if (end < read) return;
      for (const line of text.slice(read, end).split('\n')) {
        const parsed = jsonOf<ProgressLine<T>>(line);
        if (!parsed) continue;
        if ('progress' in parsed) options.onWork?.(parsed.progress);
        else outcome = parsed;
      }
      read = end + 1;
    };
    return send(path, body, options, { headers, onText }).then((answer) => {
      onText(answer.text.endsWith('\n') ? answer.text : `${answer.text}\n`);
      return answer;
    });
  };
  const answer = await sendRetrying(attempt, options, true);
  const streamed = (answer.status >= 200 && answer.status < 300 && outcome) as { result: T } | { error: string } | null;
  if (!streamed) throw refusal(answer, failed);
  if ('error' in streamed) throw new UploadError(streamed.error);
  options.onProgress?.(1);
  return streamed.result;
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
