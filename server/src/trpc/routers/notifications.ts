import { countUnread } from '../../queries/notifications';
import { protectedProcedure, router } from '../init';

export const notificationsRouter = router({
  unreadCount: protectedProcedure.query(async ({ ctx }) => ({ count: await countUnread(ctx.db, ctx.user.id) })),
});
