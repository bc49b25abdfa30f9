// The list engine's client half (docs/decisions/012): what a list screen imports.
export { dataTableColumns, type DataTableFeatures } from './DataTable';
export { FilterSelect } from './ListFilters';
export { RowAction, RowActions, StackedCell } from './cells';
export { ServerList, useServerListState, type ListNavigate, type ListPageOf, type ListSearch, type ServerListState } from './ServerList';
export { useListNavigate } from './useListUrlState';
