// Reception by scanning and the "sin dueño" queue (docs/decisions/019-warehouse-intake.md): what the scan
// screen sends and what the queue's list takes. Client forms and server procedures share them.
import { z } from '../zod-es';
import { CARRIERS } from '../enums';
import { RECEPTION_MESSAGES as M } from '../reception/messages';
import { listPageParams, optionalSearchText } from './list';
import { optionalNumber, optionalText } from './form-fields';

/** A scanned or typed code: a carrier's tracking number or one of our WR labels. */
export const scannedCode = z
  .string({ error: M.codeRequired })
  .trim()
  .min(1, M.codeRequired)
  .max(80, M.codeMax)
  .refine((s) => /[0-9A-Za-z]/.test(s), M.codeInvalid);

export const receptionLookupInput = z.object({ code: scannedCode });
export type ReceptionLookupInput = z.input<typeof receptionLookupInput>;

const dimension = optionalNumber(
  z.number({ error: M.dimensionPositive }).gt(0, M.dimensionPositive).max(500, M.dimensionMax),
);

/** A photo uploaded first (POST /api/reception/photos): its screen size and its thumbnail. */
export const receptionPhoto = z.object({ fileId: z.uuid(M.photosInvalid), thumbFileId: z.uuid(M.photosInvalid) });

/**
 * Saving a reception: the scanned number, the weight (required), the three measures (all or
 * none), what the operator read off the label and up to four photos.
 */
export const receptionReceiveInput = z
  .object({
    code: scannedCode,
    carrier: z
      .union([z.enum(CARRIERS, { error: M.carrierInvalid }), z.literal('')])
      .nullish()
      .transform((c) => c || null),
    weightKg: z.number({ error: M.weightRequired }).gt(0, M.weightPositive).max(1000, M.weightMax),
    lengthCm: dimension,
    widthCm: dimension,
    heightCm: dimension,
    mailboxCode: optionalText(30, M.mailboxCodeMax).transform((s) => (s ? s.toUpperCase() : null)),
    description: optionalText(500, M.descriptionMax),
    photos: z
      .array(receptionPhoto)
      .max(4, M.photosMax)
      .default([])
      .refine((ps) => new Set(ps.flatMap((p) => [p.fileId, p.thumbFileId])).size === ps.length * 2, M.photoRepeated),
  })
  .superRefine((v, ctx) => {
    const given = [v.lengthCm, v.widthCm, v.heightCm].filter((d) => d !== null).length;
    if (given !== 0 && given !== 3) {
      const path = v.lengthCm === null ? 'lengthCm' : v.widthCm === null ? 'widthCm' : 'heightCm';
      ctx.addIssue({ code: 'custom', message: M.dimensionsIncomplete, path: [path] });
    }
  });
export type ReceptionReceiveInput = z.input<typeof receptionReceiveInput>;

/** "LxWxH" as packages.dimensions_cm and parcel_intakes.dimensions_cm keep it; null without measures. */
export function dimensionsText(d: {
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
}): string | null {
  if (d.lengthCm === null || d.widthCm === null || d.heightCm === null) return null;
  return `${d.lengthCm}x${d.widthCm}x${d.heightCm}`;
}

/** The "sin dueño" queue: newest first, searched by number, WR, code read or description. */
export const unclaimedListInput = z.object({
  q: optionalSearchText,
  page: listPageParams.page,
  pageSize: listPageParams.pageSize,
});
export type UnclaimedListParams = Partial<z.output<typeof unclaimedListInput>>;

/** Hand assignment of an unclaimed parcel to a casillero. */
export const receptionAssignInput = z.object({
  intakeId: z.uuid({ error: M.intakeRequired }),
  mailboxId: z.uuid({ error: M.mailboxRequired }),
});
export type ReceptionAssignInput = z.input<typeof receptionAssignInput>;

/** The casillero picker of the hand assignment: active mailboxes by code, name or e-mail. */
export const receptionMailboxPickerInput = z.object({ q: z.string().trim().max(100).default('') });
