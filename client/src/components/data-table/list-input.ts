// What a list asks the server for, from its URL: pure, without React or Mantine, so a route's
// loader (in the initial JavaScript) can start the first page's request while the page's code is
// still downloading, with exactly the input the list will ask for (docs/decisions/014-prerendered-and-compressed.md).
import { LIST_DEFAULT_PAGE_SIZE, type SortDirection } from '@casillero/shared';

type ListSearchBase = { page?: number; pageSize?: number; sort?: string; dir?: SortDirection };

/** A list's defaults: its order and the URL keys that filter it. */
export type ListDefaults<S extends ListSearchBase, F extends keyof S> = {
  sort: NonNullable<S['sort']>;
  dir: SortDirection;
  filterKeys: readonly F[];
};

/** The order and page the URL asks for, the list's defaults where it says nothing. */
export function listPosition<S extends ListSearchBase>(
  search: S,
  defaults: { sort: NonNullable<S['sort']>; dir: SortDirection },
) {
  return {
    sort: (search.sort ?? defaults.sort) as NonNullable<S['sort']>,
    dir: search.dir ?? (search.sort ? 'asc' : defaults.dir),
    page: search.page ?? 1,
  };
}

/**
 * The inputs of a list's two queries: the filters (the count's) and the page (filters, order and
 * page: the rows'). Lists in a fixed order take the filters and `paging` only.
 */
export function listQueryInput<S extends ListSearchBase, F extends keyof S>(search: S, defaults: ListDefaults<S, F>) {
  const position = listPosition(search, defaults);
  const filters = Object.fromEntries(defaults.filterKeys.map((k) => [k, search[k]])) as Pick<S, F>;
  const pageSize = search.pageSize ?? LIST_DEFAULT_PAGE_SIZE;
  const paging = { page: position.page, pageSize };
  return {
    position,
    filters,
    pageSize,
    paging,
    input: { ...filters, sort: position.sort, dir: position.dir, ...paging },
  };
}
