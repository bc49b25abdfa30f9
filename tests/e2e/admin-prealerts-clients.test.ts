// The admin pre-alerts and clients screens in the browser: the demo admin confirms and converts
// María's pending pre-alert (the card then says Convertido and the package is in Paquetes; María
// finds it in Almacén, sees her pre-alert converted and is notified); then creates a China
// mailbox for Carlos, who sees it in Mis Casilleros.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PACKAGE_STATUS_LABELS, PREALERT_NOTIFICATIONS, PREALERT_STATUS_LABELS } from '@casillero/shared';
import { animationsDone, openFromNavigation, withScreenshotOnFailure } from './screens';
import { chromiumOrExplain } from './browser';
import { DEMO, fieldLabel, openPage, signIn, useBrowserSession } from './session';

const chromium = chromiumOrExplain();
/** María's pending demo pre-alert (server/src/demo/). */
const MARIA_PREALERT = 'TBA305812745000';

describe.skipIf(!chromium)('prealertas y clientes del administrador', () => {
  const { url, newPage } = useBrowserSession(chromium);

  async function signInAs(page: Page, email: string, landing: string) {
    await signIn(page, url(), email, DEMO.password);
    await page.waitForURL((u) => u.pathname.startsWith(landing));
  }

  it('the admin confirms and converts a pre-alert; the customer finds the package in Almacén', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'prealerta-convertir', async () => {
      await signInAs(page, DEMO.admin, '/admin');
      await openFromNavigation(page, 'Panel Admin', 'Prealertas');
      await page.getByRole('heading', { name: 'Gestión de Prealertas' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/prealertas');

      // The screen's first, misspelt address still opens it, with its filter.
      await page.goto(`${url()}/admin/prealartas?status=pending`);
      await page.waitForURL((u) => u.pathname === '/admin/prealertas' && u.searchParams.get('status') === 'pending');
      await page.getByRole('heading', { name: 'Gestión de Prealertas' }).waitFor();
      await page.goto(`${url()}/admin/prealertas`);

      await page.getByRole('textbox', { name: 'Buscar' }).fill(MARIA_PREALERT);
      await page.waitForURL((u) => u.searchParams.get('q') === MARIA_PREALERT);
      const card = page.getByRole('article', { name: `Prealerta ${MARIA_PREALERT}` });
      await card.getByText('Pendiente').waitFor();
      await card.getByText('María Fernanda González').waitFor();

      await card.getByRole('button', { name: 'Ver' }).click();
      const details = page.getByRole('dialog', { name: 'Detalles de Prealerta' });
      await details.getByText('Audífonos inalámbricos Sony WH-1000XM5', { exact: false }).first().waitFor();
      await details.getByRole('button', { name: 'Cerrar' }).first().click();
      await details.waitFor({ state: 'hidden' });

      await card.getByRole('button', { name: 'Confirmar' }).click();
      await page.getByText('Estado actualizado exitosamente').waitFor();
      await card.getByText('Confirmado').waitFor();

      await card.getByRole('button', { name: 'Convertir' }).click();
      const convert = page.getByRole('dialog', { name: 'Convertir Prealerta a Paquete' });
      await convert.getByRole('textbox', { name: 'Peso real (kg)' }).fill('1.3');
      await convert.getByRole('textbox', { name: 'Notas internas' }).fill('Recibido en buen estado');
      await convert.getByRole('button', { name: 'Convertir a Paquete' }).click();
      await page.getByText('Prealerta convertida a paquete exitosamente').waitFor();
      await card.getByText('Convertido').waitFor();
      await card.getByRole('button', { name: 'Convertir' }).waitFor({ state: 'detached' });

      // The new package is in the admin's Paquetes list, received, for María.
      await openFromNavigation(page, 'Panel Admin', 'Paquetes');
      await page.getByRole('heading', { name: 'Gestión de Paquetes' }).waitFor();
      await page.getByRole('textbox', { name: 'Buscar' }).fill(MARIA_PREALERT);
      await page.waitForURL((u) => u.pathname === '/admin/paquetes' && u.searchParams.get('q') === MARIA_PREALERT);
      const row = page.getByRole('row').filter({ hasText: MARIA_PREALERT });
      await row.waitFor();
      expect(await row.textContent()).toContain('María');
      await expect.poll(() => row.getByRole('combobox').inputValue()).toBe(PACKAGE_STATUS_LABELS.received);
    });

    const customer = await newPage();
    await withScreenshotOnFailure(customer, 'prealerta-almacen-cliente', async () => {
      await signInAs(customer, DEMO.customer, '/dashboard');
      await openPage(customer, `${url()}/dashboard/almacen`);
      const pkg = customer.getByRole('row').filter({ hasText: MARIA_PREALERT });
      await pkg.waitFor();
      const mailboxCode = /MV-19487-\d+/.exec((await pkg.textContent()) ?? '')![0];

      // Her pre-alert now says it was converted, and she was told.
      await customer.goto(`${url()}/dashboard/prealertas`);
      const card = customer.getByRole('article', { name: `Prealerta ${MARIA_PREALERT}` });
      await card.getByText(PREALERT_STATUS_LABELS.converted, { exact: true }).waitFor();
      await customer.goto(`${url()}/dashboard/notificaciones`);
      const notice = customer.getByRole('listitem').filter({ hasText: PREALERT_NOTIFICATIONS.convertedTitle });
      await notice.first().waitFor();
      expect(await notice.first().textContent()).toContain(
        PREALERT_NOTIFICATIONS.converted(`«${MARIA_PREALERT}»`, mailboxCode),
      );
    });
  });

  it('the admin creates a China mailbox for Carlos, whose credit pays its activation at once, and edits his profile; Carlos sees it in Mis Casilleros', async () => {
    const page = await newPage();
    let code = '';
    await withScreenshotOnFailure(page, 'clientes-crear-casillero', async () => {
      await signInAs(page, DEMO.admin, '/admin');
      await openFromNavigation(page, 'Panel Admin', 'Clientes');
      await page.getByRole('heading', { name: 'Gestión de Clientes' }).waitFor();
      await page.getByRole('heading', { name: /^Clientes \(\d+\)$/ }).waitFor();

      await page
        .getByPlaceholder('Buscar por nombre, cédula, teléfono o código de casillero...')
        .fill('Carlos Eduardo');
      await page.waitForURL((u) => u.searchParams.get('q') === 'Carlos Eduardo');
      await page.getByRole('heading', { name: 'Clientes (1)' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: DEMO.otherCustomer });
      await row.getByText('No registrada').waitFor();

      await row.getByRole('button', { name: 'Crear casillero para Carlos Eduardo Rodríguez' }).click();
      const dialog = page.getByRole('dialog', { name: 'Crear Casillero Manual' });
      // Carlos already has a USA mailbox: the dialog says so, and that choice is disabled.
      await dialog.getByText('Ya tiene casillero en: Estados Unidos (Miami).').waitFor();
      await dialog.getByRole('combobox', { name: fieldLabel('País') }).click();
      await page.getByRole('option', { name: 'China (Beijing)' }).click();
      await dialog
        .getByRole('textbox', { name: fieldLabel('Ciudad') })
        .and(dialog.locator('[value="Beijing"]'))
        .waitFor();
      await dialog.getByRole('button', { name: 'Crear Casillero' }).click();
      await page.getByText('¡Éxito!').waitFor();
      const message = await page.getByText(/^Casillero BJS\d{6} creado exitosamente\.$/).textContent();
      code = message!.match(/BJS\d{6}/)![0];
      await row.getByText(code).waitFor();
      await row.getByText('CHINA').waitFor();

      // Details: the counts and the new mailbox, already on: Carlos's credit in his favour (a
      // recharge in the demo) paid its activation invoice when it was issued (docs/decisions/021-billing-in-bolivares.md).
      await row.getByRole('button', { name: 'Ver detalles de Carlos Eduardo Rodríguez' }).click();
      const details = page.getByRole('dialog', { name: 'Detalles del cliente' });
      await details.getByLabel(/^Paquetes: \d+$/).waitFor();
      await animationsDone(details);
      await details
        .locator(`[role="switch"][aria-label="Casillero ${code} activo"]:checked`)
        .waitFor({ state: 'attached' });
      await details.getByRole('button', { name: 'Editar' }).click();

      const edit = page.getByRole('dialog', { name: 'Editar Cliente' });
      await edit.getByRole('textbox', { name: 'Cédula' }).fill('V-20123456');
      await edit.getByRole('button', { name: 'Guardar cambios' }).click();
      await page.getByText('¡Cliente actualizado!').waitFor();
      await row.getByText('V-20123456').waitFor();

      // Ver paquetes: the packages list filtered to this client.
      await row.getByRole('link', { name: 'Ver paquetes de Carlos Eduardo Rodríguez' }).click();
      await page.waitForURL((u) => u.pathname === '/admin/paquetes' && Boolean(u.searchParams.get('cliente')));
    });

    const customer = await newPage();
    await withScreenshotOnFailure(customer, 'clientes-mis-casilleros', async () => {
      await signInAs(customer, DEMO.otherCustomer, '/dashboard');
      await customer.goto(`${url()}/dashboard/mis-casilleros`);
      const card = customer.getByRole('region', { name: `Casillero ${code}` });
      await card.getByText('China (Beijing)').waitFor();
      await card.getByText('Activo', { exact: true }).waitFor();
    });
  });
});
