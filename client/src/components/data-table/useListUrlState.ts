// URL state for admin lists: filters, sort and page live in the search params (validated by
// the route's zod schema), so a filtered view is a link that survives a reload.
import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { SortDirection } from '@casillero/shared';
import { listPosition } from './list-input';

type ListSearchBase = { page?: number; pageSize?: number; sort?: string; dir?: SortDirection };

/**
 * Setters over the route's search params. Changing a filter, the sort or the page size goes
 * back to page 1; defaults are dropped from the URL so links stay short.
 */
export function useListUrlState<S extends ListSearchBase>(
  search: S,
  navigate: (update: (prev: S) => S) => void,
  defaults: { sort: NonNullable<S['sort']>; dir: SortDirection },
) {
  const clean = (next: S): S =>
    Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined && v !== '' && v !== null)) as S;

  return {
    ...listPosition(search, defaults),
    setFilters(patch: Partial<S>) {
      navigate((prev) => clean({ ...prev, ...patch, page: undefined }));
    },
    setSort(sort: NonNullable<S['sort']>, dir: SortDirection) {
      navigate((prev) =>
        clean({
          ...prev,
          sort: sort === defaults.sort && dir === defaults.dir ? undefined : sort,
          dir,
          page: undefined,
        }),
      );
    },
    setPage(page: number) {
      navigate((prev) => clean({ ...prev, page: page <= 1 ? undefined : page }));
    },
    setPageSize(pageSize: number) {
      navigate((prev) => clean({ ...prev, pageSize, page: undefined }));
    },
    clear(keys: (keyof S)[]) {
      navigate((prev) => clean({ ...prev, ...Object.fromEntries(keys.map((k) => [k, undefined])), page: undefined }));
    },
  };
}

/** A search box that writes to the URL after a pause in typing, and follows the URL back. */
export function useDebouncedSearch(
  value: string | undefined,
  onCommit: (q: string | undefined) => void,
  delayMs = 350,
) {
  const [text, setText] = useState(value ?? '');
  const [debounced] = useDebouncedValue(text, delayMs);
  /** What this field wrote to the URL and has not seen come back yet: their echoes must not overwrite what was typed since. */
  const inFlight = useRef<(string | undefined)[]>([]);
  useEffect(() => {
    // Only a change from elsewhere (Back, «Limpiar filtros», a link) replaces the text: a scanner
    // typing on a busy phone lost the characters it typed while its own first part reached the URL.
    const echo = inFlight.current.indexOf(value || undefined);
    if (echo >= 0) inFlight.current.splice(0, echo + 1);
    else {
      inFlight.current = [];
      setText(value ?? '');
    }
  }, [value]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: commits only when the debounced text changes, with the callback and value of that render
  useEffect(() => {
    const next = debounced.trim() || undefined;
    if (next === (value || undefined)) return;
    inFlight.current.push(next);
    onCommit(next);
  }, [debounced]);
  return [text, setText] as const;
}

/**
 * A list's URL writer from a route's `navigate`: filters, sort and pages replace the history
 * entry; opening details pushes one, so Back closes them.
 */
// biome-ignore lint/suspicious/noExplicitAny: any route's navigate: each route types its own search
export function useListNavigate<S>(navigate: (opts: { search: (prev: any) => S; replace?: boolean }) => unknown) {
  return (update: (prev: S) => S, options?: { replace?: boolean }) =>
    void navigate({ search: (prev: S) => update(prev), replace: options?.replace ?? true });
}

/** A list route as far as its list needs it: its validated search params and its navigate. */
type ListRoute<S> = {
  useSearch: () => S;
  // biome-ignore lint/suspicious/noExplicitAny: any route's navigate: each route types its own search
  useNavigate: () => (opts: { search: (prev: any) => S; replace?: boolean }) => unknown;
};

/** A list screen's URL: `<PackagesList {...useListRoute(Route)} />`. */
export function useListRoute<S>(route: ListRoute<S>) {
  return { search: route.useSearch(), navigate: useListNavigate<S>(route.useNavigate()) };
}
