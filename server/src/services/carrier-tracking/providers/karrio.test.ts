// The Karrio adapter against payloads recorded from Karrio's own serializers and tests
// (fixtures/), with fetch stubbed: no request leaves the machine.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { digestEventId, sha256Hex } from './http';
import { KARRIO_MAX_BATCH, karrioInstant, karrioProvider, karrioState } from './karrio';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const SECRET = 'whsec_e2fed355115b4b9eb4b0ab8bf0d4d7ee';
const provider = () =>
  karrioProvider({ url: 'https://karrio.example.com/', apiKey: 'key_test', webhookSecret: SECRET, timeoutMs: 1000 });

type Call = { url: string; init: RequestInit };
function stubFetch(...answers: { status?: number; body: string }[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const answer = answers[Math.min(calls.length, answers.length - 1)];
      calls.push({ url, init });
      return new Response(answer.body, { status: answer.status ?? 200 });
    }),
  );
  return calls;
}
afterEach(() => vi.unstubAllGlobals());

describe('Karrio states and times', () => {
  it.each([
    ['pending', 'info_received'],
    ['picked_up', 'in_transit'],
    ['in_transit', 'in_transit'],
    ['ready_for_pickup', 'out_for_delivery'],
    ['out_for_delivery', 'out_for_delivery'],
    ['delivered', 'delivered'],
    ['on_hold', 'exception'],
    ['delivery_delayed', 'exception'],
    ['delivery_failed', 'exception'],
    ['cancelled', 'exception'],
    ['return_to_sender', 'returned'],
    ['unknown', null],
    [null, null],
  ])('%s → %s', (status, state) => {
    expect(karrioState(status)).toBe(state);
  });

  it.each([
    [{ timestamp: '2024-11-22T13:58:00.000Z', date: '2024-11-22', time: '13:58 PM' }, '2024-11-22T13:58:00.000Z'],
    // An offset Karrio passed along is dropped as Karrio itself does: the clock is the carrier's.
    [{ timestamp: '2018-03-02T07:53:47+01:00' }, '2018-03-02T07:53:47.000Z'],
    [{ date: '2024-11-18', time: '18:07 PM' }, '2024-11-18T18:07:00.000Z'],
    [{ date: '2024-11-18', time: '06:07 PM' }, '2024-11-18T18:07:00.000Z'],
    [{ date: '2024-11-18', time: '12:05 AM' }, '2024-11-18T00:05:00.000Z'],
    [{ date: '2024-11-18', time: '12:05 PM' }, '2024-11-18T12:05:00.000Z'],
    [{ date: '2021-01-11', time: '20:34' }, '2021-01-11T20:34:00.000Z'],
    [{ date: '2021-01-11' }, '2021-01-11T00:00:00.000Z'],
  ])('%o → %s', (event, iso) => {
    expect(karrioInstant(event)?.toISOString()).toBe(iso);
  });

  it.each([
    [{}],
    [{ date: '11/01/2021', time: '20:34' }],
    [{ date: '2021-01-11', time: 'noon' }],
  ])('%o has no instant', (event) => {
    expect(karrioInstant(event)).toBeNull();
  });
});

describe('Karrio poll', () => {
  it('reads a tracker: each event with its own words and place, its status or the tracker’s', async () => {
    const calls = stubFetch({ body: fixture('karrio-tracker.json') });
    const update = await provider().poll([{ trackingNumber: '9200190123456789012345', carrier: 'USPS' }]);

    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('https://karrio.example.com/v1/trackers/9200190123456789012345');
    expect(calls[0].init.method).toBe('GET');
    expect((calls[0].init.headers as Record<string, string>).authorization).toBe('Token key_test');

    expect(
      update.events.map((e) => [e.carrier, e.state, e.occurredAt.toISOString(), e.description, e.location]),
    ).toEqual([
      // The newest event, with no status of its own, takes the tracker's (ready_for_pickup); its
      // clock (09:12) is Miami's, five hours behind UTC in November.
      ['USPS', 'out_for_delivery', '2024-11-22T14:12:00.000Z', 'Available for Pickup', 'MIAMI, 33166, FL'],
      [
        'USPS',
        'in_transit',
        '2024-11-20T18:58:00.000Z',
        'Arrived at USPS Regional Facility',
        'MIAMI FL DISTRIBUTION CENTER',
      ],
      // No place: its clock is read as UTC.
      ['USPS', 'in_transit', '2024-11-19T12:11:00.000Z', 'In Transit to Next Facility', null],
      ['USPS', 'in_transit', '2024-11-18T23:07:00.000Z', 'USPS picked up item', 'QUEENS, 11101, NY'],
      [
        'USPS',
        'info_received',
        '2024-11-18T05:05:00.000Z',
        'Shipping Label Created, USPS Awaiting Item',
        'QUEENS, 11101, NY',
      ],
    ]);
    const first = update.events[0];
    // The id is of the carrier's clock as given, so it is the same as before the zone was read.
    expect(first.eventId).toBe(
      digestEventId('9200190123456789012345', new Date('2024-11-22T09:12:00Z'), 'Available for Pickup'),
    );
    expect(update.facts).toEqual([
      {
        trackingNumber: '9200190123456789012345',
        expectedDeliveryAt: new Date('2024-11-23T12:00:00Z'),
        proofSignedBy: null,
        proofPhotoUrl: null,
      },
    ]);
  });

  it('reads each event’s clock in the zone of its place: China’s, Hong Kong’s, Doral’s; UTC where it names none we know', async () => {
    stubFetch({ body: fixture('karrio-tracker-china.json') });
    const update = await provider().poll([{ trackingNumber: '1234567890', carrier: 'DHL' }]);
    expect(update.events.map((e) => [e.location, e.occurredAt.toISOString()])).toEqual([
      // 10:15 in Doral in July (UTC−4).
      ['DORAL, FL 33122', '2024-07-24T14:15:00.000Z'],
      // "USA" alone names no zone.
      ['LOS ANGELES GATEWAY - USA', '2024-07-23T22:40:00.000Z'],
      // 03:05 in Hong Kong and 18:30 in Shenzhen (UTC+8): the day before in UTC for the first.
      ['HONG KONG - HONG KONG', '2024-07-21T19:05:00.000Z'],
      ['SHENZHEN - CHINA MAINLAND', '2024-07-21T10:30:00.000Z'],
    ]);
    // Still in the carrier's order: picked up in China before anything else.
    const times = update.events.map((e) => e.occurredAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('asks for one number a request and refuses more before any request', async () => {
    const calls = stubFetch({ body: fixture('karrio-tracker.json') });
    expect(provider().maxBatch).toBe(KARRIO_MAX_BATCH);
    const two = [
      { trackingNumber: 'A1', carrier: 'UPS' as const },
      { trackingNumber: 'A2', carrier: 'UPS' as const },
    ];
    await expect(provider().poll(two)).rejects.toThrow(RangeError);
    await expect(provider().register(two)).rejects.toThrow(RangeError);
    expect(calls).toHaveLength(0);
  });

  it('throws the status of a refused request (the caller retries)', async () => {
    stubFetch({ status: 404, body: '{"errors":[{"code":"not_found","message":"Not found."}]}' });
    await expect(provider().poll([{ trackingNumber: 'X1', carrier: 'UPS' }])).rejects.toMatchObject({
      name: 'TrackingProviderError',
      status: 404,
    });
    stubFetch({ status: 503, body: 'unavailable' });
    await expect(provider().poll([{ trackingNumber: 'X1', carrier: 'UPS' }])).rejects.toMatchObject({ status: 503 });
  });
});

describe('Karrio register', () => {
  it('creates a tracker with the carrier’s Karrio name, kept before the carrier knows the number', async () => {
    const calls = stubFetch({ status: 202, body: fixture('karrio-tracker.json') });
    const result = await provider().register([{ trackingNumber: '9200190123456789012345', carrier: 'USPS' }]);
    expect(calls[0].url).toBe('https://karrio.example.com/v1/trackers?pending_pickup=true');
    expect(calls[0].init.method).toBe('POST');
    expect((calls[0].init.headers as Record<string, string>).authorization).toBe('Token key_test');
    expect(JSON.parse(calls[0].init.body as string)).toEqual({
      tracking_number: '9200190123456789012345',
      carrier_name: 'usps',
    });
    expect(result).toEqual({ accepted: ['9200190123456789012345'], rejected: [] });
  });

  it('refuses, without a request, a number whose carrier Karrio cannot follow', async () => {
    const calls = stubFetch({ body: '{}' });
    expect(await provider().register([{ trackingNumber: 'TBA301234567890', carrier: 'Amazon' }])).toEqual({
      accepted: [],
      rejected: [{ trackingNumber: 'TBA301234567890', reason: 'Karrio no sigue Amazon en esta instalación' }],
    });
    expect(await provider().register([{ trackingNumber: 'ZZ1', carrier: null }])).toEqual({
      accepted: [],
      rejected: [{ trackingNumber: 'ZZ1', reason: 'Karrio necesita la transportista: no la deduce del número' }],
    });
    expect(calls).toHaveLength(0);
  });

  it('keeps the carrier’s refusal of a number as its reason, and throws anything else', async () => {
    stubFetch({ status: 424, body: fixture('karrio-error.json') });
    const result = await provider().register([{ trackingNumber: '1Z000000000000000', carrier: 'UPS' }]);
    expect(result.accepted).toEqual([]);
    expect(result.rejected[0].trackingNumber).toBe('1Z000000000000000');
    expect(result.rejected[0].reason).toContain('Invalid tracking number');

    stubFetch({ status: 401, body: '{"errors":[{"code":"authentication_failed"}]}' });
    await expect(provider().register([{ trackingNumber: '1Z1', carrier: 'UPS' }])).rejects.toMatchObject({
      status: 401,
    });
  });
});

describe('Karrio webhook', () => {
  const now = new Date('2021-01-13T19:10:00Z');
  const body = fixture('karrio-webhook-tracker-updated.json');

  it('reads a tracker_updated with its secret: the delivery, its proof and the events before it', () => {
    const verdict = provider().readWebhook({ 'x-event-id': SECRET }, body, now);
    if (!verdict.ok) throw new Error(verdict.reason);
    expect(verdict.deliveryId).toBe(sha256Hex(body));
    expect(
      verdict.update.events.map((e) => [e.trackingNumber, e.carrier, e.state, e.occurredAt.toISOString()]),
    ).toEqual([
      // Doral and Miami on New York's clock (UTC−5 in January); Bonn, a place we do not map, as UTC.
      ['00340434292135100124', 'DHL', 'delivered', '2021-01-13T19:02:00.000Z'],
      ['00340434292135100124', 'DHL', 'in_transit', '2021-01-12T12:40:00.000Z'],
      ['00340434292135100124', 'DHL', 'in_transit', '2021-01-11T20:34:00.000Z'],
    ]);
    expect(verdict.update.facts).toEqual([
      {
        trackingNumber: '00340434292135100124',
        expectedDeliveryAt: null,
        proofSignedBy: 'J. DOE',
        proofPhotoUrl: 'https://karrio.example.com/v1/trackers/trk_00340434292135100124aa/delivery_image',
      },
    ]);
  });

  it('refuses a missing or wrong secret', () => {
    expect(provider().readWebhook({}, body, now)).toEqual({ ok: false, reason: 'signature' });
    expect(provider().readWebhook({ 'x-event-id': `${SECRET}x` }, body, now)).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(provider().readWebhook({ 'x-event-id': 'whsec_other' }, body, now)).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('refuses a body that is not a Karrio notice, and accepts other kinds with nothing to store', () => {
    for (const bad of ['<html>', '"text"', '{"event":"tracker_updated"}', '{"event":"tracker_updated","data":{}}']) {
      expect(provider().readWebhook({ 'x-event-id': SECRET }, bad, now)).toEqual({ ok: false, reason: 'malformed' });
    }
    const other = '{"event": "shipment_purchased", "data": {"id": "shp_1"}}';
    expect(provider().readWebhook({ 'x-event-id': SECRET }, other, now)).toEqual({
      ok: true,
      deliveryId: sha256Hex(other),
      update: { events: [], facts: [] },
    });
  });

  it('signs no time: an old notice is not stale, and the same body keeps its delivery id', () => {
    const later = provider().readWebhook({ 'x-event-id': SECRET }, body, new Date('2030-01-01T00:00:00Z'));
    expect(later.ok && later.deliveryId).toBe(sha256Hex(body));
  });
});
