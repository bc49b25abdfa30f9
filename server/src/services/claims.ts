// Claims' steps (docs/product/claims.md): the customer opens one (within its kind's window, on their
// own parcel, one open per kind and parcel) and answers the desk; the desk assigns it, asks the
// customer for more (the answer-by clock pauses) and decides it. An approval pays credit into the
// customer's ledger once: the claim's row is locked while deciding, so of two staff approving at
// once the second finds it decided. Every step is a history entry, an audit entry and a notice.
import { and, eq, sql } from 'drizzle-orm';
import {
  CLAIM_KIND_SUBJECTS,
  CLAIM_MAX_PHOTOS,
  CLAIM_MESSAGES as M,
  CLAIM_NOTICES,
  CLAIMS_PATH,
  ORIGIN_OF_MAILBOX_LOCATION,
  can,
  claimCode,
  claimCreditDescription,
  claimWeightAdjustmentDescription,
  claimWindow,
  formatUsdCents,
  parseDimensionsCm,
  quoteBoxCents,
  type ClaimEventKind,
  type ClaimPhotoInput,
  type ClaimSettings,
  type ClaimStatus,
  type z,
  type answerClaimInput,
  type askClaimInput,
  type assignClaimInput,
  type decideClaimInput,
  type openClaimInput,
  dollarsToCents,
  FISCAL_MESSAGES,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import {
  claimEvents,
  claimPhotos,
  claims,
  mailboxes,
  packages,
  shipments,
  storedFiles,
  users,
  type ClaimRow,
} from '../db/schema';
import { saveAuditedSetting } from '../audit/app-settings';
import { addBusinessDays } from '../lib/business-clock';
import { isUniqueViolation } from '../lib/database-errors';
import { DomainError } from '../lib/domain-error';
import { countOwnUploads } from './owned-uploads';
import { CLAIM_SETTINGS_KEY, getClaimSettings } from '../queries/claims';
import { claimSubjectFacts, declaredValueUsdCents, type ClaimSubjectFacts } from '../queries/claim-subject';
import { payoutWithinCap, refuseWhenCapSpent } from './claim-payout-cap';
import { recordLedgerCorrection } from './billing/ledger';
import { creditNoteForClaim } from './fiscal/notes';
import { notifyUser } from './notify';
import { enqueueWebhookEvent } from './webhooks';
import { findPriceVersion, getPricesInEffect } from '../queries/prices';

type Options = { appUrl?: string; now?: Date };

/** The start of a day (YYYY-MM-DD) on the business's clock (Caracas, UTC−4 all year). */
const startOfBusinessDay = (day: string) => new Date(`${day}T00:00:00-04:00`);

/** From when a kind's window counts, for this parcel (null: not yet). */
function windowStart(
  kind: z.output<typeof openClaimInput>['kind'],
  subject: 'package' | 'shipment',
  facts: ClaimSubjectFacts,
  carrierDeliveredOn: string | undefined,
): Date | null {
  const delivered = facts.shipmentDeliveredOn ? startOfBusinessDay(facts.shipmentDeliveredOn) : null;
  switch (kind) {
    case 'not_in_mailbox':
      return carrierDeliveredOn ? startOfBusinessDay(carrierDeliveredOn) : null;
    case 'weight_dispute':
      return facts.receivedAt;
    case 'lost':
      return subject === 'package' ? facts.receivedAt : facts.shipmentCreatedAt;
    case 'damaged':
    case 'missing_items':
      // Found at the warehouse door, or by the customer once the shipment is delivered.
      return subject === 'package' ? (delivered ?? facts.receivedAt) : delivered;
  }
}

/** The customer's own, fresh claim photos (both sizes), not attached to any claim yet. */
async function checkPhotos(tx: DbOrTx, customerId: string, photos: readonly ClaimPhotoInput[]) {
  if (photos.length === 0) return;
  const ids = photos.flatMap((p) => [p.fileId, p.thumbFileId]);
  if (new Set(ids).size !== ids.length) throw new DomainError('BAD_INPUT', M.photoInvalid);
  const usable = await countOwnUploads(tx, {
    ids,
    kind: 'claim_photo',
    userId: customerId,
    taken: [
      sql`exists (select 1 from claim_photos cp where cp.file_id = ${storedFiles.id} or cp.thumb_file_id = ${storedFiles.id})`,
      sql`exists (select 1 from claims c where c.carrier_proof_file_id = ${storedFiles.id})`,
    ],
  });
  // Another customer's photo is a missing one.
  if (usable !== ids.length) throw new DomainError('NOT_FOUND', M.photoInvalid);
}

async function addEvent(tx: DbOrTx, claimId: string, kind: ClaimEventKind, actorId: string, body: string | null) {
  await tx.insert(claimEvents).values({ claimId, kind, actorId, body });
}

async function tell(
  tx: DbOrTx,
  claim: Pick<ClaimRow, 'userId' | 'id'>,
  notice: { title: string; message: string },
  options: Options,
) {
  await notifyUser(
    tx,
    claim.userId,
    { ...notice, type: 'general', link: `${CLAIMS_PATH}?id=${claim.id}` },
    { kind: 'status_changed', email: 'default', appUrl: options.appUrl },
  );
  // The claim as it now stands, for the integrations subscribed to its changes.
  const [now] = await tx
    .select({ number: claims.number, kind: claims.kind, status: claims.status, updatedAt: claims.updatedAt })
    .from(claims)
    .where(eq(claims.id, claim.id));
  if (now) {
    await enqueueWebhookEvent(tx, 'claim.updated', [
      {
        userId: claim.userId,
        data: {
          claimId: claim.id,
          code: claimCode(now.number),
          kind: now.kind,
          status: now.status,
          notice: notice.message,
          updatedAt: now.updatedAt.toISOString(),
        },
      },
    ]);
  }
}

/** The customer opens a claim on one of their packages or shipments. */
export async function openClaim(
  tx: DbOrTx,
  customerId: string,
  input: z.output<typeof openClaimInput>,
  options: Options = {},
) {
  const now = options.now ?? new Date();
  const subject = input.packageId ? 'package' : 'shipment';
  // Another customer's parcel is a missing one, whatever the kind.
  const facts = await claimSubjectFacts(tx, customerId, input);
  if (!facts) throw new DomainError('NOT_FOUND', M.subjectNotFound);
  const proof = input.kind === 'not_in_mailbox' ? input.carrierProof : undefined;
  await checkPhotos(tx, customerId, [...input.photos, ...(proof ? [proof] : [])]);
  if (!CLAIM_KIND_SUBJECTS[input.kind].includes(subject)) throw new DomainError('BAD_INPUT', M.kindNotForSubject);
  if (input.kind === 'not_in_mailbox') {
    if (facts.receivedAt) throw new DomainError('BAD_INPUT', M.notInMailboxAlreadyReceived);
    if (input.carrierDeliveredOn && startOfBusinessDay(input.carrierDeliveredOn) > now)
      throw new DomainError('BAD_INPUT', M.carrierDateFuture);
  }
  const settings = await getClaimSettings(tx);
  const window = claimWindow(
    input.kind,
    windowStart(input.kind, subject, facts, input.carrierDeliveredOn),
    now,
    settings,
  );
  if (window === 'too_early') throw new DomainError('BAD_INPUT', M.notInMailboxTooEarly);
  if (window === 'closed')
    throw new DomainError('BAD_INPUT', M.windowClosed(input.kind, settings.windowDays[input.kind]));
  if (window === 'not_yet') throw new DomainError('BAD_INPUT', M.windowNotYet(input.kind));
  await refuseWhenCapSpent(tx, input, settings);

  let claim: ClaimRow;
  try {
    [claim] = (await tx
      .insert(claims)
      .values({
        userId: customerId,
        kind: input.kind,
        packageId: input.packageId ?? null,
        shipmentId: input.shipmentId ?? null,
        description: input.text,
        carrierDeliveredOn: input.kind === 'not_in_mailbox' ? (input.carrierDeliveredOn ?? null) : null,
        carrierProofFileId: proof?.fileId ?? null,
        answerBy: addBusinessDays(now, settings.answerBusinessDays),
        createdAt: now,
        updatedAt: now,
      })
      .returning()) as [ClaimRow];
  } catch (err) {
    if (
      isUniqueViolation(err, 'claims_open_package_kind_key') ||
      isUniqueViolation(err, 'claims_open_shipment_kind_key')
    )
      throw new DomainError('CONFLICT', M.alreadyOpen, { cause: err });
    throw err;
  }
  if (input.photos.length) await tx.insert(claimPhotos).values(input.photos.map((p) => ({ claimId: claim.id, ...p })));
  await addEvent(tx, claim.id, 'opened', customerId, input.text);
  const code = claimCode(claim.number);
  await tell(tx, claim, CLAIM_NOTICES.opened(code), options);
  return { id: claim.id, code, message: M.opened(code) };
}

/** The claim, locked until the transaction ends (a customer's own with `customerId`). */
async function lockClaim(tx: DbOrTx, id: string, customerId?: string) {
  const [claim] = await tx
    .select()
    .from(claims)
    .where(and(eq(claims.id, id), customerId ? eq(claims.userId, customerId) : undefined))
    .for('update');
  if (!claim) throw new DomainError('NOT_FOUND', M.notFound);
  return claim;
}

const isOpen = (status: ClaimStatus) => status === 'open' || status === 'waiting_customer';

/** The customer answers what the desk asked: the claim goes back to the desk and its clock runs again. */
export async function answerClaim(
  tx: DbOrTx,
  customerId: string,
  input: z.output<typeof answerClaimInput>,
  options: Options = {},
) {
  const now = options.now ?? new Date();
  const claim = await lockClaim(tx, input.id, customerId);
  if (claim.status !== 'waiting_customer') throw new DomainError('BAD_INPUT', M.notWaitingForYou);
  const [{ count }] = await tx
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(claimPhotos)
    .where(eq(claimPhotos.claimId, claim.id));
  if (count + input.photos.length > CLAIM_MAX_PHOTOS) throw new DomainError('BAD_INPUT', M.tooManyPhotos);
  await checkPhotos(tx, customerId, input.photos);
  if (input.photos.length) await tx.insert(claimPhotos).values(input.photos.map((p) => ({ claimId: claim.id, ...p })));
  await tx
    .update(claims)
    .set({
      status: 'open',
      answerBy: new Date(now.getTime() + (claim.pausedRemainingMs ?? 0)),
      pausedRemainingMs: null,
      updatedAt: now,
    })
    .where(eq(claims.id, claim.id));
  await addEvent(tx, claim.id, 'answered', customerId, input.text);
  return { id: claim.id, message: M.answered };
}

/** Staff give the claim to someone of the desk (themself or another). */
export async function assignClaim(
  tx: DbOrTx,
  staffId: string,
  input: z.output<typeof assignClaimInput>,
  options: Options = {},
) {
  const claim = await lockClaim(tx, input.id);
  if (!isOpen(claim.status)) throw new DomainError('CONFLICT', M.alreadyDecided);
  const [person] = await tx
    .select({ role: users.role, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, input.staffId));
  if (!person || person.deactivatedAt || !can(person.role, 'claims.manage'))
    throw new DomainError('BAD_INPUT', M.staffNotFound);
  await tx.update(claims).set({ assignedTo: input.staffId, updatedAt: new Date() }).where(eq(claims.id, claim.id));
  await addEvent(tx, claim.id, 'assigned', staffId, null);
  await tell(tx, claim, CLAIM_NOTICES.assigned(claimCode(claim.number)), options);
  return { id: claim.id, message: M.assigned };
}

/** The desk asks the customer for more: they are told, and the answer-by clock pauses until they answer. */
export async function askForMore(
  tx: DbOrTx,
  staffId: string,
  input: z.output<typeof askClaimInput>,
  options: Options = {},
) {
  const now = options.now ?? new Date();
  const claim = await lockClaim(tx, input.id);
  if (!isOpen(claim.status)) throw new DomainError('CONFLICT', M.alreadyDecided);
  const paused =
    claim.status === 'waiting_customer'
      ? {}
      : {
          status: 'waiting_customer' as const,
          answerBy: null,
          pausedRemainingMs: Math.max(0, (claim.answerBy?.getTime() ?? now.getTime()) - now.getTime()),
        };
  await tx
    .update(claims)
    .set({ ...paused, assignedTo: claim.assignedTo ?? staffId, updatedAt: now })
    .where(eq(claims.id, claim.id));
  await addEvent(tx, claim.id, 'asked', staffId, input.request);
  await tell(tx, claim, CLAIM_NOTICES.askedForMore(claimCode(claim.number)), options);
  return { id: claim.id, message: M.askedForMore };
}

/**
 * A weight dispute upheld: the package takes the corrected weight and measures, and when it was
 * already charged (it travels in a shipment) the difference is credited as an adjustment.
 * Answers the adjustment in USD cents (0 when nothing was charged yet).
 */
async function correctWeight(
  tx: DbOrTx,
  staffId: string,
  claim: ClaimRow,
  correction: { weightKg: number; dimensionsCm: string },
) {
  if (!claim.packageId || !parseDimensionsCm(correction.dimensionsCm))
    throw new DomainError('BAD_INPUT', M.weightRequired);
  const [parcel] = await tx
    .select({
      id: packages.id,
      weightKg: packages.weightKg,
      dimensionsCm: packages.dimensionsCm,
      warehouseReceipt: packages.warehouseReceipt,
      trackingNumber: packages.trackingNumber,
      location: mailboxes.location,
      shippingMethod: shipments.shippingMethod,
      priceListVersionId: shipments.priceListVersionId,
    })
    .from(packages)
    .innerJoin(mailboxes, eq(mailboxes.id, packages.mailboxId))
    .leftJoin(sql`shipment_packages sp`, sql`sp.package_id = ${packages.id}`)
    .leftJoin(shipments, sql`${shipments.id} = sp.shipment_id`)
    .where(eq(packages.id, claim.packageId))
    .for('update', { of: packages });
  if (!parcel) throw new DomainError('NOT_FOUND', M.subjectNotFound);
  let adjustment = 0;
  if (parcel.shippingMethod) {
    const valueUsdCents = (await declaredValueUsdCents(tx, [parcel.id])) ?? 0;
    const origin = ORIGIN_OF_MAILBOX_LOCATION[parcel.location];
    // The price list the shipment was priced with (docs/product/price-lists.md), else the one in effect.
    const honoured = parcel.priceListVersionId ? await findPriceVersion(tx, parcel.priceListVersionId) : null;
    const prices = honoured?.prices ?? (await getPricesInEffect(tx)).prices;
    // What shipping this package costs at a weight and measures, as it was priced; null: no price.
    const price = (weightKg: number, dimensionsCm: string | null) =>
      origin ? quoteBoxCents(origin, parcel.shippingMethod!, { weightKg, dimensionsCm, valueUsdCents }, prices) : null;
    const before = price(parcel.weightKg ?? 0, parcel.dimensionsCm);
    const after = price(correction.weightKg, correction.dimensionsCm);
    if (before == null || after == null || after >= before) throw new DomainError('BAD_INPUT', M.weightNotLower);
    adjustment = before - after;
  }
  await tx
    .update(packages)
    .set({ weightKg: correction.weightKg, dimensionsCm: correction.dimensionsCm, updatedAt: new Date() })
    .where(eq(packages.id, parcel.id));
  let entryId: number | null = null;
  if (adjustment > 0) {
    const label = parcel.warehouseReceipt ?? parcel.trackingNumber ?? parcel.id.slice(0, 8);
    const entry = await recordLedgerCorrection(
      tx,
      staffId,
      {
        userId: claim.userId,
        kind: 'adjustment',
        usdCents: -adjustment,
        reason: claimWeightAdjustmentDescription(claimCode(claim.number), label),
      },
      M.amountRequired,
    );
    entryId = entry.id;
  }
  return { adjustment, entryId };
}

/**
 * The desk's decision. Approved (in full: what is left of the cap, or the amount typed up to it)
 * or partly approved (the amount typed): the payout is credit on the customer's account, never
 * more than what is left of the parcel's and the shipment's cap (claim-payout-cap.ts). A weight dispute upheld corrects the package instead. Rejected: with the reason the
 * customer reads. Decided once.
 */
export async function decideClaim(
  tx: DbOrTx,
  staffId: string,
  input: z.output<typeof decideClaimInput>,
  options: Options = {},
) {
  const now = options.now ?? new Date();
  const claim = await lockClaim(tx, input.id);
  if (!isOpen(claim.status)) throw new DomainError('CONFLICT', M.alreadyDecided);
  const code = claimCode(claim.number);
  const decided = { decidedBy: staffId, decidedAt: now, answerBy: null, pausedRemainingMs: null, updatedAt: now };

  if (input.decision === 'reject') {
    await tx
      .update(claims)
      .set({ ...decided, status: 'rejected', decisionReason: input.reason ?? null })
      .where(eq(claims.id, claim.id));
    await addEvent(tx, claim.id, 'rejected', staffId, input.reason ?? null);
    await tell(tx, claim, CLAIM_NOTICES.rejected(code), options);
    return { id: claim.id, payoutUsdCents: 0, message: M.decidedRejected };
  }

  let payout: number;
  let entryId: number | null;
  let status: ClaimStatus = input.decision === 'partial' ? 'partially_approved' : 'approved';
  if (claim.kind === 'weight_dispute') {
    if (input.weightKg == null || !input.dimensionsCm) throw new DomainError('BAD_INPUT', M.weightRequired);
    const corrected = await correctWeight(tx, staffId, claim, {
      weightKg: input.weightKg,
      dimensionsCm: input.dimensionsCm,
    });
    payout = corrected.adjustment;
    entryId = corrected.entryId;
    status = 'approved';
  } else {
    const settings: ClaimSettings = await getClaimSettings(tx);
    // Within what is left of the parcel's and the shipment's cap, other claims' payouts counted.
    payout = await payoutWithinCap(
      tx,
      claim,
      settings,
      input.amountUsd != null ? dollarsToCents(input.amountUsd) : undefined,
    );
    const entry = await recordLedgerCorrection(
      tx,
      staffId,
      { userId: claim.userId, kind: 'adjustment', usdCents: -payout, reason: claimCreditDescription(code) },
      M.amountRequired,
    );
    entryId = entry.id;
  }
  // On a shipment invoiced with a factura, the payout is also a credit note on it (docs/product/fiscal-invoices.md).
  await creditNoteForClaim(tx, claim, payout, FISCAL_MESSAGES.claimReason(code), staffId);
  await tx
    .update(claims)
    .set({
      ...decided,
      status,
      payoutUsdCents: payout,
      ledgerEntryId: entryId,
      decisionReason: input.reason || null,
    })
    .where(eq(claims.id, claim.id));
  await addEvent(tx, claim.id, status, staffId, input.reason || null);
  const amount = formatUsdCents(payout);
  await tell(
    tx,
    claim,
    status === 'partially_approved'
      ? CLAIM_NOTICES.partiallyApproved(code, amount)
      : CLAIM_NOTICES.approved(code, amount),
    options,
  );
  return {
    id: claim.id,
    payoutUsdCents: payout,
    message: claim.kind === 'weight_dispute' ? M.weightCorrected(amount) : M.decidedApproved(amount),
  };
}

/** The administrator's settings, locked and audited (audit/app-settings.ts). */
export async function setClaimSettings(tx: DbOrTx, next: ClaimSettings): Promise<ClaimSettings> {
  const after: ClaimSettings = {
    windowDays: { ...next.windowDays },
    answerBusinessDays: next.answerBusinessDays,
    uninsuredSharePercent: next.uninsuredSharePercent,
  };
  await saveAuditedSetting(tx, CLAIM_SETTINGS_KEY, after, () => getClaimSettings(tx));
  return after;
}
