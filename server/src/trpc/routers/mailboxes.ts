import { openMailboxInput } from '@casillero/shared';
import { listOwnMailboxesWithActivation } from '../../queries/mailboxes';
import { openOwnMailbox } from '../../services/mailboxes';
import { protectedProcedure, router } from '../init';

export const mailboxesRouter = router({
  /** Mis Casilleros: the customer's own mailboxes, each with its activation payment. */
  mine: protectedProcedure.query(({ ctx }) => listOwnMailboxesWithActivation(ctx.db, ctx.user.id)),

  /** Opens the customer's mailbox in another country, inactive until its activation is paid. */
  open: protectedProcedure
    .input(openMailboxInput)
    .mutation(({ ctx, input }) => openOwnMailbox(ctx.db, ctx.user.id, input.type)),
});
