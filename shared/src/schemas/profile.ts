import { z } from '../zod-es';
import { VENEZUELAN_STATES } from '../enums';
import { FULL_NAME_MIN, PHONE_MAX, PROFILE_TEXT_MAX } from '../constants';
import { AUTH_MESSAGES, PROFILE_MESSAGES } from '../messages';
import { cutToCharacters } from '../text';

/** Each text value is trimmed and cut at 255 characters (docs/product/customer-area.md#mi-perfil). */
export const cutProfileText = (s: string) => cutToCharacters(s.trim(), PROFILE_TEXT_MAX);

/** The phone keeps only digits, plus sign, spaces, parentheses and hyphen, at most 20 characters. */
export const filterPhone = (s: string) => s.replace(/[^\d+\s()-]/g, '').slice(0, PHONE_MAX);

export const CEDULA_PATTERN = /^[VEJGP]-?\d{6,9}$/i;
export const CEDULA_MESSAGE = 'La cédula debe tener el formato V-12345678 (o E-, J-, G-, P-).';

/** Optional text: trimmed, cut at 255, empty becomes null. */
const optionalText = z
  .string()
  .nullish()
  .transform((s) => (s == null ? null : cutProfileText(s) || null));

export const profileUpdateInput = z.object({
  fullName: z
    .string({ error: AUTH_MESSAGES.fullNameRequired })
    .transform(cutProfileText)
    .refine((s) => s.length >= FULL_NAME_MIN, PROFILE_MESSAGES.fullNameMin),
  phone: z
    .string()
    .nullish()
    .transform((s) => (s == null ? null : filterPhone(s).trim() || null)),
  cedula: optionalText
    .refine((s) => s === null || CEDULA_PATTERN.test(s), CEDULA_MESSAGE)
    .transform((s) => (s === null ? null : `${s[0].toUpperCase()}-${s.replace(/^[A-Za-z]-?/, '')}`)),
  venezuelaAddress: optionalText,
  venezuelaCity: optionalText,
  venezuelaState: z
    .union([z.enum(VENEZUELAN_STATES, { error: 'Selecciona un estado de Venezuela de la lista.' }), z.literal('')])
    .nullish()
    .transform((s) => s || null),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateInput>;
