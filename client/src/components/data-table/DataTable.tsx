// The admin lists' table (docs/decisions/008): TanStack Table v9 for columns, headers and
// cells; sorting is the server's, driven by the URL; Mantine for the markup. On a phone the
// rows are cards (ResponsiveTable's RowCards), with the order chosen above them.
import { Fragment, type ReactNode } from 'react';
import { ActionIcon, Box, Card, Center, Group, Loader, Select, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import {
  createColumnHelper,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import type { SortDirection } from '@casillero/shared';
import { useIsPhone } from '../../lib/screen';
import { RowCards, type CardPlace } from './ResponsiveTable';

/** The features every admin list uses: server-side sorting only. */
export const dataTableFeatures = tableFeatures({ rowSortingFeature });
export type DataTableFeatures = typeof dataTableFeatures;

/**
 * Column helper bound to the list features: `const col = dataTableColumns<Row>()`. Besides
 * TanStack's `accessor` and `display`, the two column kinds every list repeats: a column drawn
 * from the row that is never sorted (`cell`) and the row's actions.
 */
export function dataTableColumns<Row extends RowData>() {
  const helper = createColumnHelper<DataTableFeatures, Row>();
  return {
    ...helper,
    /** A column drawn from the whole row; display columns are never sortable. */
    cell: (id: string, header: string, render: (row: Row) => ReactNode) =>
      helper.display({ id, header, cell: (info) => render(info.row.original) }),
    /** The row's actions, headed 'Acciones' unless told otherwise. */
    actions: (render: (row: Row) => ReactNode, header: string | (() => ReactNode) = 'Acciones') =>
      helper.display({ id: 'actions', header, cell: (info) => render(info.row.original) }),
  };
}

export type DataTableSort<S extends string> = { sort: S; dir: SortDirection };

type DataTableProps<Row extends RowData, S extends string> = {
  // biome-ignore lint/suspicious/noExplicitAny: a query of any tRPC procedure: its error and key types differ by procedure
  columns: ColumnDef<DataTableFeatures, Row, any>[];
  data: Row[];
  getRowId: (row: Row) => string;
  /** The server's current order; column ids that are sortable must be values of S. */
  sort: DataTableSort<S>;
  onSortChange: (next: DataTableSort<S>) => void;
  isLoading: boolean;
  /** Shown when there are no rows (admin spec: 'No se encontraron trackings'). */
  empty: ReactNode;
  /** The accessible name of the table. */
  caption: string;
};

export function DataTable<Row extends RowData, S extends string>({
  columns,
  data,
  getRowId,
  sort,
  onSortChange,
  isLoading,
  empty,
  caption,
}: DataTableProps<Row, S>) {
  const sorting: SortingState = [{ id: sort.sort, desc: sort.dir === 'desc' }];
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId: (row: Row) => getRowId(row),
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (first) onSortChange({ sort: first.id as S, dir: first.desc ? 'desc' : 'asc' });
    },
  });

  const isPhone = useIsPhone();
  const rows = table.getRowModel().rows;
  const leafColumns = table.getAllLeafColumns();
  const columnCount = leafColumns.length;
  const emptyState =
    typeof empty === 'string' ? (
      <Text c="dimmed" role="status">
        {empty}
      </Text>
    ) : (
      empty
    );
  const loading = isLoading && (
    <Center pos="absolute" inset={0} bg="rgba(255,255,255,0.5)" role="status" aria-label="Cargando...">
      <Loader />
    </Center>
  );

  if (isPhone) {
    type TableRow = (typeof rows)[number];
    type TableColumn = (typeof leafColumns)[number];
    const cellOf = (row: TableRow, column: TableColumn) => {
      const cell = row.getAllCells().find((c) => c.column.id === column.id);
      return cell ? <table.FlexRender cell={cell} /> : null;
    };
    // A row's tick box goes beside the card's title; the header's one (the whole page) above the cards.
    const ticks = leafColumns.filter((column) => column.id === SELECT_COLUMN);
    const tickHeaders = table.getFlatHeaders().filter((header) => header.column.id === SELECT_COLUMN);
    const shown = leafColumns.filter((column) => column.id !== SELECT_COLUMN);
    const cardColumns = shown.map((column, index) => {
      const place = cardPlaceOf(column.id, column.columnDef.header, index);
      return {
        header: typeof column.columnDef.header === 'string' ? column.columnDef.header : '',
        card: place,
        cell: (row: TableRow) =>
          place === 'title' && ticks.length > 0 ? (
            <Group gap="sm" wrap="nowrap" align="flex-start">
              {ticks.map((tick) => (
                <Fragment key={tick.id}>{cellOf(row, tick)}</Fragment>
              ))}
              {cellOf(row, column)}
            </Group>
          ) : (
            cellOf(row, column)
          ),
      };
    });
    const sortOptions = leafColumns
      .filter((column) => column.getCanSort() && typeof column.columnDef.header === 'string')
      .map((column) => ({ value: column.id, label: column.columnDef.header as string }));
    const ascending = sort.dir === 'asc';
    return (
      <Box pos="relative" aria-busy={isLoading}>
        {(sortOptions.length > 1 || tickHeaders.length > 0) && (
          <Group gap="xs" align="flex-end" wrap="nowrap" mb="sm">
            {tickHeaders.map((header) => (
              <Center key={header.id} h={36} px={6}>
                <table.FlexRender header={header} />
              </Center>
            ))}
            {sortOptions.length > 1 && (
              <>
                <Select
                  label="Ordenar por"
                  size="sm"
                  allowDeselect={false}
                  data={sortOptions}
                  value={sort.sort}
                  onChange={(value) => value && onSortChange({ sort: value as S, dir: sort.dir })}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="default"
                  size={36}
                  aria-label={
                    ascending ? 'Orden ascendente: cambiar a descendente' : 'Orden descendente: cambiar a ascendente'
                  }
                  onClick={() => onSortChange({ sort: sort.sort, dir: ascending ? 'desc' : 'asc' })}
                >
                  {ascending ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
                </ActionIcon>
              </>
            )}
          </Group>
        )}
        <RowCards caption={caption} rows={rows} columns={cardColumns} getRowId={(row) => row.id} />
        {rows.length === 0 && !isLoading && (
          <Card withBorder radius="md">
            <Center py="lg">{emptyState}</Center>
          </Card>
        )}
        {loading}
      </Box>
    );
  }

  return (
    <Box pos="relative">
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label={caption} aria-busy={isLoading}>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const canSort = header.column.getCanSort();
                  const direction = header.column.getIsSorted();
                  const label = header.isPlaceholder ? null : <table.FlexRender header={header} />;
                  return (
                    <Table.Th
                      key={header.id}
                      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
                    >
                      {canSort ? (
                        <UnstyledButton onClick={header.column.getToggleSortingHandler()} fw={700} fz="sm">
                          <Group gap={4} wrap="nowrap">
                            {label}
                            {direction === 'asc' ? (
                              <IconArrowUp size={14} aria-label="orden ascendente" />
                            ) : direction === 'desc' ? (
                              <IconArrowDown size={14} aria-label="orden descendente" />
                            ) : (
                              <IconArrowsSort size={14} color="var(--mantine-color-dimmed)" aria-hidden />
                            )}
                          </Group>
                        </UnstyledButton>
                      ) : (
                        label
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                {row.getAllCells().map((cell) => (
                  <Table.Td key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            {rows.length === 0 && !isLoading && (
              <Table.Tr>
                <Table.Td colSpan={columnCount}>
                  <Center py="xl">{emptyState}</Center>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {loading}
    </Box>
  );
}

/** The column of tick boxes that choose rows (the packages' labels to print). */
const SELECT_COLUMN = 'select';

/**
 * Where a column goes on a phone's card: the first column (the row's identifier) heads it, the
 * status ('Estado') comes under it, the actions close it, and the rest are labelled values.
 */
function cardPlaceOf(id: string, header: unknown, index: number): CardPlace {
  if (id === 'actions') return 'actions';
  if (index === 0) return 'title';
  if (id === 'status' || header === 'Estado') return 'status';
  return 'value';
}
