// Bank statement reconciliation (docs/product/admin-payments-and-billing.md#reconciliation,
// docs/decisions/021-billing-in-bolivares.md): the states of a statement's lines, the Spanish texts
// of /admin/conciliacion and the zod schemas its procedures share.
import { z } from '../zod-es';
import { formatVesFromCents, groupThousands } from '../format';

/**
 * How far a statement line's amount may be from the reported one and still match: Bs. 1,00,
 * the rounding a bank or a customer applies when typing céntimos.
 */
export const RECONCILIATION_TOLERANCE_CENTIMOS = 100;
/** A statement's largest size, and its most lines. */
export const STATEMENT_MAX_BYTES = 1_000_000;
export const STATEMENT_MAX_LINES = 5_000;

/**
 * A line's state: 'approved' when the line itself approved a payment; 'reconciled' when its
 * reference is already carried by a payment approved otherwise (by hand in Pagos, or by another
 * line) for the same amount; 'amount_differs' when the payment it finds (pending, or approved
 * already) is for another amount.
 */
export const RECONCILIATION_STATES = [
  'matched',
  'ambiguous',
  'amount_differs',
  'not_found',
  'approved',
  'reconciled',
] as const;
export type ReconciliationState = (typeof RECONCILIATION_STATES)[number];
export const RECONCILIATION_STATE_LABELS: Record<ReconciliationState, string> = {
  matched: 'Coincide',
  ambiguous: 'Ambiguo',
  amount_differs: 'Monto diferente',
  not_found: 'Sin pago reportado',
  approved: 'Aprobado',
  reconciled: 'Ya conciliado',
};
export const RECONCILIATION_STATE_COLORS: Record<ReconciliationState, string> = {
  matched: 'green',
  ambiguous: 'yellow',
  amount_differs: 'orange',
  not_found: 'gray',
  approved: 'blue',
  reconciled: 'teal',
};

export const RECONCILIATION_MESSAGES = {
  fileRequired: 'Sube el estado de cuenta del banco en CSV.',
  fileTooLarge: 'El archivo es demasiado grande (máximo 1 MB).',
  uploadCancelled: 'Cancelaste la subida: no se cargó nada. Elige el archivo de nuevo cuando quieras.',
  empty: 'El archivo no tiene movimientos.',
  tooManyLines: `El estado de cuenta tiene más de ${groupThousands(STATEMENT_MAX_LINES)} movimientos; divídelo en varios archivos.`,
  missingColumns: 'El archivo debe tener las columnas fecha, referencia, descripción y monto.',
  lineError: (line: number, column: string, problem: string) => `Línea ${line}, columna «${column}»: ${problem}`,
  badDate: 'la fecha no es válida (use dd/mm/aaaa o aaaa-mm-dd).',
  badAmount: 'el monto no es un número válido.',
  badReference: 'falta la referencia.',
  tolerance: `Un pago coincide cuando la referencia es la misma y el monto difiere en ${formatVesFromCents(RECONCILIATION_TOLERANCE_CENTIMOS)} o menos.`,
  approvedTitle: 'Pagos aprobados',
  approved: (n: number) => (n === 1 ? 'Se aprobó 1 pago.' : `Se aprobaron ${n} pagos.`),
  nothingToApprove: 'No hay coincidencias por aprobar.',
  ambiguousNote:
    'Esta línea coincide con más de un pago reportado: elige a cuál corresponde. Nunca se aprueba en bloque.',
  chooseCandidate: 'Aprobar este pago',
  lineApproved: 'Pago aprobado con esta línea del estado de cuenta.',
  lineNotChoosable: 'Esa línea ya no tiene ese pago entre sus candidatos: actualiza la lista.',
  statementNotFound: 'Estado de cuenta no encontrado.',
  uploadedTitle: 'Estado de cuenta cargado',
  uploaded: (added: number, repeated: number) =>
    `${added} movimientos nuevos${repeated ? `; ${repeated} ya estaban cargados y no se cuentan dos veces` : ''}.`,
  ignoredDebits: (n: number) =>
    n === 1
      ? 'Se ignoró 1 débito: solo los créditos son pagos de clientes.'
      : `Se ignoraron ${n} débitos: solo los créditos son pagos de clientes.`,
  noCredits: 'El archivo no tiene créditos (montos positivos): solo los créditos son pagos de clientes.',
  unreadableLine: (line: number) => `Línea ${line}: no se pudo leer (revisa las comillas y los separadores).`,
  referenceTooLong: 'la referencia no puede exceder 60 caracteres.',
  moreErrors: (n: number) => (n === 1 ? 'Y 1 error más.' : `Y ${n} errores más.`),
  nothingChanged: 'No se cargó nada: corrige el archivo y súbelo de nuevo.',
  // A credit nobody reported, assigned by the cashier to the customer who made it.
  assignAction: 'Asignar a un cliente',
  assignTitle: 'Asignar el crédito a un cliente',
  assignNote:
    'Nadie reportó este pago. Elige el cliente que lo hizo: se registra como su pago por transferencia en bolívares y se aprueba.',
  assignCustomerPlaceholder: 'Busca por nombre, email, cédula o casillero',
  assignInvoiceLabel: 'Factura que paga',
  assignInvoiceHint: 'Por defecto, la factura pendiente más antigua del cliente.',
  assignToCredit: 'Ninguna: queda como saldo a favor',
  assignConfirm: 'Asignar y aprobar',
  assignCustomerRequired: 'Elige el cliente que hizo el pago.',
  assignCustomerNotFound: 'Cliente no encontrado.',
  assignInvoiceNotPayable: 'Esa factura no es de este cliente o ya no está pendiente (pagada o anulada).',
  lineNotAssignable: 'Esa línea ya no está «Sin pago reportado»: actualiza la lista.',
  assignReferenceTaken: 'Ya hay un pago por transferencia con esa referencia: búscalo en Pagos y apruébalo desde allí.',
  lineAssigned: 'Pago asignado al cliente y aprobado con esta línea del estado de cuenta.',
  /** The note of the payment an assigned line creates. */
  assignedNote: (fileName: string, reference: string) =>
    `Asignado desde el estado de cuenta ${fileName}, referencia ${reference}`,
  // A bank reference pays once: a line whose reference an approved payment already carries.
  paidOnce:
    'Una referencia bancaria paga una sola vez: si ya está en un pago aprobado, su movimiento se muestra «Ya conciliado» con ese pago y no se asigna ni se aprueba de nuevo.',
  /** Under the payment an already reconciled line belongs to. */
  countedOn: (day: string) => `Pago aprobado el ${day}`,
  countedAmountDiffers:
    'Este pago ya se acreditó por el monto reportado: si el banco recibió otro, corrige la diferencia con un ajuste en el estado de cuenta del cliente, nunca con un segundo pago.',
  viewPayment: 'Ver pago',
  lineAlreadyCounted: (customer: string, amount: string, day: string) =>
    `Esta referencia ya pagó el pago aprobado de ${customer} por ${amount} (${day}): un movimiento del banco se acredita una sola vez. No se asignó nada.`,
  /** The method an assigned line's payment is recorded under when no bank transfer method is kept. */
  bankTransferFallback: 'Transferencia bancaria',
} as const;

export const statementUploadInput = z.object({
  fileName: z.string().trim().min(1).max(200),
  content: z
    .string({ error: RECONCILIATION_MESSAGES.fileRequired })
    .min(1, RECONCILIATION_MESSAGES.fileRequired)
    .max(STATEMENT_MAX_BYTES, RECONCILIATION_MESSAGES.fileTooLarge),
});
/** The cashier's choice for a line that fits more than one reported payment. */
export const statementLineChoiceInput = z.object({
  lineId: z.uuid(RECONCILIATION_MESSAGES.lineNotChoosable),
  paymentId: z.uuid(RECONCILIATION_MESSAGES.lineNotChoosable),
});

/**
 * A "Sin pago reportado" line assigned to a customer: toward the invoice chosen; without
 * `invoiceId`, the customer's oldest open invoice; `invoiceId: null`, credit on account.
 */
export const statementLineAssignInput = z.object({
  lineId: z.uuid(RECONCILIATION_MESSAGES.lineNotAssignable),
  userId: z.uuid(RECONCILIATION_MESSAGES.assignCustomerRequired),
  invoiceId: z.uuid(RECONCILIATION_MESSAGES.assignInvoiceNotPayable).nullable().optional(),
});

export const statementIdInput = z.object({ statementId: z.uuid(RECONCILIATION_MESSAGES.statementNotFound) });
