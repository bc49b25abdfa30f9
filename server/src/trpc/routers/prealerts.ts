import {
  idInput,
  prealertAdminEditInput,
  prealertAdminFilters,
  prealertAdminListInput,
  prealertConvertInput,
  prealertCreateInput,
  prealertUpdateInput,
} from '@casillero/shared';
import { listOwnPrealerts } from '../../queries/client-prealerts';
import { countAdminPrealerts, listAdminPrealerts, prealertStatusCounts } from '../../queries/prealerts';
import { createOwnPrealert, updateOwnPrealert } from '../../services/client-prealerts';
import { confirmPrealert, convertPrealert, editPrealert } from '../../services/prealerts';
import { staffProcedure, protectedProcedure, router } from '../init';

export const prealertsRouter = router({
  /** Prealertas: the customer's own, newest first, with the warehouse tracking that matches each. */
  mine: protectedProcedure.query(({ ctx }) => listOwnPrealerts(ctx.db, ctx.user.id)),

  create: protectedProcedure
    .input(prealertCreateInput)
    .mutation(({ ctx, input }) => createOwnPrealert(ctx.db, ctx.user.id, input, ctx.config)),

  update: protectedProcedure
    .input(prealertUpdateInput)
    .mutation(({ ctx, input }) => updateOwnPrealert(ctx.db, ctx.user.id, input, ctx.config)),

  // --- Admin: Gestión de Prealartas (docs/product/admin-prealerts.md) -------------------------------
  list: staffProcedure('prealerts.read')
    .input(prealertAdminListInput)
    .query(({ ctx, input }) => listAdminPrealerts(ctx.db, input)),

  count: staffProcedure('prealerts.read')
    .input(prealertAdminFilters)
    .query(({ ctx, input }) => countAdminPrealerts(ctx.db, input)),

  /** The counters Pendientes, Confirmadas, Convertidas. */
  stats: staffProcedure('prealerts.read').query(({ ctx }) => prealertStatusCounts(ctx.db)),

  confirm: staffProcedure('prealerts.write')
    .input(idInput)
    .mutation(({ ctx, input }) => confirmPrealert(ctx.db, input.id, ctx.config)),

  edit: staffProcedure('prealerts.write')
    .input(prealertAdminEditInput)
    .mutation(({ ctx, input }) => editPrealert(ctx.db, input)),

  convert: staffProcedure('prealerts.write')
    .input(prealertConvertInput)
    .mutation(({ ctx, input }) => convertPrealert(ctx.db, input, ctx.config)),
});
