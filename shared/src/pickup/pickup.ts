// Agency counters and proof of delivery (docs/product/last-mile.md#agency-counters-and-proof-of-delivery):
// the pickup code, the counter's lists, the proof's methods and the Spanish texts. zod-free on
// purpose (the counter's route imports it); the inputs are shared/src/schemas/pickup.ts.
import type { ShipmentStatus } from '../enums';

/** Digits of the code the customer and the recipient receive when the shipment is ready. */
export const PICKUP_CODE_LENGTH = 6;
/** Failed pickup attempts (wrong codes and cédulas of no one allowed, counted together) that lock pickup for the shipment until staff unlock it. */
export const PICKUP_MAX_WRONG_CODES = 5;

/** How a delivery was proven: the pickup code, the cédula checked at the counter, or at home. */
export const DELIVERY_PROOF_METHODS = ['code', 'id_document', 'home'] as const;
export type DeliveryProofMethod = (typeof DELIVERY_PROOF_METHODS)[number];

export const DELIVERY_PROOF_METHOD_LABELS: Record<DeliveryProofMethod, string> = {
  code: 'Código de retiro',
  id_document: 'Cédula verificada en agencia',
  home: 'Entrega a domicilio',
};

/** The statuses of a shipment on its way that the counter may receive (scan as "listo para retirar"). */
export const PICKUP_ARRIVING_STATUSES = [
  'in_transit',
  'arrived',
  'customs',
  'out_for_delivery',
  'delayed',
] as const satisfies readonly ShipmentStatus[];

/** The statuses in which staff may record a home delivery's proof: on its way or arrived, not before. */
export const HOME_DELIVERY_STATUSES = PICKUP_ARRIVING_STATUSES;
export const isHomeDeliverable = (status: string) => (HOME_DELIVERY_STATUSES as readonly string[]).includes(status);

/** The counter's three lists. */
export const COUNTER_TABS = ['arriving', 'ready', 'delivered'] as const;
export type CounterTab = (typeof COUNTER_TABS)[number];
/** Short enough for three side by side on a 390 px phone. */
export const COUNTER_TAB_LABELS: Record<CounterTab, string> = {
  arriving: 'Por llegar',
  ready: 'Por retirar',
  delivered: 'Entregados',
};

/** The reminder setting until the administrator sets it. */
export type PickupSettings = { reminderDays: number };
export const PICKUP_DEFAULTS: PickupSettings = { reminderDays: 7 };

/** The staff screen of the agency counter. */
export const COUNTER_PATH = '/admin/mostrador';
/** The counter's (and home deliveries') photo upload: multipart field `file`. */
export const DELIVERY_PHOTOS_PATH = '/api/delivery/photos';

export const PICKUP_MESSAGES = {
  codeInvalid: 'Escribe o escanea el código del envío o la etiqueta WR.',
  notFound: 'No encontramos ese envío en esta agencia.',
  noAgency: 'Tu usuario no tiene una agencia asignada. Pide al administrador que la asigne.',
  notArriving: (status: string) => `Este envío no está por llegar (estado: ${status}).`,
  /** 'Retrasado' before it left: its parcels are still in the warehouse. */
  notLeftWarehouse: (code: string) =>
    `El envío ${code} aún no salió del almacén: no puede estar en la agencia ni entregarse.`,
  alreadyReady: (code: string) => `El envío ${code} ya está listo para retirar.`,
  markedReady: (code: string) => `Envío ${code} listo para retirar. Avisamos al cliente con el código de retiro.`,
  notReady: 'Este envío no está listo para retirar.',
  locked:
    'El retiro de este envío está bloqueado por demasiados intentos fallidos (código o cédula). Pide al personal que lo desbloquee.',
  wrongCode: (left: number) =>
    left > 0
      ? `Código incorrecto. Quedan ${left} ${left === 1 ? 'intento' : 'intentos'}.`
      : 'Código incorrecto. El retiro quedó bloqueado: pide al personal que lo desbloquee.',
  codeFormat: `El código de retiro tiene ${PICKUP_CODE_LENGTH} dígitos.`,
  idDocumentInvalid: 'Escribe una cédula o RIF válido (por ejemplo V-12345678).',
  idDocumentNotAllowed: (left: number) =>
    left > 0
      ? `Esa cédula no es la del destinatario ni la de una persona autorizada por el cliente. No entregues el envío. Quedan ${left} ${left === 1 ? 'intento' : 'intentos'}.`
      : 'Esa cédula no es la del destinatario ni la de una persona autorizada por el cliente. No entregues el envío. El retiro quedó bloqueado: pide al personal que lo desbloquee.',
  receivedByRequired: 'Escribe el nombre de quien recibe.',
  photoRequired: 'Toma una foto de la entrega.',
  photoInvalid: 'La foto no es válida. Tómala de nuevo.',
  delivered: (code: string) => `Envío ${code} entregado.`,
  alreadyDelivered: 'Este envío ya fue entregado.',
  notLocked: 'El retiro de este envío no está bloqueado.',
  unlocked: 'Retiro desbloqueado: el cliente puede volver a usar su código.',
  notHomeDelivery: 'Este envío no es de entrega a domicilio: se entrega en la agencia.',
  homeNotDeliverable: (status: string) =>
    `Este envío no puede entregarse ahora (estado: ${status}): debe estar en camino o en destino.`,
  settingsSaved: 'Configuración de retiro guardada.',
  readyTitle: 'Tu envío está listo para retirar',
  readyMessage: (code: string, agency: string, pickupCode: string) =>
    `El envío ${code} está disponible en la agencia ${agency}. Código de retiro: ${pickupCode}. Preséntalo con la cédula del destinatario.`,
  recipientReady: (code: string, agency: string, pickupCode: string) =>
    `Tienes un envío (${code}) para retirar en la agencia ${agency}. Código de retiro: ${pickupCode}.`,
  reminderTitle: 'Tu envío te espera en la agencia',
  reminderMessage: (code: string, agency: string, days: number) =>
    `El envío ${code} está en la agencia ${agency} desde hace ${days} ${days === 1 ? 'día' : 'días'}. Pasa a retirarlo con tu código o la cédula del destinatario.`,
  deliveredTitle: 'Tu envío fue entregado',
  deliveredMessage: (code: string, receivedBy: string) => `El envío ${code} fue entregado a ${receivedBy}.`,
} as const;

/** Staff's screens of the last mile: the home delivery's proof and the unlock (/admin/envios), the reminder setting (/admin/agencias). */
export const PICKUP_STAFF_LABELS = {
  proofSection: 'Prueba de entrega',
  homeDeliveryTitle: 'Registrar la entrega a domicilio',
  homeDeliveryHint: 'Quién recibió el envío en la dirección del destinatario, su cédula y una foto de la entrega.',
  receivedBy: 'Recibió',
  idDocument: 'Cédula de quien recibió',
  idDocumentPlaceholder: 'V-12345678',
  recordHomeDelivery: 'Registrar entrega',
  noProofYet: 'Aún no tiene prueba de entrega.',
  recordedBy: (name: string) => `Registrada por ${name}`,
  lockedTitle: 'Retiro bloqueado',
  locked: (wrongCodes: number) =>
    `Retiro bloqueado tras ${wrongCodes} intentos fallidos (código o cédula). Desbloquéalo cuando confirmes quién retira.`,
  lockedAsk: 'Retiro bloqueado por intentos fallidos (código o cédula). Pide al personal que lo desbloquee.',
  unlock: 'Desbloquear retiro',
  unlockAria: (code: string) => `Desbloquear retiro del envío ${code}`,
  settingsTitle: 'Retiro en agencia',
  settingsHint: `Si el envío no se retira, el cliente recibe un recordatorio cada día pasados estos días. Tras ${PICKUP_MAX_WRONG_CODES} intentos fallidos (códigos o cédulas) el retiro se bloquea hasta que el personal lo desbloquee desde Envíos o el Mostrador.`,
  reminderDays: 'Días antes del recordatorio',
  saveSettings: 'Guardar',
  settingsFailed: 'No se pudo guardar la configuración de retiro.',
} as const;
