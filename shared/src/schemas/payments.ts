// Facturas: a customer reports a payment (an existing pending one, or a new one), with a receipt.
import { z } from '../zod-es';
import { optionalNumber, optionalText, optionalUuid } from './form-fields';
import { PAYMENT_METHODS, PAYMENT_TYPES } from '../enums';

/** How many trackings one shipping payment may cover. */
export const MAX_TRACKINGS_PER_PAYMENT = 50;

export const PAYMENT_MESSAGES = {
  methodRequired: 'Selecciona el método de pago.',
  referenceRequired: 'Ingresa la referencia o número de confirmación del pago.',
  referenceMax: 'La referencia no puede exceder 100 caracteres.',
  typeRequired: 'Selecciona el concepto del pago.',
  amountRequired: 'Ingresa el monto pagado en USD.',
  amountPositive: 'El monto debe ser mayor a 0.',
  amountMax: 'El monto no puede exceder $100.000.',
  vesPositive: 'El monto en bolívares debe ser mayor a 0.',
  descriptionMax: 'La descripción no puede exceder 500 caracteres.',
  receiptRequired: 'Adjunta la imagen del comprobante de pago.',
  receiptNotFound: 'El comprobante adjunto no existe. Vuelve a subir la imagen.',
  duplicateReference:
    'Ya existe un pago reportado con este método y esta referencia. Verifica la referencia de tu pago.',
  alreadyReported: 'Este pago ya fue reportado y está en revisión.',
  alreadyProcessed: 'Este pago ya fue procesado y no admite un nuevo reporte.',
  notFound: 'Pago no encontrado.',
  trackingsRequired: 'Selecciona los trackings que pagas con este envío.',
  trackingsMax: `Puedes pagar hasta ${MAX_TRACKINGS_PER_PAYMENT} trackings en un mismo reporte.`,
  trackingsNotPayable:
    'Alguno de los trackings seleccionados no es tuyo, ya no está listo para enviar o ya tiene el despacho autorizado. Actualiza la lista y vuelve a elegirlos.',
  reportedTitle: 'Pago reportado',
  reportedMessage: 'Recibimos tu reporte de pago. Te avisaremos cuando sea verificado.',
} as const;

/** What a customer may pay for with a new report; activations and shipping come from the system. */
export const REPORTABLE_PAYMENT_TYPES = ['shipping_payment', 'course_purchase', 'credit_purchase'] as const satisfies readonly (typeof PAYMENT_TYPES)[number][];
export type ReportablePaymentType = (typeof REPORTABLE_PAYMENT_TYPES)[number];

const reportPaymentFields = {
  /** An existing pending payment of the customer's (e.g. a mailbox activation); absent for a new one. */
  paymentId: optionalUuid(),
  transactionType: z
    .enum([...REPORTABLE_PAYMENT_TYPES, ''], { error: PAYMENT_MESSAGES.typeRequired })
    .nullish()
    .transform((t) => t || null),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: PAYMENT_MESSAGES.methodRequired }),
  paymentReference: z
    .string({ error: PAYMENT_MESSAGES.referenceRequired })
    .trim()
    .min(1, PAYMENT_MESSAGES.referenceRequired)
    .max(100, PAYMENT_MESSAGES.referenceMax),
  /** Ignored for an existing payment: its amount is what is owed. */
  amountUsd: optionalNumber(z.number().positive(PAYMENT_MESSAGES.amountPositive).max(100_000, PAYMENT_MESSAGES.amountMax)),
  amountVes: optionalNumber(z.number().positive(PAYMENT_MESSAGES.vesPositive).max(1_000_000_000_000)),
  description: optionalText(500, PAYMENT_MESSAGES.descriptionMax),
  /**
   * A new shipping payment names the customer's trackings it pays (ready to ship, dispatch not
   * yet authorised); ignored for other concepts and for an existing payment, whose trackings the
   * system linked already.
   */
  trackingIds: z
    .array(z.uuid(PAYMENT_MESSAGES.trackingsNotPayable))
    .max(MAX_TRACKINGS_PER_PAYMENT, PAYMENT_MESSAGES.trackingsMax)
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]),
};

/** A new payment needs its concept and amount (and a shipping one its trackings); an existing one has them already. */
function requireConceptForNew(
  v: { paymentId: string | null; transactionType: string | null; amountUsd: number | null; trackingIds: string[] },
  ctx: z.RefinementCtx,
) {
  if (v.paymentId) return;
  if (!v.transactionType) ctx.addIssue({ code: 'custom', path: ['transactionType'], message: PAYMENT_MESSAGES.typeRequired });
  if (v.amountUsd == null) ctx.addIssue({ code: 'custom', path: ['amountUsd'], message: PAYMENT_MESSAGES.amountRequired });
  if (v.transactionType === 'shipping_payment' && v.trackingIds.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['trackingIds'], message: PAYMENT_MESSAGES.trackingsRequired });
  }
}

export const reportPaymentSchema = z
  .object({ ...reportPaymentFields, receiptFileId: z.uuid({ error: PAYMENT_MESSAGES.receiptRequired }) })
  .superRefine(requireConceptForNew);
export type ReportPaymentInput = z.input<typeof reportPaymentSchema>;

/** The same rules for the form, before the receipt image is uploaded and has an id. */
export const reportPaymentFormSchema = z.object(reportPaymentFields).superRefine(requireConceptForNew);
export type ReportPaymentFormValues = z.input<typeof reportPaymentFormSchema>;

export const paymentIdSchema = z.object({ id: z.uuid(PAYMENT_MESSAGES.notFound) });
