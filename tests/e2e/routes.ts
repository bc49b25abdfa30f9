// The app's screens as the router knows them, for tests that visit every one.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/server-process';

/** Every route without a parameter, from the router's generated tree; '/x/' and '/x' once. */
export function appRoutes(): string[] {
  const tree = fs.readFileSync(path.join(REPO_ROOT, 'client/src/routeTree.gen.ts'), 'utf8');
  const fullPaths = /fullPaths:([^;]*?)\n\s*fileRoutesByTo/s.exec(tree)?.[1] ?? '';
  const paths = [...fullPaths.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
  const unique = new Set(paths.map((p) => (p.length > 1 ? p.replace(/\/$/, '') : p)));
  return [...unique].filter((p) => !p.includes('$')).sort();
}

/** The routes under `prefix` ('/admin', '/dashboard'). */
export function routesUnder(prefix: string): string[] {
  return appRoutes().filter((p) => p === prefix || p.startsWith(`${prefix}/`));
}

/** The routes a visitor opens without signing in: everything outside the customer, staff and ally areas. */
export function publicRoutes(): string[] {
  return appRoutes().filter((p) => !/^\/(admin|dashboard|aliado)(\/|$)/.test(p));
}
