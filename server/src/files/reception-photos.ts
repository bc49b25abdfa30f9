// POST /api/reception/photos (docs/product/warehouse-intake.md#photos): one picture taken at the
// warehouse door, by staff who may write packages, through the photo pipeline (photo-route.ts),
// stored as `package_photo` files. Saving the reception (reception.receive) attaches them to the
// parcel and hands them to its customer.
import type { FastifyInstance } from 'fastify';
import { RECEPTION_PHOTOS_PATH } from '@casillero/shared';
import { requestStaff } from '../auth/request-session';
import { registerPhotoRoute, type PhotoRouteOptions } from './photo-route';

export function registerReceptionPhotoRoute(scope: FastifyInstance, options: PhotoRouteOptions) {
  registerPhotoRoute(scope, options, {
    path: RECEPTION_PHOTOS_PATH,
    kind: 'package_photo',
    authorize: (req, reply) => requestStaff(req, reply, options.db, options.config, 'packages.write'),
  });
}
