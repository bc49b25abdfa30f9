// The item a notice's link names (Prealertas' ?busqueda= or ?prealerta=): outlined, marked as
// the current one for assistive technology, and scrolled into view once it is on the page.
import { useEffect, useRef, type CSSProperties } from 'react';

const OUTLINE: CSSProperties = {
  outline: '3px solid var(--mantine-color-blue-filled)',
  outlineOffset: 3,
  scrollMarginTop: 80,
};

export function useHighlight<E extends HTMLElement>(highlighted: boolean) {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [highlighted]);
  return {
    ref,
    'aria-current': highlighted ? ('true' as const) : undefined,
    'data-highlighted': highlighted ? '' : undefined,
    style: highlighted ? OUTLINE : undefined,
  };
}
