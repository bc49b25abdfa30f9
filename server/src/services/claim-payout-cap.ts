// The cap across claims (docs/product/claims.md#the-cap-across-claims), enforced where a payout is
// asked for: a claim is not opened once its parcel or shipment has been paid all it covers, and a
// decision pays at most what is left, "in full" included. Two staff approving two claims on one
// parcel at the same moment are settled by the database: each decision locks the shipment and the
// parcels it pays on (always in that order, so two decisions never wait on each other in a
// circle), and reads what was paid only once it holds them.
import { asc, eq, inArray } from 'drizzle-orm';
import {
  CLAIM_MESSAGES as M,
  formatUsdCents,
  isCappedClaimKind,
  type ClaimKind,
  type ClaimSettings,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { packages, shipmentPackages, shipments } from '../db/schema';
import { DomainError } from '../lib/domain-error';
import { claimPayoutFacts, isCapSpent, type ClaimPayoutFacts } from '../queries/claim-payout-cap';

type Subject = { packageId: string | null; shipmentId: string | null };

/**
 * Locks what a payout on this subject counts against until the transaction ends: the shipment
 * (the claim's, or the one its parcel travels in) and then its parcels (the claim's one, or all of
 * the shipment's), by id. A row lock that leaves the rows' keys free: nothing that only references
 * them waits.
 */
async function lockPayoutSubject(tx: DbOrTx, subject: Subject) {
  let shipmentId = subject.shipmentId;
  if (!shipmentId && subject.packageId) {
    const [inShipment] = await tx
      .select({ shipmentId: shipmentPackages.shipmentId })
      .from(shipmentPackages)
      .where(eq(shipmentPackages.packageId, subject.packageId));
    shipmentId = inShipment?.shipmentId ?? null;
  }
  if (shipmentId)
    await tx.select({ id: shipments.id }).from(shipments).where(eq(shipments.id, shipmentId)).for('no key update');
  const packageIds = subject.packageId
    ? [subject.packageId]
    : shipmentId
      ? (
          await tx
            .select({ id: shipmentPackages.packageId })
            .from(shipmentPackages)
            .where(eq(shipmentPackages.shipmentId, shipmentId))
        ).map((p) => p.id)
      : [];
  if (packageIds.length)
    await tx
      .select({ id: packages.id })
      .from(packages)
      .where(inArray(packages.id, packageIds))
      .orderBy(asc(packages.id))
      .for('no key update');
}

const capSpent = (payout: ClaimPayoutFacts) =>
  new DomainError('BAD_INPUT', M.capSpent(formatUsdCents(payout.leftUsdCents), formatUsdCents(payout.limitUsdCents)));

/** Opening: refused once what the parcel or shipment covers has all been paid (a weight dispute pays no goods). */
export async function refuseWhenCapSpent(
  db: DbOrTx,
  claim: { kind: ClaimKind; packageId?: string | null; shipmentId?: string | null },
  settings: ClaimSettings,
) {
  if (!isCappedClaimKind(claim.kind)) return;
  const subject = { packageId: claim.packageId ?? null, shipmentId: claim.shipmentId ?? null };
  const payout = await claimPayoutFacts(db, subject, settings);
  if (isCapSpent(payout)) throw capSpent(payout);
}

/**
 * Deciding: what this claim pays, USD cents: the amount asked for (`requestedUsdCents`), or, in
 * full, everything that is left; refused above what is left, saying how much is.
 */
export async function payoutWithinCap(
  tx: DbOrTx,
  claim: { id: string } & Subject,
  settings: ClaimSettings,
  requestedUsdCents: number | undefined,
): Promise<number> {
  await lockPayoutSubject(tx, claim);
  const payout = await claimPayoutFacts(tx, claim, settings);
  if (isCapSpent(payout)) throw capSpent(payout);
  const amount = requestedUsdCents ?? payout.leftUsdCents;
  if (amount > payout.leftUsdCents)
    throw new DomainError(
      'BAD_INPUT',
      M.amountAboveLeft(formatUsdCents(payout.leftUsdCents), formatUsdCents(payout.limitUsdCents)),
    );
  if (amount <= 0) throw new DomainError('BAD_INPUT', M.amountRequired);
  return amount;
}
