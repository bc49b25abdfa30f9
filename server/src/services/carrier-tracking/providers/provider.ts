// What every tracking provider gives the first mile (docs/product/first-mile.md#providers): the
// fake that plays recorded sequences, the aggregator (17TRACK) and the self-hosted Karrio. An
// adapter speaks its provider's published API and returns our shapes; it stores nothing, and
// counts nothing: the caller holds the day's budget and stores each event once by its id.
import type { CarrierTrackingState, FirstMileCarrier, TrackingProviderName } from '@casillero/shared';

/** A number to follow, as registered with the provider. */
export type TrackingRegistration = { trackingNumber: string; carrier: FirstMileCarrier | null };

/** One carrier event in our shape, with the carrier's own text kept. */
export type ProviderEvent = {
  /** The provider's id for the event, or a digest of (number, time, text) where it gives none. */
  eventId: string;
  trackingNumber: string;
  carrier: FirstMileCarrier | null;
  state: CarrierTrackingState;
  occurredAt: Date;
  description: string;
  location: string | null;
};

/** What the provider says about the parcel besides its events (any field may be unknown). */
export type ProviderParcelFacts = {
  trackingNumber: string;
  expectedDeliveryAt: Date | null;
  /** Who signed, and a link to the delivery photo, where the carrier gives them. */
  proofSignedBy: string | null;
  proofPhotoUrl: string | null;
};

export type ProviderUpdate = { events: ProviderEvent[]; facts: ProviderParcelFacts[] };

export type RegistrationResult = {
  accepted: string[];
  /** Numbers the provider refused, with its reason (kept, never shown to the customer as an error). */
  rejected: { trackingNumber: string; reason: string }[];
};

/** A webhook's verdict: its events, or why it is refused (nothing is stored then). */
export type WebhookVerdict =
  | { ok: true; deliveryId: string; update: ProviderUpdate }
  | { ok: false; reason: 'signature' | 'stale' | 'malformed' };

export interface TrackingProvider {
  readonly name: TrackingProviderName;
  /** Numbers per registration or polling request (the provider's documented limit). */
  readonly maxBatch: number;
  /** Registers up to maxBatch numbers in one request. */
  register(batch: TrackingRegistration[]): Promise<RegistrationResult>;
  /** Asks for the latest of up to maxBatch numbers in one request (polling, the webhook's fallback). */
  poll(batch: TrackingRegistration[]): Promise<ProviderUpdate>;
  /**
   * Checks a webhook's signature on its raw body (and its age, where the provider signs a time)
   * and reads it. `headers` are lower-cased.
   */
  readWebhook(headers: Record<string, string | undefined>, rawBody: string, now: Date): WebhookVerdict;
}
