// The customer's first screens rendered on the server with the customer's data
// (docs/decisions/033-server-rendered-signed-in-pages.md): María's trackings are on screen with
// JavaScript off, and Carlos, signed in after her in the same browser on the same server, never
// sees them; with JavaScript the page hydrates without a warning and responds; with the service
// worker, no cache ever holds a customer's page.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { APP_PRELOADS_ID } from '@casillero/shared';
import { DEMO, signIn, useBrowserSession, waitForHydration } from './session';
import { PHONE, withScreenshotOnFailure } from './screens';
import { chromiumOrExplain } from './browser';
import { stylesWithoutStylesheets } from './styles';

const chromium = chromiumOrExplain();

type Tracking = { id: string; trackingNumber: string };

describe.skipIf(!chromium)('páginas del cliente renderizadas en el servidor', () => {
  const { url, newPage } = useBrowserSession(chromium);

  /** A tRPC call with the page's cookies (a mutation says where it comes from, as the app does). */
  async function call<T>(page: Page, procedure: string, input?: unknown): Promise<T> {
    const res =
      input === undefined
        ? await page.request.get(`${url()}/trpc/${procedure}`)
        : await page.request.post(`${url()}/trpc/${procedure}`, { data: input, headers: { origin: url() } });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { result: { data: T } }).result.data;
  }

  /** Signs in through the API (the form needs JavaScript) and answers the customer's tracking numbers. */
  async function signInAs(page: Page, email: string): Promise<string[]> {
    await call(page, 'auth.signIn', { email, password: DEMO.password });
    const numbers = (await call<Tracking[]>(page, 'trackings.mine')).map((t) => t.trackingNumber);
    expect(numbers.length, email).toBeGreaterThan(0);
    return numbers;
  }

  /** React's hydration complaints (development text, or the production error numbers). */
  function hydrationComplaints(page: Page): string[] {
    const complaints: string[] = [];
    page.on('console', (message) => {
      const text = message.text();
      if (/hydrat|#418|#423|#425|did not match/i.test(text)) complaints.push(`${message.type()}: ${text}`);
    });
    page.on('pageerror', (error) => complaints.push(`pageerror: ${error.message}`));
    return complaints;
  }

  /** Every HTML response any cache of the page's origin holds (the service worker's caches): its path and text. */
  const cachedHtml = (page: Page) =>
    page.evaluate(async () => {
      const pages: { path: string; text: string }[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const response = await cache.match(request);
          if (response?.headers.get('content-type')?.includes('html'))
            pages.push({ path: new URL(request.url).pathname, text: await response.text() });
        }
      }
      return pages;
    });

  it("shows María's trackings with JavaScript off, then Carlos's and never María's, private and never stored", async () => {
    const page = await newPage({ javaScriptEnabled: false, serviceWorkers: 'block' });
    await withScreenshotOnFailure(page, 'ssr-sin-javascript', async () => {
      const maria = await signInAs(page, DEMO.customer);
      const res = await page.goto(`${url()}/dashboard/mis-trackings`);
      expect(res?.headers()['cache-control']).toBe('private, no-store');
      expect(res?.headers().vary?.toLowerCase()).toContain('cookie');
      const list = page.getByRole('list', { name: 'Trackings' });
      for (const number of maria) await expect(list.getByText(number, { exact: true }).isVisible()).resolves.toBe(true);
      expect(await list.getByRole('listitem').count()).toBe(maria.length);
      await expect(page.title()).resolves.toContain('Mis Trackings');

      await call(page, 'auth.signOut', {});
      const carlos = await signInAs(page, DEMO.otherCustomer);
      expect(carlos.filter((number) => maria.includes(number))).toEqual([]);
      await page.goto(`${url()}/dashboard/mis-trackings`);
      for (const number of carlos)
        await expect(list.getByText(number, { exact: true }).isVisible()).resolves.toBe(true);
      const html = await page.content();
      for (const number of maria) expect(html).not.toContain(number);

      // Signed out: the plain app shell, no one's trackings.
      await call(page, 'auth.signOut', {});
      await page.goto(`${url()}/dashboard/mis-trackings`);
      const shell = await page.content();
      for (const number of [...maria, ...carlos]) expect(shell).not.toContain(number);
    });
  });

  it('Almacén and Facturas show their content with JavaScript off', async () => {
    const page = await newPage({ javaScriptEnabled: false, serviceWorkers: 'block' });
    await withScreenshotOnFailure(page, 'ssr-almacen-facturas', async () => {
      await signInAs(page, DEMO.customer);
      const packages = await call<{ items: { trackingNumber: string }[] }>(
        page,
        `packages.mine?input=${encodeURIComponent('{}')}`,
      );
      expect(packages.items.length).toBeGreaterThan(0);
      await page.goto(`${url()}/dashboard/almacen`);
      await expect(page.getByText('Total de paquetes').isVisible()).resolves.toBe(true);
      expect(await page.content()).toContain(packages.items[0]!.trackingNumber);
      // Its scripts are asked for after its content has arrived (shared/src/page-parts.ts, preloadsAfterContent).
      expect(await page.locator('head link[rel="modulepreload"]').count()).toBe(0);
      expect(
        await page
          .locator(`#root ~ template#${APP_PRELOADS_ID}`)
          .evaluate((t) => (t as HTMLTemplateElement).content.querySelectorAll('link[data-app-entry]').length),
      ).toBe(1);

      await page.goto(`${url()}/dashboard/facturas`);
      await expect(page.getByRole('heading', { name: 'Tus facturas' }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('heading', { name: 'Pagos reportados' }).isVisible()).resolves.toBe(true);
    });
  });

  it("the staff's Trackings: the administrator sees its first rows with JavaScript off; a customer gets no staff data", async () => {
    const page = await newPage({ javaScriptEnabled: false, serviceWorkers: 'block' });
    await withScreenshotOnFailure(page, 'ssr-admin-trackings', async () => {
      const carlos = await signInAs(page, DEMO.otherCustomer);
      const denied = await page.goto(`${url()}/admin/trackings`);
      const deniedHtml = (await denied?.text()) ?? '';
      // The customer gets the page as the browser would draw it for her: no list, no one's trackings.
      expect(deniedHtml).not.toMatch(/\d+ de \d+ trackings/);
      expect(deniedHtml).not.toContain('aria-label="Trackings"');
      await call(page, 'auth.signOut', {});

      await call(page, 'auth.signIn', { email: DEMO.admin, password: DEMO.password });
      const res = await page.goto(`${url()}/admin/trackings`);
      expect(res?.headers()['cache-control']).toBe('private, no-store');
      const table = page.getByRole('table', { name: 'Trackings' });
      await expect(table.isVisible()).resolves.toBe(true);
      expect(await table.locator('tbody > tr').count()).toBeGreaterThan(1);
      await expect(page.getByText(/\d+ de \d+ trackings/).isVisible()).resolves.toBe(true);
      // Every customer's trackings are the staff's to see: Carlos's among them.
      expect(await page.content()).toContain(carlos[0]);
      await expect(page.title()).resolves.toContain('Trackings');
    });
  });

  it('look the same before their stylesheets arrive: the rules their markup uses are in the HTML', async () => {
    const page = await newPage({ ...PHONE.contextOptions, javaScriptEnabled: false, serviceWorkers: 'block' });
    await withScreenshotOnFailure(page, 'ssr-css-critico', async () => {
      await signInAs(page, DEMO.customer);
      for (const pagePath of ['/dashboard/mis-trackings', '/dashboard/almacen', '/dashboard/facturas']) {
        expect(await stylesWithoutStylesheets(page, url() + pagePath), pagePath).toEqual([]);
      }
      await call(page, 'auth.signOut', {});
      await call(page, 'auth.signIn', { email: DEMO.admin, password: DEMO.password });
      expect(await stylesWithoutStylesheets(page, `${url()}/admin/trackings`), '/admin/trackings').toEqual([]);
    });
  });

  it('hydrates the server-rendered pages without a warning, asks nothing again, and responds', async () => {
    const page = await newPage({ serviceWorkers: 'block' });
    const complaints = hydrationComplaints(page);
    await withScreenshotOnFailure(page, 'ssr-hidratacion', async () => {
      await signIn(page, url(), DEMO.customer, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/dashboard'));
      const maria = (await call<Tracking[]>(page, 'trackings.mine')).map((t) => t.trackingNumber);

      const asked: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith('/trpc/')) asked.push(...decodeURIComponent(path.slice('/trpc/'.length)).split(','));
      });
      const res = await page.goto(`${url()}/dashboard/mis-trackings`);
      // The document itself has the trackings (rendered on the server, not by the script).
      expect(await res?.text()).toContain(maria[0]);
      const first = page.getByRole('button', { name: `Ver tracking ${maria[0]}` });
      await waitForHydration(first);
      // Its data came with the page: neither the session nor the list is asked for again.
      expect(asked).not.toContain('auth.me');
      expect(asked).not.toContain('trackings.mine');
      await first.click();
      await page.waitForURL((u) => u.searchParams.has('tracking'));
      await page.getByRole('dialog').waitFor();

      for (const [path, ready] of [
        ['/dashboard/almacen', page.getByRole('textbox', { name: 'Buscar paquetes' })],
        ['/dashboard/facturas', page.getByRole('button', { name: 'Reportar pago' }).first()],
      ] as const) {
        const answer = await page.goto(`${url()}${path}`);
        expect(answer?.headers()['cache-control'], path).toBe('private, no-store');
        await waitForHydration(ready);
      }
      await page.getByRole('button', { name: 'Reportar pago' }).first().click();
      await page.getByRole('dialog').waitFor();
      expect(complaints).toEqual([]);
    });
  });

  it("on a phone the server draws the phone's layout; a phone it takes for a desktop hydrates without a warning and switches", async () => {
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
    for (const [userAgent, drawnOnPhone] of [
      [android, true],
      [undefined, false],
    ] as const) {
      const page = await newPage({ ...PHONE.contextOptions, ...(userAgent && { userAgent }), serviceWorkers: 'block' });
      const complaints = hydrationComplaints(page);
      await withScreenshotOnFailure(page, `ssr-telefono-${drawnOnPhone}`, async () => {
        await signInAs(page, DEMO.customer);
        const answer = await page.goto(`${url()}/dashboard/almacen`);
        const html = (await answer?.text()) ?? '';
        expect(html.includes('<div id="root" data-phone>'), userAgent ?? 'sin agente de teléfono').toBe(drawnOnPhone);
        // The packages as cards on a phone, a table on a desktop.
        expect(/<table[^>]*aria-label="Paquetes en almacén"|<caption[^>]*>Paquetes en almacén/.test(html)).toBe(
          !drawnOnPhone,
        );
        // Once hydrated, the phone's cards either way.
        const cards = page.getByRole('list', { name: 'Paquetes en almacén' });
        await waitForHydration(page.getByRole('textbox', { name: 'Buscar paquetes' }));
        await cards.getByRole('listitem').first().waitFor();
        expect(await page.getByRole('table', { name: 'Paquetes en almacén' }).count()).toBe(0);

        await page.goto(`${url()}/dashboard/facturas`);
        const report = page.getByRole('button', { name: 'Reportar pago' }).first();
        await waitForHydration(report);
        await report.click();
        await page.getByRole('dialog', { name: 'Reportar pago' }).waitFor();
        expect(complaints).toEqual([]);
      });
    }
  });

  it("with the service worker: María's trackings, then Carlos's, and no cache holds either's page", async () => {
    const page = await newPage();
    const complaints = hydrationComplaints(page);
    await withScreenshotOnFailure(page, 'ssr-service-worker', async () => {
      await signIn(page, url(), DEMO.customer, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/dashboard'));
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
      const maria = (await call<Tracking[]>(page, 'trackings.mine')).map((t) => t.trackingNumber);

      // The worker sends the page's start it keeps (its stylesheets linked, no rules inlined), then
      // the rest from the network: the server's render, with her trackings (shared/src/page-parts.ts).
      const visit = await page.goto(`${url()}/dashboard/mis-trackings`);
      expect(visit?.fromServiceWorker()).toBe(true);
      const joined = (await visit?.text()) ?? '';
      expect(joined).toContain(maria[0]);
      expect(joined).toMatch(
        /^<!doctype html>[\s\S]*<link rel="stylesheet"[\s\S]*<script defer src="\/boot.js"><\/script>\s*<title>Mis Trackings/,
      );
      expect(joined).not.toContain('<noscript>');
      const list = page.getByRole('list', { name: 'Trackings' });
      await list.getByText(maria[0]!, { exact: true }).waitFor();

      await call(page, 'auth.signOut', {});
      await signIn(page, url(), DEMO.otherCustomer, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/dashboard'));
      const carlos = (await call<Tracking[]>(page, 'trackings.mine')).map((t) => t.trackingNumber);
      const again = await page.goto(`${url()}/dashboard/mis-trackings`);
      expect(await again?.text()).toContain(carlos[0]);
      await list.getByText(carlos[0]!, { exact: true }).waitFor();
      const shown = await list.innerText();
      for (const number of maria) expect(shown).not.toContain(number);

      const cached = await cachedHtml(page);
      // The customer area's app shells are there (decision 015; the server-rendered pages' under
      // their file's URL, for offline), and they are empty shells.
      const shells = cached.filter(
        (entry) => /^\/(app\/)?dashboard/.test(entry.path) && !entry.path.endsWith('.start.html'),
      );
      expect(shells.map((entry) => entry.path)).toContain('/app/dashboard/mis-trackings.html');
      for (const { path, text } of shells) {
        expect(text, path).toContain('<div id="root"></div>');
        for (const number of [...maria, ...carlos]) expect(text, path).not.toContain(number);
      }
      // The starts of the pages the worker joins: a head every customer shares, nothing more.
      const starts = cached.filter((entry) => entry.path.endsWith('.start.html'));
      expect(starts.map((entry) => entry.path)).toContain('/app/dashboard/mis-trackings.start.html');
      for (const { path, text } of starts) expect(text, path).not.toMatch(/<body|<title>|id="root"/);
      // No page holds a customer's data or name (a public page may show a demo number as an example).
      for (const { path, text } of cached) {
        expect(text, path).not.toMatch(/id="server-data">\["\/dashboard/);
        expect(text, path).not.toContain('María Fernanda González');
        expect(text, path).not.toContain('Carlos Eduardo Rodríguez');
      }
      expect(complaints).toEqual([]);
    });
  });
});
