// The bordered card every admin list shows its table in, wired to the list's URL state (order)
// and to its page query (rows, loading).
import type { ReactNode } from 'react';
import { Card } from '@mantine/core';
import type { ColumnDef, RowData } from '@tanstack/react-table';
import type { SortDirection } from '@casillero/shared';
import { DataTable, type DataTableFeatures } from './DataTable';

/** Rows with an `id` are keyed by it unless told otherwise; any other row needs `getRowId`. */
type RowIdProps<Row> = [Row] extends [{ id: string }] ? { getRowId?: (row: Row) => string } : { getRowId: (row: Row) => string };

type DataTableCardProps<Row extends RowData, S extends string> = {
  /** The accessible name of the table. */
  caption: string;
  columns: ColumnDef<DataTableFeatures, Row, any>[];
  /** The list's URL state (useListUrlState): its order, and the setter a header click calls. */
  list: { sort: S; dir: SortDirection; setSort: (sort: S, dir: SortDirection) => void };
  /** The page query: its rows (none until the first answer) and whether a fetch is under way. */
  rows: { data: { rows: Row[] } | undefined; isFetching: boolean };
  /** Shown when there are no rows. */
  empty: ReactNode;
  /** Shown in the card above the table. */
  header?: ReactNode;
} & RowIdProps<Row>;

const byId = (row: unknown) => (row as { id: string }).id;

export function DataTableCard<Row extends RowData, S extends string>(props: DataTableCardProps<Row, S>) {
  const { caption, columns, list, rows, empty, header } = props;
  const getRowId: (row: Row) => string = props.getRowId ?? byId;
  return (
    <Card withBorder radius="md" p={0}>
      {header}
      <DataTable
        caption={caption}
        columns={columns}
        data={rows.data?.rows ?? []}
        getRowId={getRowId}
        sort={{ sort: list.sort, dir: list.dir }}
        onSortChange={(s) => list.setSort(s.sort, s.dir)}
        isLoading={rows.isFetching}
        empty={empty}
      />
    </Card>
  );
}
