// The Spanish texts of correcting and removing a shipment on the admin Shipments screen, their
// server refusals and the customer's notifications; and the admin Reempaques list's search.
// (Creating a shipment and its status keep theirs in SHIPMENT_MESSAGES, packages/messages.ts.)

export const SHIPMENT_EDIT_MESSAGES = {
  // 'Editar envío' form
  trackingMax: 'El número de tracking no puede exceder 100 caracteres',
  // Server refusals
  packagesInPendingRepack:
    'Uno o más paquetes están en una solicitud de reempaque pendiente. Procesa esa solicitud antes de incluirlos en un envío.',
  removeNotPreparing: (label: string) =>
    `Solo se puede eliminar un envío en estado «Preparando»; este envío está «${label}».`,
  removeHasPayments: 'No se puede eliminar: el envío tiene pagos registrados.',
  removeHasClaims: 'No se puede eliminar: hay reclamos sobre el envío o sus paquetes.',
  removeCustomsSettled: 'No se puede eliminar: la aduana del envío ya fue liquidada.',
  // Toasts and dialogs
  updatedTitle: 'Envío actualizado',
  updated: (code: string) => `Se guardaron los cambios del envío ${code}.`,
  updateFailed: 'No se pudieron guardar los cambios del envío.',
  removeTitle: 'Eliminar envío',
  removeConfirm: (code: string, count: number) =>
    `¿Eliminar el envío ${code}? ${count === 1 ? 'Su paquete vuelve al almacén y queda disponible' : `Sus ${count} paquetes vuelven al almacén y quedan disponibles`} para otro envío. Se avisará al cliente.`,
  removedTitle: 'Envío eliminado',
  removed: (code: string, count: number) =>
    `El envío ${code} se eliminó y ${count === 1 ? 'su paquete volvió' : `sus ${count} paquetes volvieron`} al almacén. Cliente notificado.`,
  removeFailed: 'No se pudo eliminar el envío.',
  onlyPreparing: 'Solo se pueden eliminar envíos en preparación',
  // Customer notifications
  updatedNoticeTitle: 'Actualizamos tu envío',
  updatedNotice: (code: string, changes: string[]) =>
    `Actualizamos los datos de tu envío ${code}: ${changes.join(', ')}.`,
  removedNoticeTitle: 'Envío anulado',
  removedNotice: (code: string, count: number) =>
    `Anulamos tu envío ${code}. ${count === 1 ? 'Tu paquete sigue en nuestro almacén, disponible' : `Tus ${count} paquetes siguen en nuestro almacén, disponibles`} para un nuevo envío.`,
} as const;

/** What changed, as the customer's notice names it. */
export const SHIPMENT_FIELD_NAMES = {
  recipientId: 'destinatario',
  deliveryMethod: 'forma de entrega',
  agencyId: 'agencia',
  deliveryAddress: 'dirección de entrega',
  deliveryCity: 'ciudad',
  deliveryState: 'estado',
  deliveryFeeUsdCents: 'costo de entrega',
  estimatedDelivery: 'fecha estimada de entrega',
  shippingCostUsdCents: 'costo de envío',
  trackingNumber: 'número de tracking',
} as const;

export const REPACK_ADMIN_LIST_MESSAGES = {
  searchPlaceholder: 'Cliente, e-mail, WR o tracking',
  countNoun: 'solicitudes',
} as const;
