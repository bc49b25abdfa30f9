// Installable and tolerant of a bad connection (docs/decisions/015-service-worker.md): after a first visit the service worker
// answers the public pages and the app shell from its cache, never an answer of the API; offline,
// a file opened in its own tab shows the Spanish offline page; the web app manifest and its icons.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_MESSAGES, PAGE_STARTS_CACHE_PREFIX } from '@casillero/shared';
import { DEMO, openPage, useBrowserSession } from './session';
import { REPO_ROOT } from '../support/server-process';
import { chromiumOrExplain } from './browser';
import { openFromNavigation, withScreenshotOnFailure } from './screens';

const chromium = chromiumOrExplain();
const PERSONAL_PREFIXES = ['/trpc', '/api', '/files'];

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Every URL path held in the page's Cache Storage, by cache name. */
function cachedPaths(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const byCache: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      byCache[name] = requests.map((request) => new URL(request.url).pathname);
    }
    return byCache;
  });
}

/**
 * This file's own copy of the built client (its server bundle linked beside it, as the build lays
 * them out): a deployment below rewrites its /sw.js, and the browser files running at the same
 * time must keep seeing the build they started with, or their pages offer «Actualizar» too.
 */
function copyBuiltClient(): { dist: string; remove: () => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-offline-client-'));
  fs.cpSync(path.join(REPO_ROOT, 'client/dist'), path.join(root, 'dist'), { recursive: true });
  // A link: the bundle's own imports still resolve from the repository's node_modules.
  fs.symlinkSync(path.join(REPO_ROOT, 'client/dist-ssr'), path.join(root, 'dist-ssr'));
  return { dist: path.join(root, 'dist'), remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/**
 * A deployment as the browser sees it: the served /sw.js (and its precompressed copies) differ
 * by a comment. Playwright cannot route the browser's own update check, so the file itself
 * changes; the returned function puts the built files back.
 */
function deployNewServiceWorker(dist: string): () => void {
  const originals = new Map<string, Buffer>();
  for (const name of ['sw.js', 'sw.js.br', 'sw.js.gz']) {
    const file = path.join(dist, name);
    if (fs.existsSync(file)) originals.set(file, fs.readFileSync(file));
  }
  const next = Buffer.concat([
    originals.get(path.join(dist, 'sw.js'))!,
    Buffer.from(`\n// despliegue ${Date.now()}\n`),
  ]);
  fs.writeFileSync(path.join(dist, 'sw.js'), next);
  if (originals.has(path.join(dist, 'sw.js.br')))
    fs.writeFileSync(path.join(dist, 'sw.js.br'), zlib.brotliCompressSync(next));
  if (originals.has(path.join(dist, 'sw.js.gz'))) fs.writeFileSync(path.join(dist, 'sw.js.gz'), zlib.gzipSync(next));
  return () => {
    for (const [file, bytes] of originals) fs.writeFileSync(file, bytes);
  };
}

describe.skipIf(!chromium)('sin conexión e instalable', () => {
  let builtClient: ReturnType<typeof copyBuiltClient> | undefined;
  beforeAll(() => {
    builtClient = copyBuiltClient();
  });
  // Runs after the session's own afterAll (Vitest runs a block's after hooks last-registered first).
  afterAll(() => builtClient?.remove());
  const session = useBrowserSession(chromium, {}, () => ({ env: { CLIENT_DIST: builtClient!.dist } }));

  /** A first visit to the home page, then waits until the service worker (its precache complete) controls it. */
  async function controlledPage(): Promise<Page> {
    const page = await session.newPage();
    await page.goto(session.url());
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
    return page;
  }

  it('el service worker controla la página y nunca responde /trpc desde su caché', async () => {
    const page = await controlledPage();
    await withScreenshotOnFailure(page, 'offline-trpc', async () => {
      const trpcResponses: { path: string; fromServiceWorker: boolean }[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.startsWith('/trpc'))
          trpcResponses.push({ path: url.pathname + url.search, fromServiceWorker: response.fromServiceWorker() });
      });
      const callSiteConfig = (probe: string) =>
        page.evaluate(
          (url) =>
            fetch(url).then(
              (r) => (r.ok ? r.json().then(() => 'respuesta') : `estado ${r.status}`),
              () => 'falló',
            ),
          `/trpc/site.config?sonda=${probe}`,
        );

      // Twice online: both answers come from the server (it logs each request), not the worker.
      expect(await callSiteConfig('uno')).toBe('respuesta');
      expect(await callSiteConfig('dos')).toBe('respuesta');
      const probes = () => trpcResponses.filter((r) => r.path.includes('sonda='));
      await expect.poll(probes).toEqual([
        { path: '/trpc/site.config?sonda=uno', fromServiceWorker: false },
        { path: '/trpc/site.config?sonda=dos', fromServiceWorker: false },
      ]);
      // The server's log reaches this process through a pipe, a moment after the answer.
      await expect.poll(() => session.server().output()).toContain('/trpc/site.config?sonda=uno');
      await expect.poll(() => session.server().output()).toContain('/trpc/site.config?sonda=dos');

      // Offline the same call fails: there is no copy to answer it with.
      await page.context().setOffline(true);
      expect(await callSiteConfig('tres')).toBe('falló');
      await page.context().setOffline(false);

      // Nothing personal was stored: no API answer, no file, no export in any cache.
      const cached = Object.values(await cachedPaths(page)).flat();
      expect(cached.filter((p) => PERSONAL_PREFIXES.some((prefix) => p.startsWith(prefix)))).toEqual([]);
    });
  });

  it('la precaché guarda solo las páginas y lo que cargan antes de pintarse, no toda la carpeta assets', async () => {
    const page = await controlledPage();
    await withScreenshotOnFailure(page, 'offline-precache', async () => {
      const [precacheName, precached] = Object.entries(await cachedPaths(page)).find(([name]) =>
        name.includes('precache'),
      )!;
      expect(precached).toEqual(
        expect.arrayContaining([
          '/shell.html',
          '/index.html',
          '/servicios.html',
          '/offline.html',
          '/manifest.webmanifest',
          '/icons/icon-192.png',
          '/icons/icon-512.png',
        ]),
      );

      // The files of assets/ that the precached pages load before their first paint, and the
      // stylesheets of the starts the worker keeps for the server-rendered customer pages
      // (shared/src/page-parts.ts), read from the cached pages themselves: exactly those are precached.
      const firstPaint = await page.evaluate(
        async ([name, startsPrefix]) => {
          const found = new Set<string>();
          const pages: Request[] = [];
          for (const cacheName of await caches.keys()) {
            if (cacheName !== name && !cacheName.startsWith(startsPrefix)) continue;
            for (const request of await (await caches.open(cacheName)).keys()) {
              const pathname = new URL(request.url).pathname;
              // The customer pages' shells (app/…, for offline) load code that is cached when first used.
              if (pathname.endsWith('.start.html') || (pathname.endsWith('.html') && !pathname.startsWith('/app/')))
                pages.push(request);
            }
          }
          for (const request of pages) {
            const html = await (await caches.match(request))!.text();
            const doc = new DOMParser().parseFromString(html, 'text/html');
            const selector = 'script[src], link[rel="modulepreload"], link[rel="stylesheet"], link[rel="preload"]';
            // With the ones a <template> keeps for after the first frame (public/boot.js).
            const tags = [
              ...Array.from(doc.querySelectorAll(selector)),
              ...Array.from(doc.querySelectorAll('template')).flatMap((t) =>
                Array.from(t.content.querySelectorAll(selector)),
              ),
            ];
            tags.forEach((tag) => {
              const url = tag.getAttribute('src') ?? tag.getAttribute('href')!;
              if (url.startsWith('/assets/')) found.add(url);
            });
          }
          return [...found].sort();
        },
        [precacheName, PAGE_STARTS_CACHE_PREFIX] as const,
      );
      const precachedAssets = precached.filter((p) => p.startsWith('/assets/')).sort();
      expect(precachedAssets).toEqual(firstPaint);

      // Not the whole folder: the admin area's chunks wait until someone opens them, and the
      // charts (recharts, the largest chunk) are never downloaded ahead.
      const assetsDir = path.join(builtClient!.dist, 'assets');
      const builtScripts = fs.readdirSync(assetsDir).filter((f) => f.endsWith('.js'));
      const charts = builtScripts.filter((f) =>
        fs.readFileSync(path.join(assetsDir, f), 'utf8').includes('recharts-wrapper'),
      );
      expect(charts.length).toBeGreaterThan(0);
      for (const chunk of charts) expect(precachedAssets).not.toContain(`/assets/${chunk}`);
      expect(precachedAssets.filter((p) => p.endsWith('.js')).length).toBeLessThan(builtScripts.length);
    });
  });

  it('sin conexión, las páginas públicas y la aplicación abren desde la caché; un archivo muestra la página sin conexión', async () => {
    const page = await controlledPage();
    await withScreenshotOnFailure(page, 'offline-navigation', async () => {
      await page.context().setOffline(true);

      // A prerendered public page never visited before: its precached HTML.
      const servicios = await page.goto(`${session.url()}/servicios`);
      expect(servicios?.fromServiceWorker()).toBe(true);
      await page.getByRole('heading', { level: 1, name: 'Nuestros servicios' }).waitFor();

      // Any other page of the app: the precached shell, which says in Spanish that there is no
      // connection (rather than the browser's own error page, or a bare error).
      const dashboard = await page.goto(`${session.url()}/dashboard`);
      expect(dashboard?.fromServiceWorker()).toBe(true);
      await page.getByRole('heading', { level: 1, name: OFFLINE_MESSAGES.title }).waitFor();
      await page.getByText(OFFLINE_MESSAGES.body).waitFor();
      await page.getByRole('button', { name: 'Reintentar' }).waitFor();
      expect(await page.getByText('Algo salió mal').count()).toBe(0);

      // A page the server draws (the worker asks the network for it, which fails offline): its
      // precached app shell, which says the same.
      const trackings = await page.goto(`${session.url()}/dashboard/mis-trackings`);
      expect(trackings?.fromServiceWorker()).toBe(true);
      await page.getByRole('heading', { level: 1, name: OFFLINE_MESSAGES.title }).waitFor();

      // A photo or invoice opened in its own tab: the Spanish offline page, at the same address,
      // whose "Reintentar" asks for that address again.
      const fileUrl = `${session.url()}/files/00000000-0000-4000-8000-000000000000?exp=1&sig=x`;
      await page.goto(fileUrl);
      await page.getByRole('heading', { level: 1, name: 'Sin conexión' }).waitFor();
      expect(page.url()).toBe(fileUrl);
      const retry = page.getByRole('link', { name: 'Reintentar' });
      expect(await retry.evaluate((a) => (a as HTMLAnchorElement).href)).toBe(fileUrl);

      await page.context().setOffline(false);
    });
  });

  it('una nueva versión toma el control sin esperar y la página ofrece «Actualizar» en lugar de recargar sola', async () => {
    const page = await controlledPage();
    await withScreenshotOnFailure(page, 'offline-update', async () => {
      const notReloaded = () =>
        page.evaluate(() => (window as Window & { sinRecargar?: boolean }).sinRecargar === true);
      await page.evaluate(() => ((window as Window & { sinRecargar?: boolean }).sinRecargar = true));
      const restore = deployNewServiceWorker(builtClient!.dist);
      try {
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
        const notice = page.getByRole('alert').filter({ hasText: 'Hay una nueva versión' });
        await notice.waitFor();
        // The new worker controls the page already; nothing reloaded by itself: the user decides when.
        expect(await notReloaded()).toBe(true);
        await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: 'Actualizar' }).click()]);
        expect(await notReloaded()).toBe(false);
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      } finally {
        restore();
      }
    });
  });

  it('en el panel, sin conexión se ve lo último cargado marcado como no actual, y la página vuelve sola con la conexión', async () => {
    const page = await session.newPage();
    await withScreenshotOnFailure(page, 'offline-panel', async () => {
      const signIn = await page.request.post(`${session.url()}/trpc/auth.signIn`, {
        data: { email: DEMO.customer, password: DEMO.password },
        headers: { Origin: session.url() },
      });
      expect(signIn.ok()).toBe(true);
      await page.goto(`${session.url()}/dashboard/mis-trackings`);
      await page.getByRole('list', { name: 'Trackings' }).waitFor();

      await page.context().setOffline(true);
      // What was loaded stays, marked as possibly not current.
      await page.getByRole('status').filter({ hasText: OFFLINE_MESSAGES.staleBanner }).waitFor();
      expect(await page.getByRole('list', { name: 'Trackings' }).isVisible()).toBe(true);

      // A page not loaded yet: the offline message, never a bare error.
      await openFromNavigation(page, 'Mi Cuenta', 'Facturas');
      await page.getByRole('heading', { level: 1, name: OFFLINE_MESSAGES.title }).waitFor();
      expect(await page.getByText('Algo salió mal').count()).toBe(0);

      // The connection returns: the page loads by itself.
      await page.context().setOffline(false);
      await page.getByRole('heading', { level: 1, name: OFFLINE_MESSAGES.title }).waitFor({ state: 'detached' });
      await page.getByRole('status').filter({ hasText: OFFLINE_MESSAGES.staleBanner }).waitFor({ state: 'detached' });
    });
  });

  it('tras una primera visita, los archivos que la página cargó antes del service worker quedan en su caché', async () => {
    const page = await session.newPage();
    await withScreenshotOnFailure(page, 'offline-archivos-cargados', async () => {
      // A customer's first visit straight to her trackings: the customer area's code is not precached.
      const signIn = await page.request.post(`${session.url()}/trpc/auth.signIn`, {
        data: { email: DEMO.customer, password: DEMO.password },
        headers: { Origin: session.url() },
      });
      expect(signIn.ok()).toBe(true);
      await page.goto(`${session.url()}/dashboard/mis-trackings`);
      await page.getByRole('list', { name: 'Trackings' }).waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
      const loaded = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name))
          .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
          .map((url) => url.pathname),
      );
      expect(loaded.some((file) => file.includes('mis-trackings'))).toBe(true);
      const notCached = async () => {
        const cached = new Set(Object.values(await cachedPaths(page)).flat());
        return loaded.filter((file) => !cached.has(file));
      };
      await expect.poll(notCached, { timeout: 10_000 }).toEqual([]);
    });
  });

  it('al activarse una nueva versión, la caché de archivos conserva los de este despliegue y borra los anteriores', async () => {
    const page = await controlledPage();
    await withScreenshotOnFailure(page, 'offline-limpieza', async () => {
      // A file of this deployment that is not precached, fetched through the worker, and one an earlier deployment left.
      const precached = new Set(Object.values(await cachedPaths(page)).flat());
      const current = fs
        .readdirSync(path.join(builtClient!.dist, 'assets'))
        .find((file) => file.endsWith('.js') && !precached.has(`/assets/${file}`))!;
      await page.evaluate(async (file) => {
        await fetch(`/assets/${file}`);
        await (await caches.open('casillero-assets')).put(
          '/assets/anterior-0000abcd.js',
          new Response('// versión anterior'),
        );
      }, current);
      expect((await cachedPaths(page))['casillero-assets']).toEqual(
        expect.arrayContaining([`/assets/${current}`, '/assets/anterior-0000abcd.js']),
      );

      const restore = deployNewServiceWorker(builtClient!.dist);
      try {
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
        await page.getByRole('alert').filter({ hasText: 'Hay una nueva versión' }).waitFor();
        // The clean-up runs while the new worker activates, which can end after it has taken control.
        const assetsCache = async () => (await cachedPaths(page))['casillero-assets'];
        await expect.poll(assetsCache, { timeout: 10_000 }).not.toContain('/assets/anterior-0000abcd.js');
        expect(await assetsCache()).toContain(`/assets/${current}`);
      } finally {
        restore();
      }
    });
  });

  it('un archivo de la versión anterior que ya no existe recarga la página una sola vez', async () => {
    const page = await session.newPage();
    await withScreenshotOnFailure(page, 'offline-stale-chunk', async () => {
      // The app listens for it once it runs: the prerendered heading shows before.
      await openPage(page, session.url());
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const markReload = () => page.evaluate(() => ((window as Window & { sinRecargar?: boolean }).sinRecargar = true));
      const notReloaded = () =>
        page.evaluate(() => (window as Window & { sinRecargar?: boolean }).sinRecargar === true);
      // Vite announces a lazy chunk that failed to load with this event.
      const chunkFailed = () =>
        page.evaluate(() => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true })));

      await markReload();
      await Promise.all([page.waitForEvent('load'), chunkFailed()]);
      expect(await notReloaded()).toBe(false);

      // A second failure right after is not a stale version: no reload loop.
      await markReload();
      await chunkFailed();
      await page.waitForTimeout(1_000);
      expect(await notReloaded()).toBe(true);
    });
  });

  it('el manifiesto está enlazado, es JSON válido y sus íconos existen con su tamaño', async () => {
    const page = await session.newPage();
    await withScreenshotOnFailure(page, 'offline-manifest', async () => {
      await page.goto(session.url());
      const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
      const manifestResponse = await page.request.get(new URL(manifestHref!, session.url()).href);
      expect(manifestResponse.status()).toBe(200);
      expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
      const manifest = JSON.parse(await manifestResponse.text());
      expect(manifest).toMatchObject({
        name: 'Casillero Virtual',
        lang: 'es-VE',
        display: 'standalone',
        start_url: '/dashboard',
      });
      expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);

      const icons: { src: string; sizes: string; type: string; purpose?: string }[] = manifest.icons;
      for (const [sizes, purpose] of [
        ['192x192', 'any'],
        ['512x512', 'any'],
        ['512x512', 'maskable'],
      ]) {
        expect(icons.some((icon) => icon.sizes === sizes && (icon.purpose ?? 'any').split(' ').includes(purpose))).toBe(
          true,
        );
      }
      const appleHref = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
      for (const icon of [...icons, { src: appleHref!, sizes: '180x180', type: 'image/png' }]) {
        const response = await page.request.get(new URL(icon.src, session.url()).href);
        expect(response.status(), icon.src).toBe(200);
        expect(response.headers()['content-type']).toBe(icon.type);
        const [width, height] = icon.sizes.split('x').map(Number);
        expect(pngSize(await response.body()), icon.src).toEqual({ width, height });
      }
    });
  });
});
