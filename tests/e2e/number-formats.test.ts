// Numbers as Venezuelans write them, on every screen (docs/product/formats.md): each demo role
// signs in and opens every route it can; the page's text, once loaded, must hold no amount,
// weight or percentage written in another convention ("$38.50", "343.11 kg", "Bs. 6560,00",
// "US$", "1,234.50"). The rules are shared/src/format-check.ts, which the server's tests of
// e-mails and PDFs use too.
import { findForeignNumbers, type ForeignNumber } from '@casillero/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, signIn, useBrowserSession } from './session';
import { chromiumOrExplain } from './browser';
import { openRoute, withScreenshotOnFailure } from './screens';
import { publicRoutes, routesUnder } from './routes';

const chromium = chromiumOrExplain();

/** Opens each route and collects, per route, what its text writes in another convention. */
async function foreignNumbersOn(page: Page, url: string, routes: string[]) {
  expect(routes.length).toBeGreaterThan(3);
  const found: Record<string, ForeignNumber[]> = {};
  for (const route of routes) {
    // A screen the role may not open has no heading of its own: its text is read all the same.
    await openRoute(page, url, route, { headingTimeout: 10_000 }).catch(() => undefined);
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    const text = await page.evaluate(() => document.body.innerText);
    const foreign = findForeignNumbers(text);
    if (foreign.length > 0) found[route] = foreign;
  }
  return found;
}

/** "ruta: «texto» (regla) en «…contexto…»", one line per finding, for the failure message. */
const describeFound = (found: Record<string, ForeignNumber[]>) =>
  Object.entries(found)
    .flatMap(([route, list]) => list.map((f) => `${route}: «${f.match}» (${f.rule}) en «${f.context}»`))
    .join('\n');

async function expectEveryRouteEsVe(page: Page, url: string, routes: string[]) {
  const found = await foreignNumbersOn(page, url, routes);
  expect(describeFound(found), 'números en otro formato').toBe('');
}

describe.skipIf(!chromium)('números, montos y pesos en es-VE en cada pantalla', () => {
  const { url, newPage } = useBrowserSession(chromium, { viewport: { width: 1366, height: 768 } });

  it('every public page', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'numeros-publicas', async () => {
      await expectEveryRouteEsVe(page, url(), publicRoutes());
    });
  }, 300_000);

  it('every customer page', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'numeros-cliente', async () => {
      await signIn(page, url(), DEMO.customer, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/dashboard'));
      await expectEveryRouteEsVe(page, url(), routesUnder('/dashboard'));
    });
  }, 300_000);

  for (const [role, email] of [
    ['administrador', DEMO.admin],
    ['caja', DEMO.caja],
    ['atención', DEMO.atencion],
  ] as const) {
    it(`every staff page, as ${role}`, async () => {
      const page = await newPage();
      await withScreenshotOnFailure(page, `numeros-${role}`, async () => {
        await signIn(page, url(), email, DEMO.password);
        await page.waitForURL((u) => u.pathname.startsWith('/admin'));
        await expectEveryRouteEsVe(page, url(), routesUnder('/admin'));
      });
    }, 300_000);
  }
});
