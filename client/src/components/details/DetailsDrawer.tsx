// The details pattern of the admin lists (docs/decisions/012): a drawer opened by an id in the
// URL (`?ver=<id>`), so a details view is a link that can be shared and reloaded; loading and
// error states are the drawer's, the content is the entity's.
import type { ReactNode } from 'react';
import { Alert, Center, Drawer, Loader, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { GENERIC_MESSAGES } from '@casillero/shared';
import { getErrorMessage } from '../../lib/errors';

type DetailsSearch = { ver?: string };

/** The id whose details are open, and the setters that write it to the URL (history entries, so Back closes). */
export function useDetailsParam<S extends DetailsSearch>(
  search: S,
  navigate: (update: (prev: S) => S, options?: { replace?: boolean }) => void,
) {
  return {
    openId: search.ver ?? null,
    open: (id: string) => navigate((prev) => ({ ...prev, ver: id }), { replace: false }),
    close: () => navigate((prev) => ({ ...prev, ver: undefined })),
  };
}

type StatesProps<D> = {
  query: UseQueryResult<D, unknown>;
  /** The alert's text when the query failed (the server's message first, through `toMessage`). */
  failed: string;
  toMessage?: (error: unknown, fallback: string) => string;
  children: (data: D) => ReactNode;
};

/** How a details query's loading and failure show; renders the content once loaded. */
export type DetailsStates<D> = (props: StatesProps<D>) => ReactNode;

/** The admin's way: a loader, then the content or a red alert saying why it could not load. */
export function LoaderOrAlert<D>({ query, failed, toMessage = getErrorMessage, children }: StatesProps<D>) {
  if (query.isPending)
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Cargando" />
      </Center>
    );
  if (query.isError || query.data == null)
    return (
      <Alert color="red" icon={<IconAlertCircle />}>
        {toMessage(query.error, failed)}
      </Alert>
    );
  return children(query.data);
}

/** What opens and closes an entity's drawer: the open id (null when closed), from the URL. */
export type DetailsDrawerOpen = { id: string | null; onClose: () => void };

type DetailsDrawerProps<D> = DetailsDrawerOpen & {
  title: string;
  /** The details query's options for the open id. */
  // biome-ignore lint/suspicious/noExplicitAny: a query of any tRPC procedure: its error and key types differ by procedure
  query: (id: string) => UseQueryOptions<D, any, D, any>;
  /** The alert's text when the details cannot be loaded (the server's message first). */
  loadFailed?: string;
  toMessage?: (error: unknown, fallback: string) => string;
  size?: string;
  /** Another way to show loading and failure (the customer's pages retry); the alert by default. */
  states?: DetailsStates<D>;
  /** The entity's sections, stacked. */
  children: (data: D) => ReactNode;
};

export function DetailsDrawer<D>({
  id,
  onClose,
  title,
  query,
  loadFailed,
  toMessage = getErrorMessage,
  size = 'lg',
  states: States = LoaderOrAlert,
  children,
}: DetailsDrawerProps<D>) {
  const detail = useQuery({ ...query(id ?? ''), enabled: id !== null });
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      title={title}
      size={size}
      position="right"
      // Mantine's close button is an icon alone: named, a screen reader says what it does.
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {id !== null && (
        <States query={detail} failed={loadFailed ?? GENERIC_MESSAGES.internal} toMessage={toMessage}>
          {(data) => <Stack gap="md">{children(data)}</Stack>}
        </States>
      )}
    </Drawer>
  );
}
