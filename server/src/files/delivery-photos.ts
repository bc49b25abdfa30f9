// POST /api/delivery/photos (docs/product/last-mile.md#agency-counters-and-proof-of-delivery): the
// photo of a delivery, taken at an agency counter or at a home delivery, by the counter or staff
// who may write shipments, through the photo pipeline (photo-route.ts), stored as
// `delivery_photo` files. The delivery (pickups.deliver, pickups.recordHomeDelivery) puts them in
// the proof and hands them to the customer.
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, DELIVERY_PHOTOS_PATH, can } from '@casillero/shared';
import { requestUser } from '../auth/request-session';
import { registerPhotoRoute, type PhotoRouteOptions } from './photo-route';
import { fail } from './upload';

export function registerDeliveryPhotoRoute(scope: FastifyInstance, options: PhotoRouteOptions) {
  registerPhotoRoute(scope, options, {
    path: DELIVERY_PHOTOS_PATH,
    kind: 'delivery_photo',
    async authorize(req, reply) {
      const user = await requestUser(req, reply, options.db, options.config);
      if (!user) {
        fail(reply, { status: 401, message: AUTH_MESSAGES.unauthorized });
        return null;
      }
      if (!can(user.role, 'pickups.counter') && !can(user.role, 'shipments.write')) {
        fail(reply, { status: 403, message: AUTH_MESSAGES.forbidden });
        return null;
      }
      return user;
    },
  });
}
