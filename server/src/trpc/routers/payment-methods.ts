// The payment methods (docs/decisions/021-billing-in-bolivares.md): the customer sees the active ones with their details when
// paying; the administrator keeps them.
import { paymentMethodInput, updatePaymentMethodInput } from '@casillero/shared';
import { createPaymentMethod, listPaymentMethods, updatePaymentMethod } from '../../services/payment-methods';
import { protectedProcedure, router, staffProcedure } from '../init';

export const paymentMethodsRouter = router({
  active: protectedProcedure.query(({ ctx }) => listPaymentMethods(ctx.db, true)),

  all: staffProcedure('payments.read').query(({ ctx }) => listPaymentMethods(ctx.db, false)),

  create: staffProcedure('billing.settings')
    .input(paymentMethodInput)
    .mutation(({ ctx, input }) => createPaymentMethod(ctx.db, input)),

  update: staffProcedure('billing.settings')
    .input(updatePaymentMethodInput)
    .mutation(({ ctx, input }) => {
      const { id, ...rest } = input;
      return updatePaymentMethod(ctx.db, id, rest);
    }),
});
