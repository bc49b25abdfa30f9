// Web push (docs/decisions/037-web-push.md): a customer's browser subscribes from Configuración;
// a notice worth reaching them outside the app goes to each of their browsers, encrypted for it
// and signed with our VAPID key, unless they turned push off for its kind; a browser the push
// service calls gone is forgotten; an endpoint that is no push service is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PUSH_MESSAGES } from '@casillero/shared';
import { startPushService } from '../../../tests/support/push-service';
import type { Database } from '../db/client';
import { pushOutbox, pushSubscriptions } from '../db/schema';
import { testConfig } from '../env';
import { notifyUser } from '../services/notify';
import { callerFor, newVisitor, TEST_APP_URL, trpcError } from '../test/caller';
import { createTestDatabase } from '../test/db';
import { signedInCustomer } from '../test/factories';
import { deliverDuePush, webPushSender } from './push';

let database: Database;
let service: Awaited<ReturnType<typeof startPushService>>;
let config: ReturnType<typeof testConfig>;
beforeAll(async () => {
  database = await createTestDatabase();
  service = await startPushService();
  config = testConfig({ appUrl: TEST_APP_URL });
  config.push = { ...config.push, extraOrigins: [service.origin] };
});
afterAll(async () => {
  await service.close();
  await database.close();
});
const db = () => database.db;
const quietLog = { info: () => {}, warn: () => {} };

let ipSeq = 1;
async function customer() {
  const c = await signedInCustomer(db(), { visitor: newVisitor({ ip: `10.37.0.${ipSeq++}` }) });
  // The same visitor, with the settings that know the local push service.
  return { ...c, caller: callerFor(db(), c.visitor, config) };
}

const pushesOf = (userId: string) => db().select().from(pushOutbox).where(eq(pushOutbox.userId, userId));

const paymentApproved = (userId: string, options: { email?: 'default' | false; kind?: 'payment' | 'account' } = {}) =>
  notifyUser(
    db(),
    userId,
    {
      title: 'Pago aprobado',
      message: 'Tu pago de $25,00 fue aprobado.',
      type: 'payment',
      link: '/dashboard/facturas',
    },
    { kind: options.kind ?? 'payment', email: options.email ?? 'default', appUrl: TEST_APP_URL },
  );

describe('web push', () => {
  it('a subscribed browser receives the notice, encrypted for it and signed with the VAPID key', async () => {
    const maria = await customer();
    const browser = service.subscription();
    expect(await maria.caller.messaging.subscribePush({ ...browser, device: 'Chrome en Android' })).toEqual({
      message: PUSH_MESSAGES.enabled,
    });
    const prefs = await maria.caller.messaging.preferences();
    expect(prefs.pushDevices.map((d) => d.device)).toEqual(['Chrome en Android']);
    expect(prefs.preferences.every((p) => p.push)).toBe(true);

    await paymentApproved(maria.user.id);
    expect(await pushesOf(maria.user.id)).toHaveLength(1);
    const before = service.received.length;
    expect(await deliverDuePush(db(), webPushSender(db(), config.push, TEST_APP_URL), quietLog)).toBe(1);

    const got = service.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.payload).toMatchObject({
      title: 'Pago aprobado',
      body: 'Tu pago de $25,00 fue aprobado.',
      url: `${TEST_APP_URL}/dashboard/facturas`,
    });
    const { publicKey } = await maria.caller.messaging.pushKey();
    expect(got[0]!.vapidKey).toBe(publicKey);
    expect(got[0]!.audience).toBe(service.origin);
    expect(Number(got[0]!.ttl)).toBeGreaterThan(0);
    const [row] = await pushesOf(maria.user.id);
    expect(row!.status).toBe('sent');
  });

  it('follows the preference per kind, and never for account messages or notices kept in the app', async () => {
    const jose = await customer();
    await jose.caller.messaging.subscribePush({ ...service.subscription(), device: '' });
    const { preferences } = await jose.caller.messaging.preferences();
    const payment = preferences.find((p) => p.kind === 'payment')!;
    await jose.caller.messaging.setPreferences({ preferences: [{ ...payment, push: false }] });

    await paymentApproved(jose.user.id);
    await paymentApproved(jose.user.id, { kind: 'account' });
    await paymentApproved(jose.user.id, { email: false });
    expect(await pushesOf(jose.user.id)).toHaveLength(0);

    // Saving a kind's e-mail without saying push leaves push as it was.
    await jose.caller.messaging.setPreferences({ preferences: [{ kind: 'payment', email: false, whatsapp: true }] });
    const after = await jose.caller.messaging.preferences();
    expect(after.preferences.find((p) => p.kind === 'payment')).toMatchObject({ email: false, push: false });
    expect(after.preferences.find((p) => p.kind === 'status_changed')!.push).toBe(true);
  });

  it('forgets a browser the push service calls gone, and keeps trying one that is down', async () => {
    const ana = await customer();
    await ana.caller.messaging.subscribePush({ ...service.subscription(), device: 'Firefox' });
    const send = webPushSender(db(), config.push, TEST_APP_URL);

    service.answerWith(500);
    await paymentApproved(ana.user.id);
    expect(await deliverDuePush(db(), send, quietLog)).toBe(0);
    const [waiting] = await pushesOf(ana.user.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });

    service.answerWith(410);
    await db()
      .update(pushOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(pushOutbox.userId, ana.user.id));
    await deliverDuePush(db(), send, quietLog);
    service.answerWith(201);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ana.user.id))).toEqual([]);
    expect(await pushesOf(ana.user.id)).toEqual([]);
    expect((await ana.caller.messaging.preferences()).pushDevices).toEqual([]);
  });

  it('refuses an endpoint that is no push service, and a browser moves to whoever signs in on it', async () => {
    const luis = await customer();
    for (const endpoint of [
      'http://10.0.0.5/push',
      'https://example.com/push',
      'https://user:pw@fcm.googleapis.com/x',
    ]) {
      const error = await trpcError(
        luis.caller.messaging.subscribePush({ endpoint, keys: { p256dh: 'BAAAAAAAAAAA', auth: 'AAAAAAAAAAA' } }),
      );
      expect(error.message).toBe(PUSH_MESSAGES.endpointRefused);
    }
    expect((await luis.caller.messaging.preferences()).pushDevices).toEqual([]);

    const shared = service.subscription();
    await luis.caller.messaging.subscribePush({ ...shared, device: 'Computadora de la oficina' });
    const carla = await customer();
    await carla.caller.messaging.subscribePush({ ...shared, device: 'Computadora de la oficina' });
    expect((await luis.caller.messaging.preferences()).pushDevices).toEqual([]);
    expect((await carla.caller.messaging.preferences()).pushDevices).toHaveLength(1);

    // Luis cannot remove Carla's browser.
    const error = await trpcError(luis.caller.messaging.unsubscribePush({ endpoint: shared.endpoint }));
    expect(error.message).toBe(PUSH_MESSAGES.notFound);
    expect(await carla.caller.messaging.unsubscribePush({ endpoint: shared.endpoint })).toEqual({
      message: PUSH_MESSAGES.disabled,
    });
    expect((await carla.caller.messaging.preferences()).pushDevices).toEqual([]);
  });
});
