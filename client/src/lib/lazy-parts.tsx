// The parts of a page that only a tap opens (a dialog, a drawer, another tab) load their code
// the first time they are needed, or in the background once the page has gone idle, whichever
// comes first: a first visit on a phone downloads what the page shows before anything it might
// show later (docs/decisions/014-prerendered-and-compressed.md).
import {
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { Loader } from '@mantine/core';
import { useLoadedAndIdle } from './idle';

// biome-ignore lint/suspicious/noExplicitAny: a query of any tRPC procedure: its error and key types differ by procedure
type AnyComponent = ComponentType<any>;
type ComponentNames<M> = { [K in keyof M]: M[K] extends AnyComponent ? K : never }[keyof M];

/**
 * A module of components loaded on demand: `const dialogs = lazyModule(() => import('./Dialogs'))`,
 * then `dialogs.component('EditDialog')` for each component the page renders, and
 * `dialogs.usePreloadWhenIdle()` in the page.
 */
export function lazyModule<M extends Record<string, unknown>>(load: () => Promise<M>) {
  let loading: Promise<M> | undefined;
  // A failed download (the connection dropped) is tried again the next time, not remembered.
  const get = () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));

  return {
    component<K extends ComponentNames<M>>(name: K): LazyExoticComponent<Extract<M[K], AnyComponent>> {
      return lazy(() => get().then((module) => ({ default: module[name] as Extract<M[K], AnyComponent> })));
    },
    /** Fetches the module once the page has loaded and gone idle, so the first tap opens at once; not while `enabled` is false (a role that cannot open it). */
    usePreloadWhenIdle(enabled = true) {
      const idle = useLoadedAndIdle(enabled);
      // biome-ignore lint/correctness/useExhaustiveDependencies: `get` is the module's one loader, the same on every render
      useEffect(() => {
        if (idle) get().catch(() => undefined);
      }, [idle]);
    },
  };
}

/**
 * Renders its children from the first time `when` is true, and keeps them mounted after (so a
 * dialog can play its closing transition). Until lazy children's code arrives, a spinner shows
 * that the tap was taken.
 */
export function OnceNeeded({ when, children }: { when: boolean; children: ReactNode }) {
  const [needed, setNeeded] = useState(when);
  // Derived state, set while rendering: the children mount in the same render that needs them.
  if (when && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense
      fallback={
        <Loader
          role="status"
          aria-label="Cargando"
          style={{ position: 'fixed', top: '50%', left: '50%', transform: 'translate(-50%, -50%)', zIndex: 300 }}
        />
      }
    >
      {children}
    </Suspense>
  );
}
