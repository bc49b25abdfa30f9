// The admin trackings panel in the browser: filter (URL state), details, status change with
// history, create, Excel and CSV export; then the customer sees the new tracking in Mis Trackings.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SPREADSHEET_DOWNLOAD_LABELS } from '@casillero/shared';
import { chromiumOrExplain } from './browser';
import { DEMO, fieldLabel, openPage, signIn, useBrowserSession } from './session';
import { openFromNavigation, withScreenshotOnFailure } from './screens';

const chromium = chromiumOrExplain();
const NEW_TRACKING = 'E2E-NUEVO-12345';

describe.skipIf(!chromium)('panel de trackings del administrador', () => {
  const { url, newPage } = useBrowserSession(chromium, { acceptDownloads: true });

  /** Picks an option of a Mantine Select by its label. */
  async function choose(page: Page, label: string | RegExp, option: string | RegExp, scope = page.locator('body')) {
    await scope.getByRole('combobox', { name: label, exact: typeof label === 'string' }).click();
    await page.getByRole('option', { name: option }).first().click();
  }

  it('an anonymous visitor is sent to sign in and comes back to the trackings panel', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'admin-anonimo', async () => {
      await page.goto(`${url()}/admin/trackings?status=problem`);
      await page.waitForURL((u) => u.pathname === '/login');
      const form = page.locator('form').filter({ has: page.getByLabel(fieldLabel('Contraseña')) });
      await form.getByLabel(fieldLabel('Email')).fill(DEMO.admin);
      await form.getByLabel(fieldLabel('Contraseña')).fill(DEMO.password);
      await form.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/admin/trackings' && u.searchParams.get('status') === 'problem');
    });
  });

  it('a customer at /admin sees Acceso Denegado with the spec elements', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'admin-denegado', async () => {
      await signIn(page, url(), DEMO.otherCustomer, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/dashboard'));
      await page.goto(`${url()}/admin`);
      await page.getByRole('heading', { name: 'Acceso Denegado' }).waitFor();
      await page.getByText('Permisos Insuficientes').waitFor();
      await page.getByText(DEMO.otherCustomer).waitFor();
      await page.getByText('Usuario Regular').waitFor();
      await page.getByRole('button', { name: 'Reintentar' }).click();
      await page.getByText('Intentos de verificación: 1').waitFor();
      await page.getByRole('link', { name: 'Volver a Mi Cuenta' }).waitFor();
    });
  });

  it('the demo admin filters, opens details, changes a status, creates a tracking and exports Excel and CSV', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'admin-trackings', async () => {
      await signIn(page, url(), DEMO.admin, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/admin'));
      await page.getByRole('heading', { name: 'Panel de Administración' }).waitFor();
      await page.getByText('Actividad Reciente').waitFor();

      // The list, filtered by status: the filter lives in the URL and survives a reload.
      await openFromNavigation(page, 'Panel Admin', 'Trackings');
      await page.waitForURL((u) => u.pathname === '/admin/trackings');
      await page.getByRole('table', { name: 'Trackings' }).waitFor();
      await page.getByText(/\d+ de \d+ trackings/).waitFor();
      await choose(page, 'Estado', 'Listo para enviar');
      await page.waitForURL((u) => u.searchParams.get('status') === 'ready_to_ship');
      // Reloaded: the server draws the filtered list (docs/decisions/033), then it comes alive.
      await openPage(page, page.url());
      const row = page.getByRole('row').filter({ hasText: '781234567890' });
      await row.waitFor();
      expect(await page.getByRole('combobox', { name: 'Estado', exact: true }).inputValue()).toBe('Listo para enviar');

      // Details with the history.
      await row.getByRole('button', { name: 'Acciones de 781234567890' }).click();
      await page.getByRole('menuitem', { name: 'Ver detalles' }).click();
      const details = page.getByRole('dialog', { name: 'Detalles del tracking' });
      await details.getByText('Historial de estados').waitFor();
      await details.getByText('María').first().waitFor();
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'hidden' });

      // Change the status with a message; the history shows it first.
      await row.getByRole('button', { name: 'Acciones de 781234567890' }).click();
      await page.getByRole('menuitem', { name: 'Cambiar estado' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cambiar estado' });
      await choose(page, /Nuevo estado/, 'Enviado', dialog);
      await dialog.getByRole('textbox', { name: /Mensaje para el cliente/ }).fill('Salió en el vuelo de hoy');
      await dialog.getByRole('button', { name: 'Actualizar estado' }).click();
      await page.getByText('Estado Actualizado').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await choose(page, 'Estado', 'Enviado');
      const shipped = page.getByRole('row').filter({ hasText: '781234567890' });
      await shipped.getByRole('button', { name: 'Acciones de 781234567890' }).click();
      await page.getByRole('menuitem', { name: 'Ver detalles' }).click();
      const timeline = page.getByRole('dialog', { name: 'Detalles del tracking' });
      await timeline.getByText('Salió en el vuelo de hoy').waitFor();
      const firstEntry = await timeline.locator('.mantine-Timeline-item').first().textContent();
      expect(firstEntry).toContain('Enviado');
      expect(firstEntry).toContain('Salió en el vuelo de hoy');
      await page.keyboard.press('Escape');

      // Create a tracking for María.
      await page.getByRole('button', { name: 'Nuevo Tracking' }).click();
      await page.waitForURL((u) => u.searchParams.get('tab') === 'crear');
      const form = page.getByRole('form', { name: 'Nuevo tracking' });
      expect(await form.getByRole('button', { name: 'Crear tracking' }).isDisabled()).toBe(true);
      await form.getByRole('combobox', { name: /^Casillero/ }).fill('maria');
      await page
        .getByRole('option', { name: /maria@casillero\.test/ })
        .first()
        .click();
      await form.getByText('Cliente seleccionado').waitFor();
      await form.getByRole('textbox', { name: /Número de tracking/ }).fill(NEW_TRACKING);
      await choose(page, /Transportista/, 'DHL', form);
      await form.getByRole('textbox', { name: /Descripción/ }).fill('Perfume importado de 100 ml');
      await form.getByRole('textbox', { name: /Remitente/ }).fill('Sephora');
      await form.getByRole('button', { name: 'Crear tracking' }).click();
      await page.getByText('Tracking Creado').waitFor();
      await page.waitForURL((u) => u.searchParams.get('tab') === null);

      // Search for it, then export the filtered set.
      await page.getByRole('button', { name: 'Limpiar filtros' }).click();
      await page.getByRole('textbox', { name: 'Buscar' }).fill('E2E-NUEVO');
      await page.waitForURL((u) => u.searchParams.get('q') === 'E2E-NUEVO');
      await page.getByRole('row').filter({ hasText: NEW_TRACKING }).waitFor();
      await page.getByText(/^1 de \d+ trackings$/).waitFor();
      // A link to the streamed download with the list's filters (the whole set, not the page).
      const exportLink = page.getByRole('link', { name: SPREADSHEET_DOWNLOAD_LABELS.csv });
      const href = new URL((await exportLink.getAttribute('href'))!, url());
      expect(href.pathname).toBe('/api/exports/trackings.csv');
      expect(href.searchParams.get('q')).toBe('E2E-NUEVO');
      const excelHref = new URL(
        (await page.getByRole('link', { name: SPREADSHEET_DOWNLOAD_LABELS.xlsx }).getAttribute('href'))!,
        url(),
      );
      expect(excelHref.pathname).toBe('/api/exports/trackings.xlsx');
      expect(excelHref.searchParams.get('q')).toBe('E2E-NUEVO');
      const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
      expect(download.suggestedFilename()).toMatch(/^trackings_\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = fs.readFileSync((await download.path())!, 'utf8');
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      const lines = csv.slice(1).trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        '"Tracking","Cliente","Casillero","Estado","Transportista","Peso estimado (kg, punto decimal)","Valor estimado (USD, punto decimal)","Prioridad","Fecha"',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`"${NEW_TRACKING}"`);
      expect(lines[1]).toContain('"Creado"');
    });
  });

  it('the customer sees the new tracking in Mis Trackings', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'cliente-ve-tracking', async () => {
      await signIn(page, url(), DEMO.customer, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/dashboard'));
      await openPage(page, `${url()}/dashboard/mis-trackings`);
      await page.getByText(NEW_TRACKING).first().waitFor();
    });
  });
});
