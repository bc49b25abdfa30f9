// The service worker's answer to a visit of the customer's pages the server renders with their
// data (shared/src/page-parts.ts, docs/decisions/033-server-rendered-signed-in-pages.md): the page's
// start (its head up to public/boot.js, the same for every customer), kept since the worker
// installed, goes to the browser at once, which fetches and reads the stylesheets it links while
// the network brings the rest; then the rest (the customer's page, never stored) as the server
// sends it. Offline, the rest of the page's app shell follows the start instead.
// scripts/build-service-worker.mjs writes this file into sw-pages-<hash>.js, after the line that
// sets `self.casilleroJoinedPages`; sw.js imports it before Workbox adds its own listeners, and
// Workbox has no route for these pages.
(() => {
  const { cacheName, cachePrefix, header, rest, pages } = self.casilleroJoinedPages;
  const files = Object.values(pages).flatMap((page) => [page.start, page.offlineRest]);
  /** Headers of the stored start that do not describe the joined page. */
  const STORED_FILE_HEADERS = ['content-length', 'content-encoding', 'etag', 'last-modified'];

  self.addEventListener('install', (event) => {
    event.waitUntil(caches.open(cacheName).then((cache) => cache.addAll(files)));
  });
  self.addEventListener('activate', (event) => {
    event.waitUntil(
      caches
        .keys()
        .then((names) =>
          Promise.all(
            names
              .filter((name) => name.startsWith(cachePrefix) && name !== cacheName)
              .map((name) => caches.delete(name)),
          ),
        ),
    );
  });
  self.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.mode !== 'navigate' || request.method !== 'GET') return;
    const url = new URL(request.url);
    const page = url.origin === self.location.origin ? pages[url.pathname] : undefined;
    if (page) event.respondWith(joined(request, url, page));
  });

  /** The page's app shell when there is no network, or the browser's error if the worker has none. */
  const shellOrError = async (page) => (await caches.match(page.shell, { ignoreSearch: true })) ?? Response.error();

  async function joined(request, url, page) {
    const cache = await caches.open(cacheName);
    const startFile = await cache.match(page.start);
    // Its files were lost (the browser cleared the storage): the page as the server sends it.
    if (!startFile) return fetch(request).catch(() => shellOrError(page));
    const restAnswer = fetch(url.pathname + url.search, {
      headers: { [header]: rest },
      credentials: 'same-origin',
      cache: 'no-store',
    }).then((answer) => {
      if (!answer.ok || !answer.body) throw new Error(`HTTP ${answer.status}`);
      return answer;
    });
    const headers = new Headers(startFile.headers);
    for (const name of STORED_FILE_HEADERS) headers.delete(name);
    headers.set('cache-control', 'no-store');
    const startBytes = new Uint8Array(await startFile.arrayBuffer());
    const body = new ReadableStream({
      async start(controller) {
        controller.enqueue(startBytes);
        const part = await restAnswer.catch(() => cache.match(page.offlineRest));
        try {
          const reader = part.body.getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            controller.enqueue(value);
          }
        } catch {
          // The connection dropped halfway: the page keeps what arrived.
        }
        try {
          controller.close();
        } catch {
          // The tab went away and cancelled the page's stream: nothing is waiting for it.
        }
      },
    });
    return new Response(body, { status: 200, headers });
  }
})();
