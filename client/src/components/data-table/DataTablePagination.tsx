import { Group, Pagination, Select, Text } from '@mantine/core';
import { LIST_PAGE_SIZES } from '@casillero/shared';

type DataTablePaginationProps = {
  page: number;
  pageSize: number;
  /** Pages known to exist: from the bounded count when there is one, else up to the next page. */
  pageCount: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** A note under the pager, e.g. that deep pages need narrower filters. */
  note?: string;
};

export function DataTablePagination({
  page,
  pageSize,
  pageCount,
  onPageChange,
  onPageSizeChange,
  note,
}: DataTablePaginationProps) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Filas por página
        </Text>
        <Select
          aria-label="Filas por página"
          w={90}
          size="xs"
          allowDeselect={false}
          data={LIST_PAGE_SIZES.map(String)}
          value={String(pageSize)}
          onChange={(v) => v && onPageSizeChange(Number(v))}
        />
      </Group>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
      <Pagination
        total={Math.max(1, pageCount)}
        value={page}
        onChange={onPageChange}
        siblings={1}
        boundaries={1}
        getControlProps={(control) => ({
          'aria-label':
            control === 'next'
              ? 'Página siguiente'
              : control === 'previous'
                ? 'Página anterior'
                : control === 'first'
                  ? 'Primera página'
                  : 'Última página',
        })}
        getItemProps={(p) => ({ 'aria-label': `Página ${p}` })}
      />
    </Group>
  );
}
