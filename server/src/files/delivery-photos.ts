// POST /api/delivery/photos (docs/product/last-mile.md#agency-counters-and-proof-of-delivery): the
// photo of a delivery, taken at an agency counter or at a home delivery; multipart field `file`;
// the counter or staff who may write shipments only, same-origin only. The same pipeline as the
// reception photos (reception-photos.ts): checked, turned upright, stripped and stored at two
// sizes as `delivery_photo` files owned by the uploader. The delivery (pickups.deliver,
// pickups.recordHomeDelivery) puts them in the proof and hands them to the customer.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  FILE_MESSAGES,
  DELIVERY_PHOTOS_PATH,
  can,
  RECEPTION_PHOTO_MAX_BYTES,
  WAREHOUSE_MESSAGES,
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

/** What the route answers. */
export type DeliveryPhotoUpload = { fileId: string; thumbFileId: string };

export type DeliveryPhotoRouteOptions = { db: Db; config: Config; fileStore: FileStore };

/** Registered inside the file routes' scope, where the multipart parser is. */
export function registerDeliveryPhotoRoute(
  scope: FastifyInstance,
  { db, config, fileStore }: DeliveryPhotoRouteOptions,
) {
  scope.post(DELIVERY_PHOTOS_PATH, async (req, reply) => {
    if (isForeignRequest(req, config)) {
      return fail(reply, { status: 403, message: AUTH_MESSAGES.foreignOrigin });
    }
    const user = await requestUser(req, reply, db, config);
    if (!user) return fail(reply, { status: 401, message: AUTH_MESSAGES.unauthorized });
    if (!can(user.role, 'pickups.counter') && !can(user.role, 'shipments.write')) {
      return fail(reply, { status: 403, message: AUTH_MESSAGES.forbidden });
    }

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
      kind: 'delivery_photo' as const,
      contentType: 'image/jpeg' as const,
      uploadedBy: user.id,
    };
    const screen = await storeFile(db, fileStore, { ...common, bytes: resized.screen.bytes, originalName });
    try {
      const thumb = await storeFile(db, fileStore, { ...common, bytes: resized.thumb.bytes, originalName });
      return reply.status(201).send({ fileId: screen.id, thumbFileId: thumb.id } satisfies DeliveryPhotoUpload);
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
