import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_NOTIFICATION_MESSAGES, ADMIN_NOTIFICATION_TYPES } from '@casillero/shared';
import { listSearch } from '../../lib/search';
import { AdminPage, CreateAction, useListRoute } from '../../components/data-table';
import { pageHead } from '../../lib/site';
import { NewNotificationDialog } from './-components/notifications/NewNotificationDialog';
import { NotificationsList } from './-components/notifications/NotificationsList';
import type { AdminNotificationsSearch } from './-components/notifications/types';

export const Route = createFileRoute('/admin/notificaciones')({
  validateSearch: (search: Record<string, unknown>): AdminNotificationsSearch =>
    listSearch(search, ['createdAt'] as const, { type: ADMIN_NOTIFICATION_TYPES }),
  head: pageHead('Notificaciones'),
  component: AdminNotificationsPage,
});

function AdminNotificationsPage() {
  return (
    <AdminPage
      title={ADMIN_NOTIFICATION_MESSAGES.title}
      subtitle="Las notificaciones de todos los clientes: búscalas, revisa si las leyeron y envía nuevas."
      actions={
        <CreateAction permission="notifications.write" label="Nueva Notificación" dialog={NewNotificationDialog} />
      }
    >
      <NotificationsList {...useListRoute<AdminNotificationsSearch>(Route)} />
    </AdminPage>
  );
}
