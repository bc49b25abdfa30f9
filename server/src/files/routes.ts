// HTTP routes of the file store, apart from tRPC because they carry bytes:
//   POST /api/files  multipart upload (fields `kind`, optional `ownerUserId`, then `file`),
//                    signed-in only, same-origin only; answers { id, contentType, sizeBytes }.
//   GET  /files/:id  download through a signed link from the `files.link` procedure; the bytes
//                    are streamed from the file store (disk or S3), never from a bucket URL
//                    (docs/decisions/016).
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  FILE_MESSAGES,
  GENERIC_MESSAGES,
  FILE_PERMISSIONS,
  STORED_FILE_KINDS,
  can,
  isStaffRole,
  detectContentType,
  fileProblem,
  type StoredFileKind,
  type UploadedFile,
} from '@casillero/shared';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { users } from '../db/schema';
import { isForeignRequest } from '../auth/request-origin';
import { requestUser } from '../auth/request-session';
import { verifyFileLink } from './links';
import { getFileLinkSecret } from './secret';
import { createFileStore, type FileStore } from './file-store';
import { findFile, storeFile } from './store';
import { keptDocument } from './images';
import { registerReceptionPhotoRoute } from './reception-photos';
import { registerDeliveryPhotoRoute } from './delivery-photos';
import { registerClaimPhotoRoute } from './claim-photos';
import { fail, multipartFailure, readUpload } from './upload';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type FileRouteOptions = {
  db: Db;
  config: Config;
  /** The server's file store; without one, the configured store is opened and closed with the app. */
  fileStore?: FileStore;
};

export async function registerFileRoutes(app: FastifyInstance, options: FileRouteOptions) {
  const { db, config } = options;
  const fileStore = options.fileStore ?? createFileStore(config);
  if (!options.fileStore) app.addHook('onClose', async () => fileStore.close());

  // Encapsulated: the multipart parser exists only for these routes.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart);

    // Photos at reception (docs/decisions/019-warehouse-intake.md): resized on the way in, into the same store.
    registerReceptionPhotoRoute(scope, { db, config, fileStore });
    // Photos of deliveries (docs/product/last-mile.md): the same pipeline, their own kind.
    registerDeliveryPhotoRoute(scope, { db, config, fileStore });
    registerClaimPhotoRoute(scope, { db, config, fileStore });

    scope.post('/api/files', async (req, reply) => {
      if (isForeignRequest(req, config)) {
        return fail(reply, { status: 403, message: AUTH_MESSAGES.foreignOrigin });
      }
      const user = await requestUser(req, reply, db, config);
      if (!user) return fail(reply, { status: 401, message: AUTH_MESSAGES.unauthorized });

      let upload: Awaited<ReturnType<typeof readUpload>>;
      try {
        upload = await readUpload(req);
      } catch (err) {
        const failure = multipartFailure(err);
        if (failure) return fail(reply, failure);
        throw err;
      }

      const kind = (upload.fields.kind ?? 'receipt') as StoredFileKind;
      if (!STORED_FILE_KINDS.includes(kind)) return fail(reply, { status: 400, message: FILE_MESSAGES.kindInvalid });

      // A customer uploads receipts and invoices for themself; staff whose role may store that
      // kind of file (shared FILE_PERMISSIONS) may upload for a customer.
      const requestedOwner = upload.fields.ownerUserId?.trim() || null;
      let ownerUserId = user.id;
      if (isStaffRole(user.role)) {
        // Delivery photos come only through their own route, resized (delivery-photos.ts).
        if (kind === 'delivery_photo' || kind === 'claim_photo' || !can(user.role, FILE_PERMISSIONS[kind].write))
          return fail(reply, { status: 403, message: AUTH_MESSAGES.forbidden });
        if (requestedOwner) {
          const [owner] = UUID.test(requestedOwner)
            ? await db.select({ id: users.id }).from(users).where(eq(users.id, requestedOwner))
            : [];
          if (!owner) return fail(reply, { status: 400, message: FILE_MESSAGES.ownerNotFound });
          ownerUserId = owner.id;
        }
      } else {
        if (requestedOwner && requestedOwner !== user.id) {
          return fail(reply, { status: 403, message: FILE_MESSAGES.ownerForbidden });
        }
        // Claim photos come only through their own route, resized (claim-photos.ts).
        if (kind === 'package_photo' || kind === 'delivery_photo' || kind === 'claim_photo')
          return fail(reply, { status: 403, message: AUTH_MESSAGES.forbidden });
      }

      if (!upload.file) return fail(reply, { status: 400, message: FILE_MESSAGES.missing });
      const { bytes, filename } = upload.file;
      const problem = fileProblem(kind, bytes.subarray(0, 16), bytes.length);
      if (problem) return fail(reply, { status: problem === FILE_MESSAGES.tooLarge ? 413 : 400, message: problem });

      // Kept as we make it, not byte for byte: images re-encoded without metadata or anything
      // appended to them, PDFs only when they are nothing but a PDF.
      const contentType = detectContentType(bytes)!;
      const kept = await keptDocument(bytes, contentType);
      const stored = await storeFile(db, fileStore, {
        ownerUserId,
        kind,
        bytes: kept,
        contentType,
        originalName: filename || null,
        uploadedBy: user.id,
      });
      return reply.status(201).send(stored satisfies UploadedFile);
    });
  });

  app.get<{ Params: { id: string }; Querystring: { exp?: string; sig?: string } }>('/files/:id', async (req, reply) => {
    const { id } = req.params;
    if (!UUID.test(id)) return fail(reply, { status: 404, message: GENERIC_MESSAGES.notFound });
    const secret = await getFileLinkSecret(db, config);
    const remaining = verifyFileLink(secret, id.toLowerCase(), req.query.exp, req.query.sig);
    if (remaining === null) return fail(reply, { status: 403, message: FILE_MESSAGES.linkInvalid });

    const file = await findFile(db, id);
    const stored = file ? await fileStore.get(file.storageKey) : null;
    if (!file || !stored) return fail(reply, { status: 404, message: GENERIC_MESSAGES.notFound });

    // Streamed as it arrives from the store: a download never sits whole in memory.
    return reply
      .header('content-type', file.contentType)
      .header('content-length', stored.sizeBytes)
      .header('cache-control', `private, max-age=${remaining}`)
      .header('content-disposition', 'inline')
      .send(stored.body);
  });
}
