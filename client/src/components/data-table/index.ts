// The list engine's client half (docs/decisions/012): what a list screen imports.
export { dataTableColumns, type DataTableFeatures } from './DataTable';
export { FilterSelect, labelOptions } from './ListFilters';
export { InlineSelect, LabelBadge, RowAction, RowActions, StackedCell } from './cells';
export { HeaderButton, PageHeader, TotalBadge, useCreateAction } from './PageHeader';
export { StatCard } from './StatCard';
export {
  ServerList,
  useServerListState,
  type ListNavigate,
  type ListPageOf,
  type ListSearch,
  type ListSelect,
  type ListText,
  type ServerListState,
} from './ServerList';
export { useListNavigate, useListRoute } from './useListUrlState';
