// Every enumeration of the product, with exactly the spec's values. The database enums
// (server/src/db/schema) and the zod schemas are both built from these arrays.

/**
 * The customer ('user'), the staff roles (permissions.ts says what each may do) and 'agencia',
 * a partner agency's counter, which sees only the shipments bound to its agency.
 */
export const USER_ROLES = ['admin', 'user', 'almacen', 'caja', 'atencion', 'agencia', 'aliado'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const CASILLERO_TYPES = ['usa', 'china'] as const;
export type CasilleroType = (typeof CASILLERO_TYPES)[number];

export const MAILBOX_COUNTRIES = ['USA', 'CHINA', 'OTHER'] as const;
export type MailboxCountry = (typeof MAILBOX_COUNTRIES)[number];

export const MAILBOX_LOCATIONS = ['miami', 'beijing', 'other'] as const;
export type MailboxLocation = (typeof MAILBOX_LOCATIONS)[number];

export const MAILBOX_STATUSES = ['active', 'inactive'] as const;
export type MailboxStatus = (typeof MAILBOX_STATUSES)[number];

/** `draft`: made from a forwarded store e-mail, waiting for the customer to confirm it (docs/decisions/038-prealerts-from-email.md). */
export const PREALERT_STATUSES = ['pending', 'confirmed', 'converted', 'draft'] as const;
export type PrealertStatus = (typeof PREALERT_STATUSES)[number];

export const ESTADOS_TRACKING_PREALERTA = [
  'Prealertado',
  'En tránsito',
  'En destino',
  'Entregado a casillero',
] as const;
export type EstadoTrackingPrealerta = (typeof ESTADOS_TRACKING_PREALERTA)[number];

/**
 * The four an admin chooses from, then the two the system sets (docs/product/admin-packages-and-shipments.md#package-statuses),
 * then the three ends of a problem parcel (docs/product/problem-parcels.md); the record is kept in all of them.
 */
export const PACKAGE_STATUSES = [
  'pending',
  'received',
  'processed',
  'shipped',
  'in_warehouse',
  'in_shipment',
  'returned_to_seller',
  'disposed',
  'abandoned',
] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];
export const PACKAGE_STATUSES_SELECTABLE = ['pending', 'received', 'processed', 'shipped'] as const;
/** Packages in these states can go into a new shipment. */
export const PACKAGE_STATUSES_SHIPPABLE = ['received', 'in_warehouse'] as const;

export const SHIPMENT_STATUSES = [
  'preparing',
  'in_transit',
  /** Landed in Venezuela with its departure (docs/product/departures.md#what-a-milestone-moves). */
  'arrived',
  'customs',
  'out_for_delivery',
  'delivered',
  'delayed',
  /** At the agency, waiting for the recipient (docs/product/last-mile.md). */
  'ready_for_pickup',
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export const SHIPMENT_STATUSES_ACTIVE = ['preparing', 'in_transit'] as const;

export const SHIPMENT_STAGE_STATUSES = ['pending', 'active', 'completed'] as const;
export type ShipmentStageStatus = (typeof SHIPMENT_STAGE_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** 'cancelled' is shown but an admin cannot choose it. */
export const PAYMENT_STATUSES_SELECTABLE = ['pending', 'completed', 'failed'] as const;

export const PAYMENT_TYPES = [
  'mailbox_activation',
  'shipping_payment',
  'course_purchase',
  'credit_purchase',
  'assisted_purchase',
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** The FAQ's payment methods (docs/product/public-site.md#faq). */
export const PAYMENT_METHODS = [
  'Zelle',
  'PayPal',
  'Binance USDT',
  'Zinli',
  'Wally',
  'Efectivo',
  'Depósito bancario en divisas',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const NOTIFICATION_TYPES = ['general', 'package', 'shipment', 'payment', 'system', 'payment_update'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const TRACKING_STATUSES = [
  'created',
  'in_transit',
  'arrived',
  'in_warehouse',
  'needs_reempaque',
  'reempacado',
  'ready_to_ship',
  'shipped',
  'delivered',
  'problem',
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];
/** The 'in transit' stat card counts these together (docs/product/admin-trackings.md#stat-cards-and-system-state). */
export const TRACKING_STATUSES_IN_TRANSIT = ['in_transit', 'arrived', 'in_warehouse'] as const;

export const PRIORITIES = ['low', 'medium', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const CARRIERS = ['UPS', 'FedEx', 'DHL', 'USPS', 'Amazon', 'Otro'] as const;
export type Carrier = (typeof CARRIERS)[number];

export const ORIGIN_COUNTRIES = ['Estados Unidos', 'China', 'España', 'Reino Unido', 'Alemania', 'Otro'] as const;
export type OriginCountry = (typeof ORIGIN_COUNTRIES)[number];

export const REPACK_STATUSES = ['pending', 'processed', 'shipped'] as const;
export type RepackStatus = (typeof REPACK_STATUSES)[number];

export const SHIPPING_METHODS = ['aereo', 'maritimo'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

/** Where a shipment ends (docs/product/last-mile.md): at the recipient's door or at an agency counter. */
export const DELIVERY_METHODS = ['home', 'agency'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** The home-delivery fee zones; the administrator sets each zone's fee. */
export const DELIVERY_ZONES = ['caracas', 'central', 'interior'] as const;
export type DeliveryZone = (typeof DELIVERY_ZONES)[number];

/** An agency is a partner carrier's office (MRW, Zoom, Tealca, Domesa…) or one of our own. */
export const AGENCY_KINDS = ['partner', 'own'] as const;
export type AgencyKind = (typeof AGENCY_KINDS)[number];

export const STORED_FILE_KINDS = [
  'receipt',
  'invoice',
  'package_photo',
  'delivery_photo',
  'claim_photo',
  // A file customer service sends a customer from the WhatsApp inbox (docs/product/whatsapp-desk.md#the-inbox).
  'desk_attachment',
] as const;
export type StoredFileKind = (typeof STORED_FILE_KINDS)[number];

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const VENEZUELAN_STATES = [
  'Amazonas',
  'Anzoátegui',
  'Apure',
  'Aragua',
  'Barinas',
  'Bolívar',
  'Carabobo',
  'Cojedes',
  'Delta Amacuro',
  'Distrito Capital',
  'Falcón',
  'Guárico',
  'La Guaira',
  'Lara',
  'Mérida',
  'Miranda',
  'Monagas',
  'Nueva Esparta',
  'Portuguesa',
  'Sucre',
  'Táchira',
  'Trujillo',
  'Yaracuy',
  'Zulia',
] as const;
export type VenezuelanState = (typeof VENEZUELAN_STATES)[number];

/** The delivery zone of a state: Caracas and its metropolitan area, the central region, the rest. */
const ZONE_OF_STATE: Partial<Record<VenezuelanState, DeliveryZone>> = {
  'Distrito Capital': 'caracas',
  Miranda: 'caracas',
  'La Guaira': 'caracas',
  Aragua: 'central',
  Carabobo: 'central',
  Cojedes: 'central',
};
export const deliveryZoneOf = (state: VenezuelanState): DeliveryZone => ZONE_OF_STATE[state] ?? 'interior';
