import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Group, Modal, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconAlertCircle, IconFilterOff, IconRefresh, IconSearch, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_NOTIFICATION_MESSAGES as M,
  ADMIN_NOTIFICATION_TYPES,
  LIST_DEFAULT_PAGE_SIZE,
  LIST_SEARCH_MIN_LENGTH,
  NOTIFICATION_TYPE_LABELS,
  formatDateTime,
} from '@casillero/shared';
import { DataTable, ListCountText, ServerListPagination, dataTableColumns, useDebouncedSearch, useListUrlState } from '../../../../components/data-table';
import { getErrorMessage } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
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
  const [text, setText] = useDebouncedSearch(search.q, (q) => list.setFilters({ q }));
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
  const hasFilters = Boolean(search.q || search.type);
  const tooShort = Boolean(search.q && search.q.length < LIST_SEARCH_MIN_LENGTH);

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
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Buscar"
              placeholder="Título, mensaje o usuario"
              leftSection={<IconSearch size={16} />}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={tooShort ? M.searchTooShort(LIST_SEARCH_MIN_LENGTH) : undefined}
              miw={260}
              style={{ flex: 1 }}
            />
            <Select
              label="Tipo"
              placeholder="Todos"
              clearable
              w={180}
              data={ADMIN_NOTIFICATION_TYPES.map((t) => ({ value: t, label: NOTIFICATION_TYPE_LABELS[t] }))}
              value={search.type ?? null}
              onChange={(v) => list.setFilters({ type: (v ?? undefined) as AdminNotificationsSearch['type'] })}
            />
            <Button
              variant="default"
              leftSection={<IconFilterOff size={16} />}
              disabled={!hasFilters}
              onClick={() => {
                setText('');
                list.clear(['q', 'type']);
              }}
            >
              Limpiar filtros
            </Button>
          </Group>
          <Group justify="space-between">
            <ListCountText count={count.data} noun="notificaciones" />
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void refresh()} loading={rows.isFetching && !rows.isPending}>
              Actualizar
            </Button>
          </Group>
        </Stack>
      </Card>

      {rows.isError && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert" title={M.loadFailed}>
          {getErrorMessage(rows.error, M.loadFailed)}
        </Alert>
      )}

      <Card withBorder radius="md" p={0}>
        <DataTable
          caption="Notificaciones"
          columns={columns}
          data={rows.data?.rows ?? []}
          getRowId={(r) => r.id}
          sort={{ sort: list.sort, dir: list.dir }}
          onSortChange={(s) => list.setSort(s.sort, s.dir)}
          isLoading={rows.isFetching}
          empty={M.empty}
        />
      </Card>

      <ServerListPagination list={list} pageSize={pageSize} rows={rows.data} count={count.data} />

      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} title="Eliminar notificación">
        {toDelete && (
          <Stack>
            <Text size="sm">
              ¿Eliminar «{toDelete.title}» de {toDelete.userName ?? toDelete.userEmail}? El usuario dejará de verla.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setToDelete(null)}>
                Cancelar
              </Button>
              <Button color="red" loading={remove.isPending} onClick={() => void confirmDelete()}>
                Eliminar
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
