// The admin trackings panel's inputs (docs/product/admin-trackings.md): the create form, the status and repack
// dialogs, and the list's URL search params. Client forms and server procedures share them.
import { z } from '../zod-es';
import { centsNumber, optionalText } from './form-fields';
import { TRACKING_SORTS, TRACKING_TABS } from '../list-params';
import { PRIORITIES, TRACKING_STATUSES } from '../enums';
import { TRACKING_MESSAGES as M } from '../trackings/messages';
import { optionalSearchText, sortedListParams } from './list';
import { fitsCharacters } from '../text';
import { trackingNumberProblem, typedTrackingNumber } from '../tracking-number';

/** A carrier's tracking number (the rule of shared/src/tracking-number.ts), stored in capitals. */
export const trackingNumberSchema = z
  .string({ error: M.trackingNumberMin })
  .transform(typedTrackingNumber)
  .check((ctx) => {
    const problem = trackingNumberProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });

/** Numbers from a form field: an empty field is a missing value. */
const formNumber = (message: string) => z.number({ error: message });

export const TRACKING_DEFAULTS = {
  estimatedWeight: 1,
  estimatedValueUsdCents: 0,
  originCountry: 'Estados Unidos',
  priority: 'medium',
  needsReempaque: false,
} as const;

export const trackingCreateInput = z
  .object({
    mailboxId: z.uuid({ error: M.mailboxRequired }),
    trackingNumber: trackingNumberSchema,
    carrier: z
      .string({ error: M.carrierRequired })
      .trim()
      .min(1, M.carrierRequired)
      .refine(fitsCharacters(100), M.carrierMax),
    description: z
      .string({ error: M.descriptionMin })
      .trim()
      .min(10, M.descriptionMin)
      .refine(fitsCharacters(500), M.descriptionMax),
    estimatedWeight: formNumber(M.weightMin)
      .min(0.1, M.weightMin)
      .max(100, M.weightMax)
      .default(TRACKING_DEFAULTS.estimatedWeight),
    estimatedValueUsdCents: centsNumber(M.valueMin)
      .min(0, M.valueMin)
      .max(1_000_000, M.valueMax)
      .default(TRACKING_DEFAULTS.estimatedValueUsdCents),
    senderName: z.string({ error: M.senderMin }).trim().min(2, M.senderMin).refine(fitsCharacters(100), M.senderMax),
    originCountry: z
      .string({ error: M.originMin })
      .trim()
      .min(2, M.originMin)
      .refine(fitsCharacters(100), M.originMax)
      .default(TRACKING_DEFAULTS.originCountry),
    priority: z.enum(PRIORITIES).default(TRACKING_DEFAULTS.priority),
    needsReempaque: z.boolean().default(TRACKING_DEFAULTS.needsReempaque),
    reempaqueReason: optionalText(500, M.reasonMax),
    notes: optionalText(1000, M.notesMax),
  })
  // The reason only means something while the switch is on.
  .transform((t) => ({ ...t, reempaqueReason: t.needsReempaque ? t.reempaqueReason : null }));
export type TrackingCreateInput = z.input<typeof trackingCreateInput>;

/** Real weight in kg; 0 keeps the earlier value (docs/product/admin-trackings.md#change-status). */
const actualWeight = z
  .number({ error: M.actualWeightInvalid })
  .min(0, M.actualWeightInvalid)
  .max(100, M.actualWeightInvalid)
  .default(0);

export const trackingStatusChangeInput = z.object({
  id: z.uuid(),
  status: z.enum(TRACKING_STATUSES, { error: M.statusRequired }),
  actualWeight,
  message: optionalText(1000, M.messageMax),
});
export type TrackingStatusChangeInput = z.input<typeof trackingStatusChangeInput>;

export const trackingRepackInput = z.object({
  id: z.uuid(),
  reason: z
    .string({ error: M.repackReasonRequired })
    .trim()
    .min(1, M.repackReasonRequired)
    .refine(fitsCharacters(500), M.reasonMax),
  actualWeight,
});
export type TrackingRepackInput = z.input<typeof trackingRepackInput>;

/** The filters: the CSV export and the count take these; the list adds sort and page. */
export const trackingFilters = z.object({
  q: optionalSearchText,
  status: z.enum(TRACKING_STATUSES).optional().catch(undefined),
  priority: z.enum(PRIORITIES).optional().catch(undefined),
  carrier: optionalSearchText,
});
export type TrackingFilters = Partial<z.output<typeof trackingFilters>>;

/** /admin/trackings search params: the list's whole state, so a filtered view is a link. */
export const trackingListSearch = trackingFilters.extend({
  ...sortedListParams(TRACKING_SORTS),
  tab: z.enum(TRACKING_TABS).optional().catch(undefined),
});
/** Every key optional: a link may set any subset of them. */
export type TrackingListSearch = Partial<z.output<typeof trackingListSearch>>;

/** The list procedure's input: the URL state without the tab. */
export const trackingListInput = trackingListSearch.omit({ tab: true });
export type TrackingListInput = z.input<typeof trackingListInput>;
/** What the server's list query receives (parsed: every key optional). */
export type TrackingListParams = Partial<z.output<typeof trackingListInput>>;
