// "Entregado pero no recibido" (docs/product/first-mile.md#delivered-but-not-received): the search
// the warehouse runs when the carrier says delivered at our address and no WR matched, its
// settings, and what the customer and the staff read (the inputs: schemas/parcel-searches.ts).
import { formatDate } from '../format';

export type ParcelSearchSettings = {
  /** Business hours (Monday to Friday, Caracas) after "delivered" with no WR before a search opens. */
  openAfterBusinessHours: number;
  /** Days a search stays open before it is "not found" and the claim is offered. */
  notFoundAfterDays: number;
};
export const PARCEL_SEARCH_DEFAULTS: ParcelSearchSettings = { openAfterBusinessHours: 24, notFoundAfterDays: 5 };

export const PARCEL_SEARCH_STATUS_LABELS = {
  open: 'Buscando',
  found: 'Encontrado',
  not_found: 'No encontrado',
} as const;

/**
 * The cities of each warehouse as a carrier writes them in its delivery place: a delivery whose
 * place names none of them was made elsewhere (no search); a delivery without a place, or to a
 * casillero of an unknown warehouse, counts as made at ours.
 */
export const WAREHOUSE_CITIES: Record<'miami' | 'beijing', readonly string[]> = {
  miami: ['doral', 'miami'],
  beijing: ['beijing', 'peking'],
};

/** Whether the carrier's delivery place is the casillero's warehouse (see WAREHOUSE_CITIES). */
export function deliveredAtOurWarehouse(place: string | null | undefined, mailboxLocation: string | null): boolean {
  const cities =
    mailboxLocation === 'miami' || mailboxLocation === 'beijing' ? WAREHOUSE_CITIES[mailboxLocation] : null;
  const text = (place ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
  if (!cities || text === '') return true;
  return cities.some((city) => text.includes(city));
}

/** The customer's pre-alerts page, where a search and its claim offer show. */
export const PARCEL_SEARCH_CUSTOMER_PATH = '/dashboard/prealertas';
export const PARCEL_SEARCH_ADMIN_PATH = '/admin/busquedas';
/** The page's search params: the search, or the pre-alert, it opens highlighted (a notice's link). */
export const PREALERTS_PAGE_PARAMS = { search: 'busqueda', prealert: 'prealerta' } as const;
/** Where a notice about a search leads: the customer's pre-alerts with that search highlighted. */
export const parcelSearchCustomerLink = (searchId: string) =>
  `${PARCEL_SEARCH_CUSTOMER_PATH}?${PREALERTS_PAGE_PARAMS.search}=${searchId}`;
/** Where a notice about a pre-alert's parcel leads: the customer's pre-alerts with that one highlighted. */
export const prealertCustomerLink = (prealertId: string) =>
  `${PARCEL_SEARCH_CUSTOMER_PATH}?${PREALERTS_PAGE_PARAMS.prealert}=${prealertId}`;

type Evidence = { deliveredAt: string | Date; place: string | null; signedBy: string | null; photoUrl: string | null };

/** The carrier's evidence in words: the claim is opened with it. */
export function carrierEvidenceText(carrier: string | null, e: Evidence): string {
  const parts = [
    `${carrier ?? 'El transportista'} indica que lo entregó el ${formatDate(e.deliveredAt)}`,
    e.place ? `en ${e.place}` : null,
  ].filter(Boolean);
  const lines = [`${parts.join(' ')}.`];
  if (e.signedBy) lines.push(`Firmado por: ${e.signedBy}.`);
  if (e.photoUrl) lines.push(`Foto de la entrega: ${e.photoUrl}`);
  return lines.join(' ');
}

export const PARCEL_SEARCH_MESSAGES = {
  openedTitle: 'Estamos buscando tu paquete',
  opened: (number: string, carrier: string | null) =>
    `${carrier ?? 'El transportista'} indica que entregó tu paquete «${number}» en nuestro almacén, pero aún no lo hemos recibido. Ya lo estamos buscando y te avisaremos apenas aparezca.`,
  foundTitle: '¡Encontramos tu paquete!',
  found: (number: string, warehouseReceipt: string | null) =>
    `Tu paquete «${number}» ya está en tu casillero${warehouseReceipt ? ` con el recibo ${warehouseReceipt}` : ''}.`,
  notFoundTitle: 'No encontramos tu paquete',
  notFound: (number: string) =>
    `Buscamos tu paquete «${number}» y no lo encontramos en el almacén. Puedes abrir el reclamo «Entregado por la tienda pero no está en mi casillero» con la prueba del transportista ya cargada: entra en Prealertas y toca «Abrir reclamo».`,
  claimText: (number: string, evidence: string) =>
    `Entregado por la tienda pero no está en mi casillero. Paquete «${number}». ${evidence}`,
  claimOpened: (code: string) => `Abrimos tu reclamo ${code} con la prueba del transportista.`,
  claimAlreadyOpened: 'Ya abriste el reclamo de este paquete.',
  notFoundYet: 'Esta búsqueda no ha terminado: te avisaremos si no encontramos tu paquete.',
  searchNotFound: 'No encontramos esa búsqueda.',
  notOpen: 'Esta búsqueda ya está cerrada.',
  receiptRequired: 'Escanea o escribe el WR del paquete recibido.',
  receiptNotFound: (wr: string) => `No hay ningún paquete recibido con el WR ${wr}.`,
  receiptOtherCustomer: 'Ese WR es de otro cliente: revisa el número.',
  receiptUnclaimed: 'Ese WR está en «Sin dueño»: asígnalo al casillero del cliente y se cerrará la búsqueda.',
  markedFound: (wr: string) => `Búsqueda cerrada: encontrado con el WR ${wr}.`,
  noteRequired: 'Escribe la nota (entre 3 y 500 caracteres).',
  noteSaved: 'Nota guardada.',
  settingsSaved: 'Ajustes de las búsquedas guardados.',
  settingsFailed: 'No se pudieron guardar los ajustes de las búsquedas.',
} as const;

export const PARCEL_SEARCH_LABELS = {
  page: 'Búsquedas',
  pageHint:
    'Paquetes que el transportista marca como entregados en el almacén y que no tienen WR: las búsquedas abiertas van primero.',
  mailbox: 'Casillero',
  customer: 'Cliente',
  number: 'Número',
  carrier: 'Transportista',
  store: 'Tienda',
  deliveredAt: 'Entregado el',
  place: 'Lugar',
  proof: 'Prueba',
  signedBy: 'Firmó',
  photo: 'Ver foto',
  hoursSince: 'Horas desde la entrega',
  status: 'Estado',
  notes: 'Notas',
  actions: 'Acciones',
  markFound: 'Marcar encontrado',
  markFoundHint: 'Escanea o escribe el WR con que se recibió el paquete.',
  receipt: 'WR',
  addNote: 'Añadir nota',
  note: 'Nota',
  save: 'Guardar',
  empty: 'No hay búsquedas.',
  statsTitle: 'Últimos 90 días',
  byCarrier: 'Por transportista',
  byStore: 'Por tienda',
  opened: 'Abiertas',
  found: 'Encontradas',
  notFound: 'No encontradas',
  settingsTitle: 'Búsquedas de paquetes',
  settingsHint:
    'Cuándo se abre una búsqueda tras la entrega del transportista sin WR, y cuántos días dura antes de ofrecer el reclamo al cliente.',
  openAfterHours: 'Horas hábiles antes de buscar',
  notFoundAfterDays: 'Días de búsqueda',
  customerSearching: 'Lo estamos buscando en el almacén',
  customerNotFound: 'No lo encontramos en el almacén',
  openClaim: 'Abrir reclamo',
  seeClaim: 'Ver reclamo',
  dashboardTitle: 'Primera milla (30 días)',
  dashboardHint: 'Horas desde que el transportista marca «entregado» hasta nuestro WR.',
  median: 'Mediana',
  p90: 'Percentil 90',
  parcels: 'Paquetes',
  openSearches: 'Búsquedas abiertas',
  noData: 'Sin entregas recibidas en los últimos 30 días.',
} as const;
