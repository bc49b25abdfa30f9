// The item a notice's link names (Prealertas' ?busqueda= or ?prealerta=): outlined, marked as
// the current one for assistive technology, and scrolled into view once it is on the page.
import { useEffect, useRef, type CSSProperties } from 'react';

const OUTLINE: CSSProperties = {
  outline: '3px solid var(--mantine-color-blue-filled)',
  outlineOffset: 3,
  scrollMarginTop: 80,
};

/** How long the page must stay still before the item is left where it is. */
const SETTLED_MS = 2_000;
/** What the person does that means they are moving the page themselves. */
const OWN_MOVES = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

export function useHighlight<E extends HTMLElement>(highlighted: boolean) {
  const ref = useRef<E>(null);
  useEffect(() => {
    const element = ref.current;
    if (!highlighted || !element) return;
    element.scrollIntoView({ block: 'center', behavior: 'smooth' });
    // What is drawn above it afterwards (each card's customs estimate loads on its own) pushes it
    // out of sight: until the person moves the page or it has stayed still a while, bring it back.
    let first = true;
    let settled = setTimeout(() => stop(), SETTLED_MS);
    const observer = new ResizeObserver(() => {
      // Called once as it starts observing: the smooth scroll above is under way.
      if (first) {
        first = false;
        return;
      }
      element.scrollIntoView({ block: 'center' });
      clearTimeout(settled);
      settled = setTimeout(() => stop(), SETTLED_MS);
    });
    function stop() {
      observer.disconnect();
      clearTimeout(settled);
      for (const move of OWN_MOVES) window.removeEventListener(move, stop);
    }
    observer.observe(document.body);
    for (const move of OWN_MOVES) window.addEventListener(move, stop, { passive: true });
    return stop;
  }, [highlighted]);
  return {
    ref,
    'aria-current': highlighted ? ('true' as const) : undefined,
    'data-highlighted': highlighted ? '' : undefined,
    style: highlighted ? OUTLINE : undefined,
  };
}
