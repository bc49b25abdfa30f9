// A page of one of the portal's lists (docs/product/allies.md): the rows, or why there are none,
// and the pager when there is more than one page.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { formatCount } from '@casillero/shared';
import { ResponsiveTable, type ResponsiveColumn } from '../../../components/data-table';
import { getErrorMessage } from '../../../lib/errors';

type Page<Row> = { total: number; pageSize: number; rows: Row[] };

export function PortalList<Row extends { id: string }>({
  title,
  intro,
  empty,
  actions,
  query,
  page,
  onPage,
  columns,
  minWidth = 760,
}: {
  title: string;
  intro?: string;
  empty: string;
  actions?: ReactNode;
  /** The list's query for `page`. */
  query: UseQueryResult<Page<Row>, unknown>;
  page: number;
  onPage: (page: number) => void;
  columns: ResponsiveColumn<Row>[];
  minWidth?: number;
}) {
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.pageSize)) : 1;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          {intro && <Text c="dimmed">{intro}</Text>}
          {query.data && <Text size="sm">Total: {formatCount(query.data.total)}</Text>}
        </Stack>
        {actions}
      </Group>
      {query.isError ? (
        <Alert color="red" title="No se pudo cargar la lista">
          {getErrorMessage(query.error)}
        </Alert>
      ) : query.data && query.data.rows.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <ResponsiveTable caption={title} rows={query.data?.rows ?? []} columns={columns} minWidth={minWidth} />
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={onPage} />}
    </Stack>
  );
}
