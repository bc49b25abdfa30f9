// Browser test of the keys of the public API (docs/product/public-api.md#keys): María creates a
// key in Configuración, sees it once, an integration uses it against /api/v1/prealerts, she
// revokes it, and the integration's next call is refused with 401.
import { describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES } from '@casillero/shared';
import { DEMO, signIn, useBrowserSession, waitForHydration, landedInCustomerArea } from './session';
import { chromiumOrExplain } from './browser';
import { withScreenshotOnFailure } from './screens';

const chromium = chromiumOrExplain();

describe.skipIf(!chromium)('Configuración: claves de API', () => {
  const { url, newPage } = useBrowserSession(chromium);

  it('María crea una clave, la ve una sola vez, la usa con la API y la revoca', async () => {
    const page = await newPage();
    await signIn(page, url(), DEMO.customer, DEMO.password);
    await page.waitForURL(landedInCustomerArea);
    await withScreenshotOnFailure(page, 'claves-api', async () => {
      await page.goto(`${url()}/dashboard/configuracion`);
      const card = page.getByRole('region', { name: 'Claves de API' });
      const name = card.getByLabel('Nombre de la clave');
      await waitForHydration(name);
      await card.getByText('Aún no tienes claves.').waitFor();

      await name.fill('Tienda de María');
      await card.getByText('Lectura y escritura').click();
      await card.getByRole('button', { name: 'Crear clave' }).click();
      await page.getByText('Clave creada. Cópiala ahora: no se volverá a mostrar.').waitFor();
      const secret = (await card.getByTestId('api-key-secret').textContent())!.trim();
      expect(secret).toMatch(/^csk_[a-z2-7]{32}$/);
      const item = card.getByRole('listitem', { name: 'Tienda de María' });
      await item.getByText('Nunca usada').waitFor();
      await item.getByText(`${secret.slice(0, 8)}…`).waitFor();

      // An integration calls the API with it.
      const call = () => fetch(`${url()}/api/v1/prealerts`, { headers: { authorization: `Bearer ${secret}` } });
      const ok = await call();
      expect(ok.status).toBe(200);
      const body = (await ok.json()) as { items: { description: string }[]; total: number };
      expect(body.total).toBe(body.items.length);

      // Shown once: after a reload the list names it by its first characters only, with its use.
      await page.reload();
      await waitForHydration(card.getByLabel('Nombre de la clave'));
      await item.getByText(/Último uso/).waitFor();
      expect(await card.getByTestId('api-key-secret').count()).toBe(0);
      expect(await page.content()).not.toContain(secret);

      await item.getByRole('button', { name: 'Revocar' }).click();
      await item.getByRole('button', { name: 'Sí, revocar' }).click();
      await page.getByText('Clave revocada. Las integraciones que la usen dejarán de funcionar.').waitFor();
      await card.getByText('Aún no tienes claves.').waitFor();

      const refused = await call();
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ error: API_KEY_MESSAGES.invalidKey, code: 'UNAUTHENTICATED' });
    });
  });
});
