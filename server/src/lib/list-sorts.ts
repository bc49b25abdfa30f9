// The sort keys of the list engine (docs/decisions/012): how a list orders its rows, spelled like
// its indexes so PostgreSQL reads them instead of sorting (docs/decisions/008), and the declarations
// of the usual orders (newest first, by status, a customer's own).
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SortDirection } from '@casillero/shared';

/** The columns an order reads: the table's, or the same names on a fenced search's subquery. */
export type OrderColumns<K extends string> = Record<K | 'id', SQLWrapper>;

/** One sort key: the ORDER BY for a direction, and the direction when the URL names none. */
export type SortKey<K extends string> = {
  defaultDir: SortDirection;
  order: (c: OrderColumns<K>, dir: SortDirection) => SQL[];
  /**
   * Keyset paging (a cursor): the time the order reads first, and the condition "after the row
   * at (at, id)" in that order, spelled as one row comparison over the index's own columns.
   */
  keyset?: {
    time: (c: OrderColumns<K>) => SQLWrapper;
    after: (c: OrderColumns<K>, dir: SortDirection, at: SQL, id: SQL) => SQL;
  };
};

const reverse = (dir: SortDirection): SortDirection => (dir === 'asc' ? 'desc' : 'asc');

/**
 * `desc nulls last` / `asc nulls first`: how drizzle-kit builds a descending index, so
 * PostgreSQL reads it (forwards or backwards) instead of sorting the table.
 */
export const indexOrder = (c: SQLWrapper, dir: SortDirection) =>
  dir === 'asc' ? sql`${c} asc nulls first` : sql`${c} desc nulls last`;
export const plainOrder = (c: SQLWrapper, dir: SortDirection) => (dir === 'asc' ? sql`${c} asc` : sql`${c} desc`);

type Spelling = (c: SQLWrapper, dir: SortDirection) => SQL;

/** By a time column, newest first unless asked otherwise; the id breaks ties the same way. */
export const byTime = <K extends string>(key: K, spell: Spelling = indexOrder): SortKey<K> => ({
  defaultDir: 'desc',
  order: (c, dir) => [spell(c[key], dir), spell(c.id, dir)],
  // `(time, id) < (at, id)`: a range of the (…, time desc, id desc) index, where the last page
  // ended. A row comparison skips NULLs, so only for a time that is never null.
  keyset: {
    time: (c) => c[key],
    after: (c, dir, at, id) => sql`(${c[key]}, ${c.id}) ${sql.raw(dir === 'asc' ? '>' : '<')} (${at}, ${id})`,
  },
});

/**
 * By a column many rows share (a status, a carrier), then by `time` and id reversed with the
 * direction: the (column, created_at desc) indexes read either way.
 */
export const byGroup = <K extends string>(key: K, time: K, spell: Spelling = indexOrder): SortKey<K> => ({
  defaultDir: 'asc',
  order: (c, dir) => [plainOrder(c[key], dir), spell(c[time], reverse(dir)), spell(c.id, reverse(dir))],
});

/** A table a list pages through by time: its id, its owner and when each row was created. */
type TimedTable = PgTable & { id: PgColumn; userId: PgColumn; createdAt: PgColumn };

/**
 * The declaration of a list with one order, newest first by `time` (the row's creation unless
 * named), id as tiebreak: its `table`, `columns`, `sorts` and `defaultSort`.
 */
export function newestFirst(
  table: TimedTable,
  { time = table.createdAt, spell = indexOrder }: { time?: PgColumn; spell?: Spelling } = {},
) {
  return {
    table,
    columns: { id: table.id, time },
    sorts: { default: byTime('time', spell) },
    defaultSort: 'default' as const,
  };
}

/** Newest first, or by status (newest first within each): the declaration's `table`, `columns`, `sorts` and `defaultSort`. */
export function newestFirstOrByStatus(table: TimedTable & { status: PgColumn }) {
  return {
    table,
    columns: { id: table.id, createdAt: table.createdAt, status: table.status },
    sorts: { createdAt: byTime('createdAt'), status: byGroup('status', 'createdAt') },
    defaultSort: 'createdAt' as const,
  };
}

/**
 * A customer's own list (every read is `owner = $scope`), newest first: their lists are small
 * and read whole, so the order is spelled plainly.
 */
export function ownNewestFirst(table: TimedTable, time: PgColumn = table.createdAt) {
  return { ...newestFirst(table, { time, spell: plainOrder }), scope: table.userId };
}

/** By a unique column: no tiebreak needed. */
export const byUnique = <K extends string>(key: K): SortKey<K> => ({
  defaultDir: 'asc',
  order: (c, dir) => [plainOrder(c[key], dir)],
});
