// Prerenders the public pages into client/dist after `vite build` and `vite build --ssr`:
// each page's HTML gets the React markup of the page (hydrated in the browser), its own title,
// description and Open Graph tags. Vite's index.html with its empty root is kept as the app
// shell that every other page starts from. See docs/decisions/014.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.DIST ?? path.join(clientDir, 'dist');
const ssrDir = process.env.SSR_DIST ?? path.join(clientDir, 'dist-ssr');

const {
  render,
  appShellPages,
  appShellFile,
  firstQueries,
  criticalCssInliner,
  PRERENDERED_PAGES,
  APP_SHELL_FILE,
  SERVER_DATA_ID,
  ROUTE_PATHS_FILE,
  routePaths,
  EARLY_TAP_SCRIPT,
} = await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href);
// Each page's first paint needs its HTML alone: the rules its markup uses go inline (scripts/critical-css.mjs).
const inlineCriticalCss = criticalCssInliner(
  JSON.parse(fs.readFileSync(path.join(ssrDir, 'critical-css.json'), 'utf8')),
);

const EMPTY_ROOT = '<div id="root"></div>';
const CHARSET = '<meta charset="UTF-8" />';
/**
 * The app's entry as a modulepreload (downloaded and compiled with the page) that public/boot.js,
 * a deferred script, turns into a module script once the page is painted. First in <head>, before
 * anything can be tapped and before any stylesheet (an inline script after one waits for it), the
 * script that keeps a tap made before the app is ready (shared/src/early-taps.ts).
 */
function entryAfterPaint(html) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
  if (!entry.test(html)) throw new Error('index.html no tiene el script de entrada de Vite');
  if (!html.includes(CHARSET)) throw new Error(`index.html no tiene ${CHARSET}`);
  return html
    .replace(CHARSET, () => `${CHARSET}\n    <script>${EARLY_TAP_SCRIPT}</script>`)
    .replace(
      entry,
      (_, src) =>
        `<link rel="modulepreload" crossorigin href="${src}" data-app-entry>\n    <script defer src="/boot.js"></script>`,
    );
}

// Vite's fresh index.html; on a second run, the shell the first run kept.
const viteIndex = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const template = viteIndex.includes(EMPTY_ROOT)
  ? entryAfterPaint(viteIndex)
  : fs.readFileSync(path.join(dist, APP_SHELL_FILE), 'utf8');
if (!template.includes(EMPTY_ROOT)) throw new Error(`index.html no contiene ${EMPTY_ROOT}`);
fs.writeFileSync(path.join(dist, APP_SHELL_FILE), template);

// Vite's manifest: which chunk holds each route's component, and which CSS each chunk needs.
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/**
 * The route file of a route id: '/' is src/routes/index.tsx, '/cotizar' src/routes/cotizar.tsx,
 * '/dashboard/' (an index route) src/routes/dashboard/index.tsx.
 */
const routeSource = (routeId) => `src/routes/${routeId.slice(1)}${routeId.endsWith('/') ? 'index' : ''}.tsx`;

/**
 * The CSS and JavaScript a page's routes load once its script runs: linked in the HTML, so the
 * page is styled before any JavaScript (the route chunks' CSS modules) and its code downloads
 * in parallel with the entry script instead of after it.
 */
function routeAssets(routeIds) {
  const css = new Set();
  const js = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const routeId of routeIds) {
    if (routeId === '__root__') continue;
    const key = `${routeSource(routeId)}?tsr-split=component`;
    // A route without a component of its own (a redirect, a layout-less group) has no chunk.
    if (!manifest[key] && !fs.existsSync(path.join(clientDir, routeSource(routeId)))) {
      throw new Error(`No existe ${routeSource(routeId)} (ruta ${routeId})`);
    }
    if (manifest[key]) visit(key);
  }
  const links = [
    ...[...css]
      .filter((file) => !template.includes(`/${file}"`))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...js]
      .filter((file) => !template.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  return links.join('\n    ');
}

/**
 * Stylesheets before the scripts in <head>: the page cannot paint before its CSS arrives, and on
 * a slow connection the browser asks first for what comes first.
 */
function stylesFirst(document) {
  const stylesheets = document.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  // Each link is removed where it stands (its line stays, empty), then all go after the viewport.
  const result = stylesheets.reduce((html, link) => html.replace(link, ''), document);
  return result.replace(/(<meta name="viewport"[^>]*>)/, `$1\n    ${stylesheets.join('\n    ')}`);
}

for (const page of PRERENDERED_PAGES) {
  const { html, head, routeIds, data } = await render(page.renderUrl ?? page.path);
  const document = template
    // The page's own title and description replace the site's defaults.
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', `  ${head}\n    ${routeAssets(routeIds)}\n  </head>`)
    // The URL it was rendered at: the browser hydrates it only there (src/main.tsx).
    .replace(
      EMPTY_ROOT,
      `<div id="root">${html}</div><script type="application/json" id="${SERVER_DATA_ID}">${data}</script>`,
    );
  const final = inlineCriticalCss(stylesFirst(document));
  fs.writeFileSync(path.join(dist, page.file), final);
  console.log(`prerender ${page.path.padEnd(18)} → ${page.file} (${(Buffer.byteLength(final) / 1024).toFixed(1)} KB)`);
}

/**
 * The signed-in areas ask for the session (`auth.me`) before anything else, then their page's
 * data: the browser starts those requests while it parses the HTML instead of after the
 * JavaScript has run (lib/first-data.ts), with the session cookie, like the app's own.
 */
const preloadLinks = (hrefs) =>
  hrefs
    .map(
      (href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href.replace(/&/g, '&amp;')}">`,
    )
    .join('\n    ');

// The signed-in pages: the empty shell, with their route chunks and CSS linked.
let shells = 0;
for (const page of appShellPages()) {
  const file = path.join(dist, appShellFile(page.path));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let document = stylesFirst(template.replace('</head>', `  ${routeAssets(page.routeIds)}\n  </head>`));
  // First in <head>: over HTTP/1.1 the browser sends requests in document order, six at a time.
  const queries = await firstQueries(page.path);
  if (queries.length > 0)
    document = document.replace(/(<meta name="viewport"[^>]*>)/, `$1\n    ${preloadLinks(queries)}`);
  fs.writeFileSync(file, document);
  shells += 1;
}
console.log(`${shells} páginas de la aplicación con su propio shell (${appShellFile('/…')})`);

// The route tree's paths, for the server to answer an unknown URL with 404 (docs/decisions/035-link-previews-and-not-found.md).
fs.writeFileSync(path.join(ssrDir, ROUTE_PATHS_FILE), `${JSON.stringify(routePaths(), null, 2)}\n`);

// The server bundle stays: the server renders the customer's first screens with it, per request
// and with the customer's data (docs/decisions/033-server-rendered-signed-in-pages.md).
