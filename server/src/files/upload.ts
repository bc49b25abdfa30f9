// Reading a multipart upload (the file routes: /api/files, /api/reception/photos) and
// answering its failures in Spanish.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FILE_MESSAGES, RECEIPT_MAX_BYTES, httpStatusMessage } from '@casillero/shared';
import { containsNulChar } from '../lib/nul-char';

export type Fail = { status: number; message: string };
export const fail = (reply: FastifyReply, { status, message }: Fail) => reply.status(status).send({ error: message });

/**
 * Why reading the upload failed, as the sender should read it: the file over the limit, too many
 * parts, not a form, or a form that does not parse (the multipart parser's own errors carry no
 * status and English text). Null for a failure of ours (a status of 500 or more).
 */
export function multipartFailure(err: unknown, tooLarge: string = FILE_MESSAGES.tooLarge): Fail | null {
  const { code, statusCode } = (err ?? {}) as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return { status: 413, message: tooLarge };
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return { status: 413, message: FILE_MESSAGES.tooManyParts };
  }
  if (code === UNSTORABLE_TEXT) return { status: 400, message: FILE_MESSAGES.nameInvalid };
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return { status: 400, message: FILE_MESSAGES.missing };
  if (statusCode === undefined) return { status: 400, message: httpStatusMessage(400) };
  return statusCode < 500 ? { status: statusCode, message: httpStatusMessage(statusCode) } : null;
}

/** The code readUpload throws with for a name or field PostgreSQL cannot store (a NUL). */
const UNSTORABLE_TEXT = 'UPLOAD_UNSTORABLE_TEXT';

/**
 * The form's text fields and its one file, read whole (at most `maxBytes`). A file name or field
 * with a NUL character is refused (multipartFailure answers 400): PostgreSQL cannot store it.
 */
export async function readUpload(req: FastifyRequest, maxBytes: number = RECEIPT_MAX_BYTES) {
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; filename: string } | null = null;
  for await (const part of req.parts({
    limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 200, parts: 5 },
  })) {
    if (containsNulChar([part.fieldname, part.type === 'file' ? part.filename : part.value])) {
      if (part.type === 'file') part.file.resume();
      throw Object.assign(new Error('NUL in a multipart name or field'), { code: UNSTORABLE_TEXT });
    }
    if (part.type === 'file') file = { bytes: await part.toBuffer(), filename: part.filename };
    else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  return { fields, file };
}
