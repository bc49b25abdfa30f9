// How often polling asks (docs/product/first-mile.md#polling-and-the-days-budget): a webhook's news
// holds the number's polls off for a day, a number the carrier has been quiet about for three days
// is asked once a day, and a talkative one by its state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { trackingKey } from '@casillero/shared';
import type { Database } from '../../db/client';
import { carrierShipments } from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { customerWithActiveMailbox } from '../../test/factories';
import { runCarrierTracking } from './jobs';
import { FakeTrackingProvider } from './providers/fake';
import { applyProviderUpdate, receiveWebhookDelivery } from './updates';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;
const HOUR = 3600 * 1000;
const at = (t0: Date, hours: number) => new Date(t0.getTime() + hours * HOUR);

let serial = 300_000;
async function followed(fake: FakeTrackingProvider, start: Date, registeredAt: Date) {
  const { caller } = await customerWithActiveMailbox(db());
  const number = `1Z999AA10${String(serial++).padStart(9, '0')}`;
  await caller.prealerts.create({ trackingNumber: number, description: 'Libros', quantityItems: 1 });
  fake.start(number, start, 'in_transit');
  await runCarrierTracking(db(), fake, { now: registeredAt, maxRequests: 1000 });
  return number;
}

const nextPollOf = async (number: string) =>
  (
    await db()
      .select({ nextPollAt: carrierShipments.nextPollAt })
      .from(carrierShipments)
      .where(eq(carrierShipments.trackingKey, trackingKey(number)))
  )[0]!.nextPollAt;

describe('the polling schedule', () => {
  it('holds a number’s polls off for a day after a webhook brought news of it, not after a poll', async () => {
    const t0 = new Date('2026-11-02T12:00:00Z');
    const fake = new FakeTrackingProvider({ secret: 'prueba', now: () => at(t0, 31) });
    const number = await followed(fake, at(t0, -1), t0);
    // Registered: first asked six hours later.
    expect(await nextPollOf(number)).toEqual(at(t0, 6));

    const news = fake.updateFor([number], at(t0, 31));
    const outcome = await receiveWebhookDelivery(
      db(),
      'fake',
      { deliveryId: `d-${number}`, update: news },
      { now: at(t0, 3) },
    );
    expect(outcome).toMatchObject({ repeated: false, inserted: 3 });
    expect(await nextPollOf(number)).toEqual(at(t0, 27));
    // Due at six hours no more: nothing is asked then.
    expect(await runCarrierTracking(db(), fake, { now: at(t0, 7) })).toMatchObject({ polled: 0, requests: 0 });

    // The same news by a poll changes nothing (each event is stored once; no news, no delay).
    expect(await applyProviderUpdate(db(), 'fake', news, { now: at(t0, 8) })).toMatchObject({ inserted: 0 });
    expect(await nextPollOf(number)).toEqual(at(t0, 27));
    // After the day without webhooks it is polled again, next by its state (in transit: 8 hours).
    expect(await runCarrierTracking(db(), fake, { now: at(t0, 27) })).toMatchObject({ polled: 1 });
    expect(await nextPollOf(number)).toEqual(at(t0, 35));
  });

  it('asks a number the carrier has said nothing of for three days once a day, a talkative one by its state', async () => {
    const t0 = new Date('2026-11-10T12:00:00Z');
    const clock = { now: t0 };
    const fake = new FakeTrackingProvider({ secret: 'prueba', now: () => clock.now });
    // Label printed, never scanned: no event in the four days since registration.
    const silent = await followed(fake, at(t0, 1000), t0);
    clock.now = at(t0, 96);
    const quiet = await runCarrierTracking(db(), fake, { now: clock.now, maxRequests: 1000 });
    expect(quiet.polled).toBeGreaterThanOrEqual(1);
    expect(await nextPollOf(silent)).toEqual(at(t0, 96 + 24));

    // In transit with its last scan six hours ago: eight hours, as its state says.
    const talkative = await followed(fake, at(t0, 96 - 36), clock.now);
    clock.now = at(t0, 103);
    await runCarrierTracking(db(), fake, { now: clock.now, maxRequests: 1000 });
    expect(await nextPollOf(talkative)).toEqual(at(t0, 103 + 8));
  });
});
