// The public API and its keys (docs/product/public-api.md): constants and the Spanish messages a
// customer reads in Configuración (an ally in its portal) and an integration reads in the API's
// JSON errors.
import { groupThousands } from '../format';

/** What a key may do: read only, or read and create (pre-alerts). */
export const API_KEY_SCOPES = ['read', 'read_write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Readonly<Record<ApiKeyScope, string>> = {
  read: 'Solo lectura',
  read_write: 'Lectura y escritura',
};

/** Every key starts with this, so a leaked one is recognisable (secret scanners) and never mistaken for a session. */
export const API_KEY_PREFIX = 'csk_';
/** How many characters of the key are kept in clear to name it in the list ('csk_ab12…'). */
export const API_KEY_VISIBLE_CHARS = 8;
/** Active keys a person may hold at once. */
export const API_KEY_MAX_ACTIVE = 10;
export const API_KEY_NAME_MAX = 60;

/** Where the public API lives. */
export const PUBLIC_API_BASE = '/api/v1';
/** The query parameter an ally's key names its customer with: one of the customer's casillero codes. */
export const API_CUSTOMER_PARAM = 'customer';

/**
 * How deep `page` reaches in the API (docs/product/public-api.md#pages): the rows before a page are
 * read and thrown away, so a numbered page past these rows would cost what it reads; a cursor
 * reaches any depth at a first page's cost.
 */
export const API_MAX_OFFSET = 1_000;
/** The last page a page number reaches for a page size. */
export const maxApiPage = (pageSize: number) => Math.max(1, Math.floor(API_MAX_OFFSET / pageSize));

/** An Idempotency-Key: up to this many visible ASCII characters, remembered this many hours. */
export const IDEMPOTENCY_KEY_MAX = 255;
export const IDEMPOTENCY_WINDOW_HOURS = 24;

export const API_KEY_MESSAGES = {
  idempotencyKeyInvalid: `La cabecera Idempotency-Key debe tener entre 1 y ${IDEMPOTENCY_KEY_MAX} caracteres visibles, sin espacios`,
  idempotencyKeyReused:
    'Esta Idempotency-Key ya se usó con otra solicitud en las últimas 24 horas: usa una clave nueva para cada operación distinta',
  idempotencyKeyInFlight: 'Otra solicitud con esta Idempotency-Key está en curso: inténtalo de nuevo en unos segundos',
  nameRequired: 'Escribe un nombre para la clave',
  nameMax: `El nombre admite hasta ${API_KEY_NAME_MAX} caracteres`,
  scopeInvalid: 'Elige el alcance de la clave',
  tooManyKeys: `Puedes tener hasta ${API_KEY_MAX_ACTIVE} claves activas; revoca una antes de crear otra`,
  created: 'Clave creada. Cópiala ahora: no se volverá a mostrar.',
  revoked: 'Clave revocada. Las integraciones que la usen dejarán de funcionar.',
  notFound: 'La clave no existe o ya fue revocada',
  staffNoKeys: 'Las claves de API son para clientes y aliados',
  /** The API's answers. */
  missingKey: 'Falta la clave de API: envíala en la cabecera Authorization: Bearer <clave>',
  invalidKey: 'La clave de API no es válida o fue revocada',
  readOnlyKey: 'Esta clave es de solo lectura: crea una de lectura y escritura para este uso',
  tooManyRequests: (seconds: number) =>
    `Demasiadas solicitudes con esta clave. Intenta de nuevo en ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}.`,
  routeNotFound: 'Esa ruta no existe en la API',
  noPrices: 'No hay tarifas vigentes para cotizar. Intenta más tarde.',
  /** A quote's declared value (docs/product/public-api.md#money): cents, or the deprecated dollars. */
  declaredCentsWhole: 'El valor declarado va en centavos enteros: 10000 es $100,00',
  declaredTwice:
    'Indica el valor declarado una sola vez: en declaredUsdCents (centavos) o en declaredUsd (dólares, obsoleto)',
  /** The lists' paging (docs/product/public-api.md#pages). */
  pageOutOfRange: `Página fuera de rango: por número de página la API llega a las primeras ${groupThousands(API_MAX_OFFSET)} filas. Para seguir, pide la página siguiente con cursor=<nextCursor> de la página anterior: es igual de rápida a cualquier profundidad`,
  cursorInvalid: 'El cursor no es válido: usa el nextCursor de la página anterior tal como llegó',
  cursorWithPage: 'Usa page o cursor, no los dos: el cursor ya dice dónde sigue la lista',
  /** An ally's key (docs/product/public-api.md#an-allys-keys): which customer, and only its own. */
  allyCustomerRequired: `Con una clave de aliado, indica de qué cliente: agrega ?${API_CUSTOMER_PARAM}=<código de casillero del cliente>`,
  allyCustomerNotFound: 'Ese casillero no es de uno de tus clientes',
  customerParamForAllies: `El parámetro ${API_CUSTOMER_PARAM} es para claves de aliado: tu clave ya responde con tus propios datos`,
  allyNoShipRequests:
    'Una clave de aliado no solicita envíos: el cliente los solicita y confirma su precio desde su cuenta o con su propia clave',
} as const;

/** Subscriptions a person may hold at once. */
export const WEBHOOK_MAX_SUBSCRIPTIONS = 10;
export const WEBHOOK_URL_MAX = 500;
/** How long a delivery is retried after the event, then given up. */
export const WEBHOOK_RETRY_HOURS = 24;
/** How long the secret a rotation replaced still signs each delivery beside the new one. */
export const WEBHOOK_PREVIOUS_SECRET_HOURS = 24;

/** Webhooks (docs/product/public-api.md#webhooks): the refusals of a receiver's URL, and the card's messages. */
export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Escribe una URL válida, por ejemplo https://mitienda.com/webhooks',
  httpsOnly: 'La URL debe empezar por https://',
  noCredentials: 'La URL no puede llevar usuario ni contraseña',
  unresolvable: 'No pudimos encontrar ese dominio',
  privateAddress: 'Esa URL apunta a una dirección privada o local; usa una dirección pública',
  urlMax: 'La URL admite hasta 500 caracteres',
  eventsRequired: 'Elige al menos un evento',
  eventInvalid: 'Ese evento no existe',
  tooMany: `Puedes tener hasta ${WEBHOOK_MAX_SUBSCRIPTIONS} webhooks; elimina uno antes de crear otro`,
  created: 'Webhook creado. Copia el secreto ahora: no se volverá a mostrar.',
  rotated: 'Secreto renovado. Copia el nuevo ahora: no se volverá a mostrar.',
  /** Before renewing: what happens to the secret in use. */
  rotateWarning: `El secreto actual seguirá firmando ${WEBHOOK_PREVIOUS_SECRET_HOURS} horas junto al nuevo; después dejará de valer.`,
  /** On the card while the secret a rotation replaced still signs (Caracas time). */
  previousStillSigns: (until: string) => `La clave anterior sigue firmando hasta ${until}`,
  disabled: 'Webhook pausado: no se enviarán eventos hasta que lo reactives.',
  enabled: 'Webhook reactivado.',
  deleted: 'Webhook eliminado.',
  resent: 'Entrega puesta en cola para reenviarse.',
  notFound: 'El webhook no existe',
  deliveryNotFound: 'La entrega no existe',
  staffNoWebhooks: 'Los webhooks son para clientes',
  /** Why a delivery failed, kept in the list of deliveries. */
  timeout: 'El receptor no respondió a tiempo',
  connectionFailed: (code: string) => `No pudimos conectar con el receptor (${code})`,
  paused: 'El webhook estaba pausado: no se envió',
  badStatus: (status: number) => `El receptor respondió ${status}`,
} as const;

/** The events an account may subscribe to (docs/product/public-api.md#webhooks). */
export const WEBHOOK_EVENTS = [
  'package.received',
  'shipment.status_changed',
  'departure.milestone',
  'invoice.issued',
  'payment.approved',
  'claim.updated',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEvent, string>> = {
  'package.received': 'Paquete recibido en el almacén',
  'shipment.status_changed': 'Cambio de estado de un envío',
  'departure.milestone': 'Hito de la salida (zarpe, llegada, aduana…)',
  'invoice.issued': 'Factura emitida',
  'payment.approved': 'Pago aprobado',
  'claim.updated': 'Reclamo actualizado',
};

export const WEBHOOK_DELIVERY_STATUS_LABELS: Readonly<Record<'pending' | 'sending' | 'sent' | 'failed', string>> = {
  pending: 'Pendiente',
  sending: 'Enviando',
  sent: 'Entregado',
  failed: 'Fallido',
};
