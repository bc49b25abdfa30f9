// An ally's portal (docs/product/allies.md), /aliado: only an 'aliado' login reaches it, and every
// query is filtered by that login's own ally (queries/allies.ts), so an ally sees its own
// customers and nothing else.
import { allyCustomerCreateInput, allyListInput, allyStatementInput } from '@casillero/shared';
import {
  allyCustomers,
  allyInvoices,
  allyOfUser,
  allyParcels,
  allyPrealerts,
  allyShipments,
  allyStatement,
} from '../../queries/allies';
import { createAllyCustomer } from '../../services/allies';
import { router, staffProcedure } from '../init';

const portal = staffProcedure('allies.portal');

export const allyPortalRouter = router({
  /** The ally the portal is of: its name, prefix and price adjustment. */
  me: portal.query(({ ctx }) => allyOfUser(ctx.db, ctx.user.id)),

  customers: portal
    .input(allyListInput)
    .query(async ({ ctx, input }) => allyCustomers(ctx.db, (await allyOfUser(ctx.db, ctx.user.id)).id, input.page)),

  createCustomer: portal
    .input(allyCustomerCreateInput)
    .mutation(async ({ ctx, input }) =>
      createAllyCustomer(ctx.db, ctx.config.appUrl, await allyOfUser(ctx.db, ctx.user.id), input),
    ),

  prealerts: portal
    .input(allyListInput)
    .query(async ({ ctx, input }) => allyPrealerts(ctx.db, (await allyOfUser(ctx.db, ctx.user.id)).id, input.page)),

  parcels: portal
    .input(allyListInput)
    .query(async ({ ctx, input }) => allyParcels(ctx.db, (await allyOfUser(ctx.db, ctx.user.id)).id, input.page)),

  shipments: portal
    .input(allyListInput)
    .query(async ({ ctx, input }) => allyShipments(ctx.db, (await allyOfUser(ctx.db, ctx.user.id)).id, input.page)),

  invoices: portal
    .input(allyListInput)
    .query(async ({ ctx, input }) => allyInvoices(ctx.db, (await allyOfUser(ctx.db, ctx.user.id)).id, input.page)),

  statement: portal
    .input(allyStatementInput)
    .query(async ({ ctx, input }) => allyStatement(ctx.db, (await allyOfUser(ctx.db, ctx.user.id)).id, input.month)),
});
