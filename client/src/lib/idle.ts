// "Once the page has loaded and gone quiet": when background work (installing the service
// worker, fetching the code of dialogs not yet opened) may start without competing with the
// first paint, the hydration or the page's first data on a phone's slow connection.

import { useEffect, useState } from 'react';

/** After the load event, how long to wait at most for the page to go idle. */
const IDLE_WAIT_MAX_MS = 5_000;
/** Where requestIdleCallback is missing (Safari): a plain delay after the load event. */
const IDLE_WAIT_FALLBACK_MS = 2_000;

export function whenLoadedAndIdle(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MAX_MS });
      else setTimeout(resolve, IDLE_WAIT_FALLBACK_MS);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
}

/** Becomes true once the page has loaded and gone idle (never while `enabled` is false). */
export function useLoadedAndIdle(enabled = true): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    void whenLoadedAndIdle().then(() => {
      if (!cancelled) setIdle(true);
    });
    return () => {
      cancelled = true;
    };
  }, [enabled]);
  return idle;
}
