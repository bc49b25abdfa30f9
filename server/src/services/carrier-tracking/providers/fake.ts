// The fake tracking provider (docs/product/first-mile.md#providers): recorded carrier sequences
// played against a clock the caller passes, so tests and the demo drive a number from "in transit"
// to "delivered at our Doral address" without a network. Which sequence a number plays is read
// from its last digit; when it starts is the moment it was registered (or the one given to
// start()). Its webhooks are signed as a real provider's are: HMAC-SHA256 of "id.timestamp.body"
// with a shared secret (lib/webhook-signing.ts), the timestamp checked against a replay window.
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { trackingKey, WAREHOUSE_ADDRESSES, type CarrierTrackingState } from '@casillero/shared';
import { signWebhook } from '../../../lib/webhook-signing';
import { detectFirstMileCarrier } from '../detect';
import type {
  ProviderEvent,
  ProviderParcelFacts,
  ProviderUpdate,
  RegistrationResult,
  TrackingProvider,
  TrackingRegistration,
  WebhookVerdict,
} from './provider';

export const FAKE_SCENARIOS = ['delivered', 'exception', 'returned', 'in_transit', 'out_for_delivery'] as const;
export type FakeScenario = (typeof FAKE_SCENARIOS)[number];

type Step = { afterHours: number; state: CarrierTrackingState; description: string; location: string | null };

const HOUR = 3600 * 1000;
const usa = WAREHOUSE_ADDRESSES.USA;
/** Where the carrier leaves our parcels, as carriers write it. */
export const FAKE_DELIVERY_PLACE = `${usa.addressLine1.toUpperCase()}, DORAL, ${usa.state} ${usa.postalCode}`;
export const FAKE_SIGNER = 'RECEPCION ALMACEN';

const LABEL: Step = { afterHours: 0, state: 'info_received', description: 'Shipping label created', location: null };
const PICKED: Step = { afterHours: 6, state: 'in_transit', description: 'Picked up', location: 'ONTARIO, CA' };
const HUB: Step = { afterHours: 30, state: 'in_transit', description: 'Arrived at facility', location: 'MEMPHIS, TN' };
const OUT: Step = { afterHours: 52, state: 'out_for_delivery', description: 'Out for delivery', location: 'DORAL, FL' };
const DELIVERED: Step = {
  afterHours: 56,
  state: 'delivered',
  description: 'Delivered, front desk/reception',
  location: FAKE_DELIVERY_PLACE,
};

/** The recorded sequences; a number's sequence plays as far as the clock has reached. */
export const FAKE_SEQUENCES: Record<FakeScenario, Step[]> = {
  delivered: [LABEL, PICKED, HUB, OUT, DELIVERED],
  out_for_delivery: [LABEL, PICKED, HUB, OUT],
  in_transit: [LABEL, PICKED, HUB],
  exception: [
    LABEL,
    PICKED,
    HUB,
    {
      afterHours: 40,
      state: 'exception',
      description: 'Delivery exception: address information needed',
      location: 'MIAMI, FL',
    },
  ],
  returned: [
    LABEL,
    PICKED,
    HUB,
    { afterHours: 40, state: 'exception', description: 'Recipient address incorrect', location: 'MIAMI, FL' },
    { afterHours: 70, state: 'returned', description: 'Returned to sender', location: 'MIAMI, FL' },
  ],
};
/** Hours after the start the carrier first promises delivery (the delivered step's time). */
const EXPECTED_AFTER_HOURS = DELIVERED.afterHours;

/** The sequence a number plays, by its last digit: 0–2 and 9 delivered, 3 exception, 4 returned, 5–6 in transit, 7–8 out for delivery. */
export function fakeScenarioOf(trackingNumber: string): FakeScenario {
  const last = trackingKey(trackingNumber).slice(-1);
  const bySuffix: Record<string, FakeScenario> = {
    '3': 'exception',
    '4': 'returned',
    '5': 'in_transit',
    '6': 'in_transit',
    '7': 'out_for_delivery',
    '8': 'out_for_delivery',
  };
  return bySuffix[last] ?? (/\d/.test(last) ? 'delivered' : 'in_transit');
}

/** A provider that cannot be reached (tests of an outage). */
export class ProviderUnavailableError extends Error {
  constructor() {
    super('El proveedor de seguimiento no responde');
  }
}

export type FakeProviderOptions = {
  secret: string;
  /** The provider's clock; the real one by default. */
  now?: () => Date;
  /** How old a webhook's timestamp may be (and how far ahead), in seconds. */
  replayWindowSeconds?: number;
};

const webhookBody = z.object({
  events: z.array(
    z.object({
      eventId: z.string().min(1).max(200),
      trackingNumber: z.string().min(1).max(60),
      carrier: z.string().nullable(),
      state: z.enum(['info_received', 'in_transit', 'out_for_delivery', 'delivered', 'exception', 'returned']),
      occurredAt: z.iso.datetime({ offset: true }),
      description: z.string().max(500),
      location: z.string().max(200).nullable(),
    }),
  ),
  facts: z.array(
    z.object({
      trackingNumber: z.string().min(1).max(60),
      expectedDeliveryAt: z.iso.datetime({ offset: true }).nullable(),
      proofSignedBy: z.string().max(200).nullable(),
      proofPhotoUrl: z.string().max(500).nullable(),
    }),
  ),
});

export class FakeTrackingProvider implements TrackingProvider {
  readonly name = 'fake' as const;
  readonly maxBatch = 40;
  /** While true every request fails, as a provider that is down. */
  down = false;
  /** Requests answered (or failed), for tests of the day's budget. */
  requests = 0;
  private readonly starts = new Map<string, { at: Date; scenario: FakeScenario }>();
  private readonly now: () => Date;
  private readonly windowSeconds: number;

  constructor(private readonly options: FakeProviderOptions) {
    this.now = options.now ?? (() => new Date());
    this.windowSeconds = options.replayWindowSeconds ?? 300;
  }

  /** Starts a number's sequence at `at` (the scenario by default from its last digit). */
  start(trackingNumber: string, at: Date, scenario: FakeScenario = fakeScenarioOf(trackingNumber)) {
    this.starts.set(trackingKey(trackingNumber), { at, scenario });
  }

  private request() {
    this.requests++;
    if (this.down) throw new ProviderUnavailableError();
  }

  async register(batch: TrackingRegistration[]): Promise<RegistrationResult> {
    this.request();
    const result: RegistrationResult = { accepted: [], rejected: [] };
    for (const r of batch) {
      const key = trackingKey(r.trackingNumber);
      if (key.length < 5) {
        result.rejected.push({ trackingNumber: r.trackingNumber, reason: 'invalid number' });
        continue;
      }
      if (!this.starts.has(key)) this.start(r.trackingNumber, this.now());
      result.accepted.push(r.trackingNumber);
    }
    return result;
  }

  async poll(batch: TrackingRegistration[]): Promise<ProviderUpdate> {
    this.request();
    return this.updateFor(
      batch.map((r) => r.trackingNumber),
      this.now(),
    );
  }

  /** What the provider knows of the numbers at `at`: the steps played so far and the parcel's facts. */
  updateFor(trackingNumbers: string[], at: Date): ProviderUpdate {
    const update: ProviderUpdate = { events: [], facts: [] };
    for (const trackingNumber of trackingNumbers) {
      const key = trackingKey(trackingNumber);
      const started = this.starts.get(key);
      if (!started) continue;
      const steps = FAKE_SEQUENCES[started.scenario];
      const carrier = detectFirstMileCarrier(trackingNumber);
      const played = steps.flatMap((step, i) => {
        const occurredAt = new Date(started.at.getTime() + step.afterHours * HOUR);
        if (occurredAt > at) return [];
        const event: ProviderEvent = {
          eventId: `fake:${key}:${i}`,
          trackingNumber,
          carrier,
          state: step.state,
          occurredAt,
          description: step.description,
          location: step.location,
        };
        return [event];
      });
      update.events.push(...played);
      const delivered = played.some((e) => e.state === 'delivered');
      const facts: ProviderParcelFacts = {
        trackingNumber,
        // A parcel in trouble has no promised day.
        expectedDeliveryAt:
          started.scenario === 'exception' || started.scenario === 'returned' ? null : this.expected(started.at),
        proofSignedBy: delivered ? FAKE_SIGNER : null,
        proofPhotoUrl: delivered ? `https://fake-provider.invalid/pod/${key}.jpg` : null,
      };
      update.facts.push(facts);
    }
    return update;
  }

  private expected(start: Date) {
    return new Date(start.getTime() + EXPECTED_AFTER_HOURS * HOUR);
  }

  /** A webhook delivery of `update` as the provider sends it: signed headers and the raw body. */
  webhook(update: ProviderUpdate, deliveryId: string, at: Date = this.now()) {
    const body = JSON.stringify({
      events: update.events.map((e) => ({ ...e, occurredAt: e.occurredAt.toISOString() })),
      facts: update.facts.map((f) => ({ ...f, expectedDeliveryAt: f.expectedDeliveryAt?.toISOString() ?? null })),
    });
    return this.signed(body, deliveryId, at);
  }

  /** Any body signed with the fake's secret, as the provider would send it. */
  signed(body: string, deliveryId: string, at: Date = this.now()) {
    const timestamp = Math.floor(at.getTime() / 1000);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'webhook-id': deliveryId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(this.secretKey(), deliveryId, timestamp, body),
      },
    };
  }

  /** The secret as the signer reads it: base64 of the configured text (any text is a key). */
  private secretKey() {
    return Buffer.from(this.options.secret, 'utf8').toString('base64');
  }

  readWebhook(headers: Record<string, string | undefined>, rawBody: string, now: Date): WebhookVerdict {
    const id = headers['webhook-id'];
    const timestamp = headers['webhook-timestamp'];
    const signature = headers['webhook-signature'];
    if (!id || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'signature' };
    const expected = Buffer.from(signWebhook(this.secretKey(), id, Number(timestamp), rawBody));
    const given = signature.split(' ').map((s) => Buffer.from(s));
    if (!given.some((g) => g.length === expected.length && timingSafeEqual(g, expected))) {
      return { ok: false, reason: 'signature' };
    }
    if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > this.windowSeconds) return { ok: false, reason: 'stale' };
    let parsed: z.infer<typeof webhookBody>;
    try {
      const result = webhookBody.safeParse(JSON.parse(rawBody));
      if (!result.success) return { ok: false, reason: 'malformed' };
      parsed = result.data;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    return {
      ok: true,
      deliveryId: id,
      update: {
        events: parsed.events.map((e) => ({
          ...e,
          carrier: detectFirstMileCarrier(e.trackingNumber),
          occurredAt: new Date(e.occurredAt),
        })),
        facts: parsed.facts.map((f) => ({
          ...f,
          expectedDeliveryAt: f.expectedDeliveryAt ? new Date(f.expectedDeliveryAt) : null,
        })),
      },
    };
  }
}
