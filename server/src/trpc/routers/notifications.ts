import { DomainError } from '../../lib/domain-error';
import {
  ADMIN_NOTIFICATION_MESSAGES,
  GENERIC_MESSAGES,
  adminNotificationFilters,
  adminNotificationListInput,
  idInput,
  myNotificationsInput,
  notificationRecipientsInput,
  sendNotificationInput,
} from '@casillero/shared';
import {
  countAdminNotifications,
  countUnread,
  deleteNotification,
  listAdminNotifications,
  listNotificationRecipients,
  listOwnNotifications,
  markAllOwnNotificationsRead,
  markOwnNotificationRead,
} from '../../queries/notifications';
import { sendNotification } from '../../services/admin-notifications';
import { staffProcedure, protectedProcedure, router } from '../init';

export const notificationsRouter = router({
  unreadCount: protectedProcedure.query(async ({ ctx }) => ({ count: await countUnread(ctx.db, ctx.user.id) })),

  /** Notificaciones: the customer's own, newest first, paginated. */
  mine: protectedProcedure
    .input(myNotificationsInput)
    .query(({ ctx, input }) => listOwnNotifications(ctx.db, ctx.user.id, input)),

  markRead: protectedProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    if (!(await markOwnNotificationRead(ctx.db, ctx.user.id, input.id))) {
      throw new DomainError('NOT_FOUND', GENERIC_MESSAGES.notFound);
    }
    return { ok: true as const };
  }),

  markAllRead: protectedProcedure.mutation(async ({ ctx }) => ({
    updated: await markAllOwnNotificationsRead(ctx.db, ctx.user.id),
  })),

  // --- Admin: Gestión de Notificaciones (docs/product/admin-notifications.md) --------------------------------
  list: staffProcedure('notifications.read')
    .input(adminNotificationListInput)
    .query(({ ctx, input }) => listAdminNotifications(ctx.db, input)),

  count: staffProcedure('notifications.read')
    .input(adminNotificationFilters)
    .query(({ ctx, input }) => countAdminNotifications(ctx.db, input)),

  recipients: staffProcedure('notifications.read')
    .input(notificationRecipientsInput)
    .query(({ ctx, input }) => listNotificationRecipients(ctx.db, input.q)),

  /** To one customer, or one row per customer in a single statement. */
  send: staffProcedure('notifications.write')
    .input(sendNotificationInput)
    .mutation(({ ctx, input }) => sendNotification(ctx.db, input)),

  remove: staffProcedure('notifications.write')
    .input(idInput)
    .mutation(async ({ ctx, input }) => {
      if (!(await deleteNotification(ctx.db, input.id))) {
        throw new DomainError('NOT_FOUND', ADMIN_NOTIFICATION_MESSAGES.notFound);
      }
      return { ok: true as const };
    }),
});
