// POST /api/reception/photos (docs/product/warehouse-intake.md#photos): one picture taken at the warehouse door,
// multipart field `file`; staff who may write packages only, same-origin only. The picture is
// content-checked, turned upright, stripped of its metadata and stored at two sizes (images.ts)
// as `package_photo` files owned by the uploader; answers { fileId, thumbFileId }. Saving the
// reception (reception.receive) attaches them to the parcel and hands them to its customer.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  FILE_MESSAGES,
  RECEPTION_PHOTOS_PATH,
  RECEPTION_PHOTO_MAX_BYTES,
  WAREHOUSE_MESSAGES,
} from '@casillero/shared';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { storedFiles } from '../db/schema';
import { isForeignRequest } from '../auth/request-origin';
import { requestStaff } from '../auth/request-session';
import type { FileStore } from './file-store';
import { resizePhoto } from './images';
import { storeFile } from './store';
import { fail, multipartFailure, readUpload } from './upload';

/** What the route answers. */
export type ReceptionPhotoUpload = { fileId: string; thumbFileId: string };

export type ReceptionPhotoRouteOptions = { db: Db; config: Config; fileStore: FileStore };

/** Registered inside the file routes' scope, where the multipart parser is. */
export function registerReceptionPhotoRoute(
  scope: FastifyInstance,
  { db, config, fileStore }: ReceptionPhotoRouteOptions,
) {
  scope.post(RECEPTION_PHOTOS_PATH, async (req, reply) => {
    if (isForeignRequest(req, config)) {
      return fail(reply, { status: 403, message: AUTH_MESSAGES.foreignOrigin });
    }
    const user = await requestStaff(req, reply, db, config, 'packages.write');
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
    const common = {
      ownerUserId: user.id,
      kind: 'package_photo' as const,
      contentType: 'image/jpeg' as const,
      uploadedBy: user.id,
    };
    const screen = await storeFile(db, fileStore, { ...common, bytes: resized.screen.bytes, originalName });
    try {
      const thumb = await storeFile(db, fileStore, { ...common, bytes: resized.thumb.bytes, originalName });
      return reply.status(201).send({ fileId: screen.id, thumbFileId: thumb.id } satisfies ReceptionPhotoUpload);
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
