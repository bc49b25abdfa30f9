import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { getErrorMessage } from '../../../lib/errors';

/** Loading and error states of a page's query, so pages only render real data. */
export function QueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T, unknown>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Cargando" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} role="alert" title="No se pudieron cargar los datos">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{getErrorMessage(query.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            Reintentar
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}

/** An empty list's message. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Center py="xl">
      <Stack gap={4} align="center" ta="center" maw={460}>
        <Text fw={600}>{title}</Text>
        {children && (
          <Text size="sm" c="dimmed">
            {children}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
