// The list engine's client half (docs/decisions/012): what a list screen imports.
export { dataTableColumns, type DataTableFeatures } from './DataTable';
export { FilterSelect, labelOptions } from './ListFilters';
export { DetailsAction, InlineSelect, LabelBadge, RowAction, RowActions, StackedCell, type ListActions } from './cells';
export { AdminPage, CreateAction, HeaderButton, PageHeader, TotalBadge } from './PageHeader';
export { PhoneSegments } from './PhoneSegments';
export { StatCard } from './StatCard';
export {
  ServerList,
  useServerListState,
  type ListNavigate,
  type ListPageOf,
  type ListProps,
  type ListSearch,
  type ListSelect,
  type ListText,
  type ServerListState,
} from './ServerList';
export { DeskList } from './DeskList';
export { useListNavigate, useListRoute } from './useListUrlState';
export { ResponsiveTable, RowCards, type CardPlace, type ResponsiveColumn } from './ResponsiveTable';
