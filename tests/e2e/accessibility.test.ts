// Accessibility of every screen (docs/product/accessibility.md): axe-core's WCAG 2.2 A and AA rules,
// run by @axe-core/playwright on each page of the public site, the customer's area, the staff's
// area, the ally's portal and the agency's counter, on a 1366 × 768 desktop and a 390 × 844 phone.
// A serious or critical finding fails the test with its rule, elements, page and screen (text
// contrast under 4.5:1, a field without its label, a control a keyboard cannot reach or name, a
// target under 24 × 24 px), and so does a Mantine component drawn without its styles. The pages
// come from the router's tree (tests/e2e/routes.ts) and the portals' own navigation: a new page
// is checked without touching this file.
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ALLY_MESSAGES } from '@casillero/shared';
import { DEMO, signIn, useBrowserSession } from './session';
import { chromiumOrExplain } from './browser';
import { animationsDone, openRoute, PHONE, withScreenshotOnFailure } from './screens';
import { publicRoutes, routesUnder } from './routes';
import { type Finding, findingsOf, report } from './a11y';

const chromium = chromiumOrExplain();

const SCREENS: { name: string; options: BrowserContextOptions }[] = [
  { name: '1366×768', options: { viewport: { width: 1366, height: 768 } } },
  { name: '390×844', options: PHONE.contextOptions },
];

/** The demo's ally and agency counter (server/src/demo). */
const ALLY = 'aliado@casillero.test';
const AGENCY_COUNTER = 'agencia@casillero.test';
/** One of the demo customer's trackings, ready to ship. */
const DEMO_TRACKING = '781234567890';

type Found = { screen: string; findings: Finding[] };

/** What fails on the page as it stands, once its data has come and its transitions have ended. */
async function findingsHere(page: Page, what: string): Promise<Found[]> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Colours are measured once transitions have ended.
  await animationsDone(page.locator('body'));
  const findings = await findingsOf(page);
  return findings.length > 0 ? [{ screen: what, findings }] : [];
}

function expectNoFindings(found: Found[]) {
  const count = found.reduce((n, f) => n + f.findings.length, 0);
  expect(found.length, `${count} hallazgos graves o críticos:\n${report(found)}`).toBe(0);
}

/** Opens each route and collects what fails on it; fails once, listing every page's findings. */
async function expectEveryRouteAccessible(page: Page, url: string, routes: string[], screen: string) {
  expect(routes.length).toBeGreaterThan(0);
  const found: Found[] = [];
  for (const route of routes) {
    await openRoute(page, url, route);
    found.push(...(await findingsHere(page, `${route} @ ${screen}`)));
  }
  expectNoFindings(found);
}

/**
 * The pages a portal's side navigation lists (its links under `prefix`), as a person finds them:
 * on a phone the navigation is drawn once its burger opens it.
 */
async function navigationRoutes(page: Page, navTitle: string, prefix: string): Promise<string[]> {
  const burger = page.getByRole('button', { name: `Abrir ${navTitle}` });
  const links = page.locator(`nav[aria-label="${navTitle}"] a[href]`);
  await expect.poll(async () => (await burger.isVisible()) || (await links.count()) > 0).toBe(true);
  if (await burger.isVisible()) await burger.click();
  await links.first().waitFor({ state: 'attached' });
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((h) => h === prefix || h.startsWith(`${prefix}/`) || h.startsWith(`${prefix}?`)))];
}

describe.skipIf(!chromium)('accesibilidad (axe-core, WCAG 2.2 AA)', () => {
  const { url, newPage } = useBrowserSession(chromium);

  describe.each(SCREENS)('en $name', ({ name, options }) => {
    const open = async (label: string, fn: (page: Page) => Promise<void>) => {
      const page = await newPage(options);
      await withScreenshotOnFailure(page, `a11y-${label}-${name}`, () => fn(page));
    };

    it('every public page', async () => {
      await open('publicas', (page) => expectEveryRouteAccessible(page, url(), publicRoutes(), name));
    }, 300_000);

    it('every customer page', async () => {
      await open('cliente', async (page) => {
        await signIn(page, url(), DEMO.customer, DEMO.password);
        await page.waitForURL((u) => u.pathname.startsWith('/dashboard'));
        await expectEveryRouteAccessible(page, url(), routesUnder('/dashboard'), name);
      });
    }, 300_000);

    it('every staff page', async () => {
      await open('personal', async (page) => {
        await signIn(page, url(), DEMO.admin, DEMO.password);
        await page.waitForURL((u) => u.pathname.startsWith('/admin'));
        await expectEveryRouteAccessible(page, url(), routesUnder('/admin'), name);
      });
    }, 400_000);

    it("every page of the ally's portal", async () => {
      await open('aliado', async (page) => {
        await signIn(page, url(), ALLY, DEMO.password);
        await page.waitForURL((u) => u.pathname === '/aliado');
        const routes = await navigationRoutes(page, ALLY_MESSAGES.portalTitle, '/aliado');
        expect(routes.length).toBeGreaterThan(3);
        await expectEveryRouteAccessible(page, url(), routes, name);
      });
    }, 300_000);

    it("a tracking's details, as the customer and as staff open them", async () => {
      await open('detalles', async (page) => {
        const found: Found[] = [];
        await signIn(page, url(), DEMO.customer, DEMO.password);
        await page.waitForURL((u) => u.pathname.startsWith('/dashboard'));
        await page.goto(`${url()}/dashboard/mis-trackings`);
        await page.getByRole('button', { name: `Ver tracking ${DEMO_TRACKING}` }).click();
        const detail = page.getByRole('dialog', { name: 'Detalle del tracking' });
        await detail.getByRole('heading', { name: 'Historial' }).waitFor();
        found.push(...(await findingsHere(page, `/dashboard/mis-trackings, Detalle del tracking @ ${name}`)));

        const staff = await newPage(options);
        await signIn(staff, url(), DEMO.admin, DEMO.password);
        await staff.waitForURL((u) => u.pathname.startsWith('/admin'));
        await staff.goto(`${url()}/admin/trackings?status=ready_to_ship`);
        await staff.getByRole('button', { name: `Acciones de ${DEMO_TRACKING}` }).click();
        await staff.getByRole('menuitem', { name: 'Ver detalles' }).click();
        await staff.getByRole('dialog', { name: 'Detalles del tracking' }).getByText('Historial de estados').waitFor();
        found.push(...(await findingsHere(staff, `/admin/trackings, Detalles del tracking @ ${name}`)));
        expectNoFindings(found);
      });
    }, 300_000);

    it("every page of an agency's counter", async () => {
      await open('agencia', async (page) => {
        await signIn(page, url(), AGENCY_COUNTER, DEMO.password);
        await page.waitForURL((u) => u.pathname.startsWith('/admin/'));
        const landed = new URL(page.url()).pathname;
        const routes = await navigationRoutes(page, 'Panel Admin', '/admin');
        await expectEveryRouteAccessible(page, url(), [...new Set([landed, ...routes])], name);
      });
    }, 300_000);
  });
});
