import {
  PAYMENT_MESSAGES,
  idInput,
  paymentFilters,
  paymentIdSchema,
  paymentListInput,
  paymentReviewInput,
  reportPaymentSchema,
} from '@casillero/shared';
import { listPayableTrackings } from '../../queries/client-trackings';
import {
  countPayments,
  findOwnPayment,
  getPaymentDetail,
  getPaymentSummary,
  listOwnPayments,
  listPayments,
} from '../../queries/payments';
import { reviewPayment } from '../../services/payment-review';
import { reportPayment } from '../../services/payments';
import { staffProcedure, protectedProcedure, router } from '../init';
import { foundOr } from '../../lib/found';

export const paymentsRouter = router({
  // --- Customer: Facturas (own payments only) --------------------------------------------------
  mine: protectedProcedure.query(({ ctx }) => listOwnPayments(ctx.db, ctx.config, ctx.user.id)),

  get: protectedProcedure
    .input(paymentIdSchema)
    .query(async ({ ctx, input }) =>
      foundOr(await findOwnPayment(ctx.db, ctx.config, ctx.user.id, input.id), PAYMENT_MESSAGES.notFound),
    ),

  /** The own trackings a new shipping payment can pay (ready to ship, dispatch not authorised). */
  payableTrackings: protectedProcedure.query(({ ctx }) => listPayableTrackings(ctx.db, ctx.user.id)),

  report: protectedProcedure
    .input(reportPaymentSchema)
    .mutation(({ ctx, input }) => reportPayment(ctx.db, ctx.config, ctx.user.id, input)),

  // --- Admin: Gestión de Pagos (docs/product/admin-payments-and-billing.md) -----------------------------------------
  list: staffProcedure('payments.read')
    .input(paymentListInput)
    .query(({ ctx, input }) => listPayments(ctx.db, input)),

  count: staffProcedure('payments.read')
    .input(paymentFilters)
    .query(({ ctx, input }) => countPayments(ctx.db, input)),

  summary: staffProcedure('payments.read').query(({ ctx }) => getPaymentSummary(ctx.db)),

  detail: staffProcedure('payments.read')
    .input(idInput)
    .query(async ({ ctx, input }) => foundOr(await getPaymentDetail(ctx.db, input.id), PAYMENT_MESSAGES.notFound)),

  /** 'Actualizar Pago': approval and rejection happen once, with their effects, in one transaction. */
  review: staffProcedure('payments.write')
    .input(paymentReviewInput)
    .mutation(({ ctx, input }) => reviewPayment(ctx.db, ctx.user, input, ctx.config)),
});
