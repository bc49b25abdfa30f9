// Departures (docs/product/departures.md): air consolidations and sea containers that carry many
// customers' shipments from a warehouse (Miami, China) to a port or airport in Venezuela, their
// milestones with planned and actual dates, and the Spanish texts staff and customers read.
import type { ShippingMethod } from '../enums';

export const DEPARTURE_MODES = ['aereo', 'maritimo'] as const satisfies readonly ShippingMethod[];
export type DepartureMode = (typeof DEPARTURE_MODES)[number];

export const DEPARTURE_MODE_LABELS: Record<DepartureMode, string> = { aereo: 'Aéreo', maritimo: 'Marítimo' };

/** The warehouse a departure leaves from; a shipment's origin is its parcels' mailbox. */
export const DEPARTURE_ORIGINS = ['miami', 'china'] as const;
export type DepartureOrigin = (typeof DEPARTURE_ORIGINS)[number];
export const DEPARTURE_ORIGIN_LABELS: Record<DepartureOrigin, string> = { miami: 'Miami', china: 'China' };
/** The mailbox location each origin receives at. */
export const ORIGIN_OF_MAILBOX_LOCATION: Record<string, DepartureOrigin | undefined> = {
  miami: 'miami',
  beijing: 'china',
};

export const DEPARTURE_PORTS = ['maiquetia', 'la_guaira', 'puerto_cabello'] as const;
export type DeparturePort = (typeof DEPARTURE_PORTS)[number];
export const DEPARTURE_PORT_LABELS: Record<DeparturePort, string> = {
  maiquetia: 'Maiquetía (aeropuerto)',
  la_guaira: 'La Guaira (puerto)',
  puerto_cabello: 'Puerto Cabello (puerto)',
};
/** Where each mode can arrive: flights land at Maiquetía, ships at La Guaira or Puerto Cabello. */
export const DEPARTURE_PORTS_BY_MODE: Record<DepartureMode, readonly DeparturePort[]> = {
  aereo: ['maiquetia'],
  maritimo: ['la_guaira', 'puerto_cabello'],
};

export const DEPARTURE_STATUSES = ['open', 'closed'] as const;
export type DepartureStatus = (typeof DEPARTURE_STATUSES)[number];
export const DEPARTURE_STATUS_LABELS: Record<DepartureStatus, string> = { open: 'Abierto', closed: 'Cerrado' };

export const MILESTONE_KINDS = [
  'reception_closed',
  'departed',
  'arrived',
  'customs',
  'released',
  'distribution',
] as const;
export type MilestoneKind = (typeof MILESTONE_KINDS)[number];

/** The default names; the administrator can rename them per mode in the template. */
export const MILESTONE_DEFAULT_LABELS: Record<MilestoneKind, string> = {
  reception_closed: 'Cierre de recepción',
  departed: 'Salida',
  arrived: 'Llegada a Venezuela',
  customs: 'En aduana (SENIAT)',
  released: 'Liberado',
  distribution: 'En distribución / en agencia',
};

/**
 * The template's typical days of each milestone after the one before it (the cierre de recepción
 * and the salida are the departure's own dates). Used where the route has no history yet.
 */
export const MILESTONE_DEFAULT_DAYS: Record<DepartureMode, Record<MilestoneKind, number>> = {
  aereo: { reception_closed: 0, departed: 0, arrived: 2, customs: 2, released: 3, distribution: 2 },
  maritimo: { reception_closed: 0, departed: 0, arrived: 21, customs: 5, released: 7, distribution: 3 },
};
/** Milestones whose planned date comes from the departure itself, not from the template or history. */
export const MILESTONES_FROM_DEPARTURE: readonly MilestoneKind[] = ['reception_closed', 'departed'];

/** How many of the route's last real departures the median reads. */
export const MILESTONE_HISTORY_SIZE = 8;
/** A milestone whose planned date passed without happening is re-estimated this many days ahead. */
export const DELAY_REPLAN_DAYS: Record<DepartureMode, number> = { aereo: 2, maritimo: 7 };

export const TEMPLATE_DAYS_MAX = 120;
export const DEPARTURE_SCAN_MAX = 60;

/** A YYYY-MM-DD day as people read it (dd/mm/aaaa), without time-zone shifts. */
export const departureDay = (iso: string | null | undefined) => (iso ? iso.split('-').reverse().join('/') : '—');

/** The basis of a planned date, shown beside it. */
export const MILESTONE_BASIS = {
  cutoff: 'fecha de cierre del despacho',
  departure: 'fecha de salida del despacho',
  staffArrival: 'llegada indicada por el personal',
  template: 'días típicos de la plantilla',
  delay: 'nueva estimación por retraso',
  median: (count: number, mode: DepartureMode) => {
    const unit = mode === 'aereo' ? ['vuelo', 'vuelos'] : ['contenedor', 'contenedores'];
    return count === 1 ? `mediana del último ${unit[0]}` : `mediana de los últimos ${count} ${unit[1]}`;
  },
} as const;

/** The page's title on its own: the route's head reads it up front, and the texts below stay out of the first page's JavaScript. */
export const DEPARTURES_TITLE = 'Despachos';

/** The median of whole days, rounded up (a promise errs on the late side). */
export function medianDays(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const at = (i: number) => sorted[i] ?? 0;
  return sorted.length % 2 ? at(mid) : Math.ceil((at(mid - 1) + at(mid)) / 2);
}

/** YYYY-MM-DD plus whole days, in UTC (no time-zone shift). */
export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from a to b (YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export type MilestonePlanInput = {
  mode: DepartureMode;
  cutoffOn: string;
  plannedDeparture: string;
  plannedArrival: string | null;
  /** Actual days recorded so far. */
  actuals: Partial<Record<MilestoneKind, string>>;
  /** New estimates set when a milestone was late (never earlier than what is computed). */
  delayedTo?: Partial<Record<MilestoneKind, string>>;
  /** The template's typical days after the milestone before. */
  typicalDays: Record<MilestoneKind, number>;
  /** The route's gaps in days (this milestone minus the one before), newest departures first. */
  historyGaps: Partial<Record<MilestoneKind, number[]>>;
};

export type PlannedMilestone = { kind: MilestoneKind; plannedOn: string; basis: string };

/**
 * Each milestone's planned date: the cierre and the salida are the departure's own; each later one
 * is the one before it (its actual day once recorded, else its planned one) plus the median of
 * the route's last departures, or the template's typical days without history. A late milestone's
 * new estimate is kept when it is later, and no milestone is planned before the one it follows.
 */
export function planMilestones(p: MilestonePlanInput): PlannedMilestone[] {
  const out: PlannedMilestone[] = [];
  let anchor = '';
  for (const kind of MILESTONE_KINDS) {
    let plannedOn: string;
    let basis: string;
    if (kind === 'reception_closed') {
      plannedOn = p.cutoffOn;
      basis = MILESTONE_BASIS.cutoff;
    } else if (kind === 'departed') {
      plannedOn = p.plannedDeparture;
      basis = MILESTONE_BASIS.departure;
    } else if (kind === 'arrived' && p.plannedArrival) {
      // The staff's own gap, moved with the actual departure.
      plannedOn = addDays(anchor, daysBetween(p.plannedDeparture, p.plannedArrival));
      basis = MILESTONE_BASIS.staffArrival;
    } else {
      const gaps = (p.historyGaps[kind] ?? []).slice(0, MILESTONE_HISTORY_SIZE);
      const median = medianDays(gaps);
      plannedOn = addDays(anchor, median ?? p.typicalDays[kind]);
      basis = median === null ? MILESTONE_BASIS.template : MILESTONE_BASIS.median(gaps.length, p.mode);
    }
    const delayed = p.delayedTo?.[kind];
    if (delayed && delayed > plannedOn && !p.actuals[kind]) {
      plannedOn = delayed;
      basis = MILESTONE_BASIS.delay;
    }
    // Nothing is planned before the milestone it follows (a late cierre moves the salida too).
    if (anchor && plannedOn < anchor && !p.actuals[kind]) {
      plannedOn = anchor;
      basis = MILESTONE_BASIS.delay;
    }
    out.push({ kind, plannedOn, basis });
    anchor = p.actuals[kind] ?? plannedOn;
  }
  return out;
}

/** The date a customer is promised: the arrival's, once recorded its actual day. */
export const PROMISED_MILESTONE: MilestoneKind = 'arrived';

/** A milestone as customers and the public tracking page read it. */
export type DepartureMilestoneView = {
  kind: MilestoneKind;
  label: string;
  plannedOn: string;
  plannedBasis: string;
  actualOn: string | null;
};

/** What anybody may see of the departure a parcel travels in: no customer, no reference that names a person. */
export type PublicDepartureView = {
  code: string;
  mode: DepartureMode;
  origin: DepartureOrigin;
  arrivalPort: DeparturePort;
  delayed: boolean;
  promisedArrival: string | null;
  milestones: DepartureMilestoneView[];
};
