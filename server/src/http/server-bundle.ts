// The client's server bundle (client/dist-ssr/entry-server.js, built with the prerender): the
// browser's own routes and components, for the pages the server renders per request.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

/** What client/src/entry-server.tsx exports for the server; a stand-in bundle may export one of them. */
export type ServerBundle = Partial<{
  /** A signed-in page with the customer's data (signed-in-pages.ts). */
  renderSignedIn(
    url: string,
    query: (path: string, input: unknown) => Promise<unknown>,
    onPhone: boolean,
  ): Promise<{ html: string; head: string; data: string } | null>;
  /** A public page, drawn with what its live queries answer now (live-public-pages.ts). */
  render(url: string, answers: readonly [string, unknown][]): Promise<{ html: string; head: string; data: string }>;
  /** Inlines a page's critical CSS from the build's compiled plans (client/src/lib/critical-css.ts). */
  criticalCssInliner(plans: unknown[]): (html: string) => string;
}>;

/** The client's server bundle, beside the built client (client/dist → client/dist-ssr). */
export const serverBundlePath = (clientDist: string) =>
  path.join(path.dirname(clientDist), 'dist-ssr', 'entry-server.js');

/** The bundle, imported once on first use; null (and said once in the log) when it is missing or broken. */
export function lazyServerBundle(clientDist: string) {
  const bundle = serverBundlePath(clientDist);
  let loaded: Promise<ServerBundle | null> | undefined;
  return (log: FastifyBaseLogger): Promise<ServerBundle | null> => {
    loaded ??= import(pathToFileURL(bundle).href).then(
      (module: ServerBundle) => module,
      (err: unknown) => {
        log.warn({ err, bundle }, 'Sin render en el servidor: falta el bundle del cliente');
        return null;
      },
    );
    return loaded;
  };
}

/** The stylesheets' compiled plans, written beside the bundle by the build (client/scripts/critical-css.mjs). */
const criticalCssPath = (clientDist: string) =>
  path.join(path.dirname(serverBundlePath(clientDist)), 'critical-css.json');

/** What a page without inlined critical CSS goes out as: itself. */
const asItIs = (html: string) => html;

/**
 * The function that inlines a rendered page's critical CSS, made once on first use; without the
 * bundle's inliner or the plans (an older build), pages go out as they are, their stylesheets
 * linked as before.
 */
export function lazyCriticalCss(loadBundle: ReturnType<typeof lazyServerBundle>, clientDist: string) {
  let inliner: Promise<(html: string) => string> | undefined;
  return (log: FastifyBaseLogger): Promise<(html: string) => string> => {
    inliner ??= loadBundle(log).then(async (bundle) => {
      if (typeof bundle?.criticalCssInliner !== 'function') return asItIs;
      try {
        const plans = JSON.parse(await fs.promises.readFile(criticalCssPath(clientDist), 'utf8')) as unknown[];
        return bundle.criticalCssInliner(plans);
      } catch (err) {
        log.warn({ err }, 'Sin CSS crítico en las páginas renderizadas: faltan sus planes');
        return asItIs;
      }
    });
    return inliner;
  };
}
