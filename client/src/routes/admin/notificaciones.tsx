import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_NOTIFICATION_MESSAGES, ADMIN_NOTIFICATION_TYPES } from '@casillero/shared';

import { listSearch, searchOptionalEnum } from '../../lib/search';
import { PageHeader, useCreateAction, useListRoute } from '../../components/data-table';
import { pageHead } from '../../lib/site';
import { NewNotificationDialog } from './-components/notifications/NewNotificationDialog';
import { NotificationsList } from './-components/notifications/NotificationsList';
import type { AdminNotificationsSearch } from './-components/notifications/types';

export const Route = createFileRoute('/admin/notificaciones')({
  validateSearch: (search: Record<string, unknown>): AdminNotificationsSearch => ({
    ...listSearch(search, ['createdAt'] as const),
    type: searchOptionalEnum(search.type, ADMIN_NOTIFICATION_TYPES),
  }),
  head: pageHead('Notificaciones'),
  component: AdminNotificationsPage,
});

function AdminNotificationsPage() {
  const create = useCreateAction('notifications.write', 'Nueva Notificación');
  const list = useListRoute<AdminNotificationsSearch>(Route);

  return (
    <Stack gap="lg">
      <PageHeader
        title={ADMIN_NOTIFICATION_MESSAGES.title}
        subtitle="Las notificaciones de todos los clientes: búscalas, revisa si las leyeron y envía nuevas."
        actions={create.button}
      />
      <NotificationsList {...list} />
      <NewNotificationDialog {...create.dialog} />
    </Stack>
  );
}
