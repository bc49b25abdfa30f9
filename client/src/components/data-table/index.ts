export { DataTable, dataTableColumns, dataTableFeatures, type DataTableFeatures, type DataTableSort } from './DataTable';
export { DataTableCard } from './DataTableCard';
export { DataTablePagination } from './DataTablePagination';
export { ListCountBar, ListLoadError, RefreshButton } from './ListChrome';
export { FilterSelect, ListFilters } from './ListFilters';
export { useDebouncedSearch, useListUrlState } from './useListUrlState';
export { ListCountText, ServerListPagination } from './ServerListPagination';
