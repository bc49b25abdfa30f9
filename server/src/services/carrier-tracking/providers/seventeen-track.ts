// The 17TRACK adapter (docs/product/first-mile-providers.md#17track): its Tracking API v2.2,
// /register and /gettrackinfo with the `17token` header, up to 40 numbers a request, and its
// webhook signed in the `sign` header as the SHA-256 (hex) of the body, '/', and the API key.
// 17TRACK gives no id to an event nor to a delivery: digests stand in for both.
import { trackingKey, type CarrierTrackingState, type FirstMileCarrier } from '@casillero/shared';
import {
  asObject,
  digestEventId,
  oncePerId,
  parseJson,
  requestJson,
  sameSecret,
  sha256Hex,
  TrackingProviderError,
  text,
} from './http';
import type {
  ProviderEvent,
  ProviderParcelFacts,
  ProviderUpdate,
  RegistrationResult,
  TrackingProvider,
  TrackingRegistration,
  WebhookVerdict,
} from './provider';

export const SEVENTEEN_TRACK_API = 'https://api.17track.net/track/v2.2';
/** The documented limit of numbers in one /register or /gettrackinfo request. */
export const SEVENTEEN_TRACK_MAX_BATCH = 40;
/** 17TRACK's answer for a number this account registered before: as good as accepted. */
const ALREADY_REGISTERED = -18019901;

/**
 * 17TRACK's numeric keys for the carriers we recognise, only those checked against its carrier
 * list; a carrier missing here is registered with 17TRACK's auto-detection instead.
 */
export const SEVENTEEN_TRACK_CARRIER_KEYS: Partial<Record<FirstMileCarrier, number>> = {
  USPS: 21051,
  UPS: 100002,
  FedEx: 100003,
  DHL: 100001,
  'China Post': 3011,
};
const CARRIER_BY_KEY = new Map(
  Object.entries(SEVENTEEN_TRACK_CARRIER_KEYS).map(([carrier, key]) => [key, carrier as FirstMileCarrier]),
);

/** 17TRACK's main statuses in our states. */
const STATUS_STATE: Record<string, CarrierTrackingState> = {
  NotFound: 'info_received',
  InfoReceived: 'info_received',
  InTransit: 'in_transit',
  // Waiting at a carrier's counter or locker near us: the last step before it reaches the
  // warehouse, so it ranks as out for delivery (the carrier's words say where it waits).
  AvailableForPickup: 'out_for_delivery',
  OutForDelivery: 'out_for_delivery',
  Delivered: 'delivered',
  DeliveryFailure: 'exception',
  // 17TRACK's verdict after long silence: someone should look.
  Expired: 'exception',
  Exception: 'exception',
};
/** Sub-statuses of Exception that mean the parcel goes back to the sender. */
const RETURN_SUB_STATUSES = new Set(['Exception_Returning', 'Exception_Returned']);
/** The key stages 17TRACK puts on an event it recognised. */
const STAGE_STATE: Record<string, CarrierTrackingState> = {
  InfoReceived: 'info_received',
  PickedUp: 'in_transit',
  Departure: 'in_transit',
  Arrival: 'in_transit',
  AvailableForPickup: 'out_for_delivery',
  OutForDelivery: 'out_for_delivery',
  Delivered: 'delivered',
  Returning: 'returned',
  Returned: 'returned',
};

/** A status and sub-status (either may be missing) in our state, or null when neither says. */
export function seventeenTrackState(status: string | null, subStatus: string | null): CarrierTrackingState | null {
  if (subStatus && RETURN_SUB_STATUSES.has(subStatus)) return 'returned';
  const main = status ?? subStatus?.split('_')[0] ?? null;
  return main ? (STATUS_STATE[main] ?? null) : null;
}

/** An instant 17TRACK wrote: time_utc (Z) first, else time_iso with its offset; null if neither reads. */
function instant(utc: unknown, iso: unknown): Date | null {
  for (const value of [utc, iso]) {
    const t = text(value);
    if (!t) continue;
    // A time without a zone is read as UTC rather than as the server's local time.
    const withZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(t) ? t : `${t}Z`;
    const date = new Date(withZone);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return null;
}

function place(event: Record<string, unknown>): string | null {
  const given = text(event.location);
  if (given) return given;
  const address = asObject(event.address);
  if (!address) return null;
  const parts = [address.city, address.state, address.country].map(text).filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(', ') : null;
}

/**
 * One number's track_info in our events and facts. An event's state is its sub-status or key
 * stage where 17TRACK gives one; the newest event without either takes the number's latest
 * status; any other is in transit (a scan between two recognised steps).
 */
export function readSeventeenTrackInfo(
  trackingNumber: string,
  registeredCarrier: FirstMileCarrier | null,
  trackInfo: Record<string, unknown>,
): ProviderUpdate {
  const latest = asObject(trackInfo.latest_status) ?? {};
  const latestState = seventeenTrackState(text(latest.status), text(latest.sub_status));
  const providers = (asObject(trackInfo.tracking)?.providers ?? []) as unknown[];
  const read: { event: Omit<ProviderEvent, 'state'>; stated: CarrierTrackingState | null }[] = [];
  for (const entry of Array.isArray(providers) ? providers : []) {
    const provider = asObject(entry);
    if (!provider) continue;
    const key = asObject(provider.provider)?.key;
    const carrier = registeredCarrier ?? (typeof key === 'number' ? (CARRIER_BY_KEY.get(key) ?? null) : null);
    const events = Array.isArray(provider.events) ? provider.events : [];
    for (const raw of events) {
      const event = asObject(raw);
      const occurredAt = event && instant(event.time_utc, event.time_iso);
      const description = event && text(event.description);
      // An event with no time or no words cannot be placed on a timeline.
      if (!event || !occurredAt || !description) continue;
      const subStatus = text(event.sub_status);
      const stage = text(event.stage);
      read.push({
        event: {
          eventId: digestEventId(trackingNumber, occurredAt, description),
          trackingNumber,
          carrier,
          occurredAt,
          description,
          location: place(event),
        },
        stated: (subStatus && seventeenTrackState(null, subStatus)) || (stage && STAGE_STATE[stage]) || null,
      });
    }
  }
  const newest = read.reduce<number>(
    (best, r, i) => (best < 0 || r.event.occurredAt > read[best].event.occurredAt ? i : best),
    -1,
  );
  const events: ProviderEvent[] = oncePerId(
    read.map((r, i) => ({
      ...r.event,
      state: r.stated ?? (i === newest && latestState ? latestState : 'in_transit'),
    })),
  );
  const estimate = asObject(asObject(trackInfo.time_metrics)?.estimated_delivery_date);
  // The end of 17TRACK's window: the date by which the carrier expects to deliver.
  const expectedDeliveryAt = estimate ? instant(null, estimate.to ?? estimate.from) : null;
  const facts: ProviderParcelFacts = { trackingNumber, expectedDeliveryAt, proofSignedBy: null, proofPhotoUrl: null };
  return { events, facts: [facts] };
}

function requestItem(r: TrackingRegistration): Record<string, unknown> {
  const key = r.carrier ? SEVENTEEN_TRACK_CARRIER_KEYS[r.carrier] : undefined;
  return key ? { number: r.trackingNumber, carrier: key } : { number: r.trackingNumber, auto_detection: true };
}

type Answer = { accepted: Record<string, unknown>[]; rejected: Record<string, unknown>[] };

/** A 17TRACK answer's lists, or a thrown error for its own refusal (code other than 0). */
function readAnswer(body: unknown): Answer {
  const root = asObject(body);
  if (!root || typeof root.code !== 'number') {
    throw new TrackingProviderError('17track', 200, '17TRACK respondió sin código');
  }
  if (root.code !== 0) {
    const data = asObject(root.data);
    const message = text(data?.message) ?? text(root.message) ?? 'sin mensaje';
    throw new TrackingProviderError('17track', 200, `17TRACK respondió ${root.code}: ${message}`, root.code);
  }
  const data = asObject(root.data) ?? {};
  const list = (v: unknown) => (Array.isArray(v) ? v.map(asObject).filter((o) => o !== null) : []);
  return { accepted: list(data.accepted), rejected: list(data.rejected) };
}

function checkBatch(batch: TrackingRegistration[]) {
  if (batch.length > SEVENTEEN_TRACK_MAX_BATCH) {
    throw new RangeError(`17TRACK acepta hasta ${SEVENTEEN_TRACK_MAX_BATCH} números por solicitud`);
  }
}

export function seventeenTrackProvider(settings: {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
}): TrackingProvider {
  const base = (settings.baseUrl ?? SEVENTEEN_TRACK_API).replace(/\/+$/, '');
  const post = async (path: string, body: unknown) =>
    readAnswer(
      await requestJson('17track', `${base}/${path}`, {
        method: 'POST',
        headers: { '17token': settings.apiKey, 'content-type': 'application/json' },
        body,
        timeoutMs: settings.timeoutMs,
      }),
    );
  return {
    name: '17track',
    maxBatch: SEVENTEEN_TRACK_MAX_BATCH,

    async register(batch): Promise<RegistrationResult> {
      checkBatch(batch);
      if (batch.length === 0) return { accepted: [], rejected: [] };
      const answer = await post('register', batch.map(requestItem));
      const ours = new Map(batch.map((r) => [trackingKey(r.trackingNumber), r.trackingNumber]));
      const number = (item: Record<string, unknown>) => {
        const given = text(item.number);
        return given ? (ours.get(trackingKey(given)) ?? given) : null;
      };
      const result: RegistrationResult = { accepted: [], rejected: [] };
      for (const item of answer.accepted) {
        const n = number(item);
        if (n) result.accepted.push(n);
      }
      for (const item of answer.rejected) {
        const n = number(item);
        if (!n) continue;
        const error = asObject(item.error);
        if (error?.code === ALREADY_REGISTERED) result.accepted.push(n);
        else
          result.rejected.push({ trackingNumber: n, reason: `${error?.code ?? '?'}: ${text(error?.message) ?? ''}` });
      }
      return result;
    },

    async poll(batch): Promise<ProviderUpdate> {
      checkBatch(batch);
      if (batch.length === 0) return { events: [], facts: [] };
      const answer = await post('gettrackinfo', batch.map(requestItem));
      const ours = new Map(batch.map((r) => [trackingKey(r.trackingNumber), r]));
      const update: ProviderUpdate = { events: [], facts: [] };
      for (const item of answer.accepted) {
        const given = text(item.number);
        const registration = given ? ours.get(trackingKey(given)) : undefined;
        const trackInfo = asObject(item.track_info);
        if (!registration || !trackInfo) continue;
        const read = readSeventeenTrackInfo(registration.trackingNumber, registration.carrier, trackInfo);
        update.events.push(...read.events);
        update.facts.push(...read.facts);
      }
      // Rejected numbers (not registered yet, unknown) have nothing to tell: asked again later.
      return update;
    },

    readWebhook(headers, rawBody): WebhookVerdict {
      const sign = headers.sign;
      if (!sign || !sameSecret(sign.toLowerCase(), sha256Hex(`${rawBody}/${settings.apiKey}`))) {
        return { ok: false, reason: 'signature' };
      }
      const body = asObject(parseJson(rawBody));
      const event = text(body?.event);
      const data = asObject(body?.data);
      const number = text(data?.number);
      if (!body || !event || !data || !number) return { ok: false, reason: 'malformed' };
      const deliveryId = sha256Hex(rawBody);
      // TRACKING_STOPPED (and any later kind) carries no events: nothing to store, still seen once.
      if (event !== 'TRACKING_UPDATED') return { ok: true, deliveryId, update: { events: [], facts: [] } };
      const trackInfo = asObject(data.track_info);
      if (!trackInfo) return { ok: false, reason: 'malformed' };
      const key = data.carrier;
      const carrier = typeof key === 'number' ? (CARRIER_BY_KEY.get(key) ?? null) : null;
      return { ok: true, deliveryId, update: readSeventeenTrackInfo(number, carrier, trackInfo) };
    },
  };
}
