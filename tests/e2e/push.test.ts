// Web push in the browser (docs/decisions/037-web-push.md): María turns on the notices on this
// device in Configuración; the administrator posts news on her shipment; the server encrypts it
// for her browser and sends it to her push service (a local one here: a headless browser has no
// push service of its own, so the browser's PushManager hands out the local service's
// subscription, made as a browser makes one); the service worker shows it as a notification;
// María turns it off again.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_MESSAGES as M, NOTIFICATION_KIND_LABELS } from '@casillero/shared';
import { startPushService, type FakeBrowserSubscription } from '../support/push-service';
import { trpcCaller } from './app-server';
import { chromiumOrExplain } from './browser';
import { withScreenshotOnFailure } from './screens';
import { DEMO, landedInCustomerArea, signIn, useBrowserSession, waitForHydration } from './session';

const chromium = chromiumOrExplain();

/** PushManager answering with the local push service's subscription, kept across reloads as a browser keeps it. */
async function usePushService(page: Page, subscription: FakeBrowserSubscription) {
  await page.context().addInitScript((sub: FakeBrowserSubscription) => {
    const KEY = 'e2e-push-subscription';
    const make = () => ({
      endpoint: sub.endpoint,
      toJSON: () => ({ endpoint: sub.endpoint, keys: sub.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function subscribe() {
      localStorage.setItem(KEY, '1');
      return make() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return (localStorage.getItem(KEY) ? make() : null) as unknown as PushSubscription | null;
    };
  }, subscription);
}

describe.skipIf(!chromium)('avisos en el dispositivo (web push)', () => {
  let service: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(() => service?.close());
  const { url, newPage } = useBrowserSession(chromium, {}, () => ({
    env: { PUSH_SERVICE_ORIGINS: service.origin },
  }));
  const call = trpcCaller(url);

  it('María activa los avisos, recibe la novedad de su envío como notificación y los desactiva', async () => {
    const maria = await newPage({ permissions: ['notifications'] });
    await usePushService(maria, service.subscription());
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL(landedInCustomerArea);

    await withScreenshotOnFailure(maria, 'push-activar', async () => {
      await maria.goto(`${url()}/dashboard/configuracion`);
      const table = maria.getByRole('table', { name: 'Canales por tipo de aviso' });
      const newsOnDevice = table.getByRole('switch', {
        name: `${NOTIFICATION_KIND_LABELS.shipment_news}: en el dispositivo`,
      });
      await waitForHydration(newsOnDevice);
      // No device yet: the column waits for one.
      expect(await newsOnDevice.isDisabled()).toBe(true);
      await maria.getByText(M.needsDevice).waitFor();

      await maria.getByRole('button', { name: M.enable }).click();
      await maria.getByText(M.enabled).first().waitFor();
      await maria.getByText(M.enabledHere).waitFor();
      const devices = maria.getByRole('list', { name: 'Dispositivos que reciben tus avisos' });
      await devices.getByText(/^Chrome en Linux · desde /).waitFor();
      await devices.getByText('Este dispositivo').waitFor();
      await expect.poll(() => newsOnDevice.isDisabled()).toBe(false);
      expect(await newsOnDevice.isChecked()).toBe(true);
    });

    // The administrator posts news on one of María's shipments.
    const admin = await newPage();
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
    const own = await call<{ items: { id: string; shipmentCode: string; packageCount: number }[] }>(
      maria,
      'shipments.listOwn',
      { page: 1, pageSize: 50 },
      'GET',
    );
    const shipment = own.items.find((s) => s.packageCount > 0)!;
    const before = service.received.length;
    await call(
      admin,
      'shipments.postNews',
      {
        shipmentId: shipment.id,
        kind: 'arrived_venezuela',
        message: 'Tu envío llegó a Venezuela y pasa por la aduana esta semana.',
      },
      'POST',
    );
    await expect
      .poll(() => service.received.length, { timeout: 30_000, message: 'el servidor no envió el aviso' })
      .toBeGreaterThan(before);
    const push = service.received[before]!;
    expect(push.payload).toMatchObject({
      title: expect.stringContaining(`Envío ${shipment.shipmentCode}`),
      body: 'Tu envío llegó a Venezuela y pasa por la aduana esta semana.',
      url: `${url()}/dashboard/envios`,
    });

    await withScreenshotOnFailure(maria, 'push-notificacion', async () => {
      // What the push service would hand the browser, to its service worker: the notification shows.
      const cdp = await maria.context().newCDPSession(maria);
      const registrationId = new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((r) => r.scopeURL.startsWith(url()) && !r.isDeleted);
          if (ours) resolve(ours.registrationId);
        });
      });
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: url(),
        registrationId: await registrationId,
        data: JSON.stringify(push.payload),
      });
      await expect
        .poll(() =>
          maria.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title} | ${n.body}`),
          ),
        )
        .toContain(`${String(push.payload.title)} | Tu envío llegó a Venezuela y pasa por la aduana esta semana.`);

      // Off again: this device is forgotten.
      await maria.getByRole('button', { name: M.disable }).click();
      await maria.getByText(M.disabled).first().waitFor();
      await maria.getByText(M.devices(0)).waitFor();
      await maria.reload();
      await waitForHydration(maria.getByRole('button', { name: M.enable }));
      await maria.getByText(M.devices(0)).waitFor();
    });
  });
});
