// The admin clients and mailboxes screen's inputs (docs/product/admin-clients.md): the list, the
// 'Crear Casillero Manual' and 'Editar Cliente' dialogs and the mailbox toggle.
import { z } from '../zod-es';
import { optionalText } from './form-fields';
import { CLIENT_SORTS } from '../list-params';
import { MAILBOX_COUNTRIES, MAILBOX_STATUSES } from '../enums';
import { CLIENT_MESSAGES as M } from '../clients/messages';
import { optionalSearchText, sortedListParams } from './list';
import { profileUpdateInput } from './profile';
import { TEXT_MESSAGES } from '../messages';
import { fitsCharacters } from '../text';

/** Search by name, cédula, phone, e-mail or mailbox code: what the count takes. */
export const clientFilters = z.object({ q: optionalSearchText });
export type ClientFilters = Partial<z.output<typeof clientFilters>>;

export const clientListInput = clientFilters.extend(sortedListParams(CLIENT_SORTS));
export type ClientListParams = Partial<z.output<typeof clientListInput>>;

export const clientIdInput = z.object({ userId: z.uuid('Identificador no válido.') });

/** The customer picker of the create-mailbox dialog: a search, or one customer by id. */
export const clientPickerInput = z
  .object({ q: z.string().trim().max(100).optional(), userId: z.uuid().optional() })
  .default({});

export const MAILBOX_CODE_PATTERN = /^[A-Za-z0-9-]{3,30}$/;

const required = (max = 255) =>
  z
    .string({ error: M.requiredFields })
    .trim()
    .min(1, M.requiredFields)
    .refine(fitsCharacters(max), TEXT_MESSAGES.tooLong(max));
const optional = (max = 255) => optionalText(max);

/**
 * Crear Casillero Manual: client, country, address line 1, city and postal code required;
 * an optional code of the admin's own (stored in capitals), required for OTHER (no format to
 * generate one from). `chargeActivation` adds the pending activation payment of USA/CHINA.
 */
export const mailboxCreateInput = z
  .object({
    userId: z.uuid({ error: M.requiredFields }),
    country: z.enum(MAILBOX_COUNTRIES, { error: M.requiredFields }),
    addressLine1: required(),
    addressLine2: optional(),
    city: required(),
    state: optional(),
    postalCode: required(20),
    mailboxCode: z
      .string()
      .trim()
      .nullish()
      .transform((s) => (s ? s.toUpperCase() : null))
      .refine((s) => s === null || MAILBOX_CODE_PATTERN.test(s), M.codeInvalid),
    chargeActivation: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.country === 'OTHER' && !v.mailboxCode) {
      ctx.addIssue({ code: 'custom', path: ['mailboxCode'], message: M.countryNotSupported });
    }
  });
export type MailboxCreateInput = z.input<typeof mailboxCreateInput>;

export const mailboxStatusInput = z.object({ id: z.uuid(), status: z.enum(MAILBOX_STATUSES) });

/** Editar Cliente: the profile rules (full name required; empty optionals saved as null). */
export const clientUpdateInput = profileUpdateInput.extend({ userId: z.uuid() });
export type ClientUpdateInput = z.input<typeof clientUpdateInput>;
