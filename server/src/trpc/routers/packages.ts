import { myPackagesInput } from '@casillero/shared';
import { getOwnPackageStats, listOwnPackages } from '../../queries/client-packages';
import { protectedProcedure, router } from '../init';

export const packagesRouter = router({
  /** Almacén: the customer's own packages (searched and filtered) and the stat cards over all of them. */
  mine: protectedProcedure.input(myPackagesInput).query(async ({ ctx, input }) => {
    const [items, stats] = await Promise.all([listOwnPackages(ctx.db, ctx.user.id, input), getOwnPackageStats(ctx.db, ctx.user.id)]);
    return { items, stats };
  }),
});
