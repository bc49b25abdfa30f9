import { z } from '../zod-es';
import { NOTIFICATION_KINDS } from '../messaging/messaging';
import { MESSAGING_MESSAGES as M } from '../messaging/messages';

/** One kind's channels; in-app notifications are always on. */
export const channelPreference = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  email: z.boolean(),
  whatsapp: z.boolean(),
  /** Web push to the customer's browsers; left out: unchanged. */
  push: z.boolean().optional(),
});
export type ChannelPreference = z.infer<typeof channelPreference>;

export const setPreferencesInput = z.object({
  preferences: z
    .array(channelPreference)
    .min(1)
    .max(NOTIFICATION_KINDS.length)
    .refine((ps) => new Set(ps.map((p) => p.kind)).size === ps.length, 'Cada tipo de aviso va una sola vez.'),
});

/**
 * A phone number in E.164 (+584141234567), or null when it cannot be one. Venezuelan numbers
 * are written locally (0414-1234567, 414 1234567) or with 58; others need their + and country code.
 */
export function normalizePhone(input: string): string | null {
  const raw = input.trim();
  if (!/^[+\d\s().-]+$/.test(raw)) return null;
  const digits = raw.replace(/\D/g, '');
  let e164: string;
  if (raw.startsWith('+')) e164 = digits;
  else if (raw.startsWith('00')) e164 = digits.slice(2);
  else if (/^0[24]\d{9}$/.test(digits)) e164 = `58${digits.slice(1)}`;
  else if (/^[24]\d{9}$/.test(digits)) e164 = `58${digits}`;
  else if (/^58[24]\d{9}$/.test(digits)) e164 = digits;
  else return null;
  if (e164.startsWith('58') && !/^58[24]\d{9}$/.test(e164)) return null;
  if (!/^[1-9]\d{7,14}$/.test(e164)) return null;
  return `+${e164}`;
}

export const startPhoneVerificationInput = z.object({
  phone: z
    .string({ error: M.phoneInvalid })
    .max(30, M.phoneInvalid)
    .transform((s, ctx) => {
      const phone = normalizePhone(s);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: M.phoneInvalid });
        return z.NEVER;
      }
      return phone;
    }),
});

export const confirmPhoneInput = z.object({
  code: z
    .string({ error: M.codeFormat })
    .transform((s) => s.replace(/\s/g, ''))
    .refine((s) => /^\d{6}$/.test(s), M.codeFormat),
});
