// How often polling asks for a followed number (docs/product/first-mile.md#polling-and-the-days-budget).
// Webhooks come first; polling is their fallback, so it asks by the parcel's state, less when the
// carrier has said nothing for days, and not at all for a day after a webhook brought news of the
// number (its webhooks work). That keeps 100,000 followed numbers within the default day's budget.
import type { CarrierTrackingState } from '@casillero/shared';

const HOUR = 3600 * 1000;

/** How soon a number is asked again, by its state. */
export const POLL_EVERY_MS: Record<CarrierTrackingState | 'none', number> = {
  none: 12 * HOUR,
  info_received: 12 * HOUR,
  in_transit: 8 * HOUR,
  out_for_delivery: 2 * HOUR,
  // Until the warehouse receives it, a carrier's correction may still come.
  delivered: 24 * HOUR,
  exception: 6 * HOUR,
  returned: 24 * HOUR,
};

/** The carrier said nothing of the number for this long (no event; none since registration)… */
export const QUIET_AFTER_MS = 72 * HOUR;
/** …so it is asked at most this often until it speaks again. */
export const QUIET_POLL_EVERY_MS = 24 * HOUR;
/** A webhook brought news of the number: it is not polled for this long after (a lost webhook is caught within a day). */
export const AFTER_WEBHOOK_POLL_MS = 24 * HOUR;

/** The interval after a poll: by state, stretched to a day when the carrier has been quiet. */
export function pollEveryMs(state: CarrierTrackingState | null, quiet: boolean): number {
  const byState = POLL_EVERY_MS[state ?? 'none'];
  return quiet ? Math.max(byState, QUIET_POLL_EVERY_MS) : byState;
}

/** The next poll after a webhook's news: not before a day from now (never sooner than planned). */
export function nextPollAfterWebhook(planned: Date, now: Date): Date {
  const after = new Date(now.getTime() + AFTER_WEBHOOK_POLL_MS);
  return planned > after ? planned : after;
}
