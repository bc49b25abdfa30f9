// The public tracking result page's texts (docs/product/public-tracking.md), in a module of their own:
// the home page's search box carries messages.ts in its first script, and a module is bundled whole.

/**
 * The result page's words (/rastreo/<número>), apart from the texts above: the home page's search
 * box carries those in its first script, and these would only add to its budget.
 */
export const PUBLIC_TRACKING_RESULT_MESSAGES = {
  notFoundTitle: 'No encontramos ese número',
  notFoundText:
    'Revisa que esté escrito completo. Si tu compra aún no llega a nuestro almacén, puede que todavía no esté registrada; vuelve a consultar más tarde.',
  statusLabel: 'Estado',
  carrierLabel: 'Transportista',
  originLabel: 'Origen',
  destinationLabel: 'Destino',
  estimatedDeliveryLabel: 'Entrega estimada',
  deliveredOnLabel: 'Entregado el',
  availableAtAgency: (place: string) => `Disponible en agencia ${place}`,
  deliveredOn: (day: string) => `Entregado el ${day}`,
  timelineTitle: 'Historial',
  timelineEmpty: 'Aún no hay movimientos registrados.',
  signInForDetails: 'Inicia sesión para ver todos los detalles',
  loadFailed: 'No pudimos consultar el paquete. Intenta nuevamente.',
  // Timeline entries the warehouse writes for itself (the carriers' and shipments' use the status labels)
  eventPrealerted: 'Prealertado',
  eventRegistered: 'Registrado',
  eventReceived: 'Recibido en almacén',
  eventShipmentStage: 'Etapa del envío',
} as const;
