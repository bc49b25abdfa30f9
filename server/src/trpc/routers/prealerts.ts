import { prealertCreateInput, prealertUpdateInput } from '@casillero/shared';
import { listOwnPrealerts } from '../../queries/client-prealerts';
import { createOwnPrealert, updateOwnPrealert } from '../../services/client-prealerts';
import { protectedProcedure, router } from '../init';

export const prealertsRouter = router({
  /** Prealertas: the customer's own, newest first, with the warehouse tracking that matches each. */
  mine: protectedProcedure.query(({ ctx }) => listOwnPrealerts(ctx.db, ctx.user.id)),

  create: protectedProcedure
    .input(prealertCreateInput)
    .mutation(({ ctx, input }) => createOwnPrealert(ctx.db, ctx.user.id, input)),

  update: protectedProcedure
    .input(prealertUpdateInput)
    .mutation(({ ctx, input }) => updateOwnPrealert(ctx.db, ctx.user.id, input)),
});
