// The Spanish texts of Despachos and the manifest's columns (docs/product/departures.md), apart
// from the constants in departures.ts: the admin route's head and URL params read those up front,
// and these stay out of the first page's JavaScript (a module lives in one chunk whole).
import { csvNumberHeader } from '../format';
import { DEPARTURES_TITLE, TEMPLATE_DAYS_MAX } from './departures';

export const DEPARTURE_MESSAGES = {
  // Form and refusals
  modeRequired: 'Selecciona el tipo de despacho (aéreo o marítimo)',
  originRequired: 'Selecciona el almacén de origen',
  portRequired: 'Selecciona el puerto o aeropuerto de llegada',
  portForMode: 'Un despacho aéreo llega a Maiquetía; uno marítimo, a La Guaira o Puerto Cabello',
  carrierRequired: 'Indica la aerolínea o la naviera',
  voyageRequired: 'Indica el vuelo, o el buque y el viaje',
  textMax: (n: number) => `No puede exceder ${n} caracteres`,
  dateInvalid: 'Fecha no válida',
  cutoffRequired: 'Indica la fecha de cierre de recepción',
  departureRequired: 'Indica la fecha de salida prevista',
  cutoffAfterDeparture: 'El cierre de recepción no puede ser posterior a la salida',
  arrivalBeforeDeparture: 'La llegada prevista no puede ser anterior a la salida',
  notFound: 'Despacho no encontrado.',
  closed: (code: string) => `El despacho ${code} está cerrado: no admite más envíos.`,
  departedClosed: (code: string, day: string) => `El despacho ${code} ya salió el ${day}: no admite más envíos.`,
  behindDeparture: (code: string, departure: string, milestone: string, status: string) =>
    `El envío ${code} viaja en el despacho ${departure}, que ya registró «${milestone}»: no puede volver a «${status}».`,
  alreadyClosed: (code: string) => `El despacho ${code} ya está cerrado.`,
  closeEmpty: 'No se puede cerrar un despacho sin envíos.',
  scanRequired: 'Escanea o escribe un WR o un código de envío',
  scanNotFound: (code: string) => `No hay ningún envío ni paquete con el código ${code}.`,
  packageNotInShipment: (wr: string) =>
    `El paquete ${wr} aún no está en un envío: crea primero el envío del cliente en Gestión de Envíos.`,
  shipmentNotFound: 'Envío no encontrado.',
  wrongMode: (code: string, mode: string) => `El envío ${code} es ${mode.toLowerCase()}: no puede ir en este despacho.`,
  wrongOrigin: (code: string, origin: string) => `El envío ${code} sale de ${origin}: no puede ir en este despacho.`,
  noOrigin: (code: string) => `El envío ${code} no tiene paquetes de un almacén de origen conocido.`,
  inOtherDeparture: (code: string, departure: string) => `El envío ${code} ya está en el despacho ${departure}.`,
  alreadyHere: (code: string) => `El envío ${code} ya está en este despacho.`,
  notInDeparture: (code: string) => `El envío ${code} no está en este despacho.`,
  shipmentLeft: (code: string) => `El envío ${code} ya salió del almacén: no se puede cambiar de despacho.`,
  milestoneUnknown: 'Hito no válido',
  actualInFuture: 'La fecha real no puede ser futura',
  actualBeforeCutoff: 'La fecha real no puede ser anterior a la creación del despacho menos un año',
  milestoneAlready: (label: string, day: string) => `«${label}» ya se registró el ${day}.`,
  templateDays: `Los días típicos deben ser un número entero entre 0 y ${TEMPLATE_DAYS_MAX}`,
  templateLabel: 'Cada hito necesita un nombre (hasta 60 caracteres)',
  templateIncomplete: 'La plantilla debe tener los seis hitos',
  newsMin: 'El mensaje debe tener al menos 10 caracteres',
  newsMax: 'El mensaje no puede exceder 500 caracteres',
  noCustomers: 'Este despacho no lleva envíos: no hay clientes a quienes avisar.',
  // Screen
  title: DEPARTURES_TITLE,
  subtitle: 'Consolidados aéreos y contenedores marítimos: envíos, manifiesto e hitos',
  create: 'Nuevo despacho',
  created: (code: string) => `Despacho ${code} creado.`,
  saved: 'Despacho actualizado.',
  added: (code: string, customer: string) => `Envío ${code} de ${customer} agregado.`,
  removed: (code: string) => `Envío ${code} quitado del despacho.`,
  closedOk: (code: string) => `Despacho ${code} cerrado.`,
  recorded: (label: string) => `«${label}» registrado.`,
  shipmentsMoved: (count: number, status: string) =>
    count === 1 ? `1 envío pasó a «${status}».` : `${count} envíos pasaron a «${status}».`,
  recordedBefore: (label: string) => `«${label}» ya estaba registrado.`,
  templateSaved: 'Plantilla de hitos guardada.',
  newsPosted: (count: number) =>
    `Novedad publicada. ${count === 1 ? 'Se avisó a 1 cliente' : `Se avisó a ${count} clientes`}.`,
  delayChecked: (count: number) =>
    count === 0 ? 'No hay hitos retrasados sin avisar.' : `Se avisó de ${count} retraso(s).`,
  delayed: 'Retrasado',
  // Admin dashboard
  dashboardDelayedTitle: 'Despachos retrasados',
  dashboardNoneDelayed: 'Ningún despacho retrasado: cada hito vencido está registrado.',
  dashboardLateMilestone: (label: string, planned: string) => `«${label}» previsto para el ${planned}, sin registrar`,
  dashboardReestimated: (label: string, estimate: string) =>
    `«${label}» sin registrar; nueva fecha estimada: ${estimate}`,
  dashboardMore: (count: number) => `y ${count} más`,
  scanLabel: 'Escanear WR o código de envío',
  scanHint: 'Con el lector de mano (escribe y Enter) o con la cámara del teléfono.',
  // Customer
  milestonesTitle: 'Hitos del despacho',
  promisedArrival: (day: string) => `Llegada prometida: aprox. el ${day}`,
  travelsIn: (code: string, mode: string) => `Viaja en el despacho ${code} (${mode.toLowerCase()})`,
  promise: (cutoff: string, departure: string, arrival: string) =>
    `Si llega antes del ${cutoff}, sale el ${departure} y llega aprox. el ${arrival}.`,
  promiseTitle: (mode: string, origin: string) => `Próxima salida ${mode.toLowerCase()} desde ${origin}`,
  noPromise: 'Aún no hay una próxima salida programada.',
  // Notices
  milestoneNoticeTitle: (code: string, label: string) => `Despacho ${code}: ${label}`,
  milestoneNotice: (code: string, label: string, day: string, arrival: string) =>
    `Tu envío viaja en el despacho ${code}. ${label}: ${day}. Llegada aprox. el ${arrival}.`,
  delayNoticeTitle: (code: string) => `Despacho ${code}: retraso`,
  delayNotice: (code: string, label: string, planned: string, estimate: string, arrival: string) =>
    `Tu envío viaja en el despacho ${code}. «${label}» estaba previsto para el ${planned} y aún no ocurre. Nueva fecha estimada: ${estimate}. Llegada aprox. el ${arrival}.`,
  newsNoticeTitle: (code: string) => `Despacho ${code}: novedad`,
} as const;

/** The manifest's columns (CSV and PDF). */
export const MANIFEST_HEADERS = [
  'Envío',
  'Cliente',
  'Casillero',
  'Piezas',
  'Peso (kg)',
  'Volumen (cm³)',
  'Valor declarado (USD)',
  'Descripción',
] as const;

/** The manifest's CSV header: its numeric columns say how numbers are written (docs/product/formats.md#csv). */
export const MANIFEST_CSV_HEADERS = MANIFEST_HEADERS.map((h, i) => (i >= 3 && i <= 6 ? csvNumberHeader(h) : h));

export const departureManifestPath = (id: string, format: 'xlsx' | 'csv' | 'pdf') =>
  `/api/departures/${id}/manifest.${format}`;
