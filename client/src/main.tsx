// Only the Mantine styles the public pages use; the signed-in areas bring the rest (AreaShell).
import './styles/mantine-public';
// Our theme's CSS variables, written at build time (vite.config.ts), so MantineProvider need not.
import 'virtual:mantine-theme.css';

import { createRoot, hydrateRoot } from 'react-dom/client';
import dayjs from 'dayjs';
import { SERVER_DATA_ID } from '@casillero/shared';
import 'dayjs/locale/es';
import { App } from './app';
import { holdEarlyInput } from './lib/early-input';
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
 * data, which goes into the cache here), when the browser is at exactly that URL.
 */
function prerenderedUrl(): string | null {
  const rendered = document.getElementById(SERVER_DATA_ID)?.textContent;
  if (!rendered) return null;
  const [href, ...queries] = JSON.parse(rendered) as ServerData;
  for (const [key, value] of queries) queryClient.setQueryData(key, value);
  return href === window.location.pathname + window.location.search ? href : null;
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

/**
 * A prerendered public page (its HTML already on screen) is hydrated once its route is loaded,
 * so the first render matches that HTML. Any other start renders from scratch: the app shell,
 * a URL the prerender did not render (another query string), or a page the visitor is sent
 * away from (a signed-in visitor on /login).
 */
async function start() {
  const prerendered = container.hasChildNodes() ? prerenderedUrl() : null;
  if (!prerendered) {
    await routeLoadedOrPendingShown();
    container.replaceChildren();
    createRoot(container).render(app());
    return;
  }
  const captureEarlyInput = holdEarlyInput(container);
  await router.load().catch(() => undefined);
  const restoreEarlyInput = captureEarlyInput();
  if (router.state.location.href === prerendered) {
    // The router renders its root without a Suspense boundary when it knows the page came from
    // a server render, as the prerender did; without this the trees differ and React re-renders.
    router.ssr = { manifest: undefined };
    hydrateRoot(
      container,
      app(() => {
        markReady();
        restoreEarlyInput();
      }),
    );
  } else {
    container.replaceChildren();
    createRoot(container).render(app());
  }
}

// The service worker registers once the app is on screen (decision 015).
registerServiceWorker(start());
