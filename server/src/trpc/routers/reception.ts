// Reception by scanning (/admin/recepcion) and the "sin dueño" queue (docs/decisions/019-warehouse-intake.md).
// Only staff who may change packages use them; a mutation runs audited in one transaction.
import {
  receptionAssignInput,
  receptionLookupInput,
  receptionMailboxPickerInput,
  receptionReceiveInput,
  unclaimedListInput,
} from '@casillero/shared';
import { countUnclaimedIntakes, listUnclaimedIntakes, searchActiveMailboxes } from '../../queries/reception';
import { assignIntake, lookupCode, receiveParcel } from '../../services/reception';
import { listExpectedParcels } from '../../queries/carrier-expected';
import { router, staffProcedure } from '../init';

export const receptionRouter = router({
  /** What a scanned code is: a WR label, a parcel already received, one a customer expects, or nobody's. */
  lookup: staffProcedure('packages.write')
    .input(receptionLookupInput)
    .query(({ ctx, input }) => lookupCode(ctx.db, input.code)),

  /** Saves the scanned parcel with its measures and photos; refused when that number was already received. */
  receive: staffProcedure('packages.write')
    .input(receptionReceiveInput)
    .mutation(({ ctx, input }) => receiveParcel(ctx.db, ctx.config, ctx.user.id, input)),

  /** The parcels received "sin dueño", newest first. */
  unclaimed: staffProcedure('packages.write')
    .input(unclaimedListInput)
    .query(({ ctx, input }) => listUnclaimedIntakes(ctx.db, input)),

  unclaimedCount: staffProcedure('packages.write')
    .input(unclaimedListInput)
    .query(({ ctx, input }) => countUnclaimedIntakes(ctx.db, input)),

  /** Esperados hoy / mañana: what the carriers bring today or tomorrow, not received yet (docs/product/first-mile.md). */
  expected: staffProcedure('packages.write').query(({ ctx }) => listExpectedParcels(ctx.db)),

  /** The hand assignment's casillero picker. */
  mailboxes: staffProcedure('packages.write')
    .input(receptionMailboxPickerInput)
    .query(({ ctx, input }) => searchActiveMailboxes(ctx.db, input.q)),

  /** Gives an unclaimed parcel to a casillero: it becomes that customer's package (they are told). */
  assign: staffProcedure('packages.write')
    .input(receptionAssignInput)
    .mutation(({ ctx, input }) => assignIntake(ctx.db, ctx.config, ctx.user.id, input)),
});
