// Browser test of Configuración (docs/product/messages-and-notifications.md#preferences): María turns off e-mails for one kind
// of notice, and verifies her WhatsApp number with the code the server would send (printed in
// its log, as there is no WHATSAPP_TOKEN), after which WhatsApp can be chosen per kind.
import { describe, expect, it } from 'vitest';
import { DEMO, signIn, useBrowserSession, waitForHydration, landedInCustomerArea } from './session';
import { chromiumOrExplain } from './browser';
import { withScreenshotOnFailure } from './screens';

const chromium = chromiumOrExplain();

describe.skipIf(!chromium)('Configuración: avisos por canal y WhatsApp', () => {
  const { url, server, newPage } = useBrowserSession(chromium);

  it('María desactiva los correos de pagos y verifica su WhatsApp con el código', async () => {
    const page = await newPage();
    await signIn(page, url(), DEMO.customer, DEMO.password);
    await page.waitForURL(landedInCustomerArea);
    await withScreenshotOnFailure(page, 'configuracion-avisos', async () => {
      await page.goto(`${url()}/dashboard/configuracion`);
      const table = page.getByRole('table', { name: 'Canales por tipo de aviso' });
      const paymentsByEmail = table.getByRole('switch', { name: 'Pagos aprobados o rechazados: por correo' });
      await waitForHydration(paymentsByEmail);
      expect(await paymentsByEmail.isChecked()).toBe(true);
      // In the app is always on; WhatsApp waits for a verified number.
      expect(
        await table.getByRole('switch', { name: 'Pagos aprobados o rechazados: en la app (siempre)' }).isDisabled(),
      ).toBe(true);
      expect(await table.getByRole('switch', { name: 'Pagos aprobados o rechazados: por WhatsApp' }).isDisabled()).toBe(
        true,
      );

      await paymentsByEmail.click({ force: true });
      await page.getByText('Preferencias guardadas.').waitFor();
      await page.reload();
      await waitForHydration(paymentsByEmail);
      expect(await paymentsByEmail.isChecked()).toBe(false);
      expect(await table.getByRole('switch', { name: 'Paquete recibido en el almacén: por correo' }).isChecked()).toBe(
        true,
      );

      // The WhatsApp number, confirmed with the code sent to it.
      const logFrom = server().output().length;
      await page.getByLabel('Número de WhatsApp').fill('0414-5551234');
      await page.getByRole('button', { name: 'Enviar código' }).click();
      await page.getByText('Código enviado a +584145551234').waitFor();
      const code = await waitForCode(logFrom);
      await page.getByLabel('Código de verificación').first().click();
      await page.keyboard.type(code);
      await page.getByRole('button', { name: 'Verificar', exact: true }).click();
      await page.getByText('Listo: tu WhatsApp quedó verificado.').waitFor();
      await page.getByText('Verificado', { exact: true }).waitFor();
      await page.getByText('+584145551234').waitFor();

      const paymentsByWhatsapp = table.getByRole('switch', { name: 'Pagos aprobados o rechazados: por WhatsApp' });
      await expect.poll(() => paymentsByWhatsapp.isDisabled()).toBe(false);
      expect(await paymentsByWhatsapp.isChecked()).toBe(true);
    });
  });

  /** The code in the WhatsApp message the server logged (no WHATSAPP_TOKEN). */
  async function waitForCode(after: number): Promise<string> {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const match = /código de verificación de Casillero Virtual es \*(\d{6})\*/.exec(server().output().slice(after));
      if (match) return match[1];
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('El servidor no registró el mensaje de WhatsApp con el código');
  }
});
