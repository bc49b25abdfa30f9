// Shipment broadcasts (docs/product/messages-and-notifications.md#shipment-news): the Spanish texts of 'Publicar novedad' on the admin Shipments
// screen, its refusals, the message prefilled per kind (the admin may edit it) and what the
// customer reads in the bell, the e-mail, WhatsApp and the shipment's timeline.
import type { ShipmentNewsKind } from './messaging';

/** A YYYY-MM-DD day as the customer reads it (dd/mm/aaaa), without time-zone shifts. */
const day = (iso: string) => iso.split('-').reverse().join('/');

export const SHIPMENT_NEWS_MESSAGES = {
  // Form
  kindRequired: 'Selecciona el tipo de novedad',
  messageMin: 'El mensaje debe tener al menos 10 caracteres',
  messageMax: 'El mensaje no puede exceder 500 caracteres',
  dateRequired: 'Indica la nueva fecha estimada de entrega',
  dateInvalid: 'Fecha estimada no válida',
  // Server refusals
  notFound: 'Envío no encontrado.',
  noCustomers: 'Este envío no lleva paquetes: no hay clientes a quienes avisar.',
  // Dialog and toasts
  action: 'Publicar novedad',
  dialogTitle: (code: string) => `Publicar novedad del envío ${code}`,
  dialogHint: 'Se avisará una sola vez a cada cliente con paquetes en este envío, por los canales que eligió.',
  posted: (count: number) =>
    `Novedad publicada. ${count === 1 ? 'Se avisó a 1 cliente' : `Se avisó a ${count} clientes`}.`,
  postedTitle: 'Novedad publicada',
  postFailed: 'No se pudo publicar la novedad.',
  historyTitle: 'Novedades publicadas',
  historyEmpty: 'Aún no se han publicado novedades de este envío.',
  recipients: (count: number) => (count === 1 ? '1 cliente avisado' : `${count} clientes avisados`),
  // Customer
  timelineTitle: 'Novedades',
  noticeTitle: (code: string, label: string) => `Envío ${code}: ${label}`,
} as const;

/** The message a kind of news starts with; the admin can edit it before posting. */
export function shipmentNewsDefaultMessage(
  kind: ShipmentNewsKind,
  code: string,
  estimatedDelivery?: string | null,
): string {
  const date = estimatedDelivery ? day(estimatedDelivery) : 'por confirmar';
  switch (kind) {
    case 'delayed':
      return `Tu envío ${code} viene con retraso. La nueva fecha estimada de entrega es ${date}. Disculpa las molestias.`;
    case 'new_eta':
      return `Tu envío ${code} tiene una nueva fecha estimada de entrega: ${date}.`;
    case 'arrived_venezuela':
      return `¡Tu envío ${code} llegó a Venezuela! Te avisaremos cuando esté listo para retirar o en camino a tu dirección.`;
    case 'ready_for_pickup':
      return `Tu envío ${code} está listo para retirar. Recuerda traer tu documento de identidad.`;
  }
}

/** The kinds that carry a new estimated delivery date (and update the shipment's). */
export const SHIPMENT_NEWS_KINDS_WITH_DATE: readonly ShipmentNewsKind[] = ['delayed', 'new_eta'];
