import { z } from '../zod-es';
import { centsNumber, optionalNumber, optionalText, optionalUuid } from './form-fields';
import { ESTADOS_TRACKING_PREALERTA } from '../enums';
import { PREALERT_CARRIERS } from '../carrier-tracking';
import { PREALERT_MESSAGES } from '../customer/messages';
import { fitsCharacters } from '../text';
import { trackingNumberProblem, typedTrackingNumber } from '../tracking-number';

/** The fields a customer may change while the pre-alert is pending or confirmed (docs/product/customer-area.md#prealertas). */
const prealertFields = {
  carrier: z
    .union([z.enum(PREALERT_CARRIERS, { error: PREALERT_MESSAGES.carrierInvalid }), z.literal('')])
    .nullish()
    .transform((c) => c || null),
  senderName: optionalText(100, PREALERT_MESSAGES.senderMax),
  description: z
    .string({ error: PREALERT_MESSAGES.descriptionRequired })
    .trim()
    .min(3, PREALERT_MESSAGES.descriptionMin)
    .refine(fitsCharacters(500), PREALERT_MESSAGES.descriptionMax),
  quantityItems: z
    .number({ error: PREALERT_MESSAGES.itemsMin })
    .int(PREALERT_MESSAGES.itemsInt)
    .min(1, PREALERT_MESSAGES.itemsMin)
    .max(10_000),
  amountSpentUsdCents: optionalNumber(
    centsNumber(PREALERT_MESSAGES.amountMin).min(0, PREALERT_MESSAGES.amountMin).max(100_000_000),
  ),
  estimatedWeight: optionalNumber(z.number().min(0.1, PREALERT_MESSAGES.weightMin).max(1000)),
  estimatedValueUsdCents: optionalNumber(
    centsNumber(PREALERT_MESSAGES.valueMin).min(0, PREALERT_MESSAGES.valueMin).max(100_000_000),
  ),
  estadoTracking: z.enum(ESTADOS_TRACKING_PREALERTA).default('Prealertado'),
  notes: optionalText(1000, PREALERT_MESSAGES.notesMax),
  mailboxId: optionalUuid(PREALERT_MESSAGES.mailboxInvalid),
  /** The purchase invoice, uploaded first through POST /api/files (kind 'invoice'). */
  invoiceFileId: optionalUuid(),
};

/** The rule of every tracking number (shared/src/tracking-number.ts), optional until the store sends it. */
export const prealertTrackingNumber = z
  .string()
  .transform(typedTrackingNumber)
  .check((ctx) => {
    const problem = ctx.value === '' ? null : trackingNumberProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  })
  .nullish()
  .transform((s) => s || null);

export const prealertCreateInput = z.object({ trackingNumber: prealertTrackingNumber, ...prealertFields });
export type PrealertCreateInput = z.input<typeof prealertCreateInput>;

/**
 * Editing: the tracking number is fixed once given (docs/product/customer-area.md#prealertas); a pre-alert created
 * without one may receive it later.
 */
export const prealertUpdateInput = z.object({
  id: z.uuid(),
  trackingNumber: prealertTrackingNumber,
  ...prealertFields,
});
export type PrealertUpdateInput = z.input<typeof prealertUpdateInput>;
