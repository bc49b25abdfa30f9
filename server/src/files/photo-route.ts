// The one pipeline of the photos staff take (at the warehouse door, at a delivery): one picture
// per POST, multipart field `file`, same-origin only, allowed to whom the route says. The
// picture is content-checked, turned upright, stripped of its metadata and stored at two sizes
// (images.ts) as files of the route's kind owned by the uploader; answers { fileId, thumbFileId }.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  FILE_MESSAGES,
  RECEPTION_PHOTO_MAX_BYTES,
  WAREHOUSE_MESSAGES,
  type StoredFileKind,
  type UserRole,
} from '@casillero/shared';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { storedFiles } from '../db/schema';
import { isForeignRequest } from '../auth/request-origin';
import { requestUser } from '../auth/request-session';
import type { FileStore } from './file-store';
import { resizePhoto } from './images';
import { storeFile } from './store';
import { fail, multipartFailure, readUpload } from './upload';

/** What a photo route answers. */
export type PhotoUpload = { fileId: string; thumbFileId: string };

export type PhotoRouteOptions = { db: Db; config: Config; fileStore: FileStore };

export type PhotoRoute = {
  path: string;
  kind: StoredFileKind;
  /** The uploader, or null once the refusal has been sent. */
  authorize: (req: FastifyRequest, reply: FastifyReply) => Promise<{ id: string } | null>;
};

/**
 * An `authorize` for the signed-in person whose role `allowed` accepts: without a session 401,
 * with another role 403.
 */
export function signedInAs(options: PhotoRouteOptions, allowed: (role: UserRole) => boolean): PhotoRoute['authorize'] {
  return async (req, reply) => {
    const user = await requestUser(req, reply, options.db, options.config);
    if (!user) {
      fail(reply, { status: 401, message: AUTH_MESSAGES.unauthorized });
      return null;
    }
    if (!allowed(user.role)) {
      fail(reply, { status: 403, message: AUTH_MESSAGES.forbidden });
      return null;
    }
    return user;
  };
}

/** Registered inside the file routes' scope, where the multipart parser is. */
export function registerPhotoRoute(
  scope: FastifyInstance,
  { db, config, fileStore }: PhotoRouteOptions,
  { path, kind, authorize }: PhotoRoute,
) {
  scope.post(path, async (req, reply) => {
    if (isForeignRequest(req, config)) {
      return fail(reply, { status: 403, message: AUTH_MESSAGES.foreignOrigin });
    }
    const user = await authorize(req, reply);
    if (!user) return reply;

    let upload: Awaited<ReturnType<typeof readUpload>>;
    try {
      upload = await readUpload(req, RECEPTION_PHOTO_MAX_BYTES);
    } catch (err) {
      const failure = multipartFailure(err, WAREHOUSE_MESSAGES.photoTooLarge);
      if (failure) return fail(reply, failure);
      throw err;
    }
    if (!upload.file || upload.file.bytes.length === 0)
      return fail(reply, { status: 400, message: FILE_MESSAGES.missing });

    // A picture that cannot be used is a domain error, answered with its reason (http/errors.ts).
    const resized = await resizePhoto(upload.file.bytes);

    const originalName = upload.file.filename || null;
    const common = { ownerUserId: user.id, kind, contentType: 'image/jpeg' as const, uploadedBy: user.id };
    const screen = await storeFile(db, fileStore, { ...common, bytes: resized.screen.bytes, originalName });
    try {
      const thumb = await storeFile(db, fileStore, { ...common, bytes: resized.thumb.bytes, originalName });
      return reply.status(201).send({ fileId: screen.id, thumbFileId: thumb.id } satisfies PhotoUpload);
    } catch (err) {
      // Half a photo is no use: the screen size goes too.
      const [row] = await db
        .delete(storedFiles)
        .where(eq(storedFiles.id, screen.id))
        .returning({ storageKey: storedFiles.storageKey });
      if (row) await fileStore.delete(row.storageKey).catch(() => {});
      throw err;
    }
  });
}
