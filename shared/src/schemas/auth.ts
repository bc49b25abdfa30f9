import { z } from '../zod-es';
import { CASILLERO_TYPES } from '../enums';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PROFILE_TEXT_MAX, FULL_NAME_MIN } from '../constants';
import { AUTH_MESSAGES, PROFILE_MESSAGES, TEXT_MESSAGES } from '../messages';
import { characterCount, fitsCharacters } from '../text';

/**
 * The spec's password rule (docs/product/sign-up-and-sign-in.md#password-rule, docs/product/product-decisions.md#d12-the-specs-password-rule-stays): at least 8 characters with an
 * uppercase and a lowercase letter, a digit and a symbol. Any Unicode is accepted as
 * typed, never trimmed or truncated, up to 128 characters.
 */
export function isStrongPassword(password: string): boolean {
  return (
    characterCount(password) >= PASSWORD_MIN_LENGTH &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password) &&
    /\p{Nd}/u.test(password) &&
    /[^\p{L}\p{N}\s]/u.test(password)
  );
}

export const newPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .refine(fitsCharacters(PASSWORD_MAX_LENGTH), AUTH_MESSAGES.passwordTooLong)
  .refine(isStrongPassword, AUTH_MESSAGES.passwordRule);

/** A password being checked, not set: any non-empty string up to the cap. */
export const passwordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .refine(fitsCharacters(PASSWORD_MAX_LENGTH), AUTH_MESSAGES.passwordTooLong);

export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(PROFILE_TEXT_MAX, AUTH_MESSAGES.invalidEmail)
  .pipe(z.email(AUTH_MESSAGES.invalidEmail))
  .transform((e) => e.toLowerCase());

export const fullNameSchema = z
  .string({ error: AUTH_MESSAGES.fullNameRequired })
  .trim()
  .min(1, AUTH_MESSAGES.fullNameRequired)
  .min(FULL_NAME_MIN, PROFILE_MESSAGES.fullNameMin)
  .refine(fitsCharacters(PROFILE_TEXT_MAX), TEXT_MESSAGES.tooLong(PROFILE_TEXT_MAX));

export const casilleroTypeSchema = z.enum(CASILLERO_TYPES);

/** Sign-up as the server takes it. */
export const signUpInput = z.object({
  nombre: fullNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  type: casilleroTypeSchema.default('usa'),
});
export type SignUpInput = z.input<typeof signUpInput>;

/** The sign-up form adds the confirmation, checked on the client (and harmlessly on the server). */
export const signUpFormSchema = signUpInput
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });

export const signInInput = z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type SignInInput = z.input<typeof signInInput>;

export const tokenInput = z.object({ token: z.string().min(1).max(200) });

export const requestPasswordResetInput = z.object({ email: emailSchema });

export const resetPasswordInput = z.object({
  token: z.string().min(1).max(200),
  password: newPasswordSchema,
});

export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirm'],
  });

export const changePasswordInput = z.object({
  currentPassword: z
    .string()
    .min(1, AUTH_MESSAGES.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH * 4),
  newPassword: newPasswordSchema,
});

export const adminSetupInput = z.object({
  setupToken: z.string().min(1, 'El token de configuración es requerido.').max(200),
  email: emailSchema,
  password: newPasswordSchema,
  nombre: fullNameSchema,
});
