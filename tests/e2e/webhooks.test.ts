// Browser test of webhooks (docs/product/public-api.md#webhooks): María subscribes a URL to
// "Factura emitida" in Configuración, sees the signing secret once, an invoice issued to her by
// staff appears in the webhook's deliveries (queued: the browser tests start the server with
// WEBHOOKS_SEND=off, so nothing leaves the machine), and she resends it. Delivery itself, the
// signature and the retries are covered by server/src/services/webhooks.test.ts.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { WEBHOOK_MESSAGES, formatDateTime } from '@casillero/shared';
import { DEMO, signIn, useBrowserSession, waitForHydration, landedInCustomerArea } from './session';
import { chromiumOrExplain } from './browser';
import { trpcCaller } from './app-server';
import { withScreenshotOnFailure } from './screens';

const chromium = chromiumOrExplain();
/** A public address: the guard lets it through, and with WEBHOOKS_SEND=off nothing is sent to it. */
const HOOK_URL = 'https://93.184.216.34/webhooks/casillero';

describe.skipIf(!chromium)('Configuración: webhooks', () => {
  const { url, newPage } = useBrowserSession(chromium);
  const call = trpcCaller(url);
  const toast = (page: Page, text: string) =>
    page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor();

  it('María crea un webhook, ve el secreto una sola vez, y ve y reenvía la entrega de una factura', async () => {
    const page = await newPage();
    await signIn(page, url(), DEMO.customer, DEMO.password);
    await page.waitForURL(landedInCustomerArea);
    await withScreenshotOnFailure(page, 'webhooks', async () => {
      await page.goto(`${url()}/dashboard/configuracion`);
      const card = page.getByRole('region', { name: 'Webhooks' });
      const urlField = card.getByLabel('URL que recibe los avisos');
      await waitForHydration(urlField);
      await card.getByText('Aún no tienes webhooks.').waitFor();

      // The form refuses a private address, as the server does.
      await urlField.fill('https://127.0.0.1/hook');
      await card.getByRole('checkbox', { name: 'Factura emitida' }).check();
      await card.getByRole('button', { name: 'Crear webhook' }).click();
      await card.getByText(WEBHOOK_MESSAGES.privateAddress).waitFor();

      await urlField.fill(HOOK_URL);
      await card.getByRole('button', { name: 'Crear webhook' }).click();
      const dialog = page.getByRole('dialog', { name: 'Secreto de firma del webhook' });
      await dialog.waitFor();
      const secret = (await dialog.getByTestId('webhook-secret').textContent())!.trim();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
      await dialog.getByRole('button', { name: 'Ya lo guardé' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const item = card.getByRole('listitem', { name: HOOK_URL });
      await item.getByText('Activo').waitFor();

      // Staff issue her an invoice: the event is queued for her webhook.
      const admin = await newPage();
      await signIn(admin, url(), DEMO.admin, DEMO.password);
      await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
      const clients = await call<{ rows: { userId: string; email: string }[] }>(
        admin,
        'clients.list',
        { q: DEMO.customer },
        'GET',
      );
      const userId = clients.rows.find((c) => c.email === DEMO.customer)!.userId;
      await call(
        admin,
        'billing.issue',
        {
          userId,
          concept: 'course_purchase',
          description: 'Curso de importación',
          lines: [{ description: 'Curso', amountUsd: 15 }],
        },
        'POST',
      );

      // Shown once: after a reload the secret is nowhere on the page.
      await page.reload();
      await waitForHydration(card.getByLabel('URL que recibe los avisos'));
      expect(await page.getByTestId('webhook-secret').count()).toBe(0);
      expect(await page.content()).not.toContain(secret);

      await item.getByRole('button', { name: 'Ver entregas' }).click();
      const deliveries = item.getByRole('table', { name: 'Entregas del webhook' });
      const rows = deliveries.locator('tbody tr');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(1);
      await rows.first().getByText('Factura emitida').waitFor();
      await rows.first().getByText('Pendiente').waitFor();

      await rows.first().getByRole('button', { name: 'Reenviar' }).click();
      await toast(page, WEBHOOK_MESSAGES.resent);
      await expect.poll(() => rows.count()).toBe(2);

      // Renewing the secret: the old one keeps signing for a day, and the card says until when.
      await item.getByRole('button', { name: 'Renovar secreto' }).click();
      await item.getByText(WEBHOOK_MESSAGES.rotateWarning).waitFor();
      const rotatedAt = Date.now();
      await item.getByRole('button', { name: 'Sí, renovar' }).click();
      const renewed = page.getByRole('dialog', { name: 'Nuevo secreto de firma' });
      await renewed.waitFor();
      expect((await renewed.getByTestId('webhook-secret').textContent())!.trim()).not.toBe(secret);
      await renewed.getByRole('button', { name: 'Ya lo guardé' }).click();
      const stillSigns = item.getByText(WEBHOOK_MESSAGES.previousStillSigns(''));
      await stillSigns.waitFor();
      // A day after the renewal, in Caracas time (the minute it was made, or the one after).
      const day = 24 * 3600_000;
      const until = [rotatedAt + day - 60_000, rotatedAt + day, Date.now() + day].map((ms) =>
        WEBHOOK_MESSAGES.previousStillSigns(formatDateTime(new Date(ms))),
      );
      expect(until).toContain((await stillSigns.textContent())?.trim());
    });
  });
});
