// Only the Mantine styles the public pages use; the signed-in areas bring the rest (AreaShell).
import './styles/mantine-public';

import { createRoot, hydrateRoot } from 'react-dom/client';
import dayjs from 'dayjs';
import { PRERENDERED_PAGES } from '@casillero/shared';
import 'dayjs/locale/es';
import { App } from './app';
import { holdEarlyInput } from './lib/early-input';
import { registerServiceWorker } from './lib/service-worker';
import { queryClient } from './lib/trpc';
import { createAppRouter } from './router';

dayjs.locale('es');

const router = createAppRouter(queryClient);
const container = document.getElementById('root')!;
const app = (onReady?: () => void) => <App router={router} queryClient={queryClient} onReady={onReady} />;

/** The URL this page was prerendered at, when the browser is at exactly that URL. */
function prerenderedUrl(): string | null {
  const here = window.location.pathname + window.location.search;
  const page = PRERENDERED_PAGES.find((p) => (p.renderUrl ?? p.path) === here);
  return page ? here : null;
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
    hydrateRoot(container, app(restoreEarlyInput));
  } else {
    container.replaceChildren();
    createRoot(container).render(app());
  }
}

// The service worker registers once the app is on screen (decision 015).
registerServiceWorker(start());
