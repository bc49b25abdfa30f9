// Which page paths the web client has (docs/decisions/035-link-previews-and-not-found.md): the
// build writes its route tree's paths beside the server bundle ('/rastreo/$numero',
// '/dashboard/$'), and a page path none of them matches is answered with 404 and the
// not-found page, not with the app and 200.
import fs from 'node:fs';
import path from 'node:path';
import { ROUTE_PATHS_FILE } from '@casillero/shared';
import { serverBundlePath } from './server-bundle';

/**
 * Whether a URL path matches one of the router's paths, as TanStack Router matches them: a
 * `$name` segment takes any one segment, a final `$` the rest of the path, others match
 * without regard to case; a trailing slash is the same page.
 */
export function routeMatcher(routePaths: readonly string[]): (urlPath: string) => boolean {
  const patterns = routePaths.map((routePath) => routePath.split('/').filter(Boolean));
  return (urlPath) => {
    const segments = urlPath.split('/').filter(Boolean);
    return patterns.some((pattern) => {
      for (const [i, part] of pattern.entries()) {
        if (part === '$') return true;
        const segment = segments[i];
        if (segment === undefined) return false;
        if (!part.startsWith('$') && part.toLowerCase() !== segment.toLowerCase()) return false;
      }
      return segments.length === pattern.length;
    });
  };
}

/** The route paths file of a build (client/dist-ssr beside client/dist). */
export const routePathsFile = (clientDist: string) =>
  path.join(path.dirname(serverBundlePath(clientDist)), ROUTE_PATHS_FILE);

/**
 * The matcher of the built client's routes; null when the build wrote no route paths (an older
 * build): every page path is then the app's, as before.
 */
export function builtRouteMatcher(clientDist: string): ((urlPath: string) => boolean) | null {
  const file = routePathsFile(clientDist);
  if (!fs.existsSync(file)) return null;
  const paths: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string'))
    throw new Error(`${file}: no es una lista de rutas`);
  return routeMatcher(paths);
}
