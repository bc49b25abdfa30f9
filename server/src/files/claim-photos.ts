// POST /api/claims/photos (docs/product/claims.md): a photo the customer attaches to a claim (the
// damage, the missing items, the carrier's proof of delivery), through the photo pipeline
// (photo-route.ts): content-checked, so anything that is not an image is refused, and stored as
// the customer's own `claim_photo` files. Opening or answering a claim then attaches them.
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, CLAIM_PHOTOS_PATH, isStaffRole } from '@casillero/shared';
import { requestUser } from '../auth/request-session';
import { registerPhotoRoute, type PhotoRouteOptions } from './photo-route';
import { fail } from './upload';

export function registerClaimPhotoRoute(scope: FastifyInstance, options: PhotoRouteOptions) {
  registerPhotoRoute(scope, options, {
    path: CLAIM_PHOTOS_PATH,
    kind: 'claim_photo',
    async authorize(req, reply) {
      const user = await requestUser(req, reply, options.db, options.config);
      if (!user) {
        fail(reply, { status: 401, message: AUTH_MESSAGES.unauthorized });
        return null;
      }
      // Claims are the customer's: staff never upload in a customer's name here.
      if (isStaffRole(user.role)) {
        fail(reply, { status: 403, message: AUTH_MESSAGES.forbidden });
        return null;
      }
      return user;
    },
  });
}
