import { EMAIL_MASK_VISIBLE_CHARS } from './constants';
import { NUMBER_MESSAGES } from './messages-numbers';

/** Masks an e-mail for logs, keeping the first 3 characters (docs/product/security.md#e-mails-in-logs). */
export function maskEmail(email: string): string {
  return `${email.slice(0, EMAIL_MASK_VISIBLE_CHARS)}***`;
}

/**
 * A formatter (or any costly value) built the first time it is used. Building an Intl formatter
 * takes milliseconds on a phone, many more for the first of a locale: built when its module
 * loads, every page paid for all of them before it could start (docs/decisions/014-prerendered-and-compressed.md), even those it never
 * formats with.
 */
export function onFirstUse<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

/**
 * A whole number as es-ES writes it (`10000` → `10.000`; four digits stay together: `5000`),
 * for texts built when a module loads, where Intl would cost every page (see onFirstUse).
 */
export function groupThousands(n: number): string {
  const whole = Math.trunc(n);
  return `${whole < 0 ? '-' : ''}${groupDigits(String(Math.abs(whole)))}`;
}

/** Unsigned digits grouped as es-ES does: four digits together, dots from five. */
function groupDigits(digits: string): string {
  return digits.length < 5 ? digits : digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

const usdFallback = onFirstUse(
  () =>
    new Intl.NumberFormat('es-ES', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);

/**
 * A number with two decimals as ICU rounds it: its shortest decimal text (what `String(n)`
 * writes), rounded half away from zero, so 1.005 gives "1.01" as Intl does (toFixed gives
 * "1.00"). Null where that text has an exponent (beyond 1e21 or below 1e-6).
 */
function twoDecimalsText(n: number): { whole: string; cents: string } | null {
  const text = String(Math.abs(n));
  if (text.includes('e')) return null;
  const [whole, fraction = ''] = text.split('.');
  if (fraction.length <= 2) return { whole, cents: fraction.padEnd(2, '0') };
  let digits = whole + fraction.slice(0, 2);
  if (fraction[2] >= '5') digits = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  return { whole: digits.slice(0, -2) || '0', cents: digits.slice(-2) };
}

/**
 * Money in USD with 2 decimals (docs/product/formats.md#money), as es-ES writes it: `1234,50 US$`,
 * `12.345,68 US$`. Written by hand rather than with Intl, exactly as Intl writes it (the tests
 * compare both): the first Intl formatter a page builds costs tens of milliseconds on a phone,
 * and nearly every signed-in page shows money first thing. Intl writes what the hand does not
 * (infinities, exponents).
 */
export const formatUsd = (amount: number | string) => {
  const n = Number(amount);
  const parts = Number.isFinite(n) ? twoDecimalsText(n) : null;
  if (!parts) return usdFallback().format(n);
  const negative = n < 0 || Object.is(n, -0);
  return `${negative ? '-' : ''}${groupDigits(parts.whole)},${parts.cents}\u00a0US$`;
};

/** Integer USD cents written as formatUsd writes dollars: `1234,50 US$` (docs/decisions/005). */
export const formatUsdFromCents = (cents: number) => formatUsd(cents / 100);

const ves = onFirstUse(() => new Intl.NumberFormat('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
export const formatVes = (amount: number | string) => `Bs. ${ves().format(Number(amount))}`;
/** Integer Bs. céntimos written as formatVes writes bolívares. */
export const formatVesFromCents = (centimos: number) => formatVes(centimos / 100);

const dateTimeFmt = onFirstUse(
  () =>
    new Intl.DateTimeFormat('es-ES', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);
const twoDigits = (n: number) => String(n).padStart(2, '0');
/**
 * Dates in es-ES (docs/product/formats.md#dates): `05/03/2026`, in the browser's (or server's) time zone, as
 * Intl writes them, by hand for the reason given at formatUsd. A day written as `2026-03-05` is a
 * calendar day, not an instant: it reads the same in every time zone. An invalid date throws, as
 * Intl's formatter does.
 */
export const formatDate = (d: string | Date) => {
  const day = typeof d === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(d) : null;
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  const date = new Date(d);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return `${twoDigits(date.getDate())}/${twoDigits(date.getMonth() + 1)}/${date.getFullYear()}`;
};
export const formatDateTime = (d: string | Date) => dateTimeFmt().format(new Date(d));

// --- Numbers as Venezuelans write them (docs/decisions/005) ------------------------------------

/** `n` rounded half away from zero to `decimals`, as digit strings; null where its text has an exponent. */
function roundedDigits(n: number, decimals: number): { whole: string; fraction: string } | null {
  const text = String(Math.abs(n));
  if (text.includes('e')) return null;
  const [whole, fraction = ''] = text.split('.');
  if (fraction.length <= decimals) return { whole, fraction: fraction.padEnd(decimals, '0') };
  let digits = whole + fraction.slice(0, decimals);
  if (fraction[decimals] >= '5') digits = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  return { whole: digits.slice(0, digits.length - decimals) || '0', fraction: digits.slice(digits.length - decimals) };
}

/** es-VE groups every number from four digits on: `1.250`. */
const groupEsVe = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

export type DecimalFormat = {
  /** At most this many decimals (rounded half away from zero). */
  decimals: number;
  /** Always show them all (money: `38,50`); otherwise trailing zeros are dropped (`2,5`). */
  fixed?: boolean;
  /**
   * Written to be read back by parseDecimal (a field's text once left): a whole number is not
   * grouped (`1500`, since "1.500" alone could be 1,5) and three decimals get a fourth zero
   * (`36,5210`, since "36,521" alone could be 36521).
   */
  forInput?: boolean;
};

/** A number as es-VE writes it: decimal comma, dots for thousands (`1.250,5`, `2,5`, `38,50`). */
export function formatDecimal(n: number, { decimals, fixed = false, forInput = false }: DecimalFormat): string {
  const parts = Number.isFinite(n) ? roundedDigits(n, decimals) : null;
  if (!parts) return new Intl.NumberFormat('es-VE', { maximumFractionDigits: decimals }).format(n);
  let fraction = fixed ? parts.fraction : parts.fraction.replace(/0+$/, '');
  if (forInput && fraction.length === 3) fraction += '0';
  const negative = n < 0 && /[1-9]/.test(parts.whole + fraction);
  const whole = forInput && !fraction ? parts.whole : groupEsVe(parts.whole);
  return `${negative ? '-' : ''}${whole}${fraction ? `,${fraction}` : ''}`;
}

export type DecimalRules = {
  /** How many decimals the field keeps: more is refused, never rounded away. */
  decimals: number;
  /** Units or currency signs the text may carry before or after the number (`$`, `kg`). */
  affixes?: readonly string[];
  /**
   * For sources known to write at most two decimals (a bank's amounts): a lone separator
   * followed by three digits groups thousands ("1.234" is 1234). Elsewhere that is refused.
   */
  threeDigitsGroupThousands?: boolean;
};

export type DecimalReading =
  | { status: 'empty' }
  | {
      status: 'number';
      value: number;
      /** The same number as plain text with a decimal point ("-1234.5"), exact to the last decimal. */
      digits: string;
    }
  | { status: 'refused'; reason: 'unreadable' | 'ambiguous' | 'decimals'; message: string };

/** More integer digits than this is no amount we handle, and beyond what a double holds exactly. */
const MAX_INTEGER_DIGITS = 13;

/** "1.234.567" grouped by `separator`: a first group of 1–3 digits, then groups of exactly 3. */
function isGroupedThousands(text: string, separator: string): boolean {
  const [first, ...rest] = text.split(separator);
  return /^\d{1,3}$/.test(first ?? '') && rest.every((g) => /^\d{3}$/.test(g));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` without one of `affixes` at its start and one at its end (case and spaces ignored). */
function withoutAffixes(text: string, affixes: readonly string[]): string {
  if (affixes.length === 0) return text;
  const alternatives = [...affixes]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  return text
    .replace(new RegExp(`^([-\u2212]?)\\s*(?:${alternatives})\\s*`, 'i'), '$1')
    .replace(new RegExp(`\\s*(?:${alternatives})$`, 'i'), '');
}

/**
 * Reads a number however its text arrives, typed, pasted, autofilled or sent by a device
 * (docs/decisions/005): "2,5" and "2.5" are 2.5; "1.234,5" and "1,234.5" are 1234.5; "1.234.567" is
 * 1234567. What could be read two ways is refused, never guessed: a lone separator followed by
 * exactly three digits ("1.500": 1500 or 1,5), unless the source says otherwise. Also refused:
 * misplaced separators ("1,2,3", "2.5.5"), letters, and more decimals than the field keeps.
 */
export function parseDecimal(
  input: string,
  { decimals, affixes = [], threeDigitsGroupThousands = false }: DecimalRules,
): DecimalReading {
  const original = input.trim();
  if (original === '') return { status: 'empty' };
  const unreadable = {
    status: 'refused',
    reason: 'unreadable',
    message: NUMBER_MESSAGES.unreadable(original),
  } as const;

  let text = withoutAffixes(original, affixes);
  const negative = /^[-\u2212]/.test(text);
  if (negative) text = text.slice(1);
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return unreadable;

  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  let whole = text;
  let fraction = '';
  if (lastDot >= 0 && lastComma >= 0) {
    // Both: the last one marks the decimals, the other groups thousands before it.
    const decimalSeparator = lastDot > lastComma ? '.' : ',';
    const at = text.lastIndexOf(decimalSeparator);
    whole = text.slice(0, at);
    fraction = text.slice(at + 1);
    if (whole.includes(decimalSeparator) || !isGroupedThousands(whole, decimalSeparator === '.' ? ',' : '.'))
      return unreadable;
    whole = whole.replace(/[.,]/g, '');
  } else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? '.' : ',';
    const parts = text.split(separator);
    if (parts.length > 2) {
      if (!isGroupedThousands(text, separator)) return unreadable;
      whole = parts.join('');
    } else {
      [whole, fraction] = parts as [string, string];
      const couldGroupThousands = fraction.length === 3 && /^[1-9]\d{0,2}$/.test(whole);
      if (couldGroupThousands && threeDigitsGroupThousands) {
        whole += fraction;
        fraction = '';
      } else if (couldGroupThousands) {
        const asDecimal = formatDecimal(Number(`${whole}.${fraction}`), { decimals: 3 });
        return {
          status: 'refused',
          reason: 'ambiguous',
          message: NUMBER_MESSAGES.ambiguous(original, whole + fraction, asDecimal),
        };
      }
    }
  }

  whole = whole.replace(/^0+(?=\d)/, '') || '0';
  fraction = fraction.replace(/0+$/, '');
  if (whole.length > MAX_INTEGER_DIGITS) return unreadable;
  if (fraction.length > decimals) {
    const message = decimals === 0 ? NUMBER_MESSAGES.wholeOnly : NUMBER_MESSAGES.tooManyDecimals(decimals);
    return { status: 'refused', reason: 'decimals', message };
  }
  const isZero = /^0+$/.test(whole + fraction);
  const digits = `${negative && !isZero ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
  return { status: 'number', value: Number(digits), digits };
}
