// The fiscal settings in the browser (docs/product/fiscal-invoices.md#settings): the administrator
// finds 'Datos fiscales' on /admin/tasas, a RIF with a wrong check digit is refused in Spanish and
// nothing is saved, the right one is saved and reads back. Saved off, so the demo's invoices stay.
import { describe, expect, it } from 'vitest';
import { FISCAL_ID_MESSAGES, FISCAL_MESSAGES } from '@casillero/shared';
import {
  chromiumOrExplain,
  DEMO,
  openFromNavigation,
  signIn,
  useBrowserSession,
  withScreenshotOnFailure,
} from './helpers';

const chromium = chromiumOrExplain();

describe.skipIf(!chromium)('datos fiscales del administrador', () => {
  const { url, newPage } = useBrowserSession(chromium);

  it('refuses a RIF whose check digit is wrong, and saves the right one', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'datos-fiscales', async () => {
      await signIn(page, url(), DEMO.admin, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/admin'));
      await openFromNavigation(page, 'Panel Admin', 'Tasas');
      const section = page.getByRole('region', { name: 'Datos fiscales' });
      await section.waitFor();
      await section.getByRole('textbox', { name: 'Razón social' }).fill('Casillero Virtual C.A.');
      await section.getByRole('textbox', { name: 'Domicilio fiscal' }).fill('Av. Francisco de Miranda, Caracas');
      const rif = section.getByRole('textbox', { name: 'RIF' });
      await rif.fill('J-00002961-7');
      await section.getByRole('button', { name: 'Guardar datos fiscales' }).click();
      await page.getByText(FISCAL_ID_MESSAGES.rifCheckDigit).first().waitFor();

      await rif.fill('j000029610');
      await section.getByRole('button', { name: 'Guardar datos fiscales' }).click();
      await page.getByText(FISCAL_MESSAGES.settingsSaved).first().waitFor();
      // Read back as stored: the one way a factura prints it.
      await expect.poll(() => rif.inputValue()).toBe('J-00002961-0');
    });
  });
});
