// The public pages that are prerendered at build time (client/scripts/prerender.mjs), served
// from their own HTML file by the server, and listed in sitemap.xml. Every other page is
// rendered in the browser from the application shell.
export type PrerenderedPage = {
  path: string;
  /** The file in client/dist that holds the page's prerendered HTML. */
  file: string;
  /** Listed in sitemap.xml (pages worth finding from a search engine). */
  inSitemap: boolean;
  /**
   * The URL rendered, when the page's search parameters have defaults: the router renders a
   * page at its canonical URL (/registro is /registro?type=usa).
   */
  renderUrl?: string;
  /**
   * Public queries whose answers the page shows and an administrator changes (procedure paths,
   * no input): the server renders the page again with their answers in effect whenever they
   * differ from its last render (server/src/http/live-public-pages.ts), so its HTML never shows
   * what no longer holds; the service worker asks the network for it first.
   */
  liveQueries?: readonly string[];
};

/**
 * The day the terms of service last changed, shown on `/terms`. A fixed date, not today's: the
 * page is prerendered at build time, and the browser must render the same text when it hydrates.
 */
export const TERMS_UPDATED_AT = '2026-11-27';

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { path: '/', file: 'index.html', inSitemap: true },
  { path: '/servicios', file: 'servicios.html', inSitemap: true },
  { path: '/compra-asistida', file: 'compra-asistida.html', inSitemap: true },
  { path: '/cursos', file: 'cursos.html', inSitemap: true },
  // The FAQ's answer on what may not travel (docs/product/travel-rules.md#the-faq).
  { path: '/contacto', file: 'contacto.html', inSitemap: true, liveQueries: ['site.travelRules'] },
  { path: '/cotizar', file: 'cotizar.html', inSitemap: true },
  { path: '/cotizar-china', file: 'cotizar-china.html', inSitemap: true },
  { path: '/rastreo', file: 'rastreo.html', inSitemap: true },
  { path: '/terms', file: 'terms.html', inSitemap: true },
  { path: '/privacy', file: 'privacy.html', inSitemap: true },
  { path: '/login', file: 'login.html', inSitemap: true },
  { path: '/registro', file: 'registro.html', inSitemap: true, renderUrl: '/registro?type=usa' },
  { path: '/forgot-password', file: 'forgot-password.html', inSitemap: false },
];

/** The HTML file every other page starts from: Vite's index.html with an empty root. */
export const APP_SHELL_FILE = 'shell.html';

/**
 * The app shell of one signed-in page (/dashboard/mis-trackings → app/dashboard/mis-trackings.html):
 * the same empty root, with the page's route code and CSS linked in its head so they download
 * beside the entry script instead of after it.
 */
export const appShellFile = (path: string) => `app${path}.html`;

/** The signed-in areas: their own layouts, client-rendered, each page asking for the session first. */
export const SIGNED_IN_AREA = /^\/(dashboard|admin|aliado)(\/|$)/;

/** Paths crawlers are asked to stay out of (private areas and the API). */
export const ROBOTS_DISALLOW = ['/dashboard', '/admin', '/aliado', '/trpc', '/api', '/files'] as const;

/**
 * The customer's first screens, and the staff's list of trackings, which the server renders with
 * the signed-in person's data for a request with a valid session
 * (docs/decisions/033-server-rendered-signed-in-pages.md): exact paths.
 */
export const SERVER_RENDERED_PAGES = [
  '/dashboard/mis-trackings',
  '/dashboard/almacen',
  '/dashboard/facturas',
  '/admin/trackings',
] as const;

/**
 * The `<script type="application/json">` of a page whose HTML was rendered before the browser
 * ran any JavaScript (prerendered, or by the server with the customer's data): the URL it was
 * rendered at, then the answers of its queries (client/src/lib/first-data.ts, ServerData). The
 * browser hydrates the HTML only at exactly that URL, with those answers in its cache.
 */
export const SERVER_DATA_ID = 'server-data';
