// The tracking provider's webhooks through HTTP (Fastify's inject, no port): forged and replayed
// deliveries change nothing, and two server instances on one database receiving the same news
// store each event once and tell the customer once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { FIRST_MILE_MESSAGES as M, FIRST_MILE_NOTIFICATIONS as N, trackingKey } from '@casillero/shared';
import type { Database } from '../db/client';
import { carrierEvents, carrierShipments, carrierWebhookDeliveries, notifications } from '../db/schema';
import { testConfig } from '../env';
import { createServer } from '../server';
import { createTestDatabase } from '../test/db';
import { customerWithActiveMailbox } from '../test/factories';
import { FakeTrackingProvider } from '../services/carrier-tracking/providers/fake';

const HOUR = 3600 * 1000;
let database: Database;
let one: Awaited<ReturnType<typeof createServer>>;
let two: Awaited<ReturnType<typeof createServer>>;
const fake = new FakeTrackingProvider({ secret: 'secreto-de-prueba' });
const config = testConfig({ appUrl: 'http://localhost:3000' });

beforeAll(async () => {
  database = await createTestDatabase();
  one = await createServer({ config, database, trackingProviders: [fake] });
  two = await createServer({ config, database, trackingProviders: [fake] });
});
afterAll(async () => {
  await one.stop();
  await two.stop();
  await database.close();
});

let serial = 500_000;
async function followedNumber() {
  const customer = await customerWithActiveMailbox(database.db);
  const number = `1Z999AA10${String(serial++).padStart(9, '0')}`;
  await customer.caller.prealerts.create({ trackingNumber: number, description: 'Audífonos', quantityItems: 1 });
  fake.start(number, new Date(Date.now() - 45 * HOUR), 'exception');
  return { ...customer, number };
}

const post = (server: typeof one, delivery: { body: string; headers: Record<string, string> }, provider = 'fake') =>
  server.app.inject({
    method: 'POST',
    url: `/webhooks/carriers/${provider}`,
    headers: delivery.headers,
    payload: delivery.body,
  });

async function stored(number: string) {
  const [s] = await database.db
    .select()
    .from(carrierShipments)
    .where(eq(carrierShipments.trackingKey, trackingKey(number)));
  const events = await database.db.select().from(carrierEvents).where(eq(carrierEvents.carrierShipmentId, s.id));
  return { shipment: s, events };
}

const noticesOf = (userId: string) =>
  database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), inArray(notifications.title, [N.exceptionTitle])));

describe('POST /webhooks/carriers/:provider', () => {
  it('stores and applies a signed delivery, then refuses the same delivery again with nothing changed', async () => {
    const { number, user } = await followedNumber();
    const delivery = fake.webhook(fake.updateFor([number], new Date()), 'entrega-1');
    const first = await post(one, delivery);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ok: true, inserted: 4 });
    const { shipment } = await stored(number);
    expect(shipment.state).toBe('exception');

    const again = await post(two, delivery);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: M.webhookRepeated });
    expect((await stored(number)).events).toHaveLength(4);
    expect(await noticesOf(user.id)).toHaveLength(1);
  });

  it('refuses a forged signature, a changed body and a stale timestamp with 401, storing nothing', async () => {
    const { number } = await followedNumber();
    const update = fake.updateFor([number], new Date());
    const forged = new FakeTrackingProvider({ secret: 'otro-secreto' }).webhook(update, 'falsa-1');
    const genuine = fake.webhook(update, 'cambiada-1');
    const tampered = { ...genuine, body: genuine.body.replace('Delivery exception', 'Delivered') };
    const stale = fake.webhook(update, 'vieja-1', new Date(Date.now() - 10 * 60_000));
    const unsigned = { body: genuine.body, headers: { 'content-type': 'application/json' } };
    for (const bad of [forged, tampered, stale, unsigned]) {
      const res = await post(one, bad);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: M.webhookRefused });
    }
    expect((await stored(number)).events).toHaveLength(0);
    const deliveries = await database.db
      .select()
      .from(carrierWebhookDeliveries)
      .where(inArray(carrierWebhookDeliveries.deliveryId, ['falsa-1', 'cambiada-1', 'vieja-1']));
    expect(deliveries).toHaveLength(0);
  });

  it('answers 400 to a signed body that is not the provider’s shape, and 404 to an unknown provider', async () => {
    for (const body of ['{"hola":', '{"events": 3, "facts": []}']) {
      const res = await post(one, fake.signed(body, `rara-${body.length}`));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: M.webhookRefused });
    }
    const empty = fake.webhook({ events: [], facts: [] }, 'vacia-1');
    expect((await post(one, empty, 'desconocido')).statusCode).toBe(404);
    expect((await post(one, empty)).statusCode).toBe(200);
  });

  it('two servers receiving the same news at once (as one delivery, and as two) store each event once and tell once', async () => {
    const { number, user } = await followedNumber();
    const update = fake.updateFor([number], new Date());
    const same = fake.webhook(update, 'doble-1');
    const answers = await Promise.all([post(one, same), post(two, same)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);

    const other = await followedNumber();
    const u2 = fake.updateFor([other.number], new Date());
    const [a, b] = await Promise.all([post(one, fake.webhook(u2, 'copia-a')), post(two, fake.webhook(u2, 'copia-b'))]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await stored(number)).events).toHaveLength(4);
    expect((await stored(other.number)).events).toHaveLength(4);
    expect(await noticesOf(user.id)).toHaveLength(1);
    expect(await noticesOf(other.user.id)).toHaveLength(1);
  });
});
