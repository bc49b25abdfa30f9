// The app while the server cannot serve (docs/decisions/017-production-build-and-operations.md):
// every call to the API answers 503 "Servicio no disponible, intenta de nuevo en unos segundos."
// with Retry-After, as the server answers while its database cannot be reached
// (server/src/http/database-outage.test.ts checks that answer with a real PostgreSQL cut off; the
// browser tests run on the embedded database, so here the browser's calls get that answer).
// The person sees a wait that mends itself, not "Algo salió mal" nor "Sesión no válida", and the
// page loads by itself once the server answers again.
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  AUTH_MESSAGES,
  GENERIC_MESSAGES,
  OFFLINE_MESSAGES,
  SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS,
} from '@casillero/shared';
import { DEMO, signIn, useBrowserSession } from './session';
import { chromiumOrExplain } from './browser';
import { withScreenshotOnFailure } from './screens';

const chromium = chromiumOrExplain();
const API = '**/trpc/**';

/** The server's answer to a tRPC request while its database cannot be reached: one error per call of a batch. */
function unavailableAnswer(requestUrl: string) {
  const url = new URL(requestUrl);
  const paths = decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
  const error = (path: string) => ({
    error: {
      message: GENERIC_MESSAGES.serviceUnavailable,
      code: -32603,
      data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, path },
    },
  });
  return {
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS) },
    body: JSON.stringify(url.searchParams.get('batch') === '1' ? paths.map(error) : error(paths[0]!)),
  };
}

describe.skipIf(!chromium)('servicio no disponible', () => {
  const session = useBrowserSession(chromium);
  let page: Page | undefined;
  afterEach(async () => {
    await page?.unroute(API);
  });

  it('una página que no puede cargar dice "Servicio no disponible", no un error, y carga sola cuando el servidor vuelve', async () => {
    // The service worker stays out: the page's own requests are the ones answered 503.
    page = await session.newPage({ serviceWorkers: 'block' });
    await withScreenshotOnFailure(page, 'servicio-no-disponible', async () => {
      await signIn(page!, session.url(), DEMO.customer, DEMO.password);
      await page!.waitForURL((u) => u.pathname.startsWith('/dashboard'));

      let refused = 0;
      await page!.route(API, (route) => {
        refused++;
        return route.fulfill(unavailableAnswer(route.request().url()));
      });
      await page!.goto(`${session.url()}/dashboard/mi-perfil`);
      await page!.getByRole('heading', { name: GENERIC_MESSAGES.serviceUnavailableTitle }).waitFor();
      await page!.getByText(GENERIC_MESSAGES.serviceUnavailable).waitFor();
      expect(await page!.getByRole('button', { name: OFFLINE_MESSAGES.retry }).isVisible()).toBe(true);
      expect(await page!.getByText('Algo salió mal').count()).toBe(0);
      expect(await page!.getByText(AUTH_MESSAGES.invalidSession).count()).toBe(0);
      expect(refused).toBeGreaterThan(0);

      // It keeps trying by itself while the server refuses…
      const before = refused;
      await expect.poll(() => refused, { timeout: 20_000 }).toBeGreaterThan(before);
      // …and once the server answers again the page appears without a tap.
      await page!.unroute(API);
      await page!.getByRole('heading', { name: 'Mi Perfil' }).waitFor({ timeout: 30_000 });
      expect(await page!.getByText(GENERIC_MESSAGES.serviceUnavailableTitle).count()).toBe(0);
    });
  });
});
