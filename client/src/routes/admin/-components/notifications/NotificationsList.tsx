import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_NOTIFICATION_MESSAGES as M,
  ADMIN_NOTIFICATION_TYPES,
  LIST_DEFAULT_PAGE_SIZE,
  NOTIFICATION_TYPE_LABELS,
  formatDateTime,
} from '@casillero/shared';
import {
  DataTableCard,
  FilterSelect,
  ListCountBar,
  ListFilters,
  ListLoadError,
  ServerListPagination,
  dataTableColumns,
  useListUrlState,
} from '../../../../components/data-table';
import { getErrorMessage } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { DialogActions } from '../DialogActions';
import { NotificationTypeBadge } from './NotificationTypeBadge';
import type { AdminNotificationRow, AdminNotificationsSearch } from './types';

const col = dataTableColumns<AdminNotificationRow>();

function notificationColumns(onDelete: (row: AdminNotificationRow) => void) {
  return [
    col.accessor('title', {
      id: 'notification',
      header: 'Notificación',
      enableSorting: false,
      cell: (info) => (
        <div style={{ maxWidth: 420 }}>
          <Text size="sm" fw={600}>
            {info.getValue()}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {info.row.original.message}
          </Text>
        </div>
      ),
    }),
    col.accessor('userName', {
      id: 'user',
      header: 'Usuario',
      enableSorting: false,
      cell: (info) => (
        <div>
          <Text size="sm">{info.getValue() ?? '—'}</Text>
          <Text size="xs" c="dimmed">
            {info.row.original.userEmail}
          </Text>
        </div>
      ),
    }),
    col.accessor('type', { id: 'type', header: 'Tipo', enableSorting: false, cell: (info) => <NotificationTypeBadge type={info.getValue()} /> }),
    col.accessor('read', {
      id: 'read',
      header: 'Estado',
      enableSorting: false,
      cell: (info) =>
        info.getValue() ? (
          <Badge color="gray" variant="outline" style={{ minWidth: 'max-content' }}>
            {M.read}
          </Badge>
        ) : (
          <Badge color="blue" variant="filled" style={{ minWidth: 'max-content' }}>
            {M.unread}
          </Badge>
        ),
    }),
    col.accessor('createdAt', { id: 'createdAt', header: 'Fecha', cell: (info) => formatDateTime(info.getValue()) }),
    col.display({
      id: 'actions',
      header: 'Acciones',
      cell: (info) => (
        <Tooltip label="Eliminar">
          <ActionIcon variant="subtle" color="red" aria-label={`Eliminar notificación «${info.row.original.title}»`} onClick={() => onDelete(info.row.original)}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      ),
    }),
  ];
}

type Props = {
  search: AdminNotificationsSearch;
  navigate: (update: (prev: AdminNotificationsSearch) => AdminNotificationsSearch) => void;
};

export function NotificationsList({ search, navigate }: Props) {
  const queryClient = useQueryClient();
  const list = useListUrlState(search, navigate, { sort: 'createdAt', dir: 'desc' });
  const [toDelete, setToDelete] = useState<AdminNotificationRow | null>(null);

  const filters = { q: search.q, type: search.type };
  const pageSize = search.pageSize ?? LIST_DEFAULT_PAGE_SIZE;
  const rows = useQuery({
    ...trpc.notifications.list.queryOptions({ ...filters, dir: list.dir, page: list.page, pageSize }),
    placeholderData: keepPreviousData,
  });
  const count = useQuery({ ...trpc.notifications.count.queryOptions(filters), placeholderData: keepPreviousData });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() });
  const remove = useMutation(trpc.notifications.remove.mutationOptions());

  const columns = useMemo(() => notificationColumns(setToDelete), []);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync({ id: toDelete.id });
      toasts.show({ color: 'green', message: M.deleted });
      setToDelete(null);
    } catch (error) {
      toasts.show({ color: 'red', title: 'Error', message: getErrorMessage(error, M.deleteFailed) });
    } finally {
      await refresh();
    }
  };

  return (
    <Stack gap="md">
      <ListFilters
        search={search}
        list={list}
        keys={['q', 'type']}
        placeholder="Título, mensaje o usuario"
        tooShortMessage={M.searchTooShort}
        filters={
          <FilterSelect
            label="Tipo"
            w={180}
            data={ADMIN_NOTIFICATION_TYPES.map((t) => ({ value: t, label: NOTIFICATION_TYPE_LABELS[t] }))}
            value={search.type}
            onChange={(type) => list.setFilters({ type })}
          />
        }
      >
        <ListCountBar count={count.data} noun="notificaciones" onRefresh={refresh} isRefreshing={rows.isFetching && !rows.isPending} />
      </ListFilters>

      {rows.isError && <ListLoadError error={rows.error} fallback={M.loadFailed} />}

      <DataTableCard caption="Notificaciones" columns={columns} list={list} rows={rows} empty={M.empty} />

      <ServerListPagination list={list} pageSize={pageSize} rows={rows.data} count={count.data} />

      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} title="Eliminar notificación">
        {toDelete && (
          <Stack>
            <Text size="sm">
              ¿Eliminar «{toDelete.title}» de {toDelete.userName ?? toDelete.userEmail}? El usuario dejará de verla.
            </Text>
            <DialogActions onCancel={() => setToDelete(null)} label="Eliminar" color="red" onConfirm={() => void confirmDelete()} loading={remove.isPending} />
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
