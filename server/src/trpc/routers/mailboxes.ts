import { listOwnMailboxes } from '../../queries/mailboxes';
import { protectedProcedure, router } from '../init';

export const mailboxesRouter = router({
  mine: protectedProcedure.query(({ ctx }) => listOwnMailboxes(ctx.db, ctx.user.id)),
});
