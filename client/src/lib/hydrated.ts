// Whether the app has the page: false while React renders what the server drew (the HTML a page
// paints before its code arrives) and until what was typed into it meanwhile is back in the forms'
// state (lib/early-input.ts); true from then on, and from the start for a page drawn from scratch.
import { useSyncExternalStore } from 'react';

let hydrated = false;
const listeners = new Set<() => void>();

/** The app has the page from here on (main.tsx, lib/early-input.ts). */
export function markHydrated() {
  if (hydrated) return;
  hydrated = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * What only the app can make work (a submit disabled until the form is valid) is drawn so only
 * from here on: in the page's HTML, and while what was typed there goes back into the form, the
 * form takes a tap, kept until the app sends it through its own checks
 * (docs/decisions/036-early-taps.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hydrated,
    () => false,
  );
}
