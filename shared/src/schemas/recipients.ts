// A recipient of the customer's address book (docs/product/last-mile.md#recipients): the same
// rules in Mi Perfil, in the staff's 'Crear Envío' and on the server.
import { z } from '../zod-es';
import { VENEZUELAN_STATES } from '../enums';
import { isVenezuelanPhone, normalizeIdDocument } from '../id-document';
import {
  RECIPIENT_ADDRESS_MAX,
  RECIPIENT_FULL_NAME_MAX,
  RECIPIENT_MESSAGES as M,
  RECIPIENT_REFERENCE_MAX,
  RECIPIENT_TEXT_MAX,
} from '../recipients/messages';
import { fitsCharacters } from '../text';
import { normalizePhone } from './messaging';

/** A cédula, RIF or passport, kept in one written form ('V-12345678', 'J-12345678-9'). */
export const idDocumentField = z.string({ error: M.idDocumentInvalid }).transform((s, ctx) => {
  const normal = normalizeIdDocument(s);
  if (!normal) {
    ctx.addIssue({ code: 'custom', message: M.idDocumentInvalid });
    return z.NEVER;
  }
  return normal;
});

/** A Venezuelan phone, kept in E.164 (+584141234567). */
export const venezuelanPhoneField = z.string({ error: M.phoneInvalid }).transform((s, ctx) => {
  const phone = normalizePhone(s);
  if (!phone || !isVenezuelanPhone(phone)) {
    ctx.addIssue({ code: 'custom', message: M.phoneInvalid });
    return z.NEVER;
  }
  return phone;
});

const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).refine(fitsCharacters(max), tooLong);

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .refine(fitsCharacters(max), tooLong)
    .nullish()
    .transform((s) => s ?? '');

export const recipientFields = z.object({
  fullName: requiredText(RECIPIENT_FULL_NAME_MAX, M.fullNameRequired, M.fullNameMax).refine(
    (s) => s.length >= 3,
    M.fullNameRequired,
  ),
  idDocument: idDocumentField,
  phone: venezuelanPhoneField,
  state: z.enum(VENEZUELAN_STATES, { error: M.stateRequired }),
  municipality: optionalText(RECIPIENT_TEXT_MAX, M.municipalityMax),
  city: requiredText(RECIPIENT_TEXT_MAX, M.cityRequired, M.cityMax),
  address: requiredText(RECIPIENT_ADDRESS_MAX, M.addressRequired, M.addressMax).refine(
    (s) => s.length >= 5,
    M.addressRequired,
  ),
  reference: optionalText(RECIPIENT_REFERENCE_MAX, M.referenceMax),
  isAuthorized: z.boolean().default(false),
});
export type RecipientFields = z.input<typeof recipientFields>;
export type RecipientValues = z.output<typeof recipientFields>;

export const recipientCreateInput = recipientFields;
export type RecipientCreateInput = z.input<typeof recipientCreateInput>;

export const recipientUpdateInput = recipientFields.extend({ id: z.uuid({ error: M.notFound }) });
export type RecipientUpdateInput = z.input<typeof recipientUpdateInput>;

export const recipientIdInput = z.object({ id: z.uuid({ error: M.notFound }) });

export const recipientsOfCustomerInput = z.object({ userId: z.uuid() });

/** Staff's 'Nuevo destinatario' in 'Crear Envío': the same fields, for the chosen customer. */
export const recipientForCustomerInput = recipientFields.extend({ userId: z.uuid({ error: M.customerNotFound }) });
export type RecipientForCustomerInput = z.input<typeof recipientForCustomerInput>;

/** The active agencies of a state, optionally filtered by city text, for the delivery choice. */
export const agencySearchInput = z
  .object({
    /** Without a state: every active agency (at most a page of them). */
    state: z.enum(VENEZUELAN_STATES, { error: M.stateRequired }).nullish(),
    city: z.string().trim().max(100).nullish(),
  })
  .default({});
export type AgencySearchInput = z.input<typeof agencySearchInput>;
