// The manifest import's dry run (docs/product/warehouse-intake.md#manifest-import):
//   POST /api/imports/preview  JSON { fileName, csv } (the file as text, about 1 MB for 10,000
//                              rows; the server's 8 MB body limit holds it), staff with
//                              'packages.write', same-origin only; answers the ImportPreview,
//                              streamed after its progress when asked (http/progress-stream.ts).
// Apart from tRPC because it reads without changing anything: as a staff mutation it would be an
// audited change that changes nothing, and as a tRPC query its megabyte would have to travel in
// a GET's URL. The import itself is the audited mutation parcelImports.applyFile, on the same input.
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, GENERIC_MESSAGES, PARCEL_IMPORT_PREVIEW_PATH, parcelImportInput } from '@casillero/shared';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { isForeignRequest } from '../auth/request-origin';
import { requestStaff } from '../auth/request-session';
import { containsNulChar } from '../lib/nul-char';
import { previewImport } from '../services/parcel-import/check';
import { sendError } from './errors';
import { answerWithProgress } from './progress-stream';

export function registerParcelImportRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  app.post(PARCEL_IMPORT_PREVIEW_PATH, async (req, reply) => {
    if (isForeignRequest(req, config)) return sendError(reply, 403, AUTH_MESSAGES.foreignOrigin);
    if (!(await requestStaff(req, reply, db, config, 'packages.write'))) return reply;
    // PostgreSQL cannot hold U+0000 in text: refused as tRPC refuses it.
    if (containsNulChar(req.body)) return sendError(reply, 400, GENERIC_MESSAGES.invalidInput);
    const parsed = parcelImportInput.safeParse(req.body);
    if (!parsed.success) return sendError(reply, 400, parsed.error.issues[0]?.message ?? GENERIC_MESSAGES.invalidInput);
    return answerWithProgress(req, reply, (report) => previewImport(db, parsed.data, report));
  });
}
