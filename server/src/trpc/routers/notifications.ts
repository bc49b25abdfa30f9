import { TRPCError } from '@trpc/server';
import { GENERIC_MESSAGES, idInput, myNotificationsInput } from '@casillero/shared';
import {
  countUnread,
  listOwnNotifications,
  markAllOwnNotificationsRead,
  markOwnNotificationRead,
} from '../../queries/notifications';
import { protectedProcedure, router } from '../init';

export const notificationsRouter = router({
  unreadCount: protectedProcedure.query(async ({ ctx }) => ({ count: await countUnread(ctx.db, ctx.user.id) })),

  /** Notificaciones: the customer's own, newest first, paginated. */
  mine: protectedProcedure
    .input(myNotificationsInput)
    .query(({ ctx, input }) => listOwnNotifications(ctx.db, ctx.user.id, input)),

  markRead: protectedProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    if (!(await markOwnNotificationRead(ctx.db, ctx.user.id, input.id))) {
      throw new TRPCError({ code: 'NOT_FOUND', message: GENERIC_MESSAGES.notFound });
    }
    return { ok: true as const };
  }),

  markAllRead: protectedProcedure.mutation(async ({ ctx }) => ({
    updated: await markAllOwnNotificationsRead(ctx.db, ctx.user.id),
  })),
});
