// Compra asistida (docs/product/compra-asistida.md): the customer's Compras (ask, follow, accept,
// cancel, accept a difference, choose on an item the store failed on) and the staff's desk at /admin/compras (list, quote, renew, record
// the purchase, mark an item the store failed on, enter the store's trackings) with the settings.
import {
  COMPRA_MESSAGES,
  compraAcceptInput,
  compraCreateInput,
  compraIdInput,
  compraItemChoiceInput,
  compraItemIssueInput,
  compraListInput,
  compraPurchaseInput,
  compraQuoteInput,
  compraRenewInput,
  compraSettingsInput,
  compraTrackingsInput,
} from '@casillero/shared';
import {
  compraMailboxes,
  countComprasAdmin,
  findCompra,
  getCompraSettings,
  listComprasAdmin,
  listMyCompras,
} from '../../queries/compras';
import { chooseCompraItem, markCompraItemIssue } from '../../services/compras/store-failures';
import { acceptCompraDifference, addCompraTrackings, recordCompraPurchase } from '../../services/compras/purchase';
import { acceptCompraQuote, quoteCompraRequest, renewCompraQuote } from '../../services/compras/quote';
import { cancelCompra, createCompra, setCompraSettings } from '../../services/compras/request';
import { withCompraTaxes, withTotalsWithTaxes } from '../../services/compras/invoice';
import { foundOr } from '../../lib/found';
import { auditedUserProcedure, protectedProcedure, router, staffProcedure } from '../init';

export const comprasRouter = router({
  /** Compras: the signed-in customer's requests. */
  mine: protectedProcedure.query(async ({ ctx }) =>
    withTotalsWithTaxes(ctx.db, await listMyCompras(ctx.db, ctx.user.id)),
  ),

  /** The casilleros a purchase may go to, and the fee shown before asking. */
  options: protectedProcedure.query(async ({ ctx }) => ({
    mailboxes: await compraMailboxes(ctx.db, ctx.user.id),
    settings: await getCompraSettings(ctx.db),
  })),

  /** One of the customer's own requests; another's is not found. */
  detail: protectedProcedure
    .input(compraIdInput)
    .query(async ({ ctx, input }) =>
      withCompraTaxes(
        ctx.db,
        foundOr(await findCompra(ctx.db, ctx.config, input.id, ctx.user.id), COMPRA_MESSAGES.notFound),
      ),
    ),

  create: auditedUserProcedure
    .input(compraCreateInput)
    .mutation(({ ctx, input }) => createCompra(ctx.db, ctx.user.id, input, { appUrl: ctx.config.appUrl })),

  cancel: auditedUserProcedure
    .input(compraIdInput)
    .mutation(({ ctx, input }) => cancelCompra(ctx.db, ctx.user.id, input.id, { appUrl: ctx.config.appUrl })),

  accept: auditedUserProcedure.input(compraAcceptInput).mutation(({ ctx, input }) =>
    acceptCompraQuote(ctx.db, ctx.user.id, input.id, {
      appUrl: ctx.config.appUrl,
      confirmedTotalUsdCents: input.confirmedTotalUsdCents,
    }),
  ),

  acceptDifference: auditedUserProcedure
    .input(compraIdInput)
    .mutation(({ ctx, input }) => acceptCompraDifference(ctx.db, ctx.user.id, input.id, { appUrl: ctx.config.appUrl })),

  /** On an item the store failed on: cancel it (its share back as credit) or accept its new price. */
  chooseItem: auditedUserProcedure
    .input(compraItemChoiceInput)
    .mutation(({ ctx, input }) => chooseCompraItem(ctx.db, ctx.user.id, input, { appUrl: ctx.config.appUrl })),

  /** The desk's list (list engine): status, customer, age, amount. */
  list: staffProcedure('compras')
    .input(compraListInput)
    .query(({ ctx, input }) => listComprasAdmin(ctx.db, input)),

  count: staffProcedure('compras')
    .input(compraListInput)
    .query(({ ctx, input }) => countComprasAdmin(ctx.db, input)),

  adminDetail: staffProcedure('compras')
    .input(compraIdInput)
    .query(async ({ ctx, input }) =>
      withCompraTaxes(ctx.db, foundOr(await findCompra(ctx.db, ctx.config, input.id), COMPRA_MESSAGES.notFound)),
    ),

  settings: staffProcedure('compras').query(({ ctx }) => getCompraSettings(ctx.db)),

  quote: staffProcedure('compras')
    .input(compraQuoteInput)
    .mutation(({ ctx, input }) => quoteCompraRequest(ctx.db, ctx.user.id, input, { appUrl: ctx.config.appUrl })),

  renew: staffProcedure('compras')
    .input(compraRenewInput)
    .mutation(({ ctx, input }) => renewCompraQuote(ctx.db, ctx.user.id, input, { appUrl: ctx.config.appUrl })),

  recordPurchase: staffProcedure('compras')
    .input(compraPurchaseInput)
    .mutation(({ ctx, input }) => recordCompraPurchase(ctx.db, ctx.user.id, input, { appUrl: ctx.config.appUrl })),

  /** The store failed on an item of a paid request: out of stock, or a new price. */
  markItemIssue: staffProcedure('compras')
    .input(compraItemIssueInput)
    .mutation(({ ctx, input }) => markCompraItemIssue(ctx.db, ctx.user.id, input, { appUrl: ctx.config.appUrl })),

  addTrackings: staffProcedure('compras')
    .input(compraTrackingsInput)
    .mutation(({ ctx, input }) =>
      addCompraTrackings(ctx.db, ctx.user.id, input, ctx.config, { appUrl: ctx.config.appUrl }),
    ),

  /** The fee (a percentage with a minimum): the administrator's, like the payment methods. */
  updateSettings: staffProcedure('billing.settings')
    .input(compraSettingsInput)
    .mutation(async ({ ctx, input }) => ({
      settings: await setCompraSettings(ctx.db, input),
      message: COMPRA_MESSAGES.settingsSaved,
    })),
});
