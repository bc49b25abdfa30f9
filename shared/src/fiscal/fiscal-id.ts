// The cédula and the RIF (docs/product/fiscal-invoices.md#fiscal-data): how people type them and
// how a factura prints them. A RIF is a letter (V, E, J, P, G), eight digits and a check digit,
// SENIAT's modulo 11: the letter's value (V 1, E 2, J 3, P 4, G 5) and the eight digits weighted
// 4, 3, 2, 7, 6, 5, 4, 3, 2; the digit is 11 minus the sum's remainder, 0 when that is 10 or 11.
// A cédula is V or E and up to eight digits (it has no check digit of its own). The check digit
// is shared/src/id-document.ts's; this file adds the messages a factura's form gives.
import { z } from '../zod-es';
import { ID_DOCUMENT_PREFIXES, type IdDocumentPrefix, rifCheckDigit } from '../id-document';
import { FISCAL_ID_MESSAGES } from './messages';

export const RIF_LETTERS = ID_DOCUMENT_PREFIXES;
export type RifLetter = IdDocumentPrefix;

export type FiscalId =
  | { kind: 'rif'; letter: RifLetter; digits: string; check: number; text: string }
  | { kind: 'cedula'; letter: 'V' | 'E'; digits: string; text: string };

export type FiscalIdResult = { ok: true; id: FiscalId } | { ok: false; message: string };

/**
 * Reads a cédula ('V-12345678', 'v 12.345.678') or a RIF ('J-00002961-0', 'J000029610'), and
 * answers it written the one way a factura prints it, or why it is refused (in Spanish).
 */
export function parseFiscalId(input: string): FiscalIdResult {
  const compact = input.toUpperCase().replace(/[\s.\-/]/g, '');
  const m = /^([VEJPG])(\d+)$/.exec(compact);
  if (!m) return { ok: false, message: FISCAL_ID_MESSAGES.format };
  const letter = m[1] as RifLetter;
  const digits = m[2]!;
  if (digits.length === 9) {
    const body = digits.slice(0, 8);
    const check = Number(digits[8]);
    if (rifCheckDigit(letter, body) !== check) return { ok: false, message: FISCAL_ID_MESSAGES.rifCheckDigit };
    return { ok: true, id: { kind: 'rif', letter, digits: body, check, text: `${letter}-${body}-${check}` } };
  }
  if (letter !== 'V' && letter !== 'E') return { ok: false, message: FISCAL_ID_MESSAGES.rifNeedsCheck };
  if (digits.length > 8) return { ok: false, message: FISCAL_ID_MESSAGES.format };
  const number = digits.replace(/^0+/, '');
  if (number === '') return { ok: false, message: FISCAL_ID_MESSAGES.format };
  return { ok: true, id: { kind: 'cedula', letter, digits: number, text: `${letter}-${number}` } };
}

/** Whether a stored cédula or RIF is good enough for a factura. */
export const isValidFiscalId = (value: string | null | undefined) => !!value && parseFiscalId(value).ok;

/** A cédula or RIF as typed, answered in its printed form ('V-12345678', 'J-00002961-0'). */
export const fiscalIdSchema = z
  .string({ error: FISCAL_ID_MESSAGES.required })
  .trim()
  .min(1, FISCAL_ID_MESSAGES.required)
  .max(20, FISCAL_ID_MESSAGES.format)
  .transform((value, ctx) => {
    const parsed = parseFiscalId(value);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return parsed.id.text;
  });

/** A RIF only (the business's): a cédula alone is refused. */
export const rifSchema = fiscalIdSchema.refine((text) => /^[VEJPG]-\d{8}-\d$/.test(text), FISCAL_ID_MESSAGES.rifOnly);
