// Inputs of the parcel searches' procedures (docs/product/first-mile.md#delivered-but-not-received).
import { z } from '../zod-es';
import { PARCEL_SEARCH_MESSAGES } from '../carrier-tracking/searches';

const hours = z
  .number({ message: 'Indica las horas hábiles.' })
  .int('Las horas deben ser un número entero.')
  .min(1, 'Las horas deben ser al menos 1.')
  .max(240, 'Las horas no pueden pasar de 240.');
const days = z
  .number({ message: 'Indica los días de búsqueda.' })
  .int('Los días deben ser un número entero.')
  .min(1, 'Los días deben ser al menos 1.')
  .max(60, 'Los días no pueden pasar de 60.');

export const parcelSearchSettingsInput = z.object({ openAfterBusinessHours: hours, notFoundAfterDays: days });

const searchId = z.uuid(PARCEL_SEARCH_MESSAGES.searchNotFound);
export const parcelSearchIdInput = z.object({ id: searchId });
export const parcelSearchFoundInput = z.object({
  id: searchId,
  warehouseReceipt: z
    .string({ message: PARCEL_SEARCH_MESSAGES.receiptRequired })
    .trim()
    .min(1, PARCEL_SEARCH_MESSAGES.receiptRequired)
    .max(40, PARCEL_SEARCH_MESSAGES.receiptRequired)
    .transform((v) => v.toUpperCase()),
});
export const parcelSearchNoteInput = z.object({
  id: searchId,
  note: z
    .string({ message: PARCEL_SEARCH_MESSAGES.noteRequired })
    .trim()
    .min(3, PARCEL_SEARCH_MESSAGES.noteRequired)
    .max(500, PARCEL_SEARCH_MESSAGES.noteRequired),
});
export const parcelSearchListInput = z.object({
  status: z.enum(['open', 'found', 'not_found', 'all']).catch('all'),
});
