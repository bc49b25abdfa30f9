import { useMemo, useState } from 'react';
import { Badge, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import {
  ADMIN_NOTIFICATION_MESSAGES as M,
  ADMIN_NOTIFICATION_TYPES,
  NOTIFICATION_TYPE_LABELS,
  formatDateTime,
} from '@casillero/shared';
import {
  RowAction,
  ServerList,
  StackedCell,
  dataTableColumns,
  useServerListState,
} from '../../../../components/data-table';
import type { ListProps } from '../../../../components/data-table';
import { useInvalidate } from '../../../../components/forms/useInvalidate';
import { getErrorMessage } from '../../../../lib/errors';
import { notifyChange } from '../../../../lib/notify';
import { trpc } from '../../../../lib/trpc';
import { ConfirmDialog } from '../../../../components/forms/FormDialog';
import { NotificationTypeBadge } from './NotificationTypeBadge';
import type { AdminNotificationRow, AdminNotificationsSearch } from './types';

const col = dataTableColumns<AdminNotificationRow>();

function notificationColumns(onDelete: (row: AdminNotificationRow) => void) {
  return [
    col.cell('notification', 'Notificación', (r) => (
      <div style={{ maxWidth: 420 }}>
        <Text size="sm" fw={600}>
          {r.title}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2}>
          {r.message}
        </Text>
      </div>
    )),
    col.cell('user', 'Usuario', (r) => <StackedCell main={r.userName} sub={r.userEmail} />),
    col.cell('type', 'Tipo', (r) => <NotificationTypeBadge type={r.type} />),
    col.cell('read', 'Estado', (r) => (
      <Badge
        color={r.read ? 'gray' : 'blue'}
        variant={r.read ? 'outline' : 'filled'}
        style={{ minWidth: 'max-content' }}
      >
        {r.read ? M.read : M.unread}
      </Badge>
    )),
    col.accessor('createdAt', { id: 'createdAt', header: 'Fecha', cell: (info) => formatDateTime(info.getValue()) }),
    col.actions((r) => (
      <RowAction
        label="Eliminar"
        ariaLabel={`Eliminar notificación «${r.title}»`}
        color="red"
        icon={<IconTrash size={18} />}
        onClick={() => onDelete(r)}
      />
    )),
  ];
}

export function NotificationsList({ search, navigate }: ListProps<AdminNotificationsSearch>) {
  const state = useServerListState(search, navigate, { sort: 'createdAt', dir: 'desc', filterKeys: ['q', 'type'] });
  const [toDelete, setToDelete] = useState<AdminNotificationRow | null>(null);
  const remove = useMutation(trpc.notifications.remove.mutationOptions());
  const invalidate = useInvalidate(trpc.notifications);
  const columns = useMemo(() => notificationColumns(setToDelete), []);

  const confirmDelete = async () => {
    if (!toDelete) return;
    const deleted = await notifyChange(
      () => remove.mutateAsync({ id: toDelete.id }),
      { message: M.deleted },
      (error) => getErrorMessage(error, M.deleteFailed),
    );
    if (deleted) setToDelete(null);
    await invalidate();
  };

  return (
    <ServerList
      state={state}
      rowsQuery={trpc.notifications.list.queryOptions({ ...state.filters, dir: state.list.dir, ...state.paging })}
      countQuery={trpc.notifications.count.queryOptions(state.filters)}
      refreshKey={trpc.notifications.pathKey()}
      columns={columns}
      text={{ ...M, caption: 'Notificaciones', noun: 'notificaciones', searchPlaceholder: 'Título, mensaje o usuario' }}
      selects={[
        { key: 'type', label: 'Tipo', w: 180, values: ADMIN_NOTIFICATION_TYPES, labels: NOTIFICATION_TYPE_LABELS },
      ]}
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
