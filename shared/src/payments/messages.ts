// The Spanish texts of the admin payments screen (docs/product/admin-payments-and-billing.md) and of the customer's
// payment notifications it sends.
import type { PaymentStatus } from '../enums';
import { formatCount, formatUsdFromCents } from '../format';

export const ADMIN_PAYMENT_MESSAGES = {
  title: 'Gestión de Pagos',
  empty: 'No hay pagos registrados',
  loadFailed: 'Error al cargar los pagos',
  receiptFailed: 'Error al cargar el comprobante',
  updatedTitle: 'Pago actualizado',
  updated: 'El estado del pago ha sido actualizado exitosamente',
  updateFailed: 'Error al actualizar el pago',
  statusRequired: 'Selecciona el estado del pago',
  notesMax: 'Las notas no pueden exceder 1.000 caracteres',
  /**
   * Approval and rejection happen once: their effects (activation, dispatch, notice) are done.
   * The refusal says what the payment is now; only a rejected one can come back (re-reported).
   */
  alreadyProcessed: {
    completed: 'Este pago ya fue aprobado y no se puede modificar: la aprobación es definitiva.',
    failed:
      'Este pago ya fue rechazado y no se puede modificar: el rechazo es definitivo. Si el cliente vuelve a reportarlo, aparecerá como pendiente.',
    cancelled: 'Este pago está cancelado y no se puede modificar.',
    /** Rejected and re-reported by the customer while the admin had it open. */
    pending: 'Este pago cambió mientras lo revisabas: el cliente volvió a reportarlo. Ábrelo de nuevo para revisarlo.',
  } satisfies Record<PaymentStatus, string>,
  /**
   * A bank reference pays once (docs/product/admin-payments-and-billing.md#a-bank-reference-pays-once):
   * approving a payment whose reference an approved one already carries is refused.
   */
  referenceAlreadyPaid: (customer: string, amount: string, day: string) =>
    `La referencia de este pago ya pagó el pago aprobado de ${customer} por ${amount} (${day}): una referencia bancaria se acredita una sola vez. Rechaza este pago o pide al cliente la referencia correcta.`,
  searchTooShort: (min: number) => `Escribe al menos ${min} caracteres para buscar`,
  /** The tracking history line written when an approved shipping payment clears a tracking. */
  dispatchAuthorised: 'Pago aprobado: despacho autorizado',
} as const;

/** The dashboard's card for the roles that review payments (docs/product/admin-area.md#dashboard). */
export const PENDING_PAYMENTS_CARD = {
  title: 'Pagos por revisar',
  detail: (amountUsdCents: number) => `${formatUsdFromCents(amountUsdCents)} reportados por los clientes`,
  none: 'Ningún pago espera revisión',
  link: 'Revisar pagos pendientes',
} as const;

/** The admin's choices in 'Ver Detalles' (docs/product/admin-payments-and-billing.md#ver-detalles): cancelled is shown, never chosen. */
export const PAYMENT_REVIEW_LABELS = {
  pending: 'Pendiente',
  completed: 'Aprobado',
  failed: 'Rechazado',
} as const satisfies Partial<Record<PaymentStatus, string>>;

export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = {
  pending: 'yellow',
  completed: 'green',
  failed: 'red',
  cancelled: 'gray',
};

/** Amounts in the notification as every other amount: $4,99 (docs/product/formats.md#money). */
const amount = formatUsdFromCents;

/** The customer's notification after an admin saves a payment (docs/product/admin-payments-and-billing.md#the-customers-notification). */
export const PAYMENT_NOTIFICATIONS = {
  title: 'Actualización de Pago',
  approved: (usdCents: number) => `Tu pago de ${amount(usdCents)} ha sido aprobado y procesado.`,
  rejected: (usdCents: number, notes: string | null) =>
    `Tu pago de ${amount(usdCents)} ha sido rechazado.${notes ? ` Notas: ${notes}` : ''}`,
  reviewing: (usdCents: number) => `Tu pago de ${amount(usdCents)} está siendo revisado.`,
} as const;

/** A tracking whose shipping payment was approved: it may leave the warehouse (docs/product/admin-payments-and-billing.md#dispatch-after-a-shipping-payment). */
export const DISPATCH_MESSAGES = {
  /** The badge next to the status, for the admin and the customer. */
  badge: 'Pago aprobado',
  /** What the customer reads as the next step of an authorised ready_to_ship tracking. */
  customerNext: 'Pago aprobado, listo para despacho. Te avisaremos cuando tu paquete salga hacia Venezuela.',
  /** The admin analytics banners. */
  awaitingPaymentTitle: 'Listos para enviar, esperando pago',
  awaitingPayment: (n: number) =>
    n === 1
      ? '1 tracking está listo y espera que el cliente pague para autorizar el despacho.'
      : `${formatCount(n)} trackings están listos y esperan que el cliente pague para autorizar el despacho.`,
  authorisedTitle: 'Despacho autorizado',
  authorised: (n: number) =>
    n === 1
      ? '1 tracking tiene el pago aprobado y puede despacharse.'
      : `${formatCount(n)} trackings tienen el pago aprobado y pueden despacharse.`,
  /** The other banners of the analytics tab. */
  repacksTitle: 'Reempaques pendientes',
  repacks: (n: number) =>
    n === 1
      ? '1 tracking espera reempaque. Procésalo para que pueda enviarse.'
      : `${formatCount(n)} trackings esperan reempaque. Procésalos para que puedan enviarse.`,
  problemsTitle: 'Trackings con problemas',
  problems: (n: number) =>
    n === 1
      ? '1 tracking tiene un problema: contacta al cliente afectado.'
      : `${formatCount(n)} trackings tienen un problema: contacta a los clientes afectados.`,
} as const;
