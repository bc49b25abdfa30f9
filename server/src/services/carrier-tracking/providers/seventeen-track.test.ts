// The 17TRACK adapter against payloads recorded from its v2.2 documentation (fixtures/), with
// fetch stubbed: no request leaves the machine.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { digestEventId, sha256Hex, TrackingProviderError } from './http';
import {
  readSeventeenTrackInfo,
  SEVENTEEN_TRACK_MAX_BATCH,
  seventeenTrackProvider,
  seventeenTrackState,
} from './seventeen-track';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const KEY = 'test-17token';
const provider = () => seventeenTrackProvider({ apiKey: KEY, timeoutMs: 1000 });

type Call = { url: string; init: RequestInit };
function stubFetch(answer: { status?: number; body: string }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(answer.body, { status: answer.status ?? 200 });
    }),
  );
  return calls;
}
afterEach(() => vi.unstubAllGlobals());

const numbers = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ trackingNumber: `LX${String(i).padStart(9, '0')}CN`, carrier: null }));

describe('17TRACK states', () => {
  it.each([
    ['InfoReceived', 'InfoReceived', 'info_received'],
    ['InTransit', 'InTransit_CustomsProcessing', 'in_transit'],
    ['AvailableForPickup', 'AvailableForPickup_Other', 'out_for_delivery'],
    ['OutForDelivery', 'OutForDelivery_Other', 'out_for_delivery'],
    ['Delivered', 'Delivered_Other', 'delivered'],
    ['DeliveryFailure', 'DeliveryFailure_InvalidAddress', 'exception'],
    ['Expired', 'Expired_Other', 'exception'],
    ['Exception', 'Exception_Lost', 'exception'],
    ['Exception', 'Exception_Returning', 'returned'],
    ['Exception', 'Exception_Returned', 'returned'],
    [null, 'InTransit_Departure', 'in_transit'],
    [null, null, null],
  ])('%s / %s → %s', (status, subStatus, state) => {
    expect(seventeenTrackState(status, subStatus)).toBe(state);
  });
});

describe('17TRACK gettrackinfo', () => {
  it('reads each event with its own words, place and UTC instant, and the state of its stage', async () => {
    const calls = stubFetch({ body: fixture('17track-gettrackinfo.json') });
    const update = await provider().poll([
      { trackingNumber: '1Z2617V10397725789', carrier: 'UPS' },
      { trackingNumber: 'RR123456789CN', carrier: null },
      { trackingNumber: '9400100000000000000000', carrier: 'USPS' },
    ]);

    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('https://api.17track.net/track/v2.2/gettrackinfo');
    expect(calls[0].init.method).toBe('POST');
    expect((calls[0].init.headers as Record<string, string>)['17token']).toBe(KEY);
    expect(JSON.parse(calls[0].init.body as string)).toEqual([
      { number: '1Z2617V10397725789', carrier: 100002 },
      { number: 'RR123456789CN', auto_detection: true },
      { number: '9400100000000000000000', carrier: 21051 },
    ]);

    const rows = update.events.map((e) => [
      e.trackingNumber,
      e.carrier,
      e.state,
      e.occurredAt.toISOString(),
      e.description,
      e.location,
    ]);
    expect(rows).toEqual([
      ['1Z2617V10397725789', 'UPS', 'delivered', '2022-04-04T20:35:22.000Z', 'DELIVERED', 'DORAL, FL, US'],
      [
        '1Z2617V10397725789',
        'UPS',
        'out_for_delivery',
        '2022-04-04T12:46:06.000Z',
        'Out For Delivery Today',
        'Medley, FL, US',
      ],
      // No stage and not the newest: a scan between two steps.
      ['1Z2617V10397725789', 'UPS', 'in_transit', '2022-04-02T06:15:00.000Z', 'Arrived at Facility', 'Orlando, FL, US'],
      // No location given: the address's parts stand in.
      ['1Z2617V10397725789', 'UPS', 'in_transit', '2022-03-31T23:36:47.000Z', 'Origin Scan', 'Ontario, CA, US'],
      [
        '1Z2617V10397725789',
        'UPS',
        'info_received',
        '2022-03-29T05:43:08.000Z',
        'Shipper created a label, UPS has not received the package yet.',
        'US',
      ],
      // The newest event, with no stage, takes the number's latest status (AvailableForPickup).
      [
        'RR123456789CN',
        'China Post',
        'out_for_delivery',
        '2022-04-27T01:10:00.000Z',
        '到达投递局，待领取 (Arrived at delivery office, awaiting collection)',
        '北京市朝阳区',
      ],
      [
        'RR123456789CN',
        'China Post',
        'in_transit',
        '2022-04-26T06:30:00.000Z',
        '已收寄 (Accepted at post office)',
        '深圳市',
      ],
      // time_utc missing: time_iso's +08:00 offset gives the instant.
      [
        'RR123456789CN',
        'China Post',
        'info_received',
        '2022-04-25T02:00:00.000Z',
        '电子信息已收到 (Electronic information received)',
        'SHENZHEN, GD, CN',
      ],
    ]);

    const first = update.events[0];
    expect(first.eventId).toBe(digestEventId('1Z2617V10397725789', first.occurredAt, 'DELIVERED'));
    expect(new Set(update.events.map((e) => e.eventId)).size).toBe(update.events.length);

    expect(update.facts).toEqual([
      { trackingNumber: '1Z2617V10397725789', expectedDeliveryAt: null, proofSignedBy: null, proofPhotoUrl: null },
      {
        trackingNumber: 'RR123456789CN',
        expectedDeliveryAt: new Date('2022-04-29T15:59:59Z'),
        proofSignedBy: null,
        proofPhotoUrl: null,
      },
    ]);
  });

  it('gives the same event ids whether the number is polled or pushed', () => {
    const body = JSON.parse(fixture('17track-gettrackinfo.json'));
    const once = readSeventeenTrackInfo('RR123456789CN', null, body.data.accepted[1].track_info);
    const again = readSeventeenTrackInfo('RR123456789CN', null, body.data.accepted[1].track_info);
    expect(again.events.map((e) => e.eventId)).toEqual(once.events.map((e) => e.eventId));
  });

  it('keeps a scan listed under two of 17TRACK’s sources once', () => {
    const scan = { time_utc: '2022-04-26T06:30:00Z', description: 'Departed', location: 'JFK', stage: 'Departure' };
    const info = {
      latest_status: { status: 'InTransit' },
      tracking: {
        providers: [
          { provider: { key: 3011 }, events: [scan] },
          { provider: { key: 21051 }, events: [scan] },
        ],
      },
    };
    const read = readSeventeenTrackInfo('RR1CN', null, info);
    expect(read.events.map((e) => [e.carrier, e.state, e.description])).toEqual([
      ['China Post', 'in_transit', 'Departed'],
    ]);
  });

  it('asks in batches of at most 40 and refuses more before any request', async () => {
    const calls = stubFetch({ body: '{"code":0,"data":{"accepted":[],"rejected":[]}}' });
    expect(provider().maxBatch).toBe(SEVENTEEN_TRACK_MAX_BATCH);
    await provider().poll(numbers(40));
    expect(JSON.parse(calls[0].init.body as string)).toHaveLength(40);
    await expect(provider().poll(numbers(41))).rejects.toThrow(RangeError);
    expect(calls).toHaveLength(1);
  });

  it('throws the HTTP status of a refused request, and 17TRACK’s own code inside a 200', async () => {
    stubFetch({ status: 429, body: 'Too Many Requests' });
    await expect(provider().poll(numbers(1))).rejects.toMatchObject({ name: 'TrackingProviderError', status: 429 });

    stubFetch({ body: '{"code":-18010002,"data":{"errors":[]},"message":"Invalid access key."}' });
    const error = await provider()
      .poll(numbers(1))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrackingProviderError);
    expect(error).toMatchObject({ status: 200, providerCode: -18010002 });
  });

  it('throws on an answer that is not JSON', async () => {
    stubFetch({ body: '<html>maintenance</html>' });
    await expect(provider().poll(numbers(1))).rejects.toMatchObject({ name: 'TrackingProviderError', status: 200 });
  });

  it('throws a status 0 when the provider does not answer in time', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        await new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
        throw new Error('unreachable');
      }),
    );
    const slow = seventeenTrackProvider({ apiKey: KEY, timeoutMs: 20 });
    await expect(slow.poll(numbers(1))).rejects.toMatchObject({ status: 0 });
  });
});

describe('17TRACK register', () => {
  it('sends the carrier’s key where known, auto-detection otherwise, and reads the verdicts', async () => {
    const calls = stubFetch({ body: fixture('17track-register.json') });
    const result = await provider().register([
      { trackingNumber: 'RR123456789CN', carrier: 'China Post' },
      { trackingNumber: 'TBA301234567890', carrier: 'Amazon' },
      { trackingNumber: '1Z2617V10397725789', carrier: 'UPS' },
      { trackingNumber: 'abc', carrier: null },
    ]);
    expect(calls[0].url).toBe('https://api.17track.net/track/v2.2/register');
    expect(JSON.parse(calls[0].init.body as string)).toEqual([
      { number: 'RR123456789CN', carrier: 3011 },
      { number: 'TBA301234567890', auto_detection: true },
      { number: '1Z2617V10397725789', carrier: 100002 },
      { number: 'abc', auto_detection: true },
    ]);
    // Registered before counts as accepted; the answer's 'ABC' is our 'abc'.
    expect(result).toEqual({
      accepted: ['RR123456789CN', 'TBA301234567890', '1Z2617V10397725789'],
      rejected: [{ trackingNumber: 'abc', reason: '-18019903: Carrier cannot be detected.' }],
    });
  });

  it('refuses a batch over 40 and sends nothing for an empty one', async () => {
    const calls = stubFetch({ body: '{"code":0,"data":{"accepted":[],"rejected":[]}}' });
    await expect(provider().register(numbers(41))).rejects.toThrow(RangeError);
    expect(await provider().register([])).toEqual({ accepted: [], rejected: [] });
    expect(calls).toHaveLength(0);
  });
});

describe('17TRACK webhook', () => {
  const now = new Date('2022-05-06T14:31:00Z');
  const signed = (body: string, key = KEY) => ({ sign: sha256Hex(`${body}/${key}`) });

  it('reads a signed update: a return, the failed attempt before it, and the facts', () => {
    const body = fixture('17track-webhook-updated.json');
    const verdict = provider().readWebhook(signed(body), body, now);
    if (!verdict.ok) throw new Error(verdict.reason);
    expect(verdict.deliveryId).toBe(sha256Hex(body));
    expect(verdict.update.events.map((e) => [e.carrier, e.state, e.occurredAt.toISOString(), e.description])).toEqual([
      ['USPS', 'returned', '2022-05-06T14:02:00.000Z', 'Return to Sender Processed'],
      ['USPS', 'exception', '2022-05-03T17:45:00.000Z', 'Delivery Attempted - No Access to Delivery Location'],
      ['USPS', 'in_transit', '2022-04-28T22:20:00.000Z', 'USPS picked up item'],
    ]);
    expect(verdict.update.facts[0]).toMatchObject({
      trackingNumber: '9400111899223197428490',
      expectedDeliveryAt: new Date('2022-05-03T04:00:00Z'),
    });
  });

  it('accepts a stop notice with nothing to store', () => {
    const body = fixture('17track-webhook-stopped.json');
    const verdict = provider().readWebhook(signed(body), body, now);
    expect(verdict).toEqual({ ok: true, deliveryId: sha256Hex(body), update: { events: [], facts: [] } });
  });

  it('refuses a wrong, missing or other key’s signature, and a body changed after signing', () => {
    const body = fixture('17track-webhook-updated.json');
    expect(provider().readWebhook({}, body, now)).toEqual({ ok: false, reason: 'signature' });
    expect(provider().readWebhook({ sign: 'abc' }, body, now)).toEqual({ ok: false, reason: 'signature' });
    expect(provider().readWebhook(signed(body, 'other-key'), body, now)).toEqual({ ok: false, reason: 'signature' });
    const changed = body.replace('Return to Sender Processed', 'Delivered');
    expect(provider().readWebhook(signed(body), changed, now)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a signed body that is not a 17TRACK notice', () => {
    for (const body of [
      'not json',
      '[]',
      '{"event":"TRACKING_UPDATED"}',
      '{"event":"TRACKING_UPDATED","data":{"number":"X"}}',
    ]) {
      expect(provider().readWebhook(signed(body), body, now)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('has no time in its signature: an old notice is not stale, and the same body has the same delivery id', () => {
    const body = fixture('17track-webhook-updated.json');
    const later = provider().readWebhook(signed(body), body, new Date('2030-01-01T00:00:00Z'));
    const first = provider().readWebhook(signed(body), body, now);
    expect(later.ok && first.ok && later.deliveryId === first.deliveryId).toBe(true);
  });
});
