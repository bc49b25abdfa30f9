// The admin payments screen's inputs (docs/product/admin-payments-and-billing.md): the list's URL state and the review.
import { z } from '../zod-es';
import { optionalText } from './form-fields';
import { PAYMENT_STATUSES_SELECTABLE, PAYMENT_TYPES } from '../enums';
import { ADMIN_PAYMENT_MESSAGES as M } from '../payments/messages';
import { listPageParams, optionalSearchText } from './list';

/** The filters: search (customer, reference, id), status (cancelled is not offered) and type. */
export const paymentFilters = z.object({
  q: optionalSearchText,
  status: z.enum(PAYMENT_STATUSES_SELECTABLE).optional().catch(undefined),
  type: z.enum(PAYMENT_TYPES).optional().catch(undefined),
});
export type PaymentFilters = Partial<z.output<typeof paymentFilters>>;

/** The list procedure's input: the filters, the direction of the date order and the page. */
export const paymentListInput = paymentFilters.extend(listPageParams);
export type PaymentListInput = z.input<typeof paymentListInput>;
export type PaymentListParams = Partial<z.output<typeof paymentListInput>>;

/** 'Actualizar Pago': Pendiente, Aprobado or Rechazado, and the admin's notes. */
export const paymentReviewInput = z.object({
  id: z.uuid(),
  status: z.enum(PAYMENT_STATUSES_SELECTABLE, { error: M.statusRequired }),
  adminNotes: optionalText(1000, M.notesMax),
});
export type PaymentReviewInput = z.input<typeof paymentReviewInput>;
