// The Spanish texts of the admin trackings panel (docs/product/admin-trackings.md) and its e-mails.
import type { TrackingStatus } from '../enums';

export const TRACKING_MESSAGES = {
  // Create form (docs/product/admin-trackings.md#create-form)
  trackingNumberPattern: 'Solo letras, números, guiones y guiones bajos',
  trackingNumberMin: 'Número de tracking debe tener al menos 5 caracteres',
  trackingNumberMax: 'Número de tracking no puede exceder 50 caracteres',
  mailboxRequired: 'Debe seleccionar un casillero',
  clientInvalid: 'Debe seleccionar un cliente válido.',
  duplicate: 'Este número de tracking ya existe en el sistema.',
  descriptionMin: 'La descripción debe tener al menos 10 caracteres',
  descriptionMax: 'La descripción no puede exceder 500 caracteres',
  carrierRequired: 'La empresa de envío es requerida',
  carrierMax: 'La empresa de envío no puede exceder 100 caracteres',
  weightMin: 'El peso estimado debe ser al menos 0,1 kg',
  weightMax: 'El peso estimado no puede exceder 100 kg',
  valueMin: 'El valor estimado no puede ser negativo',
  valueMax: 'Valor estimado no puede exceder $10,000',
  senderMin: 'El remitente debe tener al menos 2 caracteres',
  senderMax: 'El remitente no puede exceder 100 caracteres',
  originMin: 'El país de origen debe tener al menos 2 caracteres',
  originMax: 'El país de origen no puede exceder 100 caracteres',
  reasonMax: 'El motivo no puede exceder 500 caracteres',
  notesMax: 'Las notas no pueden exceder 1.000 caracteres',
  // Status change and repack dialogs
  statusRequired: 'Selecciona el nuevo estado',
  repackReasonRequired: 'El motivo del reempaque es requerido',
  actualWeightInvalid: 'El peso real debe estar entre 0 y 100 kg',
  messageMax: 'El mensaje no puede exceder 1.000 caracteres',
  // Errors (docs/product/admin-trackings.md#messages)
  clientsLoadFailed: 'No se pudieron cargar los clientes. Intenta nuevamente.',
  createFailed: 'No se pudo crear el tracking. Intenta nuevamente.',
  loadFailed: 'No se pudieron cargar los trackings.',
  statusFailed: 'No se pudo actualizar el estado del tracking.',
  repackFailed: 'No se pudo procesar el reempaque.',
  notFound: 'Tracking no encontrado.',
  // Success (docs/product/admin-trackings.md)
  createdTitle: 'Tracking Creado',
  created: (trackingNumber: string) => `El tracking ${trackingNumber} fue registrado. Notificaciones enviadas.`,
  /** The create toast when the number matched the customer's pending pre-alert (trackings.prealert_id). */
  createdMatched: (trackingNumber: string) =>
    `El tracking ${trackingNumber} fue registrado y vinculado a la prealerta del cliente con el mismo número. Notificaciones enviadas.`,
  statusUpdatedTitle: 'Estado Actualizado',
  statusUpdated: (trackingNumber: string, status: string) => `El tracking ${trackingNumber} ahora está «${status}».`,
  repackTitle: 'Reempaque Solicitado',
  repackRequested: (trackingNumber: string) =>
    `Se solicitó el reempaque del tracking ${trackingNumber}. Cliente notificado.`,
  // Details: the customer's pre-alert the tracking was matched to
  prealertSection: 'Prealerta del cliente',
  prealertMatched: 'Este tracking coincide con una prealerta del cliente.',
  prealertSender: 'Tienda / remitente',
  prealertDescription: 'Descripción declarada',
  prealertStatus: 'Estado de la prealerta',
  prealertItems: 'Artículos',
  prealertAmount: 'Monto declarado',
  prealertValue: 'Valor estimado declarado',
  prealertCarrier: 'Transportista declarado',
  prealertCreated: 'Prealertada el',
  // List
  empty: 'No se encontraron trackings',
  searchTooShort: (min: number) => `Escribe al menos ${min} caracteres para buscar`,
} as const;

/** The history line written when a status changes without a message of the admin's. */
export const TRACKING_HISTORY_DEFAULTS: Partial<Record<TrackingStatus, string>> & { created: string } = {
  created: 'Tracking registrado en el sistema.',
};

/** The customer's in-app notifications of the trackings panel. */
export const TRACKING_NOTIFICATIONS = {
  createdTitle: 'Nuevo paquete registrado',
  created: (trackingNumber: string) => `Registramos tu paquete con tracking ${trackingNumber}.`,
  statusTitle: 'Actualización de tu paquete',
  status: (trackingNumber: string, status: string) => `Tu paquete ${trackingNumber} ahora está: ${status}.`,
  repackTitle: 'Reempaque solicitado',
  repack: (trackingNumber: string, reason: string) => `Tu paquete ${trackingNumber} necesita reempaque: ${reason}`,
} as const;
