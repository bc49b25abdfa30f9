// Facturas: a customer reports a payment (an existing pending one, or a new one), with a receipt.
import { z } from '../zod-es';
import { optionalNumber, optionalText, optionalUuid } from './form-fields';
import type { PAYMENT_TYPES } from '../enums';
import { AMOUNT_MESSAGES } from '../messages';
import { isWholeCents } from '../billing/money';

/** How many trackings one shipping payment may cover. */
export const MAX_TRACKINGS_PER_PAYMENT = 50;

export const PAYMENT_MESSAGES = {
  methodRequired: 'Selecciona el método de pago.',
  noRateForVes: 'Aún no hay una tasa de cambio registrada: por ahora no se pueden reportar pagos en bolívares.',
  referenceRequired: 'Ingresa la referencia o número de confirmación del pago.',
  referenceMax: 'La referencia no puede exceder 100 caracteres.',
  typeRequired: 'Selecciona el concepto del pago.',
  amountRequired: 'Ingresa el monto pagado.',
  amountPositive: 'El monto debe ser de al menos 0,01 (un centavo o un céntimo).',
  amountUnderOneCent: 'Ese monto en bolívares vale menos de un centavo de dólar a la tasa del pago: revisa el monto.',
  amountMax: 'El monto no puede exceder $100.000.',
  amountDecimals: AMOUNT_MESSAGES.twoDecimals,
  amountMaxVes: 'El monto no puede exceder Bs. 10.000.000.000.',
  descriptionMax: 'La descripción no puede exceder 500 caracteres.',
  receiptRequired: 'Adjunta la imagen del comprobante de pago.',
  receiptNotFound: 'El comprobante adjunto no existe. Vuelve a subir la imagen.',
  duplicateReference:
    'Ya existe un pago reportado con este método y esta referencia. Verifica la referencia de tu pago.',
  /** The reference is already carried by an approved payment (a bank reference pays once). */
  referenceAlreadyPaid: 'Esta referencia ya corresponde a un pago aprobado. Verifica la referencia de tu pago.',
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
export const REPORTABLE_PAYMENT_TYPES = [
  'shipping_payment',
  'course_purchase',
  'credit_purchase',
] as const satisfies readonly (typeof PAYMENT_TYPES)[number][];
export type ReportablePaymentType = (typeof REPORTABLE_PAYMENT_TYPES)[number];

const reportPaymentFields = {
  /** An existing pending payment of the customer's (e.g. a mailbox activation); absent for a new one. */
  paymentId: optionalUuid(),
  /** The invoice this payment pays (docs/decisions/021-billing-in-bolivares.md); absent for a payment on account. */
  invoiceId: optionalUuid(),
  transactionType: z
    .enum([...REPORTABLE_PAYMENT_TYPES, ''], { error: PAYMENT_MESSAGES.typeRequired })
    .nullish()
    .transform((t) => t || null),
  /** One of the methods the administrator keeps (payment_methods); it sets the currency. */
  methodId: z.uuid({ error: PAYMENT_MESSAGES.methodRequired }),
  paymentReference: z
    .string({ error: PAYMENT_MESSAGES.referenceRequired })
    .trim()
    .min(1, PAYMENT_MESSAGES.referenceRequired)
    .max(100, PAYMENT_MESSAGES.referenceMax),
  /**
   * What was paid, in the method's currency (USD or Bs.). For an invoice it may be left empty:
   * it is then what is still owed on it, in that currency.
   */
  amount: optionalNumber(
    z
      .number({ error: PAYMENT_MESSAGES.amountRequired })
      .min(0.01, PAYMENT_MESSAGES.amountPositive)
      .max(10_000_000_000, PAYMENT_MESSAGES.amountMaxVes)
      .refine(isWholeCents, PAYMENT_MESSAGES.amountDecimals),
  ),
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

/**
 * A new payment on account needs its concept and amount (and a shipping one its trackings); one
 * for an existing payment or an invoice has them already.
 */
function requireConceptForNew(
  v: {
    paymentId: string | null;
    invoiceId: string | null;
    transactionType: string | null;
    amount: number | null;
    trackingIds: string[];
  },
  ctx: z.RefinementCtx,
) {
  if (v.paymentId || v.invoiceId) return;
  if (!v.transactionType)
    ctx.addIssue({ code: 'custom', path: ['transactionType'], message: PAYMENT_MESSAGES.typeRequired });
  if (v.amount == null) ctx.addIssue({ code: 'custom', path: ['amount'], message: PAYMENT_MESSAGES.amountRequired });
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
