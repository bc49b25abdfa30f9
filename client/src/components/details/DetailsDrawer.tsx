// The details pattern of the admin lists (docs/decisions/012): a drawer opened by an id in the
// URL (`?ver=<id>`), so a details view is a link that can be shared and reloaded; loading and
// error states are the drawer's, the content is the entity's.
import type { ReactNode } from 'react';
import { Alert, Center, Drawer, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { getErrorMessage } from '../../lib/errors';

type DetailsSearch = { ver?: string };

/** The id whose details are open, and the setters that write it to the URL (history entries, so Back closes). */
export function useDetailsParam<S extends DetailsSearch>(search: S, navigate: (update: (prev: S) => S, options?: { replace?: boolean }) => void) {
  return {
    openId: search.ver ?? null,
    open: (id: string) => navigate((prev) => ({ ...prev, ver: id }), { replace: false }),
    close: () => navigate((prev) => ({ ...prev, ver: undefined })),
  };
}

type DetailsDrawerProps<D> = {
  /** The open id, or null when closed. */
  id: string | null;
  onClose: () => void;
  title: string;
  /** The details query's options for the open id. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any procedure's error type
  query: (id: string) => UseQueryOptions<D, any, D, any>;
  /** The alert's text when the details cannot be loaded (the server's message first). */
  loadFailed: string;
  toMessage?: (error: unknown, fallback: string) => string;
  size?: string;
  children: (data: D) => ReactNode;
};

export function DetailsDrawer<D>({ id, onClose, title, query, loadFailed, toMessage = getErrorMessage, size = 'lg', children }: DetailsDrawerProps<D>) {
  const detail = useQuery({ ...query(id ?? ''), enabled: id !== null });
  return (
    <Drawer opened={id !== null} onClose={onClose} title={title} size={size} position="right">
      {detail.isPending ? (
        <Center py="xl">
          <Loader aria-label="Cargando" />
        </Center>
      ) : detail.isError || detail.data == null ? (
        <Alert color="red" icon={<IconAlertCircle />}>
          {toMessage(detail.error, loadFailed)}
        </Alert>
      ) : (
        children(detail.data)
      )}
    </Drawer>
  );
}
