import { EMAIL_MASK_VISIBLE_CHARS } from './constants';

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

const ves = onFirstUse(() => new Intl.NumberFormat('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
export const formatVes = (amount: number | string) => `Bs. ${ves().format(Number(amount))}`;

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
 * Intl writes them, by hand for the reason given at formatUsd. An invalid date throws, as Intl's
 * formatter does.
 */
export const formatDate = (d: string | Date) => {
  const date = new Date(d);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return `${twoDigits(date.getDate())}/${twoDigits(date.getMonth() + 1)}/${date.getFullYear()}`;
};
export const formatDateTime = (d: string | Date) => dateTimeFmt().format(new Date(d));
