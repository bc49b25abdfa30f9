import { Group, Pagination } from '@mantine/core';

type ListPagerProps = {
  /** The page of results as the server sent it. */
  list: { total: number; pageSize: number };
  page: number;
  onChange: (page: number) => void;
};

/** The pager under a client-area list; nothing when everything fits on one page. */
export function ListPager({ list: { total, pageSize }, page, onChange }: ListPagerProps) {
  if (total <= pageSize) return null;
  return (
    <Group justify="center">
      <Pagination
        total={Math.ceil(total / pageSize)}
        value={page}
        onChange={onChange}
        getControlProps={(control) => ({
          'aria-label': control === 'next' ? 'Página siguiente' : control === 'previous' ? 'Página anterior' : control,
        })}
      />
    </Group>
  );
}
