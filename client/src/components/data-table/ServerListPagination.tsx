// The footer and the count line every server-side admin list shares: the page count comes
// from the bounded count when it is known, else from "is there a next page".
import { Text } from '@mantine/core';
import {
  LIST_DEEP_PAGES_NOTE,
  LIST_MAX_OFFSET,
  formatListCount,
  formatCount,
  nounFor,
  type CountNoun,
} from '@casillero/shared';
import { DataTablePagination } from './DataTablePagination';

type PageInfo = { page: number; hasMore: boolean; maxPage: number };
export type CountInfo = { count: number; isCapped: boolean; total?: number };

type ServerListPaginationProps = {
  list: { page: number; setPage: (page: number) => void; setPageSize: (pageSize: number) => void };
  pageSize: number;
  rows: PageInfo | undefined;
  count: CountInfo | undefined;
};

export function ServerListPagination({ list, pageSize, rows, count }: ServerListPaginationProps) {
  const maxPage = rows?.maxPage ?? 1;
  const pageCount = count
    ? Math.min(Math.ceil(count.count / pageSize) + (count.isCapped ? 1 : 0), maxPage)
    : list.page + (rows?.hasMore ? 1 : 0);
  return (
    <DataTablePagination
      page={rows?.page ?? list.page}
      pageSize={pageSize}
      pageCount={pageCount}
      onPageChange={list.setPage}
      onPageSizeChange={list.setPageSize}
      note={count && count.count > LIST_MAX_OFFSET ? LIST_DEEP_PAGES_NOTE : undefined}
    />
  );
}

/** "1.234 de 5.000 pagos" once counted (the total when the list reports one). */
export function ListCountText({ count, noun }: { count: CountInfo | undefined; noun: CountNoun }) {
  return (
    <Text size="sm" c="dimmed" role="status" aria-live="polite">
      {count
        ? `${formatListCount(count.count, count.isCapped)}${count.total !== undefined ? ` de ${formatCount(count.total)}` : ''} ${count.isCapped ? noun : nounFor(count.total ?? count.count, noun)}`
        : `Contando ${noun}...`}
    </Text>
  );
}
