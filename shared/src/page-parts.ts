// A page the server renders with the customer's data, in the two parts the service worker joins
// on a repeat visit (docs/decisions/033-server-rendered-signed-in-pages.md): the start, the same for
// every customer (the document's head up to public/boot.js: its stylesheets, icons and the
// script that starts the app), which the worker keeps and sends at once; and the rest (the
// page's title and description, its markup with the customer's data, its scripts), which the
// worker asks the server for and passes on as it arrives. Nothing of the rest is ever stored.
import { SERVER_RENDERED_PAGES } from './public-pages';

/**
 * The request header with which the worker asks for a page's rest alone (its value
 * `PAGE_REST`), and the server answers with the part after the start.
 */
export const PAGE_PART_HEADER = 'casillero-page-part';
export const PAGE_REST = 'rest';

/** The customer's pages the worker joins from their two parts (the staff's work at a desk). */
export const WORKER_JOINED_PAGES: readonly string[] = SERVER_RENDERED_PAGES.filter((page) =>
  page.startsWith('/dashboard/'),
);

/** The name of the worker's cache of the starts, before the hash of what it holds. */
export const PAGE_STARTS_CACHE_PREFIX = 'casillero-page-starts-';

/** The start the build writes for each joined page (beside its app shell, app/dashboard/….html). */
export const pageStartFile = (page: string) => `app${page}.start.html`;
/** Its app shell's rest, for a visit without a connection. */
export const pageOfflineRestFile = (page: string) => `app${page}.offline-rest.html`;

const BOOT_SCRIPT = '<script defer src="/boot.js"></script>';
/**
 * What belongs to one page in a head: its title, description and Open Graph tags, and the
 * preloads of its code and data. The rest of the head (charset, viewport, stylesheets, icons,
 * manifest, public/boot.js) is the same for every page built from one shell.
 */
const PAGE_OWN_HEAD_TAGS =
  /\s*(?:<title>[\s\S]*?<\/title>|<meta name="description"[^>]*>|<meta property="og:[^>]*>|<link rel="(?:modulepreload|preload)"[^>]*>)/g;

/**
 * A page's HTML as its start (up to public/boot.js, without what belongs to the page) and its
 * rest (what belongs to the page, then everything after public/boot.js); null for a page
 * without public/boot.js. `start + rest` is the same document, with the page's own head tags
 * after the common ones.
 */
export function splitPage(html: string): { start: string; rest: string } | null {
  const at = html.indexOf(BOOT_SCRIPT);
  if (at < 0 || at > html.indexOf('</head>')) return null;
  const cut = at + BOOT_SCRIPT.length;
  const head = html.slice(0, cut);
  const own = head.match(PAGE_OWN_HEAD_TAGS) ?? [];
  return { start: head.replace(PAGE_OWN_HEAD_TAGS, ''), rest: own.join('') + html.slice(cut) };
}

const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*>\n?/g;
/** Where a page keeps its module preloads until public/boot.js (which names it too) adds them. */
export const APP_PRELOADS_ID = 'app-preloads';

/**
 * A page drawn with its content: its module preloads leave its <head> for a <template> at the
 * end of the <body>, which the browser leaves alone until public/boot.js adds them after the
 * first frame, the app's entry (marked data-app-entry) first:
 * - a browser asks for what it reads first, and a slow connection is shared by every download at
 *   once: linked in the head, a dozen scripts (some 200 KB) took the bandwidth from the rest of
 *   the HTML, whose words are what the first paint shows;
 * - each request costs the phone's main thread time before that frame: some twenty of them took
 *   about a second on the benchmark's phone, on a repeat visit whose files were all at hand;
 * - on a repeat visit the service worker hands over the entry (570 KB of JavaScript) at once, and
 *   the browser compiles it while it parses the page: linked at the end of the <body>, that
 *   compilation took a core from the page's first frame, which came some 20 ms later
 *   (docs/decisions/014-prerendered-and-compressed.md).
 */
export function preloadsAfterContent(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0 || !html.includes('</body>')) return html;
  const links = (html.slice(0, headEnd).match(MODULE_PRELOAD) ?? []).map((link) => link.trim());
  if (links.length === 0) return html;
  const entryFirst = [
    ...links.filter((link) => link.includes('data-app-entry')),
    ...links.filter((link) => !link.includes('data-app-entry')),
  ];
  const atEnd = `<template id="${APP_PRELOADS_ID}">${entryFirst.join('')}</template>`;
  const head = html.slice(0, headEnd).replace(MODULE_PRELOAD, '');
  const rest = html.slice(headEnd);
  const bodyEnd = rest.lastIndexOf('</body>');
  return `${head}${rest.slice(0, bodyEnd)}${atEnd}${rest.slice(bodyEnd)}`;
}
