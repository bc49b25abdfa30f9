// What a claim may pay (docs/product/claims.md#the-cap-across-claims): the limit of its parcel or
// shipment, what the approved claims on it already paid, and what is left. The cap holds for the
// parcel and for its shipment across every claim ever approved on them, whatever their kinds and
// order; services/claim-payout-cap.ts locks the rows so that two decisions at once read it in turn.
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  CLAIM_KINDS_CAPPED,
  CLAIM_STATUSES_PAID,
  claimPayoutLeft,
  claimPayoutLimit,
  type ClaimSettings,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { claims, packages, shipmentPackages, shipments } from '../db/schema';
import { claimSubjectFacts, declaredValueUsdCents } from './claim-subject';

/** The declared values of every parcel in a shipment added up, USD cents (null when none declares one). */
async function shipmentDeclaredUsdCents(db: DbOrTx, shipmentId: string): Promise<number | null> {
  const [row] = await db
    .select({ cents: sql<string | null>`sum(${packages.estimatedValueUsdCents})::bigint` })
    .from(shipmentPackages)
    .innerJoin(packages, eq(packages.id, shipmentPackages.packageId))
    .where(eq(shipmentPackages.shipmentId, shipmentId));
  return row?.cents == null ? null : Number(row.cents);
}

/** A parcel's claims, or a shipment's own claims and those of every parcel in it. */
export type PayoutSubject = { packageId: string } | { shipmentId: string };

/**
 * What the approved claims on a subject paid, USD cents (a weight dispute is a freight correction,
 * not counted); `exceptClaimId`, the claim being decided, left out.
 */
export async function paidOnSubjectUsdCents(
  db: DbOrTx,
  subject: PayoutSubject,
  exceptClaimId: string | null,
): Promise<number> {
  const on =
    'packageId' in subject
      ? eq(claims.packageId, subject.packageId)
      : or(
          eq(claims.shipmentId, subject.shipmentId),
          inArray(
            claims.packageId,
            db
              .select({ id: shipmentPackages.packageId })
              .from(shipmentPackages)
              .where(eq(shipmentPackages.shipmentId, subject.shipmentId)),
          ),
        );
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${claims.payoutUsdCents}), 0)::bigint` })
    .from(claims)
    .where(
      and(
        on,
        inArray(claims.status, [...CLAIM_STATUSES_PAID]),
        inArray(claims.kind, [...CLAIM_KINDS_CAPPED]),
        exceptClaimId ? ne(claims.id, exceptClaimId) : undefined,
      ),
    );
  return Number(row?.cents ?? 0);
}

/** A shipment's own limit (its insured value, or the uninsured share of its parcels' declared values) and what it paid. */
async function shipmentCap(db: DbOrTx, shipmentId: string, settings: ClaimSettings, exceptClaimId: string | null) {
  const [row] = await db
    .select({ code: shipments.shipmentCode, insuredUsdCents: shipments.insuredValueUsdCents })
    .from(shipments)
    .where(eq(shipments.id, shipmentId));
  const declaredUsdCents = await shipmentDeclaredUsdCents(db, shipmentId);
  return {
    code: row?.code ?? '',
    limitUsdCents: claimPayoutLimit({ insuredUsdCents: row?.insuredUsdCents ?? null, declaredUsdCents }, settings),
    paidUsdCents: await paidOnSubjectUsdCents(db, { shipmentId }, exceptClaimId),
  };
}

/**
 * What a claim may pay now (USD cents), with the values it comes from. The limit: on one parcel of
 * an insured shipment, the parcel's share of the insured value (`shipmentDeclaredUsdCents` is then
 * the shipment's declared values added up); on the whole shipment, the whole insured value; not
 * insured, the allowed share of the declared value. `paidUsdCents`: what the other approved claims
 * on the same parcel (or on the shipment and its parcels) paid. `shipment`: for a parcel that
 * travels in one, the shipment's own limit and what it paid, which bounds `leftUsdCents` too.
 * `claim.id` (a claim already opened) is left out of what was paid.
 */
export async function claimPayoutFacts(
  db: DbOrTx,
  claim: { id?: string | null; packageId: string | null; shipmentId: string | null },
  settings: ClaimSettings,
) {
  const facts = await claimSubjectFacts(db, null, claim);
  const declaredUsdCents = facts ? await declaredValueUsdCents(db, facts.packageIds) : null;
  const insuredUsdCents = facts?.insuredUsdCents ?? null;
  const shipmentDeclared =
    claim.packageId && facts?.shipmentId && insuredUsdCents != null
      ? ((await shipmentDeclaredUsdCents(db, facts.shipmentId)) ?? 0)
      : null;
  const limitUsdCents = claimPayoutLimit(
    { insuredUsdCents, declaredUsdCents, shipmentDeclaredUsdCents: shipmentDeclared },
    settings,
  );
  const except = claim.id ?? null;
  const subject: PayoutSubject | null = claim.packageId
    ? { packageId: claim.packageId }
    : claim.shipmentId
      ? { shipmentId: claim.shipmentId }
      : null;
  const paidUsdCents = subject ? await paidOnSubjectUsdCents(db, subject, except) : 0;
  const shipment =
    claim.packageId && facts?.shipmentId ? await shipmentCap(db, facts.shipmentId, settings, except) : null;
  return {
    insuredUsdCents,
    declaredUsdCents,
    shipmentDeclaredUsdCents: shipmentDeclared,
    limitUsdCents,
    paidUsdCents,
    leftUsdCents: claimPayoutLeft({ limitUsdCents, paidUsdCents }, shipment),
    shipment,
  };
}
export type ClaimPayoutFacts = Awaited<ReturnType<typeof claimPayoutFacts>>;

/** Something was already paid on the subject (or its shipment) and nothing is left: no more claims. */
export const isCapSpent = (payout: ClaimPayoutFacts) =>
  payout.leftUsdCents <= 0 && (payout.paidUsdCents > 0 || (payout.shipment?.paidUsdCents ?? 0) > 0);
