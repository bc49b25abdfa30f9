// Public tracking (docs/product/public-tracking.md): the number's rule and the answer's shape.
// No zod here: the home page's search box uses the rule, and the home page's first JavaScript
// has a budget (client/scripts/report-size.mjs); the procedure's schema wraps the same rule.
import { PUBLIC_TRACKING_MESSAGES as M } from './messages';
import type { PublicDepartureView } from '../departures/departures';
import type { CarrierLegView } from '../carrier-tracking';

/** Letters and digits the number must have (a key shorter than this matches too much). */
export const PUBLIC_TRACKING_NUMBER_MIN = 5;
/** As typed, spaces and hyphens included (USPS's routing prefix makes 34 digits). */
export const PUBLIC_TRACKING_NUMBER_MAX = 60;
/** Letters, digits, spaces, hyphens and underscores (the admin's tracking numbers allow those). */
export const PUBLIC_TRACKING_NUMBER_CHARACTERS = /^[A-Za-z0-9 _-]*$/;

/** Lookups per IP (every lookup counts, found or not), counted in the database (docs/decisions/007). */
export const PUBLIC_TRACKING_LIMIT = { perIp: 30, windowMinutes: 10 } as const;

/** The letters and digits of a number: what its length rule counts. */
export const publicTrackingNumberSignificant = (number: string) => number.replace(/[^A-Za-z0-9]/g, '').length;

/**
 * What is wrong with a typed number, or null: the rules of the procedure's input, for the search
 * boxes, which check before navigating.
 */
export function publicTrackingNumberProblem(raw: string): string | null {
  const number = raw.trim();
  if (!number) return M.numberRequired;
  if (number.length > PUBLIC_TRACKING_NUMBER_MAX) return M.numberTooLong(PUBLIC_TRACKING_NUMBER_MAX);
  if (!PUBLIC_TRACKING_NUMBER_CHARACTERS.test(number)) return M.numberCharacters;
  if (publicTrackingNumberSignificant(number) < PUBLIC_TRACKING_NUMBER_MIN)
    return M.numberTooShort(PUBLIC_TRACKING_NUMBER_MIN);
  return null;
}

/** One step of the timeline: when, and what (a Spanish status label, never free text). */
export type PublicTrackingEvent = { at: string; label: string };

/**
 * The whole answer, found or not: the same keys either way, so a miss differs from a hit only
 * by what it says. Dates: `at` ISO timestamps; estimatedDelivery and deliveredOn YYYY-MM-DD.
 */
export type PublicTrackingResult = {
  /** The number as asked (trimmed). */
  number: string;
  found: boolean;
  carrier: string | null;
  /** The current status, in Spanish. */
  status: string | null;
  /** Newest first. */
  timeline: PublicTrackingEvent[];
  estimatedDelivery: string | null;
  deliveredOn: string | null;
  originCountry: string | null;
  destinationCity: string | null;
  /** 'Disponible en agencia <nombre>, <ciudad>' or 'Entregado el <fecha>' (docs/product/last-mile.md); names no person. */
  whereNow: string | null;
  /** The carrier's leg from the store to our warehouse, its own words, places and times; never a signer (docs/product/first-mile.md). */
  carrierLeg: CarrierLegView | null;
  /** The flight or container it travels in, with its milestones and promised arrival (docs/product/departures.md). */
  departure: PublicDepartureView | null;
};
