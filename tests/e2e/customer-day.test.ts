// What María met on a business day in the browser: the ship request shows the parcels waiting
// for a repack without offering them (docs/product/last-mile.md#the-ship-request).
import { describe, expect, it } from 'vitest';
import { SHIP_REQUEST_LABELS } from '@casillero/shared';
import { chromiumOrExplain, DEMO, PHONE, openPage, signIn, useBrowserSession, withScreenshotOnFailure } from './helpers';

const chromium = chromiumOrExplain();

/** In the demo, María's bag waits in a repack request the warehouse has not done yet. */
const IN_PENDING_REPACK = '1Z999AA10198765430';

describe.skipIf(!chromium)('el día de María, clienta', () => {
  const { url, newPage } = useBrowserSession(chromium, PHONE.contextOptions);

  it('Enviar a Venezuela muestra el paquete que espera un reempaque, sin dejarlo marcar', async () => {
    const maria = await newPage();
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
    await withScreenshotOnFailure(maria, 'dia-cliente-envio-reempaque', async () => {
      await openPage(maria, `${url()}/dashboard/almacen`);
      await maria.getByRole('button', { name: SHIP_REQUEST_LABELS.action }).click();
      const dialog = maria.getByRole('dialog', { name: SHIP_REQUEST_LABELS.action });
      const waiting = dialog.getByRole('checkbox', { name: new RegExp(`^${IN_PENDING_REPACK} · `) });
      await waiting.waitFor();
      expect(await waiting.isDisabled()).toBe(true);
      await dialog.getByText(SHIP_REQUEST_LABELS.waitingRepack).first().waitFor();
      // The others can still be ticked.
      expect(await dialog.getByRole('checkbox', { disabled: false }).count()).toBeGreaterThan(0);
    });
  });
});
