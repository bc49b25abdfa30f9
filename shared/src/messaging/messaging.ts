// docs/decisions/020-messages-that-reach-people.md: the kinds of event a customer chooses channels for (Configuración), the channels,
// and the news an admin posts on a shipment. In-app notifications are always on; e-mail and
// WhatsApp follow the customer's choice per kind.

export const NOTIFICATION_KINDS = [
  'package_received',
  'status_changed',
  'payment',
  'shipment_news',
  'reminders',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  package_received: 'Paquete recibido en el almacén',
  status_changed: 'Cambios de estado de mis envíos y trackings',
  payment: 'Pagos aprobados o rechazados',
  shipment_news: 'Novedades de mis envíos (retrasos, llegada, retiro)',
  reminders: 'Recordatorios de almacenaje',
};

export const MESSAGE_CHANNELS = ['email', 'whatsapp', 'push'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const SHIPMENT_NEWS_KINDS = ['delayed', 'new_eta', 'arrived_venezuela', 'ready_for_pickup'] as const;
export type ShipmentNewsKind = (typeof SHIPMENT_NEWS_KINDS)[number];

export const SHIPMENT_NEWS_KIND_LABELS: Record<ShipmentNewsKind, string> = {
  delayed: 'Retrasado',
  new_eta: 'Nueva fecha estimada',
  arrived_venezuela: 'Llegó a Venezuela',
  ready_for_pickup: 'Listo para retirar',
};

export const STORAGE_REMINDER_KINDS = ['ending_soon', 'ends_today'] as const;
export type StorageReminderKind = (typeof STORAGE_REMINDER_KINDS)[number];
