// The first mile end to end on PGlite: a pre-alert's number detected and followed, registered and
// polled through the fake provider within the day's budget, its events applied once and in order,
// the customer told of what matters once, and two customers with one number told nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { FIRST_MILE_NOTIFICATIONS as N, trackingKey } from '@casillero/shared';
import type { Database } from '../../db/client';
import {
  carrierEvents,
  carrierProviderUsage,
  carrierShipments,
  emailOutbox,
  notifications,
  prealerts,
} from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { customerWithActiveMailbox, signedInAdmin } from '../../test/factories';
import { applyProviderUpdate } from './updates';
import { runCarrierTracking } from './jobs';
import { FakeTrackingProvider, type FakeScenario } from './providers/fake';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;
const HOUR = 3600 * 1000;

let serial = 100_000;
/** A UPS-shaped number not used yet. */
const upsNumber = () => `1Z999AA10${String(serial++).padStart(9, '0')}`;

function fakeAt(start: Date) {
  const clock = { now: start };
  const fake = new FakeTrackingProvider({ secret: 'prueba', now: () => clock.now });
  return { fake, clock };
}

async function prealert(
  caller: Awaited<ReturnType<typeof customerWithActiveMailbox>>['caller'],
  number: string,
  carrier?: 'LaserShip',
) {
  return caller.prealerts.create({
    trackingNumber: number,
    carrier,
    description: 'Zapatos deportivos',
    quantityItems: 1,
  });
}

const shipmentOf = async (number: string) =>
  (
    await db()
      .select()
      .from(carrierShipments)
      .where(eq(carrierShipments.trackingKey, trackingKey(number)))
  )[0];

const noticesOf = async (userId: string) =>
  db()
    .select({ title: notifications.title, message: notifications.message, link: notifications.link })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        inArray(notifications.title, [N.exceptionTitle, N.returnedTitle, N.deliveredTitle]),
      ),
    );

/** Registers the number (and anything else waiting) and plays its sequence `hours` on. */
async function playTo(fake: FakeTrackingProvider, clock: { now: Date }, start: Date, hours: number) {
  clock.now = start;
  await runCarrierTracking(db(), fake, { now: start });
  clock.now = new Date(start.getTime() + hours * HOUR);
  return runCarrierTracking(db(), fake, { now: clock.now });
}

describe('a pre-alert’s number', () => {
  it('gets its carrier from its shape, is followed once per parcel, and the customer may name another', async () => {
    const { caller, user } = await customerWithActiveMailbox(db());
    const number = '1Z5R89390357567127';
    const { id } = await prealert(caller, number);
    const [row] = await db().select().from(prealerts).where(eq(prealerts.id, id));
    expect(row.carrier).toBe('UPS');
    const shipment = await shipmentOf(number);
    expect(shipment).toMatchObject({ trackingNumber: number, carrier: 'UPS', registeredAt: null });

    await caller.prealerts.update({
      id,
      trackingNumber: number,
      carrier: 'LaserShip',
      description: 'Zapatos',
      quantityItems: 1,
    });
    expect((await db().select().from(prealerts).where(eq(prealerts.id, id)))[0].carrier).toBe('LaserShip');
    expect((await shipmentOf(number)).carrier).toBe('LaserShip');
    expect(row.userId).toBe(user.id);
  });

  it('keeps a number no carrier’s shape names as typed, follows nothing and tells the customer nothing', async () => {
    const { caller } = await customerWithActiveMailbox(db());
    const { id } = await prealert(caller, 'pedido-778812');
    const [row] = await db().select().from(prealerts).where(eq(prealerts.id, id));
    expect(row).toMatchObject({ trackingNumber: 'PEDIDO-778812', carrier: null });
    expect(await shipmentOf('PEDIDO-778812')).toBeUndefined();
  });
});

describe('the fake provider’s sequences', () => {
  const start = new Date('2026-11-02T12:00:00Z');

  it('plays in transit → out for delivery → delivered at our Doral address, with its facts', async () => {
    const { caller, user } = await customerWithActiveMailbox(db());
    const number = upsNumber();
    const { id } = await prealert(caller, number);
    const { fake, clock } = fakeAt(start);
    fake.start(number, start, 'delivered');

    await playTo(fake, clock, start, 31);
    let s = await shipmentOf(number);
    expect(s.state).toBe('in_transit');
    expect(s.expectedDeliveryAt?.toISOString()).toBe(new Date(start.getTime() + 56 * HOUR).toISOString());
    expect((await db().select().from(prealerts).where(eq(prealerts.id, id)))[0].estadoTracking).toBe('En tránsito');

    clock.now = new Date(start.getTime() + 60 * HOUR);
    await runCarrierTracking(db(), fake, { now: new Date(start.getTime() + 40 * HOUR) });
    await applyProviderUpdate(db(), 'fake', await fake.poll([{ trackingNumber: number, carrier: 'UPS' }]));
    s = await shipmentOf(number);
    expect(s).toMatchObject({
      state: 'delivered',
      deliveredLocation: '8256 NW 30TH TERRACE, DORAL, FL 33166',
      proofSignedBy: 'RECEPCION ALMACEN',
    });
    expect(s.deliveredAt?.toISOString()).toBe(new Date(start.getTime() + 56 * HOUR).toISOString());
    const events = await db()
      .select({ state: carrierEvents.state })
      .from(carrierEvents)
      .where(eq(carrierEvents.carrierShipmentId, s.id))
      .orderBy(asc(carrierEvents.occurredAt));
    expect(events.map((e) => e.state)).toEqual([
      'info_received',
      'in_transit',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);
    expect((await db().select().from(prealerts).where(eq(prealerts.id, id)))[0].estadoTracking).toBe(
      'Entregado a casillero',
    );
    // Delivered: told once, in the app.
    expect(await noticesOf(user.id)).toHaveLength(1);
  });

  it('tells of an exception at once, in Spanish, with what to do — once, however often it comes', async () => {
    const { caller, user, email } = await customerWithActiveMailbox(db());
    const number = upsNumber();
    const own = await prealert(caller, number);
    const { fake, clock } = fakeAt(start);
    fake.start(number, start, 'exception');
    await playTo(fake, clock, start, 45);
    const update = fake.updateFor([number], clock.now);
    await applyProviderUpdate(db(), 'fake', update);
    await applyProviderUpdate(db(), 'fake', update);

    expect((await shipmentOf(number)).state).toBe('exception');
    const notices = await noticesOf(user.id);
    expect(notices).toHaveLength(1);
    expect(notices[0].title).toBe(N.exceptionTitle);
    expect(notices[0].message).toContain('Qué hacer');
    expect(notices[0].message).toContain('Delivery exception: address information needed');
    // It opens her Prealertas with that pre-alert outlined.
    expect(notices[0].link).toBe(`/dashboard/prealertas?prealerta=${own.id}`);
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.subject, N.exceptionTitle));
    expect(mails.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('stops following a parcel returned to the sender, and tells what to do', async () => {
    const { caller, user } = await customerWithActiveMailbox(db());
    const number = upsNumber();
    await prealert(caller, number);
    const { fake, clock } = fakeAt(start);
    fake.start(number, start, 'returned');
    await playTo(fake, clock, start, 80);
    const s = await shipmentOf(number);
    expect(s.state).toBe('returned');
    expect(s.stoppedAt).not.toBeNull();
    expect(s.nextPollAt).toBeNull();
    // The exception and the return came in one poll: told where it ended.
    const notices = await noticesOf(user.id);
    expect(notices.map((n) => n.title)).toEqual([N.returnedTitle]);
  });
});

describe('events applied', () => {
  const start = new Date('2026-11-09T12:00:00Z');

  async function followed(scenario: FakeScenario) {
    const { caller, user } = await customerWithActiveMailbox(db());
    const number = upsNumber();
    await prealert(caller, number);
    const { fake, clock } = fakeAt(start);
    fake.start(number, start, scenario);
    clock.now = start;
    await runCarrierTracking(db(), fake, { now: start });
    return { number, fake, user };
  }

  it('out of order: the state is the furthest, the timeline in the carrier’s order, each event once', async () => {
    const { number, fake } = await followed('delivered');
    const all = fake.updateFor([number], new Date(start.getTime() + 100 * HOUR));
    for (const e of [...all.events].reverse()) {
      await applyProviderUpdate(db(), 'fake', { events: [e], facts: [] });
      await applyProviderUpdate(db(), 'fake', { events: [e], facts: [] });
    }
    const s = await shipmentOf(number);
    expect(s.state).toBe('delivered');
    const events = await db()
      .select({ state: carrierEvents.state })
      .from(carrierEvents)
      .where(eq(carrierEvents.carrierShipmentId, s.id))
      .orderBy(asc(carrierEvents.occurredAt));
    expect(events).toHaveLength(5);
    expect(events[0].state).toBe('info_received');
  });

  it('never goes back: a late in-transit event after delivered joins the timeline only', async () => {
    const { number, fake } = await followed('delivered');
    const all = fake.updateFor([number], new Date(start.getTime() + 100 * HOUR));
    await applyProviderUpdate(db(), 'fake', { events: all.events.filter((e) => e.state === 'delivered'), facts: [] });
    await applyProviderUpdate(db(), 'fake', { events: all.events.filter((e) => e.state !== 'delivered'), facts: [] });
    const s = await shipmentOf(number);
    expect(s.state).toBe('delivered');
    // A newer exception still applies (a carrier's incidencia after delivery).
    await applyProviderUpdate(db(), 'fake', {
      events: [
        {
          ...all.events[0],
          eventId: `${all.events[0].eventId}:x`,
          state: 'exception',
          occurredAt: new Date(start.getTime() + 90 * HOUR),
        },
      ],
      facts: [],
    });
    expect((await shipmentOf(number)).state).toBe('exception');
  });

  it('two customers with one number: events kept, nobody told, no «estado» changed until the warehouse decides', async () => {
    const a = await customerWithActiveMailbox(db());
    const b = await customerWithActiveMailbox(db());
    const number = upsNumber();
    const pa = await prealert(a.caller, number);
    const pb = await prealert(b.caller, number);
    const { fake, clock } = fakeAt(start);
    fake.start(number, start, 'exception');
    await playTo(fake, clock, start, 45);
    expect((await shipmentOf(number)).state).toBe('exception');
    expect(await noticesOf(a.user.id)).toHaveLength(0);
    expect(await noticesOf(b.user.id)).toHaveLength(0);
    const rows = await db()
      .select()
      .from(prealerts)
      .where(inArray(prealerts.id, [pa.id, pb.id]));
    expect(rows.map((r) => r.estadoTracking)).toEqual(['Prealertado', 'Prealertado']);
  });

  it('is followed no more once the admin converts the pre-alert (the parcel is in the warehouse)', async () => {
    const { caller } = await customerWithActiveMailbox(db());
    const admin = await signedInAdmin(db());
    const number = upsNumber();
    const { id } = await prealert(caller, number);
    await admin.caller.prealerts.confirm({ id });
    await admin.caller.prealerts.convert({ id, actualWeight: 1, actualValueUsdCents: 0 });
    expect((await shipmentOf(number)).stoppedAt).not.toBeNull();
  });
});

describe('the day’s budget and a provider that is down', () => {
  it('never asks more than the budget, shared by two runs at once, and goes on the next day', async () => {
    const admin = await signedInAdmin(db());
    await admin.caller.firstMile.updateSettings({ dailyRequestBudget: 3 });
    const { caller } = await customerWithActiveMailbox(db());
    const day = new Date('2026-11-16T15:00:00Z');
    const { fake } = fakeAt(day);
    // Whatever waits from the tests above is registered first, on another day.
    await runCarrierTracking(db(), fake, { now: new Date('2026-11-15T15:00:00Z'), maxRequests: 1000 });
    fake.requests = 0;
    for (let i = 0; i < 5 * fake.maxBatch; i++) await prealert(caller, upsNumber());
    const [r1, r2] = await Promise.all([
      runCarrierTracking(db(), fake, { now: day }),
      runCarrierTracking(db(), fake, { now: day }),
    ]);
    expect(fake.requests).toBe(3);
    expect(r1.requests + r2.requests).toBe(3);
    expect(r1.budgetSpent || r2.budgetSpent).toBe(true);
    const usage = await db().select().from(carrierProviderUsage).where(eq(carrierProviderUsage.day, '2026-11-16'));
    expect(usage).toEqual([{ day: '2026-11-16', provider: 'fake', requests: 3 }]);
    expect(await admin.caller.firstMile.settings()).toMatchObject({ dailyRequestBudget: 3 });

    // The next day: the two batches left are registered, then one poll spends the day's three.
    const nextDay = await runCarrierTracking(db(), fake, { now: new Date('2026-11-17T15:00:00Z') });
    expect(nextDay).toMatchObject({
      registered: 2 * fake.maxBatch,
      polled: fake.maxBatch,
      requests: 3,
      budgetSpent: true,
    });
    await admin.caller.firstMile.updateSettings({ dailyRequestBudget: 5000 });
  });

  it('down for an hour: nothing lost, caught up later, each notice once', async () => {
    const { caller, user } = await customerWithActiveMailbox(db());
    const start = new Date('2026-11-20T12:00:00Z');
    const number = upsNumber();
    await prealert(caller, number);
    const { fake, clock } = fakeAt(start);
    fake.start(number, start, 'exception');
    await runCarrierTracking(db(), fake, { now: start, maxRequests: 1000 });
    expect((await shipmentOf(number)).registeredAt).not.toBeNull();

    fake.down = true;
    let at = new Date(start.getTime() + 45 * HOUR);
    clock.now = at;
    const failed = await runCarrierTracking(db(), fake, { now: at, maxRequests: 1000 });
    expect(failed.failed).toBe(true);
    expect((await shipmentOf(number)).state).toBeNull();
    // Retried each minute or so while down: the batch stays, nothing is stored.
    for (let m = 1; m <= 60; m += 10) {
      at = new Date(start.getTime() + 45 * HOUR + m * 60_000);
      await runCarrierTracking(db(), fake, { now: at, failures: m, maxRequests: 1000 });
    }
    fake.down = false;
    at = new Date(start.getTime() + 47 * HOUR);
    clock.now = at;
    expect(await runCarrierTracking(db(), fake, { now: at, maxRequests: 1000 })).toMatchObject({ failed: false });
    expect((await shipmentOf(number)).state).toBe('exception');
    // Asked again later: the same events, stored and told once.
    at = new Date(start.getTime() + 60 * HOUR);
    clock.now = at;
    await runCarrierTracking(db(), fake, { now: at, maxRequests: 1000 });
    expect(await noticesOf(user.id)).toHaveLength(1);
  });
});
