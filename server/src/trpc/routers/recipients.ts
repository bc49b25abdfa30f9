import {
  recipientCreateInput,
  recipientForCustomerInput,
  recipientIdInput,
  recipientsOfCustomerInput,
  recipientUpdateInput,
} from '@casillero/shared';
import {
  archiveRecipient,
  createRecipient,
  createRecipientForCustomer,
  recipientsOf,
  updateRecipient,
} from '../../services/recipients';
import { protectedProcedure, router, staffProcedure } from '../init';

/** Destinatarios (docs/product/last-mile.md#recipients): the customer's own address book; another customer's recipient answers NOT_FOUND. */
export const recipientsRouter = router({
  mine: protectedProcedure.query(({ ctx }) => recipientsOf(ctx.db, ctx.user.id)),

  create: protectedProcedure
    .input(recipientCreateInput)
    .mutation(({ ctx, input }) => createRecipient(ctx.db, ctx.user.id, input)),

  update: protectedProcedure.input(recipientUpdateInput).mutation(({ ctx, input }) => {
    const { id, ...values } = input;
    return updateRecipient(ctx.db, ctx.user.id, id, values);
  }),

  /** Removes it from the book; shipments that name it keep it. */
  archive: protectedProcedure
    .input(recipientIdInput)
    .mutation(({ ctx, input }) => archiveRecipient(ctx.db, ctx.user.id, input.id)),

  /** Staff's 'Crear Envío': the chosen customer's recipients. */
  ofCustomer: staffProcedure('shipments.write')
    .input(recipientsOfCustomerInput)
    .query(({ ctx, input }) => recipientsOf(ctx.db, input.userId)),

  /** Staff's 'Nuevo destinatario' in 'Crear Envío': adds one to the chosen customer's book (audited). */
  createForCustomer: staffProcedure('shipments.write')
    .input(recipientForCustomerInput)
    .mutation(({ ctx, input }) => {
      const { userId, ...values } = input;
      return createRecipientForCustomer(ctx.db, userId, values);
    }),
});
