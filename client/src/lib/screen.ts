// The screen sizes the layout switches on, read the way Mantine's own props read them.
import { useCallback, useSyncExternalStore } from 'react';
import { em, getBreakpointValue, useMantineTheme } from '@mantine/core';

let serverDrawsPhone = false;

/**
 * The layout the server draws a page in (its guess from the request, server/src/http/signed-in-pages.ts):
 * set by entry-server.tsx just before its render, which is synchronous, so one request's guess
 * never reaches another's page. The prerendered public pages are drawn as on a desktop.
 */
export function drawOnPhone(onPhone: boolean): void {
  serverDrawsPhone = onPhone;
}

/**
 * The layout a page's markup was drawn in before it reached the browser. In the browser React
 * asks only while hydrating, and the server marked a phone's markup on the root element
 * (`data-phone`); kept out of the entry's props so the public pages' first script stays as small.
 */
function drawnOnPhone(): boolean {
  if (typeof document === 'undefined') return serverDrawsPhone;
  return document.getElementById('root')?.dataset.phone !== undefined;
}

/**
 * Whether the screen is narrower than the theme's `sm` breakpoint: the same query as Mantine's
 * `hiddenFrom="sm"`. A page drawn in the browser reads it on its first render, so a phone never
 * draws the desktop layout first; a page hydrated from the server's markup starts from the layout
 * it was rendered in and switches, if the guess was wrong, right after hydrating (never a
 * mismatch that makes React throw the markup away while it is being tapped). It follows a
 * rotation or a resize afterwards.
 */
export function useIsPhone(): boolean {
  const theme = useMantineTheme();
  const query = `(max-width: ${em(getBreakpointValue('sm', theme.breakpoints) - 0.1)})`;
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, drawnOnPhone);
}
