// The claim offered when a search ends "not found" (docs/product/first-mile.md#delivered-but-not-received):
// the customer opens it with one tap and it is a 'not_in_mailbox' claim opened through the claims
// service, written with the carrier's evidence (delivered date, place, signer, photo link). A claim
// is opened on a package: the pre-alert's pending package, made now when it has none (reception
// receives that package if the parcel turns up: queries/reception.ts's rule 2).
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { CLAIM_TEXT_MAX, PARCEL_SEARCH_MESSAGES as M, carrierEvidenceText } from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { carrierShipments, packages, parcelSearches, prealerts } from '../../db/schema';
import { businessToday } from '../../lib/business-clock';
import { DomainError } from '../../lib/domain-error';
import { receivingMailboxOf } from '../../queries/reception';
import { openClaim } from '../claims';

type Options = { appUrl?: string; now?: Date };

/** The customer's pending package of the pre-alert's number, made from the pre-alert when missing. */
async function pendingPackageOf(tx: DbOrTx, userId: string, prealert: typeof prealerts.$inferSelect): Promise<string> {
  const [pending] = await tx
    .select({ id: packages.id })
    .from(packages)
    .where(
      and(
        eq(packages.userId, userId),
        sql`tracking_key(${packages.trackingNumber}) = tracking_key(${prealert.trackingNumber})`,
        isNull(packages.receivedDate),
      ),
    )
    .orderBy(desc(packages.createdAt))
    .limit(1);
  if (pending) return pending.id;
  const mailbox = await receivingMailboxOf(tx, userId, prealert.mailboxId);
  if (!mailbox) throw new DomainError('BAD_INPUT', M.searchNotFound);
  const [created] = await tx
    .insert(packages)
    .values({
      userId,
      mailboxId: mailbox.id,
      trackingNumber: prealert.trackingNumber,
      packageDescription: prealert.description,
      senderName: prealert.senderName,
      estimatedValueUsdCents: prealert.estimatedValueUsdCents,
      status: 'pending',
    })
    .returning({ id: packages.id });
  return created.id;
}

/** The customer's own "not found" search becomes her claim, once. */
export async function openClaimFromSearch(tx: DbOrTx, customerId: string, searchId: string, options: Options = {}) {
  const [search] = await tx
    .select()
    .from(parcelSearches)
    .where(and(eq(parcelSearches.id, searchId), eq(parcelSearches.userId, customerId)))
    .for('update');
  if (!search) throw new DomainError('NOT_FOUND', M.searchNotFound);
  if (search.claimId) throw new DomainError('CONFLICT', M.claimAlreadyOpened);
  if (search.status !== 'not_found') throw new DomainError('BAD_INPUT', M.notFoundYet);
  const [prealert] = await tx.select().from(prealerts).where(eq(prealerts.id, search.prealertId));
  const [shipment] = await tx.select().from(carrierShipments).where(eq(carrierShipments.id, search.carrierShipmentId));
  if (!prealert?.trackingNumber || !shipment) throw new DomainError('NOT_FOUND', M.searchNotFound);
  const deliveredAt = shipment.deliveredAt ?? shipment.stateAt ?? search.createdAt;
  const evidence = carrierEvidenceText(shipment.carrier, {
    deliveredAt,
    place: shipment.deliveredLocation,
    signedBy: shipment.proofSignedBy,
    photoUrl: shipment.proofPhotoUrl,
  });
  const packageId = await pendingPackageOf(tx, customerId, prealert);
  // The carrier's proof is its own evidence here (its words and photo link in the text), not an
  // upload: the service takes the proof file as optional, the customer form requires it.
  const opened = await openClaim(
    tx,
    customerId,
    {
      kind: 'not_in_mailbox',
      packageId,
      text: M.claimText(prealert.trackingNumber, evidence).slice(0, CLAIM_TEXT_MAX),
      photos: [],
      carrierDeliveredOn: businessToday(deliveredAt),
    },
    options,
  );
  await tx
    .update(parcelSearches)
    .set({ claimId: opened.id, updatedAt: options.now ?? new Date() })
    .where(eq(parcelSearches.id, search.id));
  return { claimId: opened.id, code: opened.code, message: M.claimOpened(opened.code) };
}
