// The customer's first screens rendered on the server with the customer's data
// (docs/decisions/033-server-rendered-signed-in-pages.md): for a request with a valid session,
// Mis Trackings, Almacén and Facturas arrive with their content in the HTML, rendered by the
// client's own server bundle (client/dist-ssr, built with the prerender) and hydrated in the
// browser. The session is checked exactly as tRPC checks it and every query runs in-process with
// that session (`queriesFor`: trpc/in-process-queries.ts, passed in by server.ts), and the answer
// is private and never stored. Without a session, or when anything fails, the plain app shell
// goes out as before.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  PAGE_PART_HEADER,
  PAGE_REST,
  SERVER_DATA_ID,
  SERVER_RENDERED_PAGES,
  preloadsAfterContent,
  splitPage,
} from '@casillero/shared';
import type { Config } from '../env';
import { lazyCriticalCss, lazyServerBundle } from './server-bundle';

const EMPTY_ROOT = '<div id="root"></div>';
/** Private to the customer, never kept by the browser's or any shared cache. */
export const SIGNED_IN_PAGE_HEADERS = {
  'cache-control': 'private, no-store',
  vary: `Cookie, Sec-Fetch-Mode, Sec-CH-UA-Mobile, User-Agent, ${PAGE_PART_HEADER}`,
} as const;

/**
 * Whether the service worker asks for the page's rest alone (shared/src/page-parts.ts): it sent
 * the page's start to the browser already, from what it keeps. A header a page of another site
 * cannot send without this server's leave (CORS), and the answer is never stored either.
 */
const asksForRest = (req: FastifyRequest) => req.headers[PAGE_PART_HEADER] === PAGE_REST;

/**
 * Whether the request is the browser opening the page (a navigation, passed on by the service
 * worker or not), not a script fetching it: the service worker downloads app shells to answer
 * visits offline, with the customer's cookie, and what it stores must never be anyone's page.
 * Browsers say so with Sec-Fetch-Mode (a navigation the worker passes on keeps `navigate`; its
 * own downloads are `cors` or `same-origin`); one that does not send it asks for HTML to navigate.
 */
export function isDocumentRequest(req: FastifyRequest): boolean {
  const mode = req.headers['sec-fetch-mode'];
  if (mode !== undefined) return mode === 'navigate';
  return req.headers.accept?.includes('text/html') ?? false;
}

/**
 * Whether the browser will draw the phone layout, guessed from the request: Chromium's
 * `Sec-CH-UA-Mobile`, sent with every request, else "Mobi" in the User-Agent (what phone
 * browsers put there and tablets leave out). The page is rendered in that layout, so a phone
 * does not see the desktop one until the JavaScript has run; a wrong guess costs only a switch
 * right after hydrating (client/src/lib/screen.ts).
 */
export function looksLikePhone(req: FastifyRequest): boolean {
  const mobileHint = req.headers['sec-ch-ua-mobile'];
  if (mobileHint === '?1') return true;
  if (mobileHint === '?0') return false;
  return /Mobi/.test(req.headers['user-agent'] ?? '');
}

const SERVER_PAGES = new Set<string>(SERVER_RENDERED_PAGES);

/** Whether the server renders this page path (exact paths, no trailing slash). */
export const isServerRenderedPage = (urlPath: string) => SERVER_PAGES.has(urlPath);

/** The app shell with the page's markup, its head and its data (the shell's data preloads dropped: the data is here). */
export function composePage(
  shell: string,
  page: { html: string; head: string; data: string },
  onPhone = false,
): string {
  let document = shell.replace(/\s*<link rel="preload" as="fetch"[^>]*>/g, '');
  if (page.head.includes('<title>')) document = document.replace(/\s*<title>[\s\S]*?<\/title>/, '');
  if (page.head.includes('<meta name="description"'))
    document = document.replace(/\s*<meta name="description"[^>]*>/, '');
  return document
    .replace('</head>', `  ${page.head}\n  </head>`)
    .replace(
      EMPTY_ROOT,
      `<div id="root"${onPhone ? ' data-phone' : ''}>${page.html}</div><script type="application/json" id="${SERVER_DATA_ID}">${page.data}</script>`,
    );
}

/** The signed-in user's queries for a request (trpc/in-process-queries.ts), or null without a valid session. */
export type QueriesFor = (
  req: FastifyRequest,
  reply: FastifyReply,
) => Promise<((path: string, input: unknown) => Promise<unknown>) | null>;

export function signedInPages(config: Config, queriesFor: QueriesFor) {
  const loadBundle = lazyServerBundle(config.clientDist);
  const loadCriticalCss = lazyCriticalCss(loadBundle, config.clientDist);
  const shells = new Map<string, string>();

  /**
   * The page's HTML with the customer's data, or null for the plain app shell: not a navigation
   * (the service worker's download), no session (or an expired one: the browser then goes to
   * sign in, as it always has), no bundle, or any error. Asked for its rest alone (the worker's
   * request, `asksForRest`), the rest of that page, or of the shell in those cases.
   */
  return async function render(req: FastifyRequest, reply: FastifyReply, shellFile: string): Promise<string | null> {
    const restAlone = asksForRest(req);
    if (!restAlone && !isDocumentRequest(req)) return null;
    // The worker's start came from this shell: the rest follows it, the page's or the shell's own.
    const rest = (html: string) => splitPage(html)?.rest ?? html;
    let shell = shells.get(shellFile);
    try {
      if (shell === undefined) {
        shell = fs.readFileSync(path.join(config.clientDist, shellFile), 'utf8');
        shells.set(shellFile, shell);
      }
      const query = await queriesFor(req, reply);
      const bundle = query ? await loadBundle(req.log) : null;
      const onPhone = looksLikePhone(req);
      const page =
        query && typeof bundle?.renderSignedIn === 'function'
          ? await bundle.renderSignedIn(req.url, query, onPhone)
          : null;
      if (!page || !shell.includes(EMPTY_ROOT)) return restAlone ? rest(shell) : null;
      const composed = composePage(shell, page, onPhone);
      // The worker's start links the stylesheets: the rest needs no rules of its own.
      if (restAlone) return rest(preloadsAfterContent(composed));
      const inlineCriticalCss = await loadCriticalCss(req.log);
      return inlineCriticalCss(composed);
    } catch (err) {
      req.log.error({ err, url: req.url }, 'Error al renderizar en el servidor una página de cliente');
      return restAlone && shell !== undefined ? rest(shell) : null;
    }
  };
}
