// The client's server bundle (client/dist-ssr/entry-server.js, built with the prerender): the
// browser's own routes and components, for the pages the server renders per request.
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
