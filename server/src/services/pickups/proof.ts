// Proof of delivery (docs/product/last-mile.md#agency-counters-and-proof-of-delivery): who
// received it, their cédula or the pickup code, and a photo, one delivery_proofs row per shipment,
// at an agency counter or at home.
import { and, eq, inArray } from 'drizzle-orm';
import {
  DELIVERY_PROOF_METHOD_LABELS,
  PICKUP_MESSAGES as M,
  SHIPMENT_STATUS_LABELS,
  isHomeDeliverable,
  type DeliveryProofMethod,
  type ShipmentStatus,
  type homeDeliveryInput,
  type z,
} from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { agencies, deliveryProofs, shipmentPickups, shipments, storedFiles, userProfiles } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import { lockShipment } from '../shipment-lock';
import { countOwnUploads } from '../owned-uploads';
import { businessToday } from '../../lib/business-clock';
import { notifyAboutShipment } from '../notify';
import { refuseIfNotLeft } from '../shipment-left';
import { moveShipment } from '../shipment-stages';
import { CUSTOMER_LINK, notFound, type Viewer } from './scope';

export type Photo = { fileId: string; thumbFileId: string };

/** The photo the viewer just took (both sizes, delivery photos they uploaded, not in another proof), handed to the customer. */
async function takePhoto(tx: DbOrTx, viewerId: string, customerId: string, photo: Photo) {
  const ids = [photo.fileId, photo.thumbFileId];
  const usable = await countOwnUploads(tx, { ids, kind: 'delivery_photo', userId: viewerId });
  if (photo.fileId === photo.thumbFileId || usable !== 2) throw new DomainError('BAD_INPUT', M.photoInvalid);
  // The customer may open the proof's photo (files.link answers a file's owner).
  await tx.update(storedFiles).set({ ownerUserId: customerId }).where(inArray(storedFiles.id, ids));
}

/** Delivers the shipment: the photo, the proof, the stage, the pickup row gone, the customer told. */
export async function recordDelivery(
  tx: DbOrTx,
  viewer: Viewer,
  shipment: { id: string; userId: string; shipmentCode: string; agencyId: string | null; status: ShipmentStatus },
  proof: { method: DeliveryProofMethod; receivedBy: string; idDocument: string | null; photo: Photo },
  options: { appUrl?: string },
) {
  // One proof per shipment: one already recorded means it was handed over.
  const [recorded] = await tx
    .select({ id: deliveryProofs.shipmentId })
    .from(deliveryProofs)
    .where(eq(deliveryProofs.shipmentId, shipment.id));
  if (recorded) throw new DomainError('CONFLICT', M.alreadyDelivered);
  await takePhoto(tx, viewer.id, shipment.userId, proof.photo);
  const today = businessToday();
  await tx.insert(deliveryProofs).values({
    shipmentId: shipment.id,
    method: proof.method,
    receivedBy: proof.receivedBy,
    idDocument: proof.idDocument,
    photoFileId: proof.photo.fileId,
    photoThumbFileId: proof.photo.thumbFileId,
    agencyId: proof.method === 'home' ? null : shipment.agencyId,
    recordedBy: viewer.id,
  });
  // The customer's stages end with 'Entregado' (docs/product/last-mile.md#agency-counters-and-proof-of-delivery).
  await moveShipment(tx, shipment, 'delivered', { actualDelivery: today });
  await tx.delete(shipmentPickups).where(eq(shipmentPickups.shipmentId, shipment.id));
  await notifyAboutShipment(
    tx,
    shipment.userId,
    {
      title: M.deliveredTitle,
      message: M.deliveredMessage(shipment.shipmentCode, proof.receivedBy),
      link: CUSTOMER_LINK,
    },
    options.appUrl,
  );
  return { delivered: true as const, message: M.delivered(shipment.shipmentCode) };
}

type HomeInput = z.output<typeof homeDeliveryInput>;

/** Staff record the proof of a home delivery: who received it, their cédula and a photo. */
export async function recordHomeDelivery(
  tx: DbOrTx,
  viewer: Viewer,
  input: HomeInput,
  options: { appUrl?: string } = {},
) {
  const shipment = await lockShipment(tx, input.shipmentId, M.notFound);
  if (shipment.deliveryMethod !== 'home') throw new DomainError('BAD_INPUT', M.notHomeDelivery);
  if (shipment.status === 'delivered') throw new DomainError('CONFLICT', M.alreadyDelivered);
  if (!isHomeDeliverable(shipment.status)) {
    throw new DomainError('BAD_INPUT', M.homeNotDeliverable(SHIPMENT_STATUS_LABELS[shipment.status]));
  }
  await refuseIfNotLeft(tx, shipment);
  return recordDelivery(
    tx,
    viewer,
    shipment,
    { method: 'home', receivedBy: input.receivedBy, idDocument: input.idDocument, photo: input.photo },
    options,
  );
}

/**
 * A shipment's proof of delivery, or null. For the customer (`ownerId`) only their own shipment;
 * another's is NOT_FOUND. No one's cédula is shown to the customer beyond who received it.
 */
export async function deliveryProofOf(db: DbOrTx, shipmentId: string, ownerId: string | null) {
  const [shipment] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(ownerId ? and(eq(shipments.id, shipmentId), eq(shipments.userId, ownerId)) : eq(shipments.id, shipmentId));
  if (!shipment) throw notFound();
  const [proof] = await db
    .select({
      method: deliveryProofs.method,
      receivedBy: deliveryProofs.receivedBy,
      idDocument: deliveryProofs.idDocument,
      photoFileId: deliveryProofs.photoFileId,
      photoThumbFileId: deliveryProofs.photoThumbFileId,
      deliveredAt: deliveryProofs.deliveredAt,
      agencyName: agencies.name,
      agencyCity: agencies.city,
      recordedByName: userProfiles.fullName,
    })
    .from(deliveryProofs)
    .leftJoin(agencies, eq(agencies.id, deliveryProofs.agencyId))
    .leftJoin(userProfiles, eq(userProfiles.userId, deliveryProofs.recordedBy))
    .where(eq(deliveryProofs.shipmentId, shipmentId));
  if (!proof) return null;
  return {
    ...proof,
    methodLabel: DELIVERY_PROOF_METHOD_LABELS[proof.method],
    deliveredAt: proof.deliveredAt.toISOString(),
    // The customer sees who received it; the staff member's name stays with staff.
    recordedByName: ownerId ? null : proof.recordedByName,
  };
}
