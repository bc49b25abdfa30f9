// Browser test of the storage clock (docs/product/storage.md): in Almacén each parcel on our shelves says how
// many free storage days it has left (or the fee it accrues after them); one in a shipment says
// nothing, its clock stopped.
import { describe, it } from 'vitest';
import {
  DEMO,
  DESKTOP,
  chromiumOrExplain,
  listRows,
  responsiveList,
  signIn,
  useBrowserSession,
  withScreenshotOnFailure,
} from './helpers';

const chromium = chromiumOrExplain();

describe.skipIf(!chromium)('almacenaje en Almacén', () => {
  const { url, newPage } = useBrowserSession(chromium, DESKTOP.contextOptions);

  it('muestra los días de almacenaje gratis que quedan a cada paquete en el almacén', async () => {
    const page = await newPage();
    await signIn(page, url(), DEMO.customer, DEMO.password);
    await page.waitForURL((u) => u.pathname === '/dashboard/mi-perfil');
    await withScreenshotOnFailure(page, 'almacenaje-almacen', async () => {
      await page.goto(`${url()}/dashboard/almacen`);
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
