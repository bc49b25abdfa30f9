import type { inferOutput } from '@trpc/tanstack-react-query';
import type { AdminNotificationType } from '@casillero/shared';
import type { ListSearch } from '../../../../components/data-table';
import type { trpc } from '../../../../lib/trpc';

export type AdminNotificationRow = inferOutput<typeof trpc.notifications.list>['rows'][number];
export type NotificationRecipient = inferOutput<typeof trpc.notifications.recipients>[number];

/** /admin/notificaciones search params: the list's whole state. */
export type AdminNotificationsSearch = ListSearch<'createdAt'> & { type?: AdminNotificationType };
