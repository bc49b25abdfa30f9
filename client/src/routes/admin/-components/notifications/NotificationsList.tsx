import { useMemo, useState } from 'react';
import { Badge, Text } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_NOTIFICATION_MESSAGES as M, ADMIN_NOTIFICATION_TYPES, NOTIFICATION_TYPE_LABELS, formatDateTime } from '@casillero/shared';
import {
  FilterSelect,
  RowAction,
  ServerList,
  StackedCell,
  dataTableColumns,
  useServerListState,
  type ListNavigate,
} from '../../../../components/data-table';
import { getErrorMessage } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { ConfirmDialog } from '../DialogActions';
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
      cell: (info) => <StackedCell main={info.getValue()} sub={info.row.original.userEmail} />,
    }),
    col.accessor('type', {
      id: 'type',
      header: 'Tipo',
      enableSorting: false,
      cell: (info) => <NotificationTypeBadge type={info.getValue()} />,
    }),
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
        <RowAction
          label="Eliminar"
          ariaLabel={`Eliminar notificación «${info.row.original.title}»`}
          color="red"
          icon={<IconTrash size={18} />}
          onClick={() => onDelete(info.row.original)}
        />
      ),
    }),
  ];
}

type Props = {
  search: AdminNotificationsSearch;
  navigate: ListNavigate<AdminNotificationsSearch>;
};

export function NotificationsList({ search, navigate }: Props) {
  const queryClient = useQueryClient();
  const state = useServerListState(search, navigate, { sort: 'createdAt', dir: 'desc', filterKeys: ['q', 'type'] });
  const [toDelete, setToDelete] = useState<AdminNotificationRow | null>(null);
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
      await queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() });
    }
  };

  return (
    <ServerList
      search={search}
      state={state}
      rowsQuery={trpc.notifications.list.queryOptions({
        ...state.filters,
        dir: state.list.dir,
        page: state.list.page,
        pageSize: state.pageSize,
      })}
      countQuery={trpc.notifications.count.queryOptions(state.filters)}
      refreshKey={trpc.notifications.pathKey()}
      columns={columns}
      caption="Notificaciones"
      noun="notificaciones"
      empty={M.empty}
      loadFailed={M.loadFailed}
      searchPlaceholder="Título, mensaje o usuario"
      tooShortMessage={M.searchTooShort}
      filterControls={
        <FilterSelect
          label="Tipo"
          w={180}
          data={ADMIN_NOTIFICATION_TYPES.map((t) => ({ value: t, label: NOTIFICATION_TYPE_LABELS[t] }))}
          value={search.type}
          onChange={(type) => state.list.setFilters({ type })}
        />
      }
    >
      <ConfirmDialog
        opened={toDelete !== null}
        title="Eliminar notificación"
        label="Eliminar"
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        ¿Eliminar «{toDelete?.title}» de {toDelete?.userName ?? toDelete?.userEmail}? El usuario dejará de verla.
      </ConfirmDialog>
    </ServerList>
  );
}
