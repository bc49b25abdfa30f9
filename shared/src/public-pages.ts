// The public pages that are prerendered at build time (client/scripts/prerender.mjs), served
// from their own HTML file by the server, and listed in sitemap.xml. Every other page is
// rendered in the browser from the application shell. Each page's title and description are
// said once here: the route's `head` (the browser tab), the server's link-preview tags and the
// page's preview card all read them (docs/decisions/035-link-previews-and-not-found.md).
import { PUBLIC_TRACKING_MESSAGES } from './public-tracking/messages';

/** The site's name, in the browser tab, link previews and its structured data. */
export const BRAND_NAME = 'Casillero Virtual';

/** What the site is, for search results and link previews of pages without their own text. */
export const SITE_DESCRIPTION = 'Casilleros en Miami y Beijing, envíos a Venezuela y cursos de importación digital.';

/** The site's language: `<html lang>` and the Open Graph locale. */
export const SITE_LANG = 'es-VE';
export const SITE_OG_LOCALE = 'es_VE';

export type PrerenderedPage = {
  path: PublicPagePath;
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

/**
 * Each public page's title, said once: the route's `head` (the browser tab, `pageTitle`), the
 * server's link-preview tags (server/src/http/public-head.ts) and the page's preview card
 * (client/scripts/og-cards.mjs) read it (docs/decisions/035-link-previews-and-not-found.md).
 */
export const PUBLIC_PAGE_TITLES = {
  '/': 'Casilleros en Miami y China con envío a Venezuela',
  '/servicios': 'Servicios',
  '/compra-asistida': 'Compra asistida',
  '/cursos': 'Cursos',
  '/contacto': 'Preguntas Frecuentes y Contacto',
  '/cotizar': 'Calculadora USA',
  '/cotizar-china': 'Calculadora China',
  '/rastreo': PUBLIC_TRACKING_MESSAGES.pageTitle,
  '/terms': 'Términos de servicio',
  '/privacy': 'Política de privacidad',
  '/login': 'Iniciar Sesión',
  '/registro': 'Crear cuenta',
  '/forgot-password': 'Recuperar contraseña',
} as const;

export type PublicPagePath = keyof typeof PUBLIC_PAGE_TITLES;

/**
 * Each public page's description, for search results and link previews: only the server (which
 * writes it into the page's HTML) and the preview cards read it, so the browser's bundle does
 * not carry it.
 */
export const PUBLIC_PAGE_DESCRIPTIONS: Record<PublicPagePath, string> = {
  '/': SITE_DESCRIPTION,
  '/servicios':
    'Casillero en Miami y en China, envíos aéreos y marítimos a Venezuela, reempaque y consolidación de paquetes, y cursos de importación.',
  '/compra-asistida': 'Compramos por ti en USA y China; pagas en bolívares.',
  '/cursos':
    'Cursos de importación digital: aprende a comprar en Amazon, eBay, AliExpress y Alibaba y a traer tus compras a Venezuela.',
  '/contacto':
    'Respuestas sobre casilleros, tarifas, tiempos de envío y pagos, y cómo escribirnos por WhatsApp o correo.',
  '/cotizar':
    'Calcula cuánto cuesta traer tu paquete desde Miami a Venezuela por vía aérea o marítima, según su peso y medidas.',
  '/cotizar-china': 'Calcula cuánto cuesta traer tu compra desde China a Venezuela, según su peso y medidas.',
  '/rastreo': PUBLIC_TRACKING_MESSAGES.pageDescription,
  '/terms': `Las condiciones del servicio de casillero y envíos de ${BRAND_NAME}.`,
  '/privacy': `Qué datos personales guarda ${BRAND_NAME}, para qué los usa y cómo ejercer tus derechos.`,
  '/login': 'Entra a tu cuenta para prealertar tus compras, seguir tus paquetes y reportar tus pagos.',
  '/registro':
    'Crea tu cuenta gratis y recibe tu casillero en Miami o en China para comprar en línea y recibir en Venezuela.',
  '/forgot-password': 'Recibe un enlace por correo para elegir una contraseña nueva.',
};

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

/** A prerendered page by its path. */
export function prerenderedPage(path: PublicPagePath): PrerenderedPage {
  const page = PRERENDERED_PAGES.find((p) => p.path === path);
  if (!page) throw new Error(`${path} no es una página prerenderizada`);
  return page;
}

/** The text of the browser tab: 'Envíos · Casillero Virtual'. */
export const titleWithBrand = (title: string) => `${title} · ${BRAND_NAME}`;

/** A public page's browser tab and link-preview title; the home page's starts with the brand. */
export const pageTitle = (path: PublicPagePath) =>
  path === '/' ? `${BRAND_NAME} · ${PUBLIC_PAGE_TITLES[path]}` : titleWithBrand(PUBLIC_PAGE_TITLES[path]);

/** A page's link-preview card, written by the build (client/scripts/og-cards.mjs): PNG, 1200×630. */
export const OG_CARD = { width: 1200, height: 630, type: 'image/png' } as const;

/** The card's file in client/dist: og/servicios.png, og/index.png for the home page. */
export const ogCardFile = (page: Pick<PrerenderedPage, 'file'>) => `og/${page.file.replace(/\.html$/, '.png')}`;

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

/**
 * The paths of the client's routes as its router writes them ('/rastreo/$numero',
 * '/dashboard/$'), written by the build beside the server bundle (client/dist-ssr): the server
 * answers any other page path with 404 and the not-found page.
 */
export const ROUTE_PATHS_FILE = 'route-paths.json';
