// Public tracking's input (docs/product/public-tracking.md): the rule of
// shared/src/public-tracking/public-tracking.ts as the procedure's schema, with the same Spanish messages.
import { z } from '../zod-es';
import { PUBLIC_TRACKING_MESSAGES as M } from '../public-tracking/messages';
import {
  PUBLIC_TRACKING_NUMBER_CHARACTERS,
  PUBLIC_TRACKING_NUMBER_MAX,
  PUBLIC_TRACKING_NUMBER_MIN,
  publicTrackingNumberSignificant,
} from '../public-tracking/public-tracking';

export const publicTrackingInput = z.object({
  number: z
    .string({ error: M.numberRequired })
    .trim()
    .min(1, M.numberRequired)
    .max(PUBLIC_TRACKING_NUMBER_MAX, M.numberTooLong(PUBLIC_TRACKING_NUMBER_MAX))
    .regex(PUBLIC_TRACKING_NUMBER_CHARACTERS, M.numberCharacters)
    .refine(
      (s) => publicTrackingNumberSignificant(s) >= PUBLIC_TRACKING_NUMBER_MIN,
      M.numberTooShort(PUBLIC_TRACKING_NUMBER_MIN),
    ),
});
export type PublicTrackingInput = z.input<typeof publicTrackingInput>;
