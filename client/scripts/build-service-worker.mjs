// Writes dist/sw.js (and Workbox's runtime file beside it) with Workbox's generateSW. Runs after
// `vite build` and the prerender, because it fingerprints the HTML they write (see
// docs/decisions/015-service-worker.md). DIST points it at another build.
//
// Precached (downloaded once when the worker installs, answered from the cache afterwards):
// every HTML file at the root of dist (shell.html, the prerendered public pages, offline.html),
// the scripts and style sheets those pages load before their first paint, the web app manifest,
// the icons and the public illustrations. The other hashed files in assets/ (the admin area,
// the charts) are cached only when a page asks for them. Nothing from /trpc, /api or /files is
// ever cached: no route matches them, so the browser sends them to the network as usual.
// The customer's server-rendered pages are answered by a script of ours the worker imports
// (sw-joined-pages.js): the start of the page it keeps, then the rest from the server.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { generateSW } from 'workbox-build';

const dist = process.env.DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const SHELL = 'shell.html';
const OFFLINE_PAGE = 'offline.html';
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

for (const required of [SHELL, OFFLINE_PAGE, 'manifest.webmanifest']) {
  if (!fs.existsSync(path.join(dist, required))) {
    console.error(`No existe ${path.join(dist, required)}: ejecuta primero \`vite build\` y el prerenderizado.`);
    process.exit(2);
  }
}

const pages = fs
  .readdirSync(dist)
  .filter((file) => file.endsWith('.html'))
  .sort();

/**
 * The customer area's own app shells (decision 014: each links its route's code and preloads
 * the session), precached under their page's URL so a repeat visit gets them, not the generic
 * shell. Only the HTML: the code they link is cached when first used, so a visitor who never
 * signs in does not download the customer area. The admin area's are left out: staff work at a
 * desk.
 */
const CUSTOMER_SHELLS_DIR = 'app/dashboard';
const customerShells = [
  'app/dashboard.html',
  ...fs
    .readdirSync(path.join(dist, CUSTOMER_SHELLS_DIR))
    .filter((file) => file.endsWith('.html'))
    .map((file) => `${CUSTOMER_SHELLS_DIR}/${file}`),
].filter((file) => fs.existsSync(path.join(dist, file)));
/** app/dashboard/facturas.html is the page /dashboard/facturas. */
const shellPageUrl = (file) => file.replace(/^app\//, '').replace(/\.html$/, '');

/**
 * The pages the server renders with the customer's data (docs/decisions/033): a visit goes to
 * the network, so a repeat visit gets the page with its content too, and nothing of it is ever
 * stored; offline, the page's app shell answers, precached under its own file's URL (a static
 * file, nobody's data), not the page's.
 */
const {
  SERVER_RENDERED_PAGES,
  PRERENDERED_PAGES,
  WORKER_JOINED_PAGES,
  PAGE_PART_HEADER,
  PAGE_REST,
  PAGE_STARTS_CACHE_PREFIX,
  pageStartFile,
  pageOfflineRestFile,
  splitPage,
} = await import(
  pathToFileURL(path.join(process.env.SSR_DIST ?? path.join(dist, '../dist-ssr'), 'entry-server.js')).href
);
const serverRendered = new Set(SERVER_RENDERED_PAGES.map((page) => `app${page}.html`));
/** Their app shells, the offline answer (the staff's too: one small file each). */
const serverRenderedShells = [...serverRendered].filter(
  (file) => !customerShells.includes(file) && fs.existsSync(path.join(dist, file)),
);

/**
 * The public pages the server draws again when what they show changes (`liveQueries`,
 * shared/src/public-pages.ts): not precached, or the worker would answer a visit with the build's
 * copy for as long as the deployment lasts; the network first, the last copy seen when offline.
 */
const livePages = PRERENDERED_PAGES.filter((page) => page.liveQueries?.length);
const LIVE_PAGES_CACHE = 'casillero-live-pages';
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** The page's URL, with or without a query string (the whole URL, as Workbox matches a RegExp). */
const pageUrlPattern = (page) => new RegExp(`^https?://[^/]+${escapeRegExp(page)}(?:[?#].*)?$`);

/** The files in assets/ that a page loads before its first paint: its entry script, modulepreloads and style sheets. */
function firstPaintAssets(html) {
  const found = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const asset = tag.match(/\s(?:src|href)="\/(assets\/[^"?#]+)"/)?.[1];
    if (!asset) continue;
    if (tag.startsWith('<link') && !/\srel="(?:modulepreload|stylesheet|preload)"/.test(tag)) continue;
    found.push(asset);
  }
  return found;
}

const livePageFiles = new Set(livePages.map((page) => page.file));
const assets = [
  ...new Set(
    pages
      .filter((page) => !livePageFiles.has(page))
      .flatMap((page) => firstPaintAssets(fs.readFileSync(path.join(dist, page), 'utf8'))),
  ),
].sort();

/**
 * The assets cache (the code and styles a page loads that are not precached) is kept to the
 * current deployment's files by a script the worker imports: on activation it drops every file
 * the deployment no longer has. Workbox's expiration plugin bounded it instead, but it reads and
 * writes IndexedDB on every file the worker serves from the cache, and on a phone's CPU that
 * delayed a repeat visit's modules (decision 015).
 */
const ASSETS_CACHE = 'casillero-assets';

/** The first eight hex digits of the SHA-256 of what is given: a name that changes with it. */
const shortHash = (...contents) => {
  const hash = createHash('sha256');
  for (const content of contents) hash.update(content);
  return hash.digest('hex').slice(0, 8);
};
/**
 * A script the worker imports, written as `<prefix>-<hash>.js` (a new deployment's worker sees a
 * new name when it changes), the previous builds' copies removed. Returns its file name.
 */
function writeWorkerScript(prefix, script) {
  const file = `${prefix}-${shortHash(script)}.js`;
  for (const old of fs.readdirSync(dist).filter((name) => name.startsWith(`${prefix}-`) && name.endsWith('.js')))
    fs.rmSync(path.join(dist, old));
  fs.writeFileSync(path.join(dist, file), script);
  return file;
}
const currentAssets = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((file) => !/\.(br|gz)$/.test(file))
  .map((file) => `/assets/${file}`)
  .sort();
const cleanupScript = `// Written by client/scripts/build-service-worker.mjs: on activation, drops from the assets cache
// the files of earlier deployments.
const CURRENT_ASSETS = new Set(${JSON.stringify(currentAssets)});
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.open(${JSON.stringify(ASSETS_CACHE)}).then(async (cache) => {
      for (const request of await cache.keys()) {
        if (!CURRENT_ASSETS.has(new URL(request.url).pathname)) await cache.delete(request);
      }
    }),
  );
});
`;
const cleanupFile = writeWorkerScript('sw-assets', cleanupScript);

/**
 * The customer's pages the worker joins from two parts (shared/src/page-parts.ts): each page's
 * start and its app shell's rest (the offline answer), split from its app shell, kept by the
 * worker's own script (scripts/sw-joined-pages.js), which answers their visits. Workbox has no
 * route for them.
 */
const joinedPages = {};
/**
 * The stylesheets the starts link, precached: the worker's first visit to one of these pages
 * would otherwise wait for them on the network, where the page's own rules came inlined.
 */
const joinedStartAssets = [];
/** What the parts hold: the worker's cache is named after it, so a deployment that changes a part gets a new one. */
const partsContents = [];
for (const page of WORKER_JOINED_PAGES) {
  const shellFile = `app${page}.html`;
  const parts = splitPage(fs.readFileSync(path.join(dist, shellFile), 'utf8'));
  if (!parts) throw new Error(`${shellFile} no enlaza /boot.js: no se puede partir para el service worker`);
  fs.writeFileSync(path.join(dist, pageStartFile(page)), parts.start);
  fs.writeFileSync(path.join(dist, pageOfflineRestFile(page)), parts.rest);
  partsContents.push(page, parts.start, parts.rest);
  joinedStartAssets.push(...firstPaintAssets(parts.start));
  joinedPages[page] = {
    start: `/${pageStartFile(page)}`,
    offlineRest: `/${pageOfflineRestFile(page)}`,
    shell: `/${shellFile}`,
  };
}
const joinedPagesConfig = {
  cacheName: `${PAGE_STARTS_CACHE_PREFIX}${shortHash(...partsContents)}`,
  cachePrefix: PAGE_STARTS_CACHE_PREFIX,
  header: PAGE_PART_HEADER,
  rest: PAGE_REST,
  pages: joinedPages,
};
const joinedPagesScript = `// Written by client/scripts/build-service-worker.mjs from scripts/sw-joined-pages.js.
self.casilleroJoinedPages = ${JSON.stringify(joinedPagesConfig)};
${fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'sw-joined-pages.js'), 'utf8')}`;
const joinedPagesFile = writeWorkerScript('sw-pages', joinedPagesScript);
/** Web push: the notification a push shows and where a tap on it leads (scripts/sw-push.js). */
const pushFile = writeWorkerScript(
  'sw-push',
  fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'sw-push.js'), 'utf8'),
);
const joined = new Set(WORKER_JOINED_PAGES);
const precachedAssets = [...new Set([...assets, ...joinedStartAssets])].sort();
for (const asset of precachedAssets) {
  if (!fs.existsSync(path.join(dist, asset))) throw new Error(`${asset} aparece en el HTML pero no existe en ${dist}`);
  // Vite's names are [name]-[hash].ext; anything else could be read as a glob pattern below.
  if (!/^[\w./-]+$/.test(asset)) throw new Error(`Nombre de archivo inesperado: ${asset}`);
}

/** The URLs Workbox put in the precache, kept for the report below. */
let precachedUrls = [];

const { count, size, warnings, filePaths } = await generateSW({
  globDirectory: dist,
  globPatterns: [
    '*.html',
    ...customerShells,
    ...serverRenderedShells,
    'manifest.webmanifest',
    // Starts the app on every page (prerender.mjs).
    'boot.js',
    'favicon.svg',
    'icons/*.png',
    'illustrations/*',
    ...precachedAssets,
  ],
  // The precompressed copies (if precompress.mjs ran first) are the server's business.
  globIgnores: ['**/*.br', '**/*.gz', ...livePageFiles],
  swDest: path.join(dist, 'sw.js'),
  mode: 'production',
  sourcemap: false,
  cacheId: 'casillero',
  // A new deployment takes over at once: the new worker activates without waiting for the old
  // pages to close and takes control of them; the page offers a reload (src/lib/service-worker.tsx).
  skipWaiting: true,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  importScripts: [`/${cleanupFile}`, `/${joinedPagesFile}`, `/${pushFile}`],
  // Names in assets/ carry their content hash: no cache-busting query needed to fetch them.
  dontCacheBustURLsMatching: /^assets\//,
  manifestTransforms: [
    (entries) => {
      precachedUrls = entries.map((entry) => entry.url);
      const manifest = entries.map((entry) =>
        customerShells.includes(entry.url) && !serverRendered.has(entry.url)
          ? { ...entry, url: shellPageUrl(entry.url) }
          : entry,
      );
      return { manifest };
    },
  ],
  // The server answers /login?redirect=… with login.html whatever the query: so does the cache
  // (with cleanURLs, /servicios finds servicios.html and / finds index.html).
  ignoreURLParametersMatching: [/.*/],
  // Every other page of the app is the single-page shell, as the server answers it.
  navigateFallback: `/${SHELL}`,
  navigateFallbackDenylist: [
    // The API, files, exports and probes are never pages of the app.
    /^\/(?:trpc|api|files|healthz|readyz|metrics)(?:[/?]|$)/,
    // A path whose last segment has an extension is a file (the server's own rule).
    /^[^?]*\.[^/?]*(?:\?.*)?$/,
    // The pages the server renders: the network first (runtimeCaching below).
    ...[...SERVER_RENDERED_PAGES, ...livePages.map((page) => page.path)].map(
      (page) => new RegExp(`^${escapeRegExp(page)}(?:\\?.*)?$`),
    ),
  ],
  runtimeCaching: [
    // The staff's page the server renders with their data (the customer's are joined by
    // sw-joined-pages.js): always from the network, never stored; offline, the page's app shell
    // from the precache.
    ...SERVER_RENDERED_PAGES.filter((page) => !joined.has(page)).map((page) => ({
      urlPattern: pageUrlPattern(page),
      handler: 'NetworkOnly',
      options: { precacheFallback: { fallbackURL: `/app${page}.html` } },
    })),
    ...livePages.map((page) => ({
      urlPattern: pageUrlPattern(page.path),
      handler: 'NetworkFirst',
      options: {
        cacheName: LIVE_PAGES_CACHE,
        cacheableResponse: { statuses: [200] },
        precacheFallback: { fallbackURL: `/${OFFLINE_PAGE}` },
      },
    })),
    {
      // Hashed files never change: served from the cache once fetched, the oldest dropped.
      urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
      handler: 'CacheFirst',
      options: {
        cacheName: ASSETS_CACHE,
        cacheableResponse: { statuses: [200] },
      },
    },
    {
      // A photo or an invoice opened in its own tab while offline: the Spanish offline page
      // instead of the browser's error. Network only: the file itself is never stored.
      urlPattern: ({ request, url, sameOrigin }) =>
        sameOrigin && request.mode === 'navigate' && url.pathname.startsWith('/files/'),
      handler: 'NetworkOnly',
      options: { precacheFallback: { fallbackURL: `/${OFFLINE_PAGE}` } },
    },
  ],
});

for (const warning of warnings) console.warn(`Aviso de Workbox: ${warning}`);
console.log(`Service worker: ${filePaths.map((file) => path.relative(dist, file)).join(', ')}`);
// What a phone downloads when the worker installs (less what the first visit already has in
// the HTTP cache, and the hashed files an update leaves unchanged).
const gzipped = precachedUrls.reduce(
  (sum, url) => sum + gzipSync(fs.readFileSync(path.join(dist, url)), { level: 9 }).length,
  0,
);
console.log(
  `Precaché: ${count} archivos, ${kb(size)} sin comprimir, ${kb(gzipped)} con gzip ` +
    `(${pages.length + customerShells.length + serverRenderedShells.length} páginas HTML, ${precachedAssets.length} de ${fs.readdirSync(path.join(dist, 'assets')).filter((f) => !/\.(br|gz)$/.test(f)).length} archivos de assets/).`,
);
