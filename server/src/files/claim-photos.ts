// POST /api/claims/photos (docs/product/claims.md): a photo the customer attaches to a claim (the
// damage, the missing items, the carrier's proof of delivery), through the photo pipeline
// (photo-route.ts): content-checked, so anything that is not an image is refused, and stored as
// the customer's own `claim_photo` files. Opening or answering a claim then attaches them.
import type { FastifyInstance } from 'fastify';
import { CLAIM_PHOTOS_PATH, isStaffRole } from '@casillero/shared';
import { registerPhotoRoute, signedInAs, type PhotoRouteOptions } from './photo-route';

export function registerClaimPhotoRoute(scope: FastifyInstance, options: PhotoRouteOptions) {
  registerPhotoRoute(scope, options, {
    path: CLAIM_PHOTOS_PATH,
    kind: 'claim_photo',
    // Claims are the customer's: staff never upload in a customer's name here.
    authorize: signedInAs(options, (role) => !isStaffRole(role)),
  });
}
