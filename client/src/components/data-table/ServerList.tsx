// The list engine's client half (docs/decisions/012): one component composes every server-side
// list — filters and search (URL), the count line, the load error, the table with its sort, the
// pager, and the Excel and CSV downloads where the list has them. A list is its columns, its queries and its
// filter controls; this file owns the rest.
import type { ReactNode } from 'react';
import { Card, Group, Stack, Tooltip, type SelectProps } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { TRACKING_MESSAGES, type CountNoun, type SortDirection, type SpreadsheetFormat } from '@casillero/shared';
import type { ColumnDef, RowData } from '@tanstack/react-table';
import { DataTable, type DataTableFeatures } from './DataTable';
import { ListCountBar, ListLoadError, RefreshButton } from './ListChrome';
import { byId } from './ResponsiveTable';
import { FilterSelect, ListFilters, labelOptions } from './ListFilters';
import { ServerListPagination, type CountInfo } from './ServerListPagination';
import { useListUrlState } from './useListUrlState';
import { listQueryInput, type ListDefaults } from './list-input';
import { useIsPhone } from '../../lib/screen';
import { SpreadsheetDownloads } from '../SpreadsheetDownloads';

/** The URL params every list has (lib/search.ts `listSearch` validates them); `ver` opens a details drawer. */
export type ListSearch<Sort extends string = string> = {
  q?: string;
  page?: number;
  pageSize?: number;
  sort?: Sort;
  dir?: SortDirection;
  ver?: string;
};

/** How a list writes its URL: replacing the entry (filters, pages) unless told otherwise (opening details). */
export type ListNavigate<S> = (update: (prev: S) => S, options?: { replace?: boolean }) => void;

/** A list component's props: its route's search params and their writer (`<PackagesList {...useListRoute(Route)} />`). */
export type ListProps<S> = { search: S; navigate: ListNavigate<S> };

/** A page as the server's list engine answers it. */
export type ListPageOf<Row> = { rows: Row[]; page: number; pageSize: number; hasMore: boolean; maxPage: number };

/** A query's options as tRPC builds them (any procedure's error and key types). */
// biome-ignore lint/suspicious/noExplicitAny: a query of any tRPC procedure: its error and key types differ by procedure
export type Options<D> = UseQueryOptions<any, any, D, any>;

/**
 * The URL state of a list and the inputs of its two queries: the filters (the search keys the
 * list names) and the page (filters with order and page). It carries the search params it was
 * built from, for the list's controls.
 */
export function useServerListState<S extends ListSearch, F extends keyof S>(
  search: S,
  navigate: (update: (prev: S) => S) => void,
  config: ListDefaults<S, F>,
) {
  const list = useListUrlState(search, navigate, config);
  const { filters, pageSize, paging, input } = listQueryInput(search, config);
  return { search, list, filters, pageSize, paging, input };
}

export type ServerListState<S extends ListSearch, F extends keyof S> = ReturnType<typeof useServerListState<S, F>>;

/**
 * What a list says. Usually the domain's messages (their `empty` and `loadFailed`, and a
 * `searchTooShort` where the domain has its own) with the list's own words:
 * `text={{ ...PACKAGE_MESSAGES, caption: 'Paquetes', noun: 'paquetes', searchPlaceholder: '…' }}`.
 */
export type ListText = {
  /** The table's accessible name ('Paquetes'). */
  caption: string;
  /** The count's noun ('paquetes'; '1 paquete' is said for one). */
  noun: CountNoun;
  empty: ReactNode;
  /** The alert's title when the rows cannot be loaded, and its text when the error says nothing usable. */
  loadFailed: string;
  searchPlaceholder: string;
  /** The "type at least N characters" text; every list says the same by default. */
  searchTooShort?: (min: number) => string;
};

export type ServerListProps<S extends ListSearch, F extends keyof S, Row extends RowData> = {
  state: ServerListState<S, F>;
  /** The page query's options for the state's input, e.g. `trpc.packages.list.queryOptions(state.input)`. */
  rowsQuery: Options<ListPageOf<Row>>;
  /** The count query's options for the state's filters; without it the pager counts pages as it goes. */
  countQuery?: Options<CountInfo>;
  /** A count the screen already knows (e.g. from its summary), instead of a count query. */
  countValue?: CountInfo;
  /** Marks the list's queries stale: with it, an 'Actualizar' button. */
  refreshKey?: QueryKey;
  // biome-ignore lint/suspicious/noExplicitAny: a query of any tRPC procedure: its error and key types differ by procedure
  columns?: ColumnDef<DataTableFeatures, Row, any>[];
  /** Rows shown another way than as a table (cards): the page's rows, undefined until the first answer. */
  renderRows?: (rows: Row[] | undefined, isLoading: boolean) => ReactNode;
  getRowId?: (row: Row) => string;
  text: ListText;
  /** How a load error becomes text (the server's own message by default). */
  toMessage?: (error: unknown, fallback: string) => string;
  /** The URL param the search box writes ('q' by default). */
  searchKey?: keyof S & string;
  /** Enter in the search box (a scanned code): true when the list acted on it (ListFilters). */
  onSearchEnter?: (text: string) => boolean | Promise<boolean>;
  /** Select filters beside the search box, one per URL param, in order. */
  selects?: ListSelect<F>[];
  /** Other filter controls, after the selects. */
  filterControls?: ReactNode;
  /** Under the filter row, above the count line (status tabs). */
  filterExtras?: ReactNode;
  /** The whole filtered set as Excel or CSV, in the list's order: the download's URL in each format. */
  exportHref?: (format: SpreadsheetFormat) => string;
  /** More on the count line (a filter chip). */
  countExtras?: ReactNode;
  /** A title in the table's card, above the table (e.g. 'Clientes (N)'). */
  tableTitle?: ReactNode;
  /** Under the table card (the details drawer, dialogs). */
  children?: ReactNode;
};

/**
 * A select filter over one of the list's URL params: its options are a domain's values with
 * their Spanish labels (`values: PACKAGE_STATUSES, labels: PACKAGE_STATUS_LABELS`), or `data`.
 */
export type ListSelect<F> = {
  key: F;
  label: string;
  w: number;
  /** Shown while nothing is chosen ('Todos' unless told otherwise). */
  placeholder?: string;
} & ({ values: readonly string[]; labels: Record<string, string> } | { data: SelectProps['data'] });

/** The table's bordered card on wide screens; on a phone its rows are cards of their own, framed by nothing. */
function TableFrame({ children }: { children: ReactNode }) {
  return useIsPhone() ? (
    <Stack gap="sm">{children}</Stack>
  ) : (
    <Card withBorder radius="md" p={0}>
      {children}
    </Card>
  );
}

export function ServerList<S extends ListSearch, F extends keyof S, Row extends RowData>(
  props: ServerListProps<S, F, Row>,
) {
  const { state, columns, text, exportHref, refreshKey } = props;
  const { search } = state;
  const queryClient = useQueryClient();
  const rows = useQuery({ ...props.rowsQuery, placeholderData: keepPreviousData });
  // A list without a count runs the hook disabled (hooks cannot be conditional).
  const count = useQuery<CountInfo, unknown, CountInfo, QueryKey>({
    queryKey: ['lista-sin-conteo'],
    ...props.countQuery,
    enabled: props.countQuery !== undefined,
    placeholderData: keepPreviousData,
  });
  const countInfo = props.countQuery ? count.data : props.countValue;
  return (
    <Stack gap="md">
      <ListFilters
        search={search}
        list={state.list}
        keys={Object.keys(state.filters) as (keyof S)[]}
        placeholder={text.searchPlaceholder}
        searchKey={props.searchKey}
        onSearchEnter={props.onSearchEnter}
        tooShortMessage={text.searchTooShort ?? TRACKING_MESSAGES.searchTooShort}
        filters={
          <>
            {props.selects?.map(({ key, label, w, placeholder, ...options }) => (
              <FilterSelect
                key={String(key)}
                label={label}
                w={w}
                placeholder={placeholder}
                data={'data' in options ? options.data : labelOptions(options.values, options.labels)}
                value={search[key] as string | undefined}
                onChange={(value) => state.list.setFilters({ [key]: value } as Partial<S>)}
              />
            ))}
            {props.filterControls}
          </>
        }
      >
        {props.filterExtras}
        <ListCountBar count={countInfo} noun={text.noun}>
          <Group gap="xs">
            {props.countExtras}
            {refreshKey && (
              <Tooltip label="Actualizar">
                <RefreshButton
                  onRefresh={() => queryClient.invalidateQueries({ queryKey: refreshKey })}
                  isRefreshing={rows.isFetching && !rows.isPending}
                />
              </Tooltip>
            )}
            {exportHref && <SpreadsheetDownloads href={exportHref} />}
          </Group>
        </ListCountBar>
      </ListFilters>

      {rows.isError && <ListLoadError error={rows.error} fallback={text.loadFailed} toMessage={props.toMessage} />}

      {props.renderRows ? (
        props.renderRows(rows.data?.rows, rows.isPending)
      ) : (
        <TableFrame>
          {props.tableTitle}
          <DataTable
            caption={text.caption}
            columns={columns ?? []}
            data={rows.data?.rows ?? []}
            getRowId={props.getRowId ?? byId}
            sort={{ sort: state.list.sort, dir: state.list.dir }}
            onSortChange={(next) => state.list.setSort(next.sort, next.dir)}
            isLoading={rows.isFetching}
            empty={text.empty}
          />
        </TableFrame>
      )}

      <ServerListPagination list={state.list} pageSize={state.pageSize} rows={rows.data} count={countInfo} />
      {props.children}
    </Stack>
  );
}
