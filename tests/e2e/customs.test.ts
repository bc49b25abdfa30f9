// Browser test of the customs rules (docs/product/customs.md): the administrator opens Aduanas, sees
// version 1 in effect with its categories, and saves a version for next week with a dearer duty on
// electronics and its source; it shows as scheduled, and version 1 stays in effect.
import { describe, it } from 'vitest';
import { CUSTOMS_MESSAGES as M, caracasDay, formatBasisPoints } from '@casillero/shared';
import { openFromNavigation, DESKTOP, withScreenshotOnFailure } from './screens';
import { DEMO, fieldLabel, signIn, useBrowserSession } from './session';
import { chromiumOrExplain } from './browser';

const chromium = chromiumOrExplain();

describe.skipIf(!chromium)('reglas aduaneras', () => {
  const { url, newPage } = useBrowserSession(chromium, DESKTOP.contextOptions);

  it('el administrador programa una versión para la próxima semana y la ve programada', async () => {
    const admin = await newPage();
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
    await withScreenshotOnFailure(admin, 'aduanas-admin', async () => {
      await openFromNavigation(admin, 'Panel Admin', 'Aduanas');
      await admin.getByRole('heading', { name: `${M.current}: ${M.version(1)}` }).waitFor();
      const current = admin.getByRole('table', { name: `${M.current}: ${M.categories}` });
      await current
        .getByRole('row', { name: /Electrónica/ })
        .getByText(formatBasisPoints(2000))
        .waitFor();

      const form = admin.getByRole('form', { name: M.newVersion });
      // The segmented control's radio is hidden under its label: the label is what a person taps.
      await form.locator('label').filter({ hasText: M.startOn }).click();
      const nextWeek = caracasDay(new Date(Date.now() + 7 * 24 * 3600 * 1000));
      await form.getByLabel(fieldLabel(M.startDay)).fill(nextWeek);
      await form
        .getByRole('textbox', { name: fieldLabel(M.note) })
        .fill('Prueba: arancel de electrónica al 30 % según aviso de ejemplo.');
      const duty = form.getByRole('textbox', { name: `${M.duty}: Electrónica` });
      await duty.fill('30');
      await form.getByRole('button', { name: M.save }).click();

      const scheduled = admin.getByRole('region', { name: M.scheduled });
      await scheduled.getByText(`${M.version(2)} · ${M.effectiveAt}`).waitFor();
      await admin
        .getByRole('table', { name: `${M.version(2)}: ${M.categories}` })
        .getByRole('row', { name: /Electrónica/ })
        .getByText(formatBasisPoints(3000))
        .waitFor();
      // Version 1 is still the one in effect.
      await admin.getByRole('heading', { name: `${M.current}: ${M.version(1)}` }).waitFor();
    });
  });
});
