// The Karrio adapter (docs/product/first-mile-providers.md#karrio): a self-hosted Karrio's REST
// API, `Authorization: Token <key>`, one number a request (its trackers API takes one; its batch
// endpoint answers later and all-or-nothing), and its webhook, which Karrio does not sign: it
// sends the webhook's secret itself in the X-Event-Id header, with no time.
import type { CarrierTrackingState, FirstMileCarrier } from '@casillero/shared';
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
import { instantInZone, zoneOfPlace } from './location-zone';

export const KARRIO_MAX_BATCH = 1;

/**
 * Karrio's carrier names for ours: Karrio cannot guess a carrier from a number, and follows only
 * carriers its installation has a connection for. A carrier missing here is refused at registration.
 */
export const KARRIO_CARRIER_NAMES: Partial<Record<FirstMileCarrier, string>> = {
  USPS: 'usps',
  UPS: 'ups',
  FedEx: 'fedex',
  // DHL's tracking-only connector follows every DHL service (Express, eCommerce, Parcel).
  DHL: 'dhl_universal',
};
const CARRIER_BY_NAME: Record<string, FirstMileCarrier> = {
  usps: 'USPS',
  usps_international: 'USPS',
  ups: 'UPS',
  fedex: 'FedEx',
  dhl_universal: 'DHL',
  dhl_express: 'DHL',
  dhl_parcel_de: 'DHL',
};

/** Karrio's tracker statuses in our states; 'unknown' says nothing (null). */
const STATUS_STATE: Record<string, CarrierTrackingState | null> = {
  pending: 'info_received',
  picked_up: 'in_transit',
  in_transit: 'in_transit',
  unknown: null,
  // As with 17TRACK: waiting at the carrier's counter near us is the last step before the warehouse.
  ready_for_pickup: 'out_for_delivery',
  out_for_delivery: 'out_for_delivery',
  delivered: 'delivered',
  // The carrier itself flags these: someone should look.
  on_hold: 'exception',
  delivery_delayed: 'exception',
  delivery_failed: 'exception',
  cancelled: 'exception',
  return_to_sender: 'returned',
};

export function karrioState(status: string | null): CarrierTrackingState | null {
  return status ? (STATUS_STATE[status] ?? null) : null;
}

/**
 * An event's wall clock, its figures held as if UTC. Karrio gives the carrier's own clock without
 * its zone: `timestamp` (that clock marked Z), or `date` (YYYY-MM-DD) and `time` ("HH:MM",
 * "HH:MM AM/PM", the hour already 0–23 in most connectors). readKarrioTracker() puts it in
 * the zone of the event's place (docs/product/first-mile-providers.md#times).
 */
export function karrioInstant(event: Record<string, unknown>): Date | null {
  const stamp = text(event.timestamp);
  const fromStamp = stamp && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(stamp) ? new Date(`${stamp.slice(0, 19)}Z`) : null;
  if (fromStamp && !Number.isNaN(fromStamp.getTime())) return fromStamp;
  const date = text(event.date);
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const time = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?$/i.exec(text(event.time) ?? '00:00');
  if (!time) return null;
  let hour = Number(time[1]);
  const meridiem = time[4]?.toUpperCase();
  if (meridiem === 'PM' && hour < 12) hour += 12;
  if (meridiem === 'AM' && hour === 12) hour = 0;
  const at = new Date(`${date}T${String(hour).padStart(2, '0')}:${time[2]}:${time[3] ?? '00'}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** A date without a time (Karrio's estimated_delivery) at noon UTC: the same day in Caracas and in China. */
function dayOrInstant(value: unknown): Date | null {
  const t = text(value);
  if (!t) return null;
  const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(t) ? `${t}T12:00:00Z` : t);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * One Karrio tracker in our events and facts. An event's state is its own status where Karrio
 * gives one; the newest event without it takes the tracker's status; any other is in transit.
 */
export function readKarrioTracker(tracker: Record<string, unknown>, registeredCarrier: FirstMileCarrier | null) {
  const trackingNumber = text(tracker.tracking_number) ?? '';
  const carrierName = text(tracker.carrier_name);
  const carrier = registeredCarrier ?? (carrierName ? (CARRIER_BY_NAME[carrierName] ?? null) : null);
  const trackerState = karrioState(text(tracker.status));
  const read: { event: Omit<ProviderEvent, 'state'>; stated: CarrierTrackingState | null }[] = [];
  for (const raw of Array.isArray(tracker.events) ? tracker.events : []) {
    const event = asObject(raw);
    const clock = event && karrioInstant(event);
    const description = event && text(event.description);
    if (!event || !clock || !description) continue;
    const location = text(event.location);
    read.push({
      event: {
        // Of the carrier's clock as given: the id does not move when we read its zone better.
        eventId: digestEventId(trackingNumber, clock, description),
        trackingNumber,
        carrier,
        // In the zone of its place where we can tell it, else UTC.
        occurredAt: instantInZone(clock, zoneOfPlace(location)),
        description,
        location,
      },
      stated: karrioState(text(event.status)),
    });
  }
  const newest = read.reduce<number>(
    (best, r, i) => (best < 0 || r.event.occurredAt > read[best].event.occurredAt ? i : best),
    -1,
  );
  const events: ProviderEvent[] = oncePerId(
    read.map((r, i) => ({
      ...r.event,
      state: r.stated ?? (i === newest && trackerState ? trackerState : 'in_transit'),
    })),
  );
  const info = asObject(tracker.info) ?? {};
  const photo = text(tracker.delivery_image_url);
  const facts: ProviderParcelFacts = {
    trackingNumber,
    expectedDeliveryAt: dayOrInstant(tracker.estimated_delivery) ?? dayOrInstant(info.expected_delivery),
    proofSignedBy: text(info.signed_by),
    // Only a link: some connectors put the image itself (base64) in the field.
    proofPhotoUrl: photo && /^https?:\/\//i.test(photo) ? photo : null,
  };
  return { events, facts: [facts] } satisfies ProviderUpdate;
}

function checkBatch(batch: TrackingRegistration[]) {
  if (batch.length > KARRIO_MAX_BATCH) throw new RangeError('Karrio sigue un número por solicitud');
}

/** Statuses by which Karrio refuses the number itself (bad input, the carrier's refusal): not retried. */
const REFUSES_NUMBER = new Set([400, 424]);

export function karrioProvider(settings: {
  url: string;
  apiKey: string;
  webhookSecret: string;
  timeoutMs?: number;
}): TrackingProvider {
  const api = `${settings.url.replace(/\/+$/, '')}/v1`;
  const headers = { authorization: `Token ${settings.apiKey}` };
  return {
    name: 'karrio',
    maxBatch: KARRIO_MAX_BATCH,

    async register(batch): Promise<RegistrationResult> {
      checkBatch(batch);
      const result: RegistrationResult = { accepted: [], rejected: [] };
      for (const r of batch) {
        const carrierName = r.carrier ? KARRIO_CARRIER_NAMES[r.carrier] : undefined;
        if (!carrierName) {
          const reason = r.carrier
            ? `Karrio no sigue ${r.carrier} en esta instalación`
            : 'Karrio necesita la transportista: no la deduce del número';
          result.rejected.push({ trackingNumber: r.trackingNumber, reason });
          continue;
        }
        try {
          // pending_pickup: the tracker is kept even before the carrier knows the number.
          await requestJson('karrio', `${api}/trackers?pending_pickup=true`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: { tracking_number: r.trackingNumber, carrier_name: carrierName },
            timeoutMs: settings.timeoutMs,
          });
          result.accepted.push(r.trackingNumber);
        } catch (error) {
          if (!(error instanceof TrackingProviderError) || !REFUSES_NUMBER.has(error.status)) throw error;
          result.rejected.push({ trackingNumber: r.trackingNumber, reason: error.message });
        }
      }
      return result;
    },

    async poll(batch): Promise<ProviderUpdate> {
      checkBatch(batch);
      const update: ProviderUpdate = { events: [], facts: [] };
      for (const r of batch) {
        const body = await requestJson('karrio', `${api}/trackers/${encodeURIComponent(r.trackingNumber)}`, {
          method: 'GET',
          headers,
          timeoutMs: settings.timeoutMs,
        });
        const tracker = asObject(body);
        if (!tracker) throw new TrackingProviderError('karrio', 200, 'Karrio respondió sin rastreador');
        // Ours is the number as pre-alerted, whatever spelling Karrio kept.
        const read = readKarrioTracker({ ...tracker, tracking_number: r.trackingNumber }, r.carrier);
        update.events.push(...read.events);
        update.facts.push(...read.facts);
      }
      return update;
    },

    readWebhook(headers, rawBody): WebhookVerdict {
      const secret = headers['x-event-id'];
      if (!secret || !sameSecret(secret, settings.webhookSecret)) return { ok: false, reason: 'signature' };
      const body = asObject(parseJson(rawBody));
      const event = text(body?.event);
      const data = asObject(body?.data);
      if (!body || !event || !data) return { ok: false, reason: 'malformed' };
      const deliveryId = sha256Hex(rawBody);
      // Other kinds (shipments, orders) reach the same URL when the webhook listens to 'all'.
      if (event !== 'tracker_created' && event !== 'tracker_updated') {
        return { ok: true, deliveryId, update: { events: [], facts: [] } };
      }
      if (!text(data.tracking_number)) return { ok: false, reason: 'malformed' };
      return { ok: true, deliveryId, update: readKarrioTracker(data, null) };
    },
  };
}
