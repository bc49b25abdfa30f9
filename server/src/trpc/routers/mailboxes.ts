import { mailboxCreateInput, mailboxStatusInput, openMailboxInput } from '@casillero/shared';
import { listOwnMailboxesWithActivation } from '../../queries/mailboxes';
import { createMailboxForClient, setMailboxStatus } from '../../services/clients';
import { openOwnMailbox } from '../../services/mailboxes';
import { staffProcedure, protectedProcedure, router } from '../init';

export const mailboxesRouter = router({
  /** Mis Casilleros: the customer's own mailboxes, each with its activation payment. */
  mine: protectedProcedure.query(({ ctx }) => listOwnMailboxesWithActivation(ctx.db, ctx.user.id)),

  /** Opens the customer's mailbox in another country, inactive until its activation is paid. */
  open: protectedProcedure
    .input(openMailboxInput)
    .mutation(({ ctx, input }) => openOwnMailbox(ctx.db, ctx.user.id, input.type)),

  // --- Admin: Gestión de Clientes (docs/product/admin-clients.md) -----------------------------------------
  /** Crear Casillero Manual: for any customer, inactive, optionally with its activation payment. */
  createForClient: staffProcedure('clients.write')
    .input(mailboxCreateInput)
    .mutation(({ ctx, input }) => createMailboxForClient(ctx.db, input, ctx.config)),

  /** Switches a mailbox active or inactive. */
  setStatus: staffProcedure('clients.write')
    .input(mailboxStatusInput)
    .mutation(({ ctx, input }) => setMailboxStatus(ctx.db, input.id, input.status, ctx.config)),
});
