// The demo on a fresh start fills the administrator's screens (README, "What you see"): the
// departures in /admin/despachos, the late one on the dashboard's card, the claims desk and the
// compras desk each show rows made by the demo, not their empty state.
import { describe, expect, it } from 'vitest';
import { DEPARTURE_MESSAGES as M } from '@casillero/shared';
import { chromiumOrExplain } from './browser';
import { DESKTOP, withScreenshotOnFailure } from './screens';
import { DEMO, signIn, useBrowserSession } from './session';

const chromium = chromiumOrExplain();

describe.skipIf(!chromium)('la demostración llena las pantallas del administrador', () => {
  const { url, newPage } = useBrowserSession(chromium, DESKTOP.contextOptions);

  it('Despachos, el panel, Reclamos y Compras muestran filas de la demostración', async () => {
    const admin = await newPage();
    await withScreenshotOnFailure(admin, 'demo-pantallas', async () => {
      await signIn(admin, url(), DEMO.admin, DEMO.password);
      await admin.waitForURL((u) => u.pathname.startsWith('/admin'));

      // The dashboard's card: the flight from China whose Salida has not happened.
      const card = admin.getByRole('region', { name: M.dashboardDelayedTitle });
      await card.getByRole('link', { name: /^AER-CHN-\d{6}-\d+$/ }).waitFor();

      // Despachos: five departures, by air and by sea.
      await admin.goto(`${url()}/admin/despachos`);
      const details = admin.getByRole('button', { name: /^Ver detalles de (AER|MAR)-/ });
      await details.first().waitFor();
      await expect.poll(() => details.count()).toBe(5);
      await admin.getByRole('button', { name: /^Ver detalles de MAR-MIA-/ }).waitFor();

      // Reclamos: Luis's weight dispute waits on the desk.
      await admin.goto(`${url()}/admin/reclamos`);
      await admin.getByText('Luis Alberto Ramírez Colmenares').first().waitFor();

      // Compras: María's, José's and Daniela's requests.
      await admin.goto(`${url()}/admin/compras`);
      for (const customer of [
        'María Fernanda González',
        'José Gregorio Pérez Márquez',
        'Daniela Alejandra Suárez Briceño',
      ])
        await admin.getByText(customer).first().waitFor();
    });
  });
});
