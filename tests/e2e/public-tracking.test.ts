// Public tracking in the browser (docs/product/public-tracking.md): from the home page's box to
// /rastreo/<número>, a shareable link straight to a parcel, a number nobody has, and /rastreo
// readable in the prerendered HTML with JavaScript off. The page shows the parcel's status and
// timeline and never its owner: name, casillero code, address, price.
import { describe, expect, it } from 'vitest';
import { PUBLIC_TRACKING_MESSAGES as M, PUBLIC_TRACKING_RESULT_MESSAGES as R } from '@casillero/shared';
import { DESKTOP, PHONE, expectNoHorizontalScroll, withScreenshotOnFailure } from './screens';
import { chromiumOrExplain } from './browser';
import { fieldLabel, useBrowserSession, waitForHydration } from './session';

const chromium = chromiumOrExplain();

/** María's demo parcel travelling to Caracas in a shipment (server/src/demo/), as a person types it. */
const MARIA_PARCEL_TYPED = '9400 1118 9922 3300 1122 33';
/** María's UPS tracking on its way to the warehouse. */
const MARIA_UPS = '1Z999AA10123456784';

/** María's private details in the demo data, none of which the public page may show. */
const PRIVATE_TEXT = [
  'María',
  'González',
  'maria@casillero.test',
  '424 123 4567',
  'V-18456789',
  'Parque Cristal',
  'Francisco de Miranda',
  'Los Palos Grandes',
  'Under Armour', // the sender
  'Ropa deportiva', // the description
  'B-1-03', // the shelf
  'WR-',
  '112,35', // the shipping cost
  '112.35',
  '74,97', // the declared value
  '74.97',
  '$',
  'USD',
];
/** A casillero code of either warehouse (MAILBOX_CODE_PREFIX). */
const MAILBOX_CODE = /MV-19487-\d+|BJS\d+/;

describe.skipIf(!chromium)('rastreo público', () => {
  const session = useBrowserSession(chromium);
  const url = () => session.url();

  it('from the home page a number leads to /rastreo/<número>: status, timeline and estimated delivery, and nothing about the owner', async () => {
    const page = await session.newPage(PHONE.contextOptions);
    await withScreenshotOnFailure(page, 'rastreo-desde-inicio', async () => {
      await page.goto(`${url()}/`);
      const box = page.getByRole('search', { name: M.searchLabel });
      const field = box.getByLabel(fieldLabel(M.numberLabel));
      await waitForHydration(field);
      await field.fill(MARIA_PARCEL_TYPED);
      await box.getByRole('button', { name: M.search }).click();

      await page.waitForURL((u) => decodeURIComponent(u.pathname) === `/rastreo/${MARIA_PARCEL_TYPED}`);
      const result = page.getByRole('article', { name: M.resultTitle(MARIA_PARCEL_TYPED) });
      await result.waitFor();
      await result.getByText('En tránsito', { exact: true }).first().waitFor();
      for (const step of ['Recibido en almacén', 'Preparación'])
        await result.getByText(step, { exact: true }).waitFor();
      await result.getByText(R.estimatedDeliveryLabel).waitFor();
      await result
        .getByText(/^\d{2}\/\d{2}\/\d{4}$/)
        .first()
        .waitFor();
      await result.getByText('Caracas', { exact: true }).waitFor();
      // The search box on /rastreo holds the number asked.
      expect(await page.getByLabel(fieldLabel(M.numberLabel)).inputValue()).toBe(MARIA_PARCEL_TYPED);
      expect(await page.title()).toContain(MARIA_PARCEL_TYPED);

      const text = await page.locator('main').innerText();
      for (const secret of PRIVATE_TEXT) expect(text.includes(secret), `la página muestra «${secret}»`).toBe(false);
      expect(text).not.toMatch(MAILBOX_CODE);
      await expectNoHorizontalScroll(page);
    });
  });

  it('a shared link shows the parcel at once; a number nobody has is answered as not found', async () => {
    const page = await session.newPage(DESKTOP.contextOptions);
    await withScreenshotOnFailure(page, 'rastreo-enlace-y-desconocido', async () => {
      await page.goto(`${url()}/rastreo/${MARIA_UPS.toLowerCase()}`);
      const result = page.getByRole('article', { name: M.resultTitle(MARIA_UPS.toLowerCase()) });
      await result.getByText('UPS', { exact: true }).waitFor();
      for (const step of ['En tránsito', 'Creado']) await result.getByText(step, { exact: true }).first().waitFor();
      const text = await page.locator('main').innerText();
      for (const secret of ['María', 'González', 'Nike', 'Zapatos', '129', '$'])
        expect(text.includes(secret), secret).toBe(false);
      expect(text).not.toMatch(MAILBOX_CODE);

      // Another search from the same page, for a number nobody has.
      const field = page.getByLabel(fieldLabel(M.numberLabel));
      await waitForHydration(field);
      await field.fill('1Z0000000000000000');
      await page.getByRole('button', { name: M.search }).click();
      await page.waitForURL((u) => u.pathname === '/rastreo/1Z0000000000000000');
      await page.getByText(R.notFoundTitle).waitFor();

      // A malformed number is refused in Spanish before anything is asked.
      await field.fill('1Z<>');
      await page.getByRole('button', { name: M.search }).click();
      await page.getByText(M.numberCharacters).waitFor();
      expect(new URL(page.url()).pathname).toBe('/rastreo/1Z0000000000000000');
    });
  });

  it('/rastreo is prerendered: readable with JavaScript off, and listed in the sitemap', async () => {
    const page = await session.newPage({ ...PHONE.contextOptions, javaScriptEnabled: false });
    await withScreenshotOnFailure(page, 'rastreo-sin-js', async () => {
      await page.goto(`${url()}/rastreo`);
      expect(await page.getByRole('heading', { level: 1, name: M.pageTitle }).isVisible()).toBe(true);
      expect(await page.getByLabel(fieldLabel(M.numberLabel)).isVisible()).toBe(true);
      expect(await page.getByText(M.intro).isVisible()).toBe(true);
      expect(await page.title()).toBe(`${M.pageTitle} · Casillero Virtual`);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(M.pageDescription);
    });
    const sitemap = await (await fetch(`${url()}/sitemap.xml`)).text();
    expect(sitemap).toContain('/rastreo</loc>');
  });
});
