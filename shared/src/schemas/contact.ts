import { z } from '../zod-es';
import { PHONE_MAX, PROFILE_TEXT_MAX } from '../constants';
import { AUTH_MESSAGES, GENERIC_MESSAGES } from '../messages';
import { fitsCharacters } from '../text';

export const CONTACT_MESSAGE_MAX = 5000;

export const CONTACT_MESSAGES = {
  successTitle: '¡Mensaje enviado!',
  successMessage: 'Te contactaremos pronto. Tiempo de respuesta: 2-4 horas.',
  requiredFields: GENERIC_MESSAGES.requiredFields,
  phoneInvalid: 'El teléfono solo puede tener números, +, espacios, paréntesis y guiones (máximo 20 caracteres).',
  tooLong: (max: number) => `El texto no puede exceder ${max} caracteres.`,
  sendFailed: 'No pudimos enviar tu mensaje. Intenta nuevamente.',
} as const;

const required = (max: number) =>
  z
    .string({ error: CONTACT_MESSAGES.requiredFields })
    .trim()
    .min(1, CONTACT_MESSAGES.requiredFields)
    .refine(fitsCharacters(max), CONTACT_MESSAGES.tooLong(max));

const optional = (max: number) =>
  z.string().trim().refine(fitsCharacters(max), CONTACT_MESSAGES.tooLong(max)).optional().default('');

/**
 * The contact form (docs/product/public-site.md#contact-form): nombre, email and mensaje required; telefono and
 * asunto optional. The same schema validates the form and the `contact.send` procedure.
 */
export const contactInput = z.object({
  nombre: required(PROFILE_TEXT_MAX),
  email: z
    .string({ error: CONTACT_MESSAGES.requiredFields })
    .trim()
    .min(1, CONTACT_MESSAGES.requiredFields)
    .max(PROFILE_TEXT_MAX, AUTH_MESSAGES.invalidEmail)
    .pipe(z.email(AUTH_MESSAGES.invalidEmail)),
  telefono: z
    .string()
    .trim()
    .max(PHONE_MAX, CONTACT_MESSAGES.phoneInvalid)
    .regex(/^[\d+\s()-]*$/, CONTACT_MESSAGES.phoneInvalid)
    .optional()
    .default(''),
  asunto: optional(PROFILE_TEXT_MAX),
  mensaje: required(CONTACT_MESSAGE_MAX),
});
export type ContactInput = z.input<typeof contactInput>;
