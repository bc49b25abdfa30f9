// "Entregado pero no recibido" in the browser (docs/product/first-mile.md#delivered-but-not-received).
// The demo has one of María's pre-alerts that the carrier delivered at our warehouse more than 24
// business hours ago with no WR (server/src/demo/first-mile.ts); the searches' job, run by the
// server's scheduler as it starts, opens its search. The warehouse (almacén) opens Búsquedas from
// its menu, sees María's search with the carrier's evidence, receives the parcel at Recepción by
// scanning its number, and Búsquedas then shows it found with its WR. María's notices lead to
// her Prealertas with the search (open) or its pre-alert (found) outlined and scrolled to.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  PARCEL_SEARCH_LABELS as L,
  PARCEL_SEARCH_MESSAGES as M,
  PARCEL_SEARCH_STATUS_LABELS as S,
} from '@casillero/shared';
import { chromiumOrExplain } from './browser';
import { DESKTOP, openFromNavigation, withScreenshotOnFailure } from './screens';
import { DEMO, landedInCustomerArea, signIn, useBrowserSession } from './session';

const chromium = chromiumOrExplain();
const ALMACEN = 'almacen@casillero.test';
const PASSWORD = 'Demo1234!';
const MARIA = 'María Fernanda González';

/** María's row in the list (the table's row with her name). */
const mariasRow = (page: Page) => page.getByRole('row').filter({ hasText: MARIA });

/** What a USB scanner does at Recepción: the characters one by one, then Enter. */
async function scan(page: Page, code: string) {
  const field = page.getByLabel('Número de tracking o etiqueta WR');
  await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

/**
 * María opens the notice titled `title` from Notificaciones (the searches' job runs as the server
 * starts: until it has, the list is reloaded) and lands on her Prealertas; returns the one item
 * shown as the current one.
 */
async function openMariasNotice(page: Page, url: string, title: string) {
  await signIn(page, url, DEMO.customer, DEMO.password);
  await page.waitForURL(landedInCustomerArea);
  const notice = page.getByRole('listitem').filter({ hasText: title });
  await expect
    .poll(
      async () => {
        await page.goto(`${url}/dashboard/notificaciones`);
        await page.getByRole('heading', { name: 'Notificaciones' }).waitFor();
        return notice.count();
      },
      { timeout: 60_000, interval: 2_000 },
    )
    .toBeGreaterThan(0);
  await notice.first().getByRole('button', { name: 'Ver' }).click();
  await page.waitForURL((u) => u.pathname === '/dashboard/prealertas');
  const current = page.locator('[aria-current="true"]');
  await current.waitFor();
  expect(await current.count()).toBe(1);
  return current;
}

/** Whether the element is within the window (scrolled to). */
const inView = (element: Locator) =>
  element.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight;
  });

describe.skipIf(!chromium)('búsquedas de paquetes entregados y no recibidos', () => {
  const { url, newPage } = useBrowserSession(chromium, DESKTOP.contextOptions);

  it('María abre el aviso «estamos buscando tu paquete» y ve esa búsqueda resaltada en sus prealertas', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'busqueda-aviso-cliente', async () => {
      const current = await openMariasNotice(page, url(), M.openedTitle);
      expect(new URL(page.url()).searchParams.get('busqueda')).toMatch(/^[0-9a-f-]{36}$/);
      await current.getByText(L.customerSearching).waitFor();
      await expect.poll(() => inView(current)).toBe(true);
    });
  });

  it('almacén ve la búsqueda del paquete de María y la cierra al recibirlo por escaneo', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'busquedas-almacen', async () => {
      await signIn(page, url(), ALMACEN, PASSWORD);
      await page.waitForURL((u) => u.pathname.startsWith('/admin'));
      await openFromNavigation(page, 'Panel Admin', L.page);
      await page.waitForURL((u) => u.pathname === '/admin/busquedas');

      // The job runs as the server starts: until it has, the list is reloaded.
      const markFoundButton = page.getByRole('button', { name: new RegExp(`^${L.markFound} `) });
      const markFound = mariasRow(page).getByRole('button', { name: new RegExp(`^${L.markFound} `) });
      await expect
        .poll(
          async () => {
            if ((await markFound.count()) > 0) return true;
            await page.reload();
            await page.getByRole('table', { name: L.page }).waitFor();
            return (await markFound.count()) > 0;
          },
          { timeout: 60_000, interval: 2_000 },
        )
        .toBe(true);
      const row = mariasRow(page).filter({ has: markFoundButton });
      await row.getByText(S.open).waitFor();
      // The carrier's evidence: where it says it delivered it (our warehouse's city).
      await row
        .getByText(/DORAL|MIAMI/i)
        .first()
        .waitFor();
      const number = ((await markFound.first().getAttribute('aria-label')) ?? '').slice(L.markFound.length + 1);
      expect(number).not.toBe('');

      // Recepción: the scanner reads the number, the weight + Enter receives it.
      await openFromNavigation(page, 'Panel Admin', 'Recepción');
      await page.waitForURL((u) => u.pathname === '/admin/recepcion');
      await scan(page, number.toLowerCase());
      await page.getByTestId('reception-owner').getByText(MARIA).waitFor();
      const weight = page.getByLabel('Peso (kg)');
      await expect.poll(() => weight.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type('0.8');
      await page.keyboard.press('Enter');
      const saved = page.getByTestId('reception-saved');
      await saved.getByText('Paquete recibido').waitFor();
      const wr = (await saved.getByText(/^WR-\d{4}-\d+$/).textContent())!;

      // Búsquedas: found, with the WR it got, and no longer offering "Marcar encontrado".
      await openFromNavigation(page, 'Panel Admin', L.page);
      await page.waitForURL((u) => u.pathname === '/admin/busquedas');
      const found = page.getByRole('row').filter({ hasText: number });
      await found.getByText(S.found).waitFor();
      await found.getByText(wr).waitFor();
      expect(await found.getByRole('button', { name: `${L.markFound} ${number}` }).count()).toBe(0);
    });
  });

  it('el aviso «encontramos tu paquete» lleva a María a esa prealerta, resaltada', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'busqueda-encontrada-cliente', async () => {
      const current = await openMariasNotice(page, url(), M.foundTitle);
      // The search is closed: its pre-alert, received now, stands for it.
      expect(await current.evaluate((el) => el.tagName)).toBe('ARTICLE');
      expect(await current.getAttribute('aria-label')).toMatch(/^Prealerta /);
      await expect.poll(() => inView(current)).toBe(true);
    });
  });
});
