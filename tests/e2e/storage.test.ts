// Browser test of the storage clock (docs/product/storage.md): in Almacén each parcel on our shelves says how
// many free storage days it has left (or the fee it accrues after them); one in a shipment says
// nothing, its clock stopped.
import { describe, expect, it } from 'vitest';
import { STORAGE_MESSAGES } from '@casillero/shared';
import { chromiumOrExplain } from './browser';
import { DEMO, openPage, signIn, useBrowserSession, landedInCustomerArea } from './session';
import { DESKTOP, listRows, responsiveList, withScreenshotOnFailure } from './screens';

const chromium = chromiumOrExplain();

describe.skipIf(!chromium)('almacenaje en Almacén', () => {
  const { url, newPage } = useBrowserSession(chromium, DESKTOP.contextOptions);

  it('muestra los días de almacenaje gratis que quedan a cada paquete en el almacén', async () => {
    const page = await newPage();
    await signIn(page, url(), DEMO.customer, DEMO.password);
    await page.waitForURL(landedInCustomerArea);
    await withScreenshotOnFailure(page, 'almacenaje-almacen', async () => {
      await openPage(page, `${url()}/dashboard/almacen`);
      const stored = responsiveList(page, 'Paquetes en almacén');
      // Received 5 days ago (by the hour; 5 or 6 calendar days in Caracas) of the 30 free days.
      await listRows(stored)
        .filter({ hasText: 'TBA301928374650' })
        .getByText(/^Almacenaje gratis: quedan 2[45] días$/)
        .waitFor();
      const inShipment = listRows(stored).filter({ hasText: '9400111899223300112233' });
      await inShipment.getByText(/^SH\d{8}$/).waitFor();
      if ((await inShipment.getByTestId('storage-clock').count()) !== 0)
        throw new Error('Un paquete en un envío no debe mostrar almacenaje');
    });
  });
});

describe.skipIf(!chromium)('almacenaje por vencer, para el personal', () => {
  const { url, newPage } = useBrowserSession(chromium, DESKTOP.contextOptions);

  it('lista los paquetes cuyo almacenaje gratis termina esta semana y recuerda al cliente una vez al día', async () => {
    const page = await newPage();
    await signIn(page, url(), DEMO.admin, DEMO.password);
    await page.waitForURL((u) => u.pathname.startsWith('/admin'));
    await withScreenshotOnFailure(page, 'almacenaje-por-vencer', async () => {
      await page.goto(`${url()}/admin/paquetes`);
      // 8 free days instead of 30: María's parcel received 5 days ago now ends within the week.
      await page.getByRole('button', { name: 'Almacenaje', exact: true }).click();
      const settings = page.getByRole('dialog', { name: 'Almacenaje' });
      const freeDays = settings.getByRole('textbox', { name: 'Días de almacenaje gratis' });
      // The saved value first (what a person sees before typing over it).
      await expect.poll(() => freeDays.inputValue(), { timeout: 15_000 }).toBe('30');
      await freeDays.fill('8');
      await settings.getByRole('button', { name: 'Guardar', exact: true }).click();
      await page.getByText(STORAGE_MESSAGES.settingsSaved).waitFor();

      await page.getByRole('button', { name: STORAGE_MESSAGES.endingSoonAction }).click();
      const dialog = page.getByRole('dialog', { name: STORAGE_MESSAGES.endingSoonTitle });
      const list = dialog
        .getByRole('table', { name: STORAGE_MESSAGES.endingSoonAction })
        .or(dialog.getByRole('list', { name: STORAGE_MESSAGES.endingSoonAction }));
      const row = listRows(list)
        .filter({ hasText: 'María Fernanda González' })
        .filter({ hasText: /Quedan [23] días/ })
        .first();
      await row.getByText(STORAGE_MESSAGES.neverReminded).waitFor();
      await row.getByRole('button', { name: new RegExp(STORAGE_MESSAGES.remindNow) }).click();
      await page.getByText(STORAGE_MESSAGES.reminderSent('María Fernanda González')).waitFor();
      // The list now says when she was reminded; a second tap the same day is refused.
      await expect.poll(() => row.getByText(STORAGE_MESSAGES.neverReminded).count()).toBe(0);
      await row.getByRole('button', { name: new RegExp(STORAGE_MESSAGES.remindNow) }).click();
      await page.getByText(STORAGE_MESSAGES.reminderAlreadyToday).waitFor();
    });
  });
});
