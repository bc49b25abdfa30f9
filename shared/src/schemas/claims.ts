// The inputs of claims (docs/product/claims.md): the customer's, the desk's and the settings.
import { z } from '../zod-es';
import { isWholeCents } from '../billing/money';
import {
  CLAIM_DECISIONS,
  CLAIM_KINDS,
  CLAIM_LIST_SORTS,
  CLAIM_MAX_PHOTOS,
  CLAIM_STATUSES,
  CLAIM_TEXT_MAX,
  CLAIM_TEXT_MIN,
} from '../claims/claims';
import { CLAIM_MESSAGES as M } from '../claims/messages';
import { AMOUNT_MESSAGES } from '../messages';
import { DECLARED_VALUE_MAX_USD_CENTS, DECLARED_VALUE_MESSAGES } from '../insurance/messages';
import { optionalSearchText, sortedListParams } from './list';

/** A photo as the photo route answered it: both sizes. */
export const claimPhotoInput = z.object({ fileId: z.uuid(M.photoInvalid), thumbFileId: z.uuid(M.photoInvalid) });
export type ClaimPhotoInput = z.infer<typeof claimPhotoInput>;

const claimText = z
  .string({ error: M.textRequired })
  .trim()
  .min(CLAIM_TEXT_MIN, M.textRequired)
  .max(CLAIM_TEXT_MAX, M.textMax);

const photos = z.array(claimPhotoInput).max(CLAIM_MAX_PHOTOS, M.tooManyPhotos).default([]);

export const openClaimInput = z
  .object({
    kind: z.enum(CLAIM_KINDS),
    packageId: z.uuid(M.subjectNotFound).optional(),
    shipmentId: z.uuid(M.subjectNotFound).optional(),
    text: claimText,
    photos,
    /** 'not_in_mailbox' only: the carrier's delivered date (YYYY-MM-DD) and its proof. */
    carrierDeliveredOn: z.iso.date(M.carrierDateRequired).optional(),
    carrierProof: claimPhotoInput.optional(),
  })
  .refine((v) => (v.packageId ? 1 : 0) + (v.shipmentId ? 1 : 0) === 1, { message: M.subjectNotFound })
  .refine((v) => v.kind !== 'not_in_mailbox' || v.carrierDeliveredOn, {
    message: M.carrierDateRequired,
    path: ['carrierDeliveredOn'],
  })
  .refine((v) => v.kind !== 'not_in_mailbox' || v.carrierProof, {
    message: M.carrierProofRequired,
    path: ['carrierProof'],
  });
export type OpenClaimInput = z.input<typeof openClaimInput>;

export const claimIdInput = z.object({ id: z.uuid(M.notFound) });

export const answerClaimInput = z.object({ id: z.uuid(M.notFound), text: claimText, photos });

export const assignClaimInput = z.object({ id: z.uuid(M.notFound), staffId: z.uuid(M.staffNotFound) });

export const askClaimInput = z.object({
  id: z.uuid(M.notFound),
  request: z.string({ error: M.requestRequired }).trim().min(10, M.requestRequired).max(CLAIM_TEXT_MAX, M.textMax),
});

export const decideClaimInput = z
  .object({
    id: z.uuid(M.notFound),
    decision: z.enum(CLAIM_DECISIONS),
    /** What to credit (partial approval); a full approval pays the limit. */
    amountUsd: z
      .number({ error: M.amountRequired })
      .positive(M.amountRequired)
      .max(100_000, M.amountRequired)
      .refine(isWholeCents, M.amountRequired)
      .optional(),
    /** What the customer reads (required when rejecting). */
    reason: z.string().trim().max(CLAIM_TEXT_MAX, M.textMax).optional(),
    /** A weight dispute upheld: the corrected weight and measures. */
    weightKg: z.number({ error: M.weightRequired }).positive(M.weightRequired).max(10_000, M.weightRequired).optional(),
    dimensionsCm: z.string().trim().max(40, M.weightRequired).optional(),
  })
  .refine((v) => v.decision !== 'reject' || (v.reason?.length ?? 0) >= 10, {
    message: M.reasonRequired,
    path: ['reason'],
  })
  .refine((v) => v.decision !== 'partial' || v.amountUsd != null, { message: M.amountRequired, path: ['amountUsd'] });
export type DecideClaimInput = z.input<typeof decideClaimInput>;

export const claimListInput = z.object({
  ...sortedListParams(CLAIM_LIST_SORTS),
  q: optionalSearchText,
  status: z.enum(CLAIM_STATUSES).optional().catch(undefined),
  kind: z.enum(CLAIM_KINDS).optional().catch(undefined),
  /** Only the claims still waiting for a decision (the default queue). */
  openOnly: z.boolean().optional().catch(undefined),
});
export type ClaimListInput = z.input<typeof claimListInput>;

const windowDays = z.number().int().min(1).max(365);
export const claimSettingsInput = z.object({
  windowDays: z.object({
    lost: windowDays,
    damaged: windowDays,
    missing_items: windowDays,
    not_in_mailbox: windowDays,
    weight_dispute: windowDays,
  }),
  answerBusinessDays: z.number().int().min(1).max(30),
  uninsuredSharePercent: z.number().int().min(0).max(100),
});
export type ClaimListParams = Partial<z.output<typeof claimListInput>>;

/** The customer's confirmation of a parcel's declared value (docs/product/insurance.md). */
export const declaredValueConfirmInput = z.object({
  packageId: z.uuid({ error: DECLARED_VALUE_MESSAGES.notFound }),
  declaredValueUsdCents: z
    .number()
    .int(AMOUNT_MESSAGES.twoDecimals)
    .min(1, DECLARED_VALUE_MESSAGES.valueMin)
    .max(DECLARED_VALUE_MAX_USD_CENTS, DECLARED_VALUE_MESSAGES.valueMax),
});
