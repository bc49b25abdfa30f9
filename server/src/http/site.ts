// The web client as the server delivers it (docs/decisions/014): compressed answers, the built
// client with its precompressed copies, the prerendered public pages at their own URLs with
// their link-preview tags (decision 035), the app shell for every other page of the app, 404
// with the not-found page for any other URL, and robots.txt / sitemap.xml for search engines.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  APP_SHELL_FILE,
  EARLY_TAP_SCRIPT,
  GENERIC_MESSAGES,
  PRERENDERED_PAGES,
  ROBOTS_DISALLOW,
  SERVER_RENDERED_PAGES,
  appShellFile,
  type PrerenderedPage,
} from '@casillero/shared';
import type { Config } from '../env';
import { builtRouteMatcher } from './known-routes';
import { LIVE_PUBLIC_PAGE_PATHS, isLivePublicPage, livePublicPages, type PublicQuery } from './live-public-pages';
import { publicPageFiles, sendPreparedPage } from './public-page-files';
import { SIGNED_IN_PAGE_HEADERS, isServerRenderedPage, signedInPages, type QueriesFor } from './signed-in-pages';

/**
 * The one inline script the pages carry (the taps made before the app is ready, shared/src/early-taps.ts),
 * as the Content-Security-Policy allows it: by the hash of its text, so no other inline script runs.
 */
export const EARLY_TAP_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(EARLY_TAP_SCRIPT).digest('base64')}'`;

/** Answers smaller than this go uncompressed: the saving would not pay for the work. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli and gzip for every dynamic answer above the threshold (tRPC, exports, the app shell).
 * Brotli at quality 5: close to gzip's speed with a better ratio; the static files were
 * compressed once at build time at the highest quality instead.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
}

/**
 * Headers that only mean something on a document (or a worker script): a hashed script, style
 * sheet or image ignores them. Over HTTP/1.1 they went out with each of the dozens of files a
 * page loads, about 700 bytes each, on a phone's slow network (docs/decisions/014-prerendered-and-compressed.md). `nosniff` and the
 * resource policy stay: they apply to scripts and styles.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  // The content hash in the name is the version: the date adds nothing to the ETag.
  'last-modified',
] as const;

const PRERENDERED_FILES = new Map<string, string>(PRERENDERED_PAGES.map((page) => [page.path, page.file]));
const PRERENDERED = new Map<string, PrerenderedPage>(PRERENDERED_PAGES.map((page) => [page.path, page]));

/** A page path without its trailing slashes ('/servicios/' is '/servicios'). */
const normalizePath = (urlPath: string) => (urlPath.length > 1 ? urlPath.replace(/\/+$/, '') || '/' : urlPath);

/**
 * Pages the browser renders from the app shell that a link preview shows as a public page: a
 * tracking number's answer, shared on WhatsApp, previews as /rastreo (whose URL is its canonical
 * one: the answers themselves are not for search engines).
 */
const PREVIEWED_AS: readonly [RegExp, string][] = [[/^\/rastreo\/[^/]+\/?$/i, '/rastreo']];

/** The API's own paths: their 404 is JSON, never a page. */
const API_PATH = /^\/(api|trpc)(\/|$)/;

/**
 * The HTML file for a page path: its prerendered page, the app shell of that page when the
 * build wrote one (`appShells`: the paths it did), or the generic app shell.
 */
export function pageFile(urlPath: string, appShells: ReadonlySet<string>): string {
  const normalized = normalizePath(urlPath);
  const prerendered = PRERENDERED_FILES.get(normalized);
  if (prerendered) return prerendered;
  return appShells.has(normalized) ? appShellFile(normalized) : APP_SHELL_FILE;
}

/** The page paths the build wrote an app shell for (client/dist/app/**.html). */
function builtAppShells(clientDist: string): Set<string> {
  const shellsDir = path.join(clientDist, path.dirname(appShellFile('/x')));
  if (!fs.existsSync(shellsDir)) return new Set();
  const files = fs
    .readdirSync(shellsDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'));
  return new Set(files.map((file) => `/${file.slice(0, -'.html'.length).split(path.sep).join('/')}`));
}

function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    ...ROBOTS_DISALLOW.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', appUrl).href}`,
    '',
  ].join('\n');
}

function sitemapXml(appUrl: string): string {
  const urls = PRERENDERED_PAGES.filter((page) => page.inSitemap).map(
    (page) => `  <url><loc>${new URL(page.path, appUrl).href}</loc></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** `queriesFor`: a signed-in request's queries, in-process, for the pages the server renders. */
export async function registerClientSite(
  app: FastifyInstance,
  config: Config,
  queriesFor: QueriesFor,
  publicQuery: PublicQuery,
) {
  const clientDist = config.clientDist;
  // Absolute URLs come from APP_URL at run time, so one build serves any domain.
  const robots = robotsTxt(config.appUrl);
  const sitemap = sitemapXml(config.appUrl);
  app.get('/robots.txt', (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
  app.get('/sitemap.xml', (_req, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemap),
  );

  const hasClient = fs.existsSync(path.join(clientDist, APP_SHELL_FILE));
  const appShells = hasClient ? builtAppShells(clientDist) : new Set<string>();
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDist,
      wildcard: false,
      // '/' is the home page, served with its head like every public page (servePage).
      index: false,
      preCompressed: true,
      maxAge: '1h',
      setHeaders(res, filePath) {
        // Vite's hashed assets never change; pages, the service worker and the script that
        // starts the app (public/boot.js, which reads what the page it comes with holds) always
        // must be fresh.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
          for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
        }
        if (/\.html(\.br|\.gz)?$/.test(filePath) || /(^|[/\\])(sw|boot)\.js(\.br|\.gz)?$/.test(filePath))
          res.header('cache-control', 'no-cache');
      },
    });
  }

  const renderSignedIn = signedInPages(config, queriesFor);
  const currentLivePage = livePublicPages(config, publicQuery);
  const publicPage = publicPageFiles(clientDist, config.appUrl);
  // The app's page paths, from its route tree; without them (an older build) every path is one.
  const isAppPage = (hasClient && builtRouteMatcher(clientDist)) || (() => true);

  // Extension-less GETs outside the API are pages: the prerendered HTML where there is one
  // (drawn again with today's data for a page that shows what staff change: live-public-pages.ts),
  // the customer's first screens rendered with their data for a signed-in request
  // (signed-in-pages.ts), the app shell otherwise (the client's router takes it from there).
  async function servePage(req: FastifyRequest, reply: FastifyReply) {
    const urlPath = req.url.split('?')[0]!;
    const isPage = req.method === 'GET' && !API_PATH.test(urlPath) && !path.extname(urlPath);
    if (isPage && hasClient && !isAppPage(urlPath)) {
      // Not a page of the app: the not-found page (the shell, whose router shows it) with a 404.
      return reply.status(404).header('cache-control', 'no-cache').sendFile(APP_SHELL_FILE);
    }
    if (isPage && hasClient && isServerRenderedPage(urlPath)) {
      // The same URL answers each person differently: private, never stored, by cookie.
      reply.headers(SIGNED_IN_PAGE_HEADERS);
      const html = await renderSignedIn(req, reply, pageFile(urlPath, appShells));
      if (html !== null) return reply.type('text/html; charset=utf-8').send(html);
      return reply.sendFile(pageFile(urlPath, appShells));
    }
    if (isPage && hasClient && isLivePublicPage(urlPath)) {
      const live = await currentLivePage(req, urlPath);
      if (live) {
        reply.header('cache-control', 'no-cache').header('etag', live.etag);
        if (req.headers['if-none-match'] === live.etag) return reply.status(304).send();
        return reply.type('text/html; charset=utf-8').send(live.html);
      }
    }
    const prerendered = PRERENDERED.get(normalizePath(urlPath));
    if (isPage && hasClient && prerendered) return sendPreparedPage(req, reply, await publicPage(prerendered));
    const previewedAs = PREVIEWED_AS.find(([pattern]) => pattern.test(urlPath))?.[1];
    if (isPage && hasClient && previewedAs)
      return sendPreparedPage(req, reply, await publicPage(PRERENDERED.get(previewedAs)!, { fromShell: true }));
    if (isPage && hasClient) return reply.header('cache-control', 'no-cache').sendFile(pageFile(urlPath, appShells));
    if (isPage) {
      return reply
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><meta charset="utf-8"><p>El cliente no está compilado: ejecuta <code>npm run build</code>.</p>',
        );
    }
    return reply.status(404).send({ error: GENERIC_MESSAGES.notFound });
  }

  // The pages drawn per request are routes of their own: @fastify/compress compresses a route's
  // answer, not the not-found handler's (their HTML, with its inlined CSS, went out uncompressed).
  if (hasClient) for (const page of [...SERVER_RENDERED_PAGES, ...LIVE_PUBLIC_PAGE_PATHS]) app.get(page, servePage);
  app.setNotFoundHandler(servePage);
}
