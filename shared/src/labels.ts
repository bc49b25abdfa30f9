// Spanish labels of every status and type (docs/product/), for badges, selects and e-mails.
import type {
  MailboxCountry,
  MailboxStatus,
  NotificationType,
  PackageStatus,
  PaymentStatus,
  PaymentType,
  PrealertStatus,
  Priority,
  RepackStatus,
  ShipmentStageStatus,
  ShipmentStatus,
  ShippingMethod,
  TrackingStatus,
} from './enums';

export const TRACKING_STATUS_LABELS: Record<TrackingStatus, string> = {
  created: 'Creado',
  in_transit: 'En tránsito',
  arrived: 'Llegó al almacén',
  in_warehouse: 'En almacén',
  needs_reempaque: 'Requiere reempaque',
  reempacado: 'Reempacado',
  ready_to_ship: 'Listo para enviar',
  shipped: 'Enviado',
  delivered: 'Entregado',
  problem: 'Problema',
};

/** What happens next, as the customer reads it (docs/product/admin-trackings.md#what-the-customer-reads-next). */
export const TRACKING_CLIENT_MESSAGES: Record<TrackingStatus, string> = {
  created: 'Registramos tu tracking. Te avisaremos cuando el transportista lo ponga en camino a nuestro almacén.',
  in_transit: 'Tu paquete va en camino a nuestro almacén. Te avisaremos apenas llegue.',
  arrived: 'Tu paquete llegó a nuestro almacén y lo estamos registrando.',
  in_warehouse:
    'Tu paquete está en nuestro almacén. Puedes solicitar reempaque o consolidación, o esperar su preparación para el envío.',
  needs_reempaque: 'Tu paquete necesita reempaque antes de enviarse. Nuestro equipo se encargará y te avisará.',
  reempacado: 'Tu paquete fue reempacado y pronto estará listo para enviar.',
  ready_to_ship: 'Tu paquete está listo para enviar. Procede con el pago para autorizar el despacho.',
  shipped: 'Tu paquete fue despachado hacia Venezuela. Te avisaremos cuando llegue a destino.',
  delivered: 'Tu paquete fue entregado. ¡Gracias por confiar en nosotros!',
  problem: 'Hay un inconveniente con tu paquete. Nuestro equipo te contactará; también puedes escribirnos.',
};

/** The e-mail colours by status (docs/product/admin-trackings.md#status-colours; grey is the fallback). */
export const TRACKING_STATUS_COLORS: Record<TrackingStatus, string> = {
  created: '#868e96',
  in_transit: '#1c7ed6',
  arrived: '#1098ad',
  in_warehouse: '#1098ad',
  needs_reempaque: '#f59f00',
  reempacado: '#7048e8',
  ready_to_ship: '#37b24d',
  shipped: '#4263eb',
  delivered: '#2f9e44',
  problem: '#e03131',
};

/**
 * The same statuses on screen, as theme colour names: the theme gives each its text and background
 * at 4.5:1 at least, which the e-mail's hex colours on a badge did not.
 */
export const TRACKING_STATUS_BADGE_COLORS: Record<TrackingStatus, string> = {
  created: 'gray',
  in_transit: 'blue',
  arrived: 'cyan',
  in_warehouse: 'cyan',
  needs_reempaque: 'yellow',
  reempacado: 'violet',
  ready_to_ship: 'green',
  shipped: 'indigo',
  delivered: 'green',
  problem: 'red',
};

export const PRIORITY_LABELS: Record<Priority, string> = { low: 'Baja', medium: 'Media', high: 'Alta' };

export const PREALERT_STATUS_LABELS: Record<PrealertStatus, string> = {
  pending: 'Pendiente',
  confirmed: 'Confirmado',
  converted: 'Convertido',
  draft: 'Borrador (correo)',
};

export const PACKAGE_STATUS_LABELS: Record<PackageStatus, string> = {
  pending: 'Pendiente',
  received: 'Recibido',
  processed: 'Procesado',
  shipped: 'Enviado',
  in_warehouse: 'En almacén',
  in_shipment: 'En envío',
  returned_to_seller: 'Devuelto al vendedor',
  disposed: 'Desechado',
  abandoned: 'Abandonado',
};

export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  preparing: 'Preparando',
  in_transit: 'En tránsito',
  arrived: 'En Venezuela',
  customs: 'En aduana',
  out_for_delivery: 'En reparto',
  delivered: 'Entregado',
  delayed: 'Retrasado',
  ready_for_pickup: 'Listo para retirar',
};

/** A shipment stage's state, shown in its timeline. */
export const SHIPMENT_STAGE_STATUS_LABELS: Record<ShipmentStageStatus, string> = {
  pending: 'Pendiente',
  active: 'En curso',
  completed: 'Completada',
};

/** A shipment stage's colour in its timeline (Mantine colour names). */
export const SHIPMENT_STAGE_STATUS_COLORS: Record<ShipmentStageStatus, string> = {
  pending: 'gray',
  active: 'blue',
  completed: 'green',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pendiente',
  completed: 'Completado',
  failed: 'Rechazado',
  cancelled: 'Cancelado',
};

export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  mailbox_activation: 'Activación de casillero',
  shipping_payment: 'Pago de envío',
  course_purchase: 'Compra de curso',
  credit_purchase: 'Compra de créditos',
  assisted_purchase: 'Compra asistida',
};

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  general: 'General',
  package: 'Paquete',
  shipment: 'Envío',
  payment: 'Pago',
  system: 'Sistema',
  payment_update: 'Actualización de pago',
};

export const MAILBOX_STATUS_LABELS: Record<MailboxStatus, string> = { active: 'Activo', inactive: 'Inactivo' };

export const MAILBOX_COUNTRY_LABELS: Record<MailboxCountry, string> = {
  USA: 'Estados Unidos (Miami)',
  CHINA: 'China (Beijing)',
  OTHER: 'Otro',
};

export const REPACK_STATUS_LABELS: Record<RepackStatus, string> = {
  pending: 'Pendiente',
  processed: 'Procesado',
  shipped: 'Enviado',
};

export const SHIPPING_METHOD_LABELS: Record<ShippingMethod, string> = { aereo: 'Aéreo', maritimo: 'Marítimo' };
