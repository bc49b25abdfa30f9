// Only the Mantine styles the public pages use; the signed-in areas bring the rest (AreaShell).
import './styles/mantine-public';
// Our theme's CSS variables, written at build time (vite.config.ts), so MantineProvider need not.
import 'virtual:mantine-theme.css';

import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import dayjs from 'dayjs';
import { SERVER_DATA_ID } from '@casillero/shared';
import 'dayjs/locale/es';
import { App } from './app';
import { holdEarlyInput } from './lib/early-input';
import { markHydrated } from './lib/hydrated';
import { registerServiceWorker } from './lib/service-worker';
import { queryClient } from './lib/trpc';
import type { ServerData } from './lib/first-data';
import { createAppRouter } from './router';

dayjs.locale('es');

const router = createAppRouter(queryClient);
const container = document.getElementById('root')!;
/** After React's first commit the page answers taps: marked for the browser tests, which wait for it. */
const markReady = () => {
  document.documentElement.dataset.ready = '';
};
const app = (onReady: () => void = markReady) => <App router={router} queryClient={queryClient} onReady={onReady} />;

/**
 * The URL this page's HTML was rendered at (prerendered, or by the server with the customer's
 * data, which goes into the cache here), if any.
 */
function renderedUrl(): string | null {
  const rendered = document.getElementById(SERVER_DATA_ID)?.textContent;
  if (!rendered) return null;
  const [href, ...queries] = JSON.parse(rendered) as ServerData;
  for (const [key, value] of queries) queryClient.setQueryData(key, value);
  return href;
}

/**
 * A render from scratch waits for the page's route to load (its session check and its first
 * data, which an app shell's HTML preloads) for at most as long as the router would show nothing
 * anyway before its pending spinner: one render with the page's content instead of an empty one
 * followed by the real one, which on a phone's CPU costs a tenth of a second.
 */
function routeLoadedOrPendingShown(): Promise<unknown> {
  const loaded = router.load().catch(() => undefined);
  const pendingMs = router.options.defaultPendingMs ?? 0;
  return Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, pendingMs))]);
}

const pathOf = (href: string) => new URL(href, window.location.origin).pathname;

/**
 * A prerendered public page (its HTML already on screen) is hydrated once its route is loaded,
 * so the first render matches that HTML. The same page at another query string (/registro
 * ?type=china, prerendered as /registro?type=usa) is drawn from scratch, and what was typed
 * into the prerendered form is typed into the new one. Any other start renders from scratch:
 * the app shell, or a page the visitor is sent away from (a signed-in visitor on /login).
 */
async function start() {
  const rendered = container.hasChildNodes() ? renderedUrl() : null;
  if (!rendered || pathOf(rendered) !== window.location.pathname) {
    await routeLoadedOrPendingShown();
    container.replaceChildren();
    // Nothing was typed into a page the app draws from scratch: it has the page at once.
    markHydrated();
    createRoot(container).render(app());
    return;
  }
  const captureEarlyInput = holdEarlyInput(container);
  await router.load().catch(() => undefined);
  // Only the same page takes back what was typed (not one the router sent the visitor to).
  const samePage = router.state.location.pathname === pathOf(rendered);
  const restoreEarlyInput = captureEarlyInput(samePage);
  const onReady = () => {
    markReady();
    restoreEarlyInput();
  };
  if (router.state.location.href === rendered) {
    // The router renders its root without a Suspense boundary when it knows the page came from
    // a server render, as the prerender did; without this the trees differ and React re-renders.
    router.ssr = { manifest: undefined };
    hydrateRoot(container, app(onReady));
  } else {
    // Drawn in one go, so nothing typed falls between the old form and the new one.
    container.replaceChildren();
    const root = createRoot(container);
    flushSync(() => root.render(app(onReady)));
  }
}

// The service worker registers once the app is on screen (decision 015).
registerServiceWorker(start());
