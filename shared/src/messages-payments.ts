// The Spanish texts of the admin payments screen (admin spec §2, §4, §8) and of the customer's
// payment notifications it sends.
import type { PaymentStatus } from './enums';

export const ADMIN_PAYMENT_MESSAGES = {
  title: 'Gestión de Pagos',
  empty: 'No hay pagos registrados',
  loadFailed: 'Error al cargar los pagos',
  receiptFailed: 'Error al cargar el comprobante',
  updatedTitle: 'Pago actualizado',
  updated: 'El estado del pago ha sido actualizado exitosamente',
  updateFailed: 'Error al actualizar el pago',
  statusRequired: 'Selecciona el estado del pago',
  notesMax: 'Las notas no pueden exceder 1000 caracteres',
  /** Approval and rejection happen once: their effects (activation, dispatch, notice) are done. */
  alreadyProcessed: (statusLabel: string) =>
    `Este pago ya está «${statusLabel}» y no se puede modificar: la aprobación o el rechazo son definitivos. Si el cliente vuelve a reportarlo, aparecerá como pendiente.`,
  searchTooShort: (min: number) => `Escribe al menos ${min} caracteres para buscar`,
  /** The tracking history line written when an approved shipping payment clears a tracking. */
  dispatchAuthorised: 'Pago aprobado: despacho autorizado',
} as const;

/** The admin's choices in 'Ver Detalles' (admin spec §4): cancelled is shown, never chosen. */
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

/** Amounts in the notification read as the spec writes them: $4.99. */
const amount = (usd: number) => `$${usd.toFixed(2)}`;

/** The customer's notification after an admin saves a payment (admin spec §4). */
export const PAYMENT_NOTIFICATIONS = {
  title: 'Actualización de Pago',
  approved: (usd: number) => `Tu pago de ${amount(usd)} ha sido aprobado y procesado.`,
  rejected: (usd: number, notes: string | null) =>
    `Tu pago de ${amount(usd)} ha sido rechazado.${notes ? ` Notas: ${notes}` : ''}`,
  reviewing: (usd: number) => `Tu pago de ${amount(usd)} está siendo revisado.`,
} as const;
