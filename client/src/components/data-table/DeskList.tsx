// A staff desk on the list engine (docs/decisions/012): the list, its columns built once, and the
// drawer its rows open by the URL's `ver`; the claims, purchases, departures and agencies desks
// are this with their own columns, queries, filters and drawer.
import { useMemo, type ReactNode } from 'react';
import type { ColumnDef, RowData } from '@tanstack/react-table';
import { useDetailsParam, type DetailsDrawerOpen } from '../details/DetailsDrawer';
import type { DataTableFeatures } from './DataTable';
import type { CountInfo } from './ServerListPagination';
import type { ListDefaults } from './list-input';
import {
  ServerList,
  useServerListState,
  type ListPageOf,
  type ListProps,
  type ListSearch,
  type Options,
  type ServerListProps,
  type ServerListState,
} from './ServerList';

type DeskListProps<S extends ListSearch, F extends keyof S, Row extends RowData> = ListProps<S> &
  Omit<ServerListProps<S, F, Row>, 'state' | 'rowsQuery' | 'countQuery' | 'columns'> & {
    /** The list's order and the URL keys that filter it. */
    defaults: ListDefaults<S, F>;
    /** The page query's options for the list's state (`trpc.claims.list.queryOptions(state.input)`). */
    rowsQuery: (state: ServerListState<S, F>) => Options<ListPageOf<Row>>;
    /** The count query's options for the list's state (`trpc.claims.count.queryOptions(state.filters)`). */
    countQuery: (state: ServerListState<S, F>) => Options<CountInfo>;
    /** The columns, built once: `open` opens a row's drawer (writes its id to the URL). */
    // biome-ignore lint/suspicious/noExplicitAny: a column of any value type, as ServerList takes them
    columns: (open: (row: Row) => void) => ColumnDef<DataTableFeatures, Row, any>[];
    /** What the columns depend on (a permission): they are built again when it changes. */
    columnsKey?: unknown;
    /** The drawer of the row whose id the URL names. */
    drawer?: (open: DetailsDrawerOpen) => ReactNode;
  };

export function DeskList<S extends ListSearch, F extends keyof S, Row extends { id: string }>({
  search,
  navigate,
  defaults,
  rowsQuery,
  countQuery,
  columns: makeColumns,
  columnsKey,
  drawer,
  children,
  ...list
}: DeskListProps<S, F, Row>) {
  const state = useServerListState(search, navigate, defaults);
  const details = useDetailsParam(search, navigate);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the columns are built once (again if their key changes); opening a row only writes the URL
  const columns = useMemo(() => makeColumns((row) => details.open(row.id)), [columnsKey]);
  return (
    <ServerList {...list} state={state} rowsQuery={rowsQuery(state)} countQuery={countQuery(state)} columns={columns}>
      {drawer?.({ id: details.openId, onClose: details.close })}
      {children}
    </ServerList>
  );
}
