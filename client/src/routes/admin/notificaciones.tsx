import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_NOTIFICATION_MESSAGES, ADMIN_NOTIFICATION_TYPES, LIST_PAGE_SIZES, SORT_DIRECTIONS } from '@casillero/shared';
import { useState } from 'react';
import { searchInt, searchOptionalEnum, searchString } from '../../lib/search';
import { BRAND_NAME } from '../../lib/site';
import { NewNotificationDialog } from './-components/notifications/NewNotificationDialog';
import { NotificationsList } from './-components/notifications/NotificationsList';
import type { AdminNotificationsSearch } from './-components/notifications/types';

export const Route = createFileRoute('/admin/notificaciones')({
  validateSearch: (search: Record<string, unknown>): AdminNotificationsSearch => {
    const pageSize = searchInt(search.pageSize);
    return {
      q: searchString(search.q, 100),
      type: searchOptionalEnum(search.type, ADMIN_NOTIFICATION_TYPES),
      page: searchInt(search.page),
      pageSize: pageSize !== undefined && (LIST_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : undefined,
      dir: searchOptionalEnum(search.dir, SORT_DIRECTIONS),
    };
  },
  head: () => ({ meta: [{ title: `Notificaciones · ${BRAND_NAME}` }] }),
  component: AdminNotificationsPage,
});

function AdminNotificationsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const [isCreating, setIsCreating] = useState(false);
  const setSearch = (update: (prev: AdminNotificationsSearch) => AdminNotificationsSearch) =>
    void navigate({ search: (prev) => update(prev as AdminNotificationsSearch), replace: true });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {ADMIN_NOTIFICATION_MESSAGES.title}
          </Title>
          <Text c="dimmed">Las notificaciones de todos los clientes: búscalas, revisa si las leyeron y envía nuevas.</Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setIsCreating(true)}>
          Nueva Notificación
        </Button>
      </Group>
      <NotificationsList search={search} navigate={setSearch} />
      <NewNotificationDialog opened={isCreating} onClose={() => setIsCreating(false)} />
    </Stack>
  );
}
