// The first mile (docs/product/first-mile.md): the carrier's leg from the store to our warehouse.
// The states a carrier's event is normalised to, the carriers we recognise, and the shape of a
// timeline entry, shared by the server that stores them and the pages that show them.

export * from './messages';
import type { EstadoTrackingPrealerta } from '../enums';

/** What a carrier's event means for us, whatever its words. Order matters: see CARRIER_STATE_RANK. */
export const CARRIER_TRACKING_STATES = [
  'info_received',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'exception',
  'returned',
] as const;
export type CarrierTrackingState = (typeof CARRIER_TRACKING_STATES)[number];

export const CARRIER_TRACKING_STATE_LABELS: Record<CarrierTrackingState, string> = {
  info_received: 'Información recibida',
  in_transit: 'En tránsito',
  out_for_delivery: 'En reparto',
  delivered: 'Entregado',
  exception: 'Incidencia',
  returned: 'Devuelto al remitente',
};

/**
 * The forward order of the normal states: a parcel's state never goes back along it (an event
 * of a lower rank, arriving late, joins the timeline but leaves the state). 'exception' and
 * 'returned' are explicit: they apply whatever the current state, and after them any event does.
 */
export const CARRIER_STATE_RANK: Record<CarrierTrackingState, number | null> = {
  info_received: 0,
  in_transit: 1,
  out_for_delivery: 2,
  delivered: 3,
  exception: null,
  returned: null,
};

/**
 * The pre-alert's «estado» the carrier's state stands for, replacing the customer's hand-typed one
 * (docs/product/first-mile.md#states). Incidencia and devuelto have no «estado» of their own: the
 * pre-alert keeps the last one and the carrier's state is shown beside it.
 */
export const PREALERT_ESTADO_OF_CARRIER_STATE: Record<CarrierTrackingState, EstadoTrackingPrealerta | null> = {
  info_received: 'Prealertado',
  in_transit: 'En tránsito',
  out_for_delivery: 'En destino',
  delivered: 'Entregado a casillero',
  exception: null,
  returned: null,
};

/**
 * The carriers of the first mile we recognise by their numbers: the warehouse's first, in its
 * order (enums.ts CARRIERS), then the others detection knows.
 */
export const FIRST_MILE_CARRIERS = [
  'UPS',
  'FedEx',
  'DHL',
  'USPS',
  'Amazon',
  'OnTrac',
  'LaserShip',
  'China Post',
  'Cainiao',
  'YunExpress',
  '4PX',
] as const;
export type FirstMileCarrier = (typeof FIRST_MILE_CARRIERS)[number];

export const FIRST_MILE_CARRIER_NAMES: Record<FirstMileCarrier, string> = {
  USPS: 'USPS',
  UPS: 'UPS',
  FedEx: 'FedEx',
  DHL: 'DHL',
  Amazon: 'Amazon Logistics',
  OnTrac: 'OnTrac',
  LaserShip: 'LaserShip',
  'China Post': 'China Post',
  Cainiao: 'Cainiao',
  YunExpress: 'YunExpress',
  '4PX': '4PX',
};

/** The carriers a pre-alert may name: every first-mile carrier, which detection fills in and the customer may correct, and 'Otro'. */
export const PREALERT_CARRIERS = [...FIRST_MILE_CARRIERS, 'Otro'] as const;
export type PrealertCarrier = (typeof PREALERT_CARRIERS)[number];

/** The tracking providers a business can choose (docs/product/first-mile.md#providers). */
export const TRACKING_PROVIDERS = ['fake', '17track', 'karrio'] as const;
export type TrackingProviderName = (typeof TRACKING_PROVIDERS)[number];

/** One carrier event as a page shows it: kept with the carrier's own words, place and time. */
export type CarrierEventView = {
  /** ISO timestamp of when it happened (shown in Caracas time). */
  at: string;
  state: CarrierTrackingState;
  /** The carrier's own text, as it gave it. */
  description: string;
  location: string | null;
};

/** The carrier's leg of one parcel, as a page shows it above the warehouse's steps. */
export type CarrierLegView = {
  carrier: FirstMileCarrier | null;
  state: CarrierTrackingState | null;
  /** ISO; shown while in transit. */
  expectedDeliveryAt: string | null;
  /** Newest first. */
  events: CarrierEventView[];
};
