// A signed-in page's first data (docs/decisions/014-prerendered-and-compressed.md, client/src/lib/first-data.ts): its app shell asks
// for the session and the page's queries while the browser parses it, and the app takes those
// answers instead of asking again once its JavaScript has run; a page the server renders with
// its data (docs/decisions/033-server-rendered-signed-in-pages.md) asks for none of it. A page opened with other filters
// than the preloaded ones still shows its own.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_PAYMENT_MESSAGES, TRACKING_STATUS_LABELS } from '@casillero/shared';
import { DEMO, signIn, useBrowserSession } from './session';
import { chromiumOrExplain } from './browser';
import { withScreenshotOnFailure } from './screens';

const chromium = chromiumOrExplain();

type ApiCall = { procedures: string[]; preloaded: boolean; input: string | null };

/** Every tRPC request the page sends from now on: its procedures (a batch has several) and whether it is a preload's. */
function recordApiCalls(page: Page): ApiCall[] {
  const calls: ApiCall[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/trpc/')) return;
    calls.push({
      procedures: decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(','),
      preloaded: url.searchParams.get('preload') === '1',
      input: url.searchParams.get('input'),
    });
  });
  return calls;
}

const callsOf = (calls: ApiCall[], procedure: string) => calls.filter((call) => call.procedures.includes(procedure));

/** The API addresses the page's HTML preloads. */
const preloadedHrefs = (page: Page) =>
  page
    .locator('link[rel="preload"][as="fetch"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));

describe.skipIf(!chromium)('primeros datos de las páginas con sesión', () => {
  const { url, newPage } = useBrowserSession(chromium);

  // Mis Trackings is rendered by the server with its data (docs/decisions/033), also when the
  // service worker passes the visit on: its first data needs no request at all.
  it('Mis Trackings: the session and the trackings come with the page, through the service worker, and are not asked for again', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'primeros-datos-cliente', async () => {
      await signIn(page, url(), DEMO.customer, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/dashboard'));
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
      const mine = (await (await page.request.get(`${url()}/trpc/trackings.mine`)).json()) as {
        result: { data: { trackingNumber: string }[] };
      };
      const numbers = mine.result.data.map((t) => t.trackingNumber);
      expect(numbers.length).toBeGreaterThan(0);

      const calls = recordApiCalls(page);
      await page.goto(`${url()}/dashboard/mis-trackings`);
      const list = page.getByRole('list', { name: 'Trackings' });
      await list.getByText(numbers[0]).waitFor();
      expect(await list.getByRole('listitem').count()).toBe(numbers.length);
      // The theme's variables come with the stylesheet here too (the provider writes none): its
      // font list starts with system-ui, Mantine's default with -apple-system.
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^system-ui\b/);

      expect(await preloadedHrefs(page)).toEqual([]);
      for (const procedure of ['auth.me', 'trackings.mine']) expect(callsOf(calls, procedure), procedure).toEqual([]);
    });
  });

  it('admin trackings: rendered by the server with its first page, its count and its summary, for a filtered link too; none is asked again', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'primeros-datos-admin', async () => {
      await signIn(page, url(), DEMO.admin, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/admin'));
      const problem = TRACKING_STATUS_LABELS.problem;

      for (const href of ['/admin/trackings', '/admin/trackings?status=problem']) {
        page.removeAllListeners('request');
        const calls = recordApiCalls(page);
        const answer = await page.goto(`${url()}${href}`);
        expect(answer?.headers()['cache-control'], href).toBe('private, no-store');
        const html = (await answer?.text()) ?? '';
        // The rows, the count and the summary are in the document itself.
        expect(html, href).toMatch(/\d+ de \d+ trackings/);
        expect(html, href).toContain('id="server-data">["/admin/trackings');
        await page.locator('html[data-ready]').waitFor({ state: 'attached' });
        await page.waitForLoadState('networkidle');
        const rows = page.getByRole('table', { name: 'Trackings' }).locator('tbody > tr');
        expect(await rows.count(), href).toBeGreaterThan(0);
        if (href.includes('problem')) {
          for (let i = 0; i < (await rows.count()); i++) expect(await rows.nth(i).textContent()).toContain(problem);
        }
        for (const procedure of [
          'auth.me',
          'trackings.list',
          'trackings.count',
          'trackings.carriers',
          'trackings.stats',
        ]) {
          expect(callsOf(calls, procedure), `${href}: ${procedure}`).toEqual([]);
        }
      }
    });
  });

  it('a staff page the browser renders itself: the session and its summary come from the preloads', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'primeros-datos-pagos', async () => {
      await signIn(page, url(), DEMO.admin, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/admin'));
      const calls = recordApiCalls(page);
      await page.goto(`${url()}/admin/pagos`);
      await page.getByRole('heading', { name: ADMIN_PAYMENT_MESSAGES.title }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await preloadedHrefs(page)).not.toEqual([]);
      for (const procedure of ['auth.me', 'payments.summary']) {
        expect(callsOf(calls, procedure), procedure).toHaveLength(1);
        expect(callsOf(calls, procedure)[0].preloaded, procedure).toBe(true);
      }
    });
  });
});
