import { TRPCError } from '@trpc/server';
import { PAYMENT_MESSAGES, paymentIdSchema, reportPaymentSchema } from '@casillero/shared';
import { findOwnPayment, listOwnPayments } from '../../queries/payments';
import { reportPayment } from '../../services/payments';
import { protectedProcedure, router } from '../init';

// Customer procedures (Facturas); the admin ones arrive with the admin payments issue.
export const paymentsRouter = router({
  mine: protectedProcedure.query(({ ctx }) => listOwnPayments(ctx.db, ctx.config, ctx.user.id)),

  get: protectedProcedure.input(paymentIdSchema).query(async ({ ctx, input }) => {
    const payment = await findOwnPayment(ctx.db, ctx.config, ctx.user.id, input.id);
    if (!payment) throw new TRPCError({ code: 'NOT_FOUND', message: PAYMENT_MESSAGES.notFound });
    return payment;
  }),

  report: protectedProcedure
    .input(reportPaymentSchema)
    .mutation(({ ctx, input }) => reportPayment(ctx.db, ctx.config, ctx.user.id, input)),
});
