import { EMAIL_MASK_VISIBLE_CHARS } from './constants';
import { NUMBER_MESSAGES } from './numbers/messages';

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
 * A whole number as es-VE writes it (`10000` → `10.000`, `5000` → `5.000`; docs/product/formats.md), for
 * texts built when a module loads, where Intl would cost every page (see onFirstUse).
 */
export function groupThousands(n: number): string {
  const whole = Math.trunc(n);
  return `${whole < 0 ? '-' : ''}${groupEsVe(String(Math.abs(whole)))}`;
}

/**
 * Money in USD with 2 decimals as es-VE writes it (docs/product/formats.md#money): `$38,50`,
 * `$1.234,50`, `-$3,00`. By hand (formatDecimal) rather than with Intl: the first Intl formatter a
 * page builds costs tens of milliseconds on a phone, and nearly every signed-in page shows money.
 */
export const formatUsd = (amount: number | string) => withSign('$', formatDecimal(Number(amount), MONEY));

/** Integer USD cents written as formatUsd writes dollars: `$1.234,50` (docs/decisions/005). */
export const formatUsdFromCents = (cents: number) => formatUsd(cents / 100);

/**
 * Bolívares as es-VE writes them: `Bs. 6.560,00`, `-Bs. 3,00`. Bolívares, not céntimos: every Bs.
 * amount the app stores is céntimos, written with formatVesFromCents (or, for a payment,
 * formatPaidAmount).
 */
export const formatVes = (amount: number | string) => withSign('Bs. ', formatDecimal(Number(amount), MONEY));
/** Integer Bs. céntimos written as formatVes writes bolívares. */
export const formatVesFromCents = (centimos: number) => formatVes(centimos / 100);

const MONEY: DecimalFormat = { decimals: 2, fixed: true };
/** The sign before the currency: `-$3,00`. */
const withSign = (currency: string, number: string) =>
  number.startsWith('-') ? `-${currency}${number.slice(1)}` : `${currency}${number}`;

/** A count as es-VE writes it: `7`, `1.250`, `10.000`. */
export const formatCount = (n: number) => formatDecimal(n, { decimals: 0 });

/**
 * Kilograms as es-VE writes them (docs/product/formats.md#weights): `343,11 kg`, `2,5 kg`; `decimals`
 * at most (2 by default), or exactly that many with `fixed` (`2,0 kg`). The database's numeric text
 * ("343.11") is read as a number.
 */
export const formatKg = (
  kg: number | string,
  { decimals = 2, fixed = false }: { decimals?: number; fixed?: boolean } = {},
) => `${formatDecimal(Number(kg), { decimals, fixed })} kg`;

/** Pounds, for the USA quote: `12,50 lb`. */
export const formatLb = (lb: number | string, decimals = 2) =>
  `${formatDecimal(Number(lb), { decimals, fixed: true })} lb`;

/**
 * A parcel's measures in centimetres (`30 × 20 × 10 cm`, `30,5 × 20 × 10 cm`), from numbers or from
 * the text the warehouse stores ("30x20x10", "30.5 x 20 x 10"). Text that is not three numbers is
 * shown as typed, with its unit.
 */
export function formatMeasures(dims: string | readonly (number | string)[]): string {
  const parts = typeof dims === 'string' ? dims.trim().split(/\s*[x×*]\s*/i) : dims.map(String);
  const numbers = parts.map((p) => (/^\d+(?:[.,]\d+)?$/.test(p) ? Number(p.replace(',', '.')) : Number.NaN));
  if (parts.length === 0 || numbers.some((n) => Number.isNaN(n))) return `${String(dims)} cm`;
  return `${numbers.map((n) => formatDecimal(n, { decimals: 2 })).join(' × ')} cm`;
}

/** A percentage as es-VE writes it: `12,5 %` (at most `decimals`, 1 by default). */
export const formatPercent = (percent: number, decimals = 1) => `${formatDecimal(percent, { decimals })} %`;

/**
 * Every instant is shown in Caracas time, the business's clock (docs/product/formats.md#dates):
 * a page the server renders and the browser hydrates reads the same wherever each of them runs.
 */
export const SHOWN_TIME_ZONE = 'America/Caracas';
const dateTimeFmt = onFirstUse(
  () =>
    new Intl.DateTimeFormat('es-ES', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: SHOWN_TIME_ZONE,
    }),
);
/** The calendar day of an instant in Caracas, as YYYY-MM-DD (en-CA writes it so). */
const shownDayFmt = onFirstUse(() => new Intl.DateTimeFormat('en-CA', { timeZone: SHOWN_TIME_ZONE }));
/**
 * Dates as Venezuelans write them (docs/product/formats.md#dates): `05/03/2026`, in Caracas time
 * wherever the code runs, as Intl's es-ES writes them, by hand for the reason given at formatUsd. A day written as `2026-03-05` is a
 * calendar day, not an instant: it reads the same in every time zone. An invalid date throws, as
 * Intl's formatter does.
 */
export const formatDate = (d: string | Date) => {
  const day = typeof d === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(d) : null;
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  const date = new Date(d);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  const [year, month, dayOfMonth] = shownDayFmt().format(date).split('-');
  return `${dayOfMonth}/${month}/${year}`;
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

// --- CSV files (docs/product/formats.md#csv) ---------------------------------------------------

/**
 * CSV files are for spreadsheets, not for reading: numbers go out as machine numbers (a decimal
 * point, no thousands separator: `1234.50`), so any spreadsheet sums them, and each numeric
 * column's header says so.
 */
export const CSV_NUMBER_CONVENTION = 'punto decimal';

/** A numeric column's header with the convention: 'Peso (kg)' → 'Peso (kg, punto decimal)'. */
export const csvNumberHeader = (header: string) =>
  /\)$/.test(header) ? header.replace(/\)$/, `, ${CSV_NUMBER_CONVENTION})`) : `${header} (${CSV_NUMBER_CONVENTION})`;
