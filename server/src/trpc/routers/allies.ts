// Allies (docs/product/allies.md): the administrator's page /admin/aliados.
import { allyCreateInput, allySetActiveInput, allyUpdateInput } from '@casillero/shared';
import { listAllies } from '../../queries/allies';
import { createAlly, setAllyActive, updateAllyAdjustment } from '../../services/allies';
import { router, staffProcedure } from '../init';

export const alliesRouter = router({
  list: staffProcedure('allies.manage').query(({ ctx }) => listAllies(ctx.db)),

  create: staffProcedure('allies.manage')
    .input(allyCreateInput)
    .mutation(({ ctx, input }) => createAlly(ctx.db, ctx.config.appUrl, ctx.user.id, input)),

  update: staffProcedure('allies.manage')
    .input(allyUpdateInput)
    .mutation(({ ctx, input }) => updateAllyAdjustment(ctx.db, input.id, input.priceAdjustmentBp)),

  setActive: staffProcedure('allies.manage')
    .input(allySetActiveInput)
    .mutation(({ ctx, input }) => setAllyActive(ctx.db, input.id, input.active)),
});
