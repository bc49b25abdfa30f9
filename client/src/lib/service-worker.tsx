// Registers the service worker that client/scripts/build-service-worker.mjs writes, and keeps the
// page from running a stale version after a deployment (docs/decisions/015-service-worker.md).
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Workbox } from 'workbox-window';
import { whenLoadedAndIdle } from './idle';

const UPDATE_NOTIFICATION_ID = 'service-worker-update';
/** When the page last reloaded itself because a file of its version was missing. */
const CHUNK_RELOAD_KEY = 'casillero:chunk-reload-at';
/** A second missing file this soon after such a reload is not a stale version: let the error show. */
const CHUNK_RELOAD_GUARD_MS = 10_000;
/** An installed app can stay open for days without a navigation: look for a new version when it comes back to the foreground, at most this often. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * In production builds: recovers from a lazy chunk that a new deployment removed (from now on),
 * and registers /sw.js once `appStarted` has settled (the first render or hydration), the page
 * has loaded and it has gone idle. When a new worker takes control of an open page, offers a
 * reload instead of forcing one (the user may be typing in a form).
 */
export function registerServiceWorker(appStarted: Promise<unknown> = Promise.resolve()): void {
  if (!import.meta.env.PROD) return;
  window.addEventListener('vite:preloadError', reloadOnceForMissingChunk);
  if (!('serviceWorker' in navigator)) return;

  const workbox = new Workbox('/sw.js');
  let hadController = Boolean(navigator.serviceWorker.controller);
  workbox.addEventListener('activated', (event) => {
    if (!event.isUpdate) cacheLoadedAssets(workbox);
  });
  workbox.addEventListener('controlling', () => {
    // The first worker taking control after a first visit changes nothing the user sees.
    if (hadController) showUpdateNotification();
    hadController = true;
  });
  // Installing downloads the precache: not before the app has rendered and the page has loaded
  // and gone quiet, so it never competes with the first paint, the hydration or the first data.
  void appStarted
    .catch(() => undefined)
    .then(whenLoadedAndIdle)
    .then(() => workbox.register({ immediate: true }))
    .catch(() => {
      // Not installable here (private mode, blocked by the browser): the site works without it.
    });

  let lastUpdateCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastUpdateCheck < UPDATE_CHECK_INTERVAL_MS) return;
    lastUpdateCheck = Date.now();
    void workbox.update().catch(() => undefined);
  });
}

/**
 * On a first visit the page loaded its code before the worker existed. Once the worker is active,
 * it puts those files in its cache (Workbox's CACHE_URLS message; they come from the browser's
 * HTTP cache, nothing is downloaded again), so the next visit gets every file from the worker's
 * cache at once instead of the worker fetching each one on that visit: on a slowed phone CPU
 * ~0.1 s sooner on screen (decision 015).
 */
function cacheLoadedAssets(workbox: Workbox) {
  const urlsToCache = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.href);
  if (urlsToCache.length === 0) return;
  void workbox.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache } }).catch(() => undefined);
}

function showUpdateNotification() {
  notifications.show({
    id: UPDATE_NOTIFICATION_ID,
    title: 'Hay una nueva versión',
    message: (
      <>
        Actualiza la página para usar la versión más reciente. Si estás llenando un formulario, termínalo primero.
        <Button size="xs" mt="xs" display="block" onClick={() => window.location.reload()}>
          Actualizar
        </Button>
      </>
    ),
    autoClose: false,
    withCloseButton: true,
  });
}

/**
 * A lazy chunk failed to load. Online, the usual cause is a deployment that replaced the files
 * of the version this page runs: reloading gets the new version. Offline, reloading cannot help
 * and the route shows its connection error instead.
 */
function reloadOnceForMissingChunk(event: Event) {
  if (!navigator.onLine) return;
  try {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
    if (Date.now() - last < CHUNK_RELOAD_GUARD_MS) return;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  } catch {
    // No session storage (blocked by the browser): without the guard a reload could loop.
    return;
  }
  event.preventDefault();
  window.location.reload();
}
