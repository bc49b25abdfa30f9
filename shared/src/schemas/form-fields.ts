// Field rules the forms share: optional text and numbers as a form sends them (empty means
// absent), and optional ids of records chosen or uploaded first.
import { z } from '../zod-es';
import { AMOUNT_MESSAGES, TEXT_MESSAGES } from '../messages';
import { fitsCharacters } from '../text';

/** Optional text: trimmed, at most `max` characters, empty becomes null. */
export const optionalText = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .refine(fitsCharacters(max), message ?? TEXT_MESSAGES.tooLong(max))
    .nullish()
    .transform((s) => s || null);

/** A number from a form field: an empty field is absent (null). */
export const optionalNumber = (schema: z.ZodNumber) =>
  z
    .union([schema, z.literal('')])
    .nullish()
    .transform((n) => (n === '' || n == null ? null : n));

/**
 * An amount in integer cents (docs/decisions/005). Its form field shows and reads dollars and
 * hands the form cents (client UsdCentsInput), so a third decimal never reaches here as a fraction.
 */
export const centsNumber = (message?: string) => z.number({ error: message }).int(AMOUNT_MESSAGES.twoDecimals);

/** An optional id (a chosen mailbox, an uploaded file): absent becomes null. */
export const optionalUuid = (message?: string) =>
  z
    .uuid(message)
    .nullish()
    .transform((s) => s ?? null);

/**
 * A calendar day, YYYY-MM-DD, that PostgreSQL can store: zod's ISO date (no 30 February, no
 * month 13) from the year 0001 on (PostgreSQL has no year 0000).
 */
export const isoDay = (message?: string) => z.iso.date(message).refine((s) => !s.startsWith('0000'), message);
