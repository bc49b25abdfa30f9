import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_NOTIFICATION_MESSAGES, ADMIN_NOTIFICATION_TYPES } from '@casillero/shared';

import { useState } from 'react';
import { listSearch, searchOptionalEnum } from '../../lib/search';
import { useListNavigate } from '../../components/data-table';
import { BRAND_NAME } from '../../lib/site';
import { NewNotificationDialog } from './-components/notifications/NewNotificationDialog';
import { NotificationsList } from './-components/notifications/NotificationsList';
import type { AdminNotificationsSearch } from './-components/notifications/types';
import { useCan } from '../../lib/permissions';

export const Route = createFileRoute('/admin/notificaciones')({
  validateSearch: (search: Record<string, unknown>): AdminNotificationsSearch => ({
    ...listSearch(search, ['createdAt'] as const),
    type: searchOptionalEnum(search.type, ADMIN_NOTIFICATION_TYPES),
  }),
  head: () => ({ meta: [{ title: `Notificaciones · ${BRAND_NAME}` }] }),
  component: AdminNotificationsPage,
});

function AdminNotificationsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const [isCreating, setIsCreating] = useState(false);
  const canWrite = useCan('notifications.write');
  const setSearch = useListNavigate<AdminNotificationsSearch>(navigate);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {ADMIN_NOTIFICATION_MESSAGES.title}
          </Title>
          <Text c="dimmed">Las notificaciones de todos los clientes: búscalas, revisa si las leyeron y envía nuevas.</Text>
        </div>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setIsCreating(true)}>
            Nueva Notificación
          </Button>
        )}
      </Group>
      <NotificationsList search={search} navigate={setSearch} />
      <NewNotificationDialog opened={isCreating} onClose={() => setIsCreating(false)} />
    </Stack>
  );
}
