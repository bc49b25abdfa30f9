// The first mile as the pages show it (docs/product/first-mile.md): the one line a list card
// gives a carrier's leg, the estimated delivery while it travels, the carriers a customer may
// name on a pre-alert, and the words around the timeline.
import { SHOWN_TIME_ZONE, formatDate, onFirstUse } from '../format';
import {
  CARRIER_TRACKING_STATE_LABELS,
  FIRST_MILE_CARRIER_NAMES,
  PREALERT_CARRIERS,
  type CarrierLegView,
  type CarrierTrackingState,
  type FirstMileCarrier,
} from './index';

/** A carrier's name as shown ('Amazon' → 'Amazon Logistics'); a name we do not know, as stored. */
export const carrierName = (carrier: string | null | undefined): string | null =>
  carrier ? ((FIRST_MILE_CARRIER_NAMES as Record<string, string>)[carrier] ?? carrier) : null;

/** The choices of the carrier's Select: its stored code (shared PREALERT_CARRIERS) and the name shown. */
export const PREALERT_CARRIER_OPTIONS = PREALERT_CARRIERS.map((value) => ({
  value,
  label: value === 'Otro' ? 'Otro' : FIRST_MILE_CARRIER_NAMES[value as FirstMileCarrier],
}));

// Here rather than in format.ts: format.ts is in the home page's first JavaScript, and whatever
// any page uses of it goes there too (client/scripts/report-size.mjs).
const dayMonthTimeFmt = onFirstUse(
  () =>
    new Intl.DateTimeFormat('es-ES', {
      day: '2-digit',
      month: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: SHOWN_TIME_ZONE,
    }),
);
/** An instant in a line where the year goes without saying (a carrier's last event): `04/12 10:14`, Caracas time. */
export const formatDayMonthTime = (d: string | Date) => {
  // Assembled from the parts: without a year es-ES drops the day's leading zero ('4/12, 10:14').
  const part = Object.fromEntries(
    dayMonthTimeFmt()
      .formatToParts(new Date(d))
      .map((p) => [p.type, p.value]),
  );
  return `${part.day.padStart(2, '0')}/${part.month.padStart(2, '0')} ${part.hour}:${part.minute}`;
};

/** The states in which the parcel is still on its way to us (the estimated delivery still means something). */
const ON_ITS_WAY: ReadonlySet<CarrierTrackingState> = new Set(['info_received', 'in_transit', 'out_for_delivery']);

export const CARRIER_LEG_MESSAGES = {
  title: 'Camino al almacén',
  carrierLabel: 'Transportista',
  detectedCarrier: (name: string) => `Transportista: ${name}`,
  correctCarrier: 'Corregir transportista',
  carrierSaved: 'Transportista actualizado',
  expectedDelivery: (day: string) => `Entrega estimada al almacén: ${day}`,
  showTimeline: 'Ver seguimiento',
  hideTimeline: 'Ocultar seguimiento',
  noEvents: 'El transportista aún no informa movimientos.',
  signedBy: (name: string) => `Firmado por: ${name}`,
  receivedAtWarehouse: 'Recibido en almacén',
  receivedAtWarehouseWr: (wr: string) => `Recibido en almacén (WR ${wr})`,
  expectedTitle: 'Esperados hoy / mañana',
  expectedDescription:
    'Paquetes que el transportista tiene en reparto, ya entregó o espera entregar hoy o mañana, aún sin recibir.',
  expectedEmpty: 'Nada esperado para hoy ni mañana.',
  expectedToday: 'Hoy',
  expectedTomorrow: 'Mañana',
} as const;

/** Whether the leg is still travelling: the estimated delivery is shown only then. */
export const isCarrierLegOnItsWay = (leg: Pick<CarrierLegView, 'state'>) =>
  leg.state !== null && ON_ITS_WAY.has(leg.state);

/** 'Entrega estimada al almacén: 05/12/2026' while on its way with a date; null otherwise. */
export function formatCarrierExpected(leg: Pick<CarrierLegView, 'state' | 'expectedDeliveryAt'>): string | null {
  if (!leg.expectedDeliveryAt || !isCarrierLegOnItsWay(leg)) return null;
  return CARRIER_LEG_MESSAGES.expectedDelivery(formatDate(leg.expectedDeliveryAt));
}

/**
 * The leg in one line, Caracas time: 'USPS · Entregado en Doral, FL · 04/12 10:14'. The place
 * and time are the newest event's; a leg with no state yet says only its carrier.
 */
export function formatCarrierLine(leg: CarrierLegView): string | null {
  const name = carrierName(leg.carrier);
  if (!leg.state) return name;
  const latest = leg.events[0];
  const label = CARRIER_TRACKING_STATE_LABELS[leg.state];
  const what = latest?.location ? `${label} en ${latest.location}` : label;
  return [name, what, latest ? formatDayMonthTime(latest.at) : null].filter(Boolean).join(' · ');
}

/** Badge colours of the carrier's states (Mantine colour names). */
export const CARRIER_STATE_COLORS: Record<CarrierTrackingState, string> = {
  info_received: 'gray',
  in_transit: 'blue',
  out_for_delivery: 'cyan',
  delivered: 'green',
  exception: 'orange',
  returned: 'red',
};
