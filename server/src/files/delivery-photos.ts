// POST /api/delivery/photos (docs/product/last-mile.md#agency-counters-and-proof-of-delivery): the
// photo of a delivery, taken at an agency counter or at a home delivery, by the counter or staff
// who may write shipments, through the photo pipeline (photo-route.ts), stored as
// `delivery_photo` files. The delivery (pickups.deliver, pickups.recordHomeDelivery) puts them in
// the proof and hands them to the customer.
import type { FastifyInstance } from 'fastify';
import { DELIVERY_PHOTOS_PATH, can } from '@casillero/shared';
import { registerPhotoRoute, signedInAs, type PhotoRouteOptions } from './photo-route';

export function registerDeliveryPhotoRoute(scope: FastifyInstance, options: PhotoRouteOptions) {
  registerPhotoRoute(scope, options, {
    path: DELIVERY_PHOTOS_PATH,
    kind: 'delivery_photo',
    authorize: signedInAs(options, (role) => can(role, 'pickups.counter') || can(role, 'shipments.write')),
  });
}
