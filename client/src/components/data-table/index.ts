export { DataTable, dataTableColumns, dataTableFeatures, type DataTableFeatures, type DataTableSort } from './DataTable';
export { DataTablePagination } from './DataTablePagination';
export { useDebouncedSearch, useListUrlState } from './useListUrlState';
export { ListCountText, ServerListPagination } from './ServerListPagination';
