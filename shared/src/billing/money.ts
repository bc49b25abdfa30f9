// Money in two currencies (docs/product/product-decisions.md#d14-two-currencies-one-truth, docs/decisions/005): USD in integer cents, bolívares in
// integer céntimos, exchange rates as decimal text (Bs. per USD, up to 8 decimals as the BCV
// publishes them). Conversions are exact (BigInt) and round half away from zero, once, at the
// moment an amount is issued; what was issued is stored and never recomputed.
import { formatUsdFromCents, formatVesFromCents, onFirstUse } from '../format';

/** The two currencies a payment is made in. */
export const CURRENCIES = ['USD', 'VES'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** How many decimals a rate may carry. */
export const RATE_DECIMALS = 8;
const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);

/** A rate as text ("36,5214" or "36.5214") to its value scaled by 10^8; null when not a positive decimal. */
export function parseRate(rate: string | number): bigint | null {
  const text = String(rate).trim().replace(',', '.');
  const m = /^(\d{1,10})(?:\.(\d{1,8}))?$/.exec(text);
  if (!m) return null;
  const scaled = BigInt(m[1]) * RATE_SCALE + BigInt((m[2] ?? '').padEnd(RATE_DECIMALS, '0') || '0');
  return scaled > 0n ? scaled : null;
}

/** n / d rounded half away from zero, for a positive d. */
function divRound(n: bigint, d: bigint): bigint {
  const sign = n < 0n ? -1n : 1n;
  const abs = n < 0n ? -n : n;
  return sign * ((abs * 2n + d) / (2n * d));
}

function scaledRate(rate: string | number): bigint {
  const scaled = parseRate(rate);
  if (scaled === null) throw new RangeError(`Tasa inválida: ${rate}`);
  return scaled;
}

/** basis points × amount, rounded half away from zero to the cent (1600 is 16 %). */
export function percentOf(cents: number, basisPoints: number): number {
  return Number(divRound(BigInt(cents) * BigInt(basisPoints), 10_000n));
}

/** USD cents at a rate to Bs. céntimos: cents × rate, rounded half away from zero to the céntimo. */
export function usdCentsToVesCentimos(usdCents: number, rate: string | number): number {
  return Number(divRound(BigInt(usdCents) * scaledRate(rate), RATE_SCALE));
}

/**
 * What an invoice still asks in Bs. at its own frozen rate. Nothing paid yet: its own Bs. total
 * (a factura's is the sum of its columns each converted once, docs/product/fiscal-invoices.md#taxes,
 * which can differ by a céntimo from its USD total converted), so 'Por pagar' reads as the
 * document does; part paid: the rest converted once.
 */
export function invoiceRemainingVesCentimos(
  invoice: { usdCents: number; vesCentimos: number | null; remainingUsdCents: number },
  rate: string | number,
): number {
  const remaining = Math.max(0, invoice.remainingUsdCents);
  if (remaining === invoice.usdCents && invoice.vesCentimos !== null) return invoice.vesCentimos;
  return usdCentsToVesCentimos(remaining, rate);
}

/** Bs. céntimos at a rate to USD cents: céntimos ÷ rate, rounded half away from zero to the cent. */
export function vesCentimosToUsdCents(vesCentimos: number, rate: string | number): number {
  return Number(divRound(BigInt(vesCentimos) * RATE_SCALE, scaledRate(rate)));
}

/** A decimal amount (12.5, "12,50") to integer cents, or null when it has more than 2 decimals. */
export function toCents(amount: number | string): number | null {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim().replace(',', '.');
  const m = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] ? -cents : cents;
}

/**
 * Whether a decimal amount is a whole number of cents (or céntimos): at most two decimals, with
 * room for the binary error of a typed 0,07.
 */
export const isWholeCents = (amount: number) =>
  Number.isFinite(amount) && Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

/** Integer cents to dollars (or Bs.), for a form field or a rate's arithmetic; never to store. */
export const fromCents = (cents: number) => cents / 100;

/**
 * A dollar figure already in hand (a form's number, a fee from the settings) to integer cents,
 * rounded half away from zero; typed text goes through toCents, which refuses a third decimal.
 */
export const dollarsToCents = (dollars: number) => Math.sign(dollars) * Math.round(Math.abs(dollars) * 100);

const rateFormat = onFirstUse(
  () =>
    new Intl.NumberFormat('es-VE', {
      minimumFractionDigits: 2,
      maximumFractionDigits: RATE_DECIMALS,
      useGrouping: true,
    }),
);

/** `$12,50`, `-$3,00`, `$1.234,50` (es-VE). */
export const formatUsdCents = formatUsdFromCents;
/** `Bs. 456,25` (es-VE). */
export const formatVesCentimos = formatVesFromCents;
/**
 * A payment's amount in the currency it was paid in, the one figure Pagos shows in its list and in
 * its details: `Bs. 26.360,70` for one paid in bolívares (amountVesCents is céntimos; amountUsdCents
 * its value in dollars), `$100,46` for one paid in dollars.
 */
export const formatPaidAmount = (p: { currency: Currency; amountUsdCents: number; amountVesCents: number | null }) =>
  p.currency === 'VES' && p.amountVesCents !== null
    ? formatVesCentimos(p.amountVesCents)
    : formatUsdCents(p.amountUsdCents);

/** A rate as people read it: `Bs. 36,5214 por USD`. */
export const formatRate = (rate: string | number) => `Bs. ${rateFormat().format(Number(rate))} por USD`;
