// The Spanish texts of the admin Packages and Shipments screens (docs/product/admin-packages-and-shipments.md), their
// server refusals and the customer's notifications.

import { formatKg, formatUsdFromCents } from '../format';

export const PACKAGE_MESSAGES = {
  // Package form (docs/product/admin-packages-and-shipments.md#crear-paquete)
  customerRequired: 'Debe seleccionar un cliente',
  mailboxRequired: 'Debe seleccionar un casillero',
  descriptionRequired: 'La descripción es requerida',
  descriptionMax: 'La descripción no puede exceder 500 caracteres',
  weightPositive: 'El peso debe ser mayor a 0',
  weightMax: 'El peso no puede exceder 1.000 kg',
  valuePositive: 'El valor debe ser mayor a 0',
  valueMax: 'El valor no puede exceder $1.000.000',
  statusInvalid: 'Selecciona un estado válido',
  trackingMax: 'El número de tracking no puede exceder 50 caracteres',
  senderMax: 'El remitente no puede exceder 100 caracteres',
  dimensionsMax: 'Las dimensiones no pueden exceder 50 caracteres',
  notesMax: 'Las notas no pueden exceder 1.000 caracteres',
  warehouseReceiptRequired: 'Debes ingresar el número de recibo de almacén (WR).',
  warehouseReceiptMax: 'El número de WR no puede exceder 50 caracteres.',
  locationMax: 'La ubicación no puede exceder 50 caracteres',
  intakeWeightRequired: 'Indica el peso del paquete',
  // Server refusals
  mailboxNotOwned: 'El casillero seleccionado no pertenece al cliente.',
  customerNotFound: 'Debe seleccionar un cliente',
  notFound: 'Paquete no encontrado.',
  inShipment: (code: string) => `El paquete forma parte del envío ${code}; su estado sigue al del envío.`,
  deleteInShipment: (code: string) => `No se puede eliminar: el paquete forma parte del envío ${code}.`,
  deleteInRepack: 'No se puede eliminar: el paquete forma parte de una solicitud de reempaque.',
  warehouseReceiptTaken: 'El número de recibo de almacén (WR) ya está asignado a otro paquete.',
  intakeNotAllowed: 'Solo se registran en el almacén paquetes pendientes, recibidos o en almacén.',
  photoNotOwned: 'La foto no pertenece al cliente del paquete.',
  // Toasts (docs/product/admin-packages-and-shipments.md#crear-paquete)
  createdTitle: 'Paquete creado',
  created: 'El paquete se ha registrado correctamente.',
  createFailed: 'No se pudo crear el paquete. Inténtalo de nuevo.',
  statusUpdatedTitle: 'Estado actualizado',
  statusUpdated: 'El estado del paquete se actualizó correctamente.',
  statusFailed: 'No se pudo actualizar el estado del paquete.',
  updatedTitle: 'Paquete actualizado',
  updated: 'Los cambios del paquete se guardaron correctamente.',
  updateFailed: 'No se pudieron guardar los cambios del paquete.',
  deletedTitle: 'Paquete eliminado',
  deleted: 'El paquete se eliminó correctamente.',
  deletedPrealertRestored: 'El paquete se eliminó y su prealerta volvió a «Confirmada»: puede convertirse de nuevo.',
  deleteFailed: 'No se pudo eliminar el paquete.',
  intakeTitle: 'Paquete recibido en almacén',
  intake: (wr: string) => `Se registró el paquete con el WR ${wr}. Cliente notificado.`,
  intakeUpdated: (wr: string) => `Se actualizaron los datos de almacén (WR ${wr}).`,
  intakeFailed: 'No se pudo registrar la recepción del paquete.',
  loadFailed: 'No se pudieron cargar los paquetes.',
  empty: 'No se encontraron paquetes',
  // Customer notifications
  receivedTitle: 'Paquete recibido en el almacén',
  received: (label: string, wr: string | null) =>
    `Recibimos tu paquete ${label} en nuestro almacén${wr ? ` (WR ${wr})` : ''}. Ya puedes verlo en Almacén.`,
  /** Warehouse intake recorded for the first time: the customer learns the WR and the weight. */
  intakeRecorded: (label: string, wr: string, weightKg: number) =>
    `Recibimos tu paquete ${label} en nuestro almacén (WR ${wr}). Peso registrado: ${formatKg(weightKg)}. Ya puedes verlo en Almacén.`,
} as const;

export const SHIPMENT_MESSAGES = {
  /** A shipment handed over with its proof (docs/product/last-mile.md#agency-counters-and-proof-of-delivery) stays delivered. */
  deliveredWithProof: (code: string) =>
    `El envío ${code} se entregó con su prueba de entrega (quién lo recibió y la foto): ya no cambia de estado.`,
  // Shipment form (docs/product/admin-packages-and-shipments.md#crear-envío)
  customerRequired: 'Selecciona un cliente',
  addressMin: 'Dirección debe tener al menos 10 caracteres',
  addressMax: 'La dirección no puede exceder 500 caracteres',
  cityRequired: 'Ciudad requerida',
  cityMax: 'La ciudad no puede exceder 100 caracteres',
  stateRequired: 'Estado requerido',
  dateInvalid: 'Fecha estimada no válida',
  costMin: 'Costo debe ser mayor o igual a 0',
  costMax: 'El costo no puede exceder $100.000',
  packagesRequired: 'Selecciona al menos un paquete',
  packagesMax: 'Un envío puede llevar como máximo 100 paquetes',
  methodLabel: 'Método de envío',
  methodHint: 'Aéreo o marítimo: decide en qué despachos puede salir.',
  methodInvalid: 'Elige el método de envío: aéreo o marítimo',
  statusInvalid: 'Selecciona un estado válido',
  // Server refusals
  packagesUnavailable:
    'Uno o más paquetes ya no están disponibles: pertenecen a otro cliente, ya están en otro envío o cambiaron de estado. Actualiza la lista e inténtalo de nuevo.',
  notFound: 'Envío no encontrado.',
  // Toasts (docs/product/admin-packages-and-shipments.md#crear-envío)
  created: 'Envío creado exitosamente',
  createFailed: 'Error al crear el envío',
  loadFailed: 'Error cargando datos',
  statusUpdated: 'El estado del envío se actualizó correctamente.',
  statusFailed: 'No se pudo actualizar el estado del envío.',
  empty: 'No se encontraron envíos',
  noPackages: 'Este cliente no tiene paquetes recibidos o en almacén disponibles para un envío.',
  // First stage (docs/product/admin-packages-and-shipments.md#first-stage)
  firstStageName: 'Preparación',
  // Customer notifications
  createdTitle: 'Envío creado',
  createdMessage: (code: string, count: number, city: string, state: string, storageFeeUsdCents = 0) =>
    `Preparamos tu envío ${code} con ${count} ${count === 1 ? 'paquete' : 'paquetes'} hacia ${city}, ${state}.` +
    (storageFeeUsdCents > 0
      ? ` Su costo incluye ${formatUsdFromCents(storageFeeUsdCents)} de almacenaje por los días que pasaron del período gratis.`
      : ''),
  statusTitle: 'Actualización de tu envío',
  statusMessage: (code: string, label: string) => `Tu envío ${code} ahora está «${label}».`,
} as const;

/** The admin's Reempaques screen (docs/product/admin-packages-and-shipments.md#repack-processing). */
export const REPACK_ADMIN_MESSAGES = {
  processedTitle: 'Reempaque procesado',
  processed: (wr: string) => `La solicitud quedó procesada con el WR ${wr}. Cliente notificado.`,
  processFailed: 'No se pudo procesar la solicitud de reempaque.',
  shippedTitle: 'Reempaque enviado',
  shipped: 'La solicitud se marcó como enviada. Cliente notificado.',
  shipFailed: 'No se pudo marcar la solicitud como enviada.',
  loadFailed: 'No se pudieron cargar las solicitudes de reempaque.',
  empty: 'No hay solicitudes de reempaque',
} as const;
