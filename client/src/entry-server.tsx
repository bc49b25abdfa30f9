// Build-time prerender of the public pages (client/scripts/prerender.mjs imports the bundle
// Vite builds from this file). Same providers and routes as the browser, with a memory history
// at the page's URL and a visitor who is not signed in.
import { renderToString } from 'react-dom/server';
import { createMemoryHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { observable } from '@trpc/server/observable';
import { App } from './app';
import { drawOnPhone } from './lib/screen';
import { createQueryClient, trpc, type AppRouter } from './lib/trpc';
import { singleQueryHref, type ServerData } from './lib/first-data';
import { createAppRouter, type ClientRouter } from './router';

import { PRERENDERED_PAGES } from '@casillero/shared';

export {
  APP_SHELL_FILE,
  BRAND_NAME,
  EARLY_TAP_SCRIPT,
  OG_CARD,
  ROUTE_PATHS_FILE,
  ogCardFile,
  pageTitle,
  PAGE_PART_HEADER,
  PAGE_REST,
  PAGE_STARTS_CACHE_PREFIX,
  PRERENDERED_PAGES,
  PUBLIC_PAGE_DESCRIPTIONS,
  PUBLIC_PAGE_TITLES,
  SERVER_DATA_ID,
  SERVER_RENDERED_PAGES,
  WORKER_JOINED_PAGES,
  appShellFile,
  pageOfflineRestFile,
  pageStartFile,
  splitPage,
} from '@casillero/shared';
export { criticalCssInliner } from './lib/critical-css';

type HeadTag = { title?: string; name?: string; property?: string; content?: string };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page's title and meta tags, from its routes' `head` (the innermost route wins). */
function headHtml(tags: HeadTag[]): string {
  const title = tags.findLast((t) => t.title)?.title;
  const metas = new Map<string, HeadTag>();
  for (const tag of tags) {
    const key = tag.name ? `name:${tag.name}` : tag.property ? `property:${tag.property}` : null;
    if (key && tag.content !== undefined) metas.set(key, tag);
  }
  return [
    title ? `<title>${escapeHtml(title)}</title>` : '',
    ...[...metas.values()].map((t) =>
      t.name
        ? `<meta name="${escapeHtml(t.name)}" content="${escapeHtml(t.content!)}" />`
        : `<meta property="${escapeHtml(t.property!)}" content="${escapeHtml(t.content!)}" />`,
    ),
  ]
    .filter(Boolean)
    .join('\n    ');
}

/** The page's markup (its title and meta tags taken out) and its head, once its routes are loaded. */
function renderLoaded(router: ClientRouter, queryClient: QueryClient, onPhone = false): { html: string; head: string } {
  // React writes the routes' <title> and <meta> (HeadContent) where they are rendered; the
  // prerender puts them in <head> instead (headHtml), and the browser's React hoists its own.
  drawOnPhone(onPhone);
  const html = renderToString(<App router={router} queryClient={queryClient} />).replace(
    /<title>[\s\S]*?<\/title>|<meta [^>]*>/g,
    '',
  );
  const tags = router.state.matches.flatMap((match) => (match.meta ?? []) as HeadTag[]);
  return { html, head: headHtml(tags) };
}

/**
 * `routeIds`: the page's routes, root first, so the prerender can link their code and CSS.
 * `answers`: what some of the page's public queries answer now (`[procedure path, answer]`), for a
 * page the server renders again when they change (`liveQueries` in shared/src/public-pages.ts):
 * the page is drawn with them, and `data` carries them for the browser to hydrate with.
 */
export async function render(
  url: string,
  answers: readonly [path: string, answer: unknown][] = [],
): Promise<{ html: string; head: string; routeIds: string[]; data: string }> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(trpc.auth.me.queryKey(), { user: null });
  const answered = answers.map(([path, answer]): ServerData[1] => {
    const procedure = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], trpc) as {
      queryKey(): readonly unknown[];
    };
    const queryKey = procedure.queryKey();
    queryClient.setQueryData(queryKey, answer);
    return [queryKey, answer];
  });
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  if (router.state.matches.length === 0)
    throw new Error(`${url}: ninguna ruta coincide (¿faltan parámetros de búsqueda?)`);
  const failed = router.state.matches.find((match) => match.status !== 'success');
  if (failed) throw new Error(`${url}: la ruta ${failed.routeId} quedó en estado ${failed.status}`);
  return {
    ...renderLoaded(router, queryClient),
    routeIds: router.state.matches.map((match) => match.routeId),
    data: serverDataJson([url, ...answered]),
  };
}

/** The page's data as the text of its <script type="application/json">: no `<` may close the element or open a comment. */
function serverDataJson(data: ServerData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Answers a query in the server's own process (the server passes it; its session is the request's). */
export type ServerQuery = (path: string, input: unknown) => Promise<unknown>;

/**
 * A signed-in page rendered on the server for one request (docs/decisions/033): the same
 * routes and components as the browser, with a query client of its own and a tRPC client whose
 * every query is `query` (the procedures called in-process with the request's session). Its
 * loaders fill the cache, the page renders, and the answers go in the page (`data`, JSON safe
 * inside a <script>) so the browser hydrates with exactly them. Null when the page does not
 * render as itself (no session: the guard redirects; a loader failed): the server sends the
 * plain app shell instead. `onPhone`: the server's guess of the layout the browser will draw.
 */
export async function renderSignedIn(
  url: string,
  query: ServerQuery,
  onPhone = false,
): Promise<{ html: string; head: string; data: string } | null> {
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        if (op.type !== 'query') {
          observer.error(TRPCClientError.from(new Error(`${op.path}: solo consultas`)));
          return;
        }
        query(op.path, op.input).then(
          (data) => {
            observer.next({ result: { type: 'data', data } });
            observer.complete();
          },
          (cause: unknown) =>
            observer.error(TRPCClientError.from(cause instanceof Error ? cause : new Error(String(cause)))),
        );
      });
  const queryClient = createQueryClient();
  // A failed query is not tried again here: the page falls back to the shell at once.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const api = createTRPCOptionsProxy<AppRouter>({
    client: createTRPCClient<AppRouter>({ links: [link] }),
    queryClient,
  });
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  // Its loaders call the procedures in-process, with this request's session.
  router.update({ ...router.options, context: { queryClient, trpc: api } });
  await router.load();
  // A loader may start a query without waiting for it (a list's page beside its counts, so the
  // browser asks for both at once): the page is drawn with its answer all the same.
  await Promise.allSettled(
    queryClient
      .getQueryCache()
      .getAll()
      .map((q) => q.promise),
  );
  // A guard's redirect (no session) moves the memory history elsewhere: not this page.
  const { matches, location } = router.state;
  if (location.pathname !== url.split('?')[0]) return null;
  if (matches.length === 0 || matches.some((match) => match.status !== 'success')) return null;
  const page = renderLoaded(router, queryClient, onPhone);
  const data: ServerData = [
    url,
    ...queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'success')
      .map((q): ServerData[1] => [q.queryKey, q.state.data]),
  ];
  return { ...page, data: serverDataJson(data) };
}

/**
 * Every page the browser renders itself (the signed-in areas and the rest that is not
 * prerendered), with its routes, root first: each gets an app shell of its own.
 */
export function appShellPages(): { path: string; routeIds: string[] }[] {
  const router = createAppRouter(createQueryClient(), createMemoryHistory({ initialEntries: ['/'] }));
  const prerendered = new Set<string>(PRERENDERED_PAGES.map((page) => page.path));
  return Object.keys(router.routesByPath)
    .map((fullPath) => (fullPath.length > 1 ? fullPath.replace(/\/$/, '') : fullPath))
    .filter((path) => !path.includes('$') && !prerendered.has(path))
    .map((path) => ({ path, routeIds: router.matchRoutes(path).map((match) => match.routeId) }));
}

/**
 * Every path of the route tree as the router writes it ('/', '/rastreo/$numero', '/dashboard/$'),
 * for the server to tell a page of the app from an unknown URL (scripts/prerender.mjs writes
 * them beside this bundle).
 */
export function routePaths(): string[] {
  const router = createAppRouter(createQueryClient(), createMemoryHistory({ initialEntries: ['/'] }));
  return Object.keys(router.routesByPath).sort();
}

type RecordedQuery = { queryKey: readonly unknown[] };
type RouteHooks = {
  beforeLoad?: (ctx: unknown) => unknown;
  loader?: (ctx: unknown) => unknown;
  loaderDeps?: (opts: { search: unknown }) => unknown;
  validateSearch?: unknown;
};

/**
 * The addresses of the queries a page's routes start at its plain URL (no search params), in
 * the order the router starts them (every beforeLoad, root first, then the loaders), for its app
 * shell to preload (lib/first-data.ts): the session the guards ask for, then the page's data.
 * Each hook runs against a query client that only notes what is asked and never answers, so a
 * query that waits for another's answer is not listed (it could not be preloaded either).
 */
export async function firstQueries(path: string): Promise<string[]> {
  const hrefs: string[] = [];
  const note = (options: RecordedQuery) => {
    const [procedure, meta] = options.queryKey as [string[], { input?: unknown; type?: string } | undefined];
    if (meta?.type === 'query') hrefs.push(singleQueryHref(procedure.join('.'), meta.input));
    return new Promise<never>(() => {});
  };
  const recorder = { ensureQueryData: note, prefetchQuery: note, fetchQuery: note, getQueryData: () => undefined };
  const router = createAppRouter(createQueryClient(), createMemoryHistory({ initialEntries: [path] }));
  const routes = router.matchRoutes(path).map((match) => {
    const options = router.routesById[match.routeId as keyof typeof router.routesById].options as RouteHooks;
    const search = typeof options.validateSearch === 'function' ? options.validateSearch({}) : {};
    const context = { queryClient: recorder, trpc };
    const location = { pathname: path, href: path, search: {} };
    return {
      options,
      args: {
        context,
        search,
        location,
        params: {},
        deps: options.loaderDeps?.({ search }) ?? {},
        abortController: new AbortController(),
      },
    };
  });
  const run = (hook: ((ctx: unknown) => unknown) | undefined, args: unknown) => {
    if (typeof hook !== 'function') return;
    try {
      void Promise.resolve(hook(args)).catch(() => undefined);
    } catch {
      // A hook that needs what the recorder cannot give (the signed-in user): what it asked for so far is kept.
    }
  };
  for (const { options, args } of routes) run(options.beforeLoad, args);
  for (const { options, args } of routes) run(options.loader, args);
  // Hooks that await something first (Promise.all of the queries) have noted them by now.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return [...new Set(hrefs)];
}
