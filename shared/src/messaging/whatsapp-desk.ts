// The WhatsApp desk (docs/product/whatsapp-desk.md): what a customer may ask by writing to the
// business's number, by tapping a button of the menu or by writing its words (accents and case
// ignored), and every Spanish text the desk answers with.
import { RECEIPT_MAX_BYTES } from '../constants';
import { foldSearchText } from '../search-text';

export const DESK_INTENTS = ['packages', 'debt', 'agent'] as const;
export type DeskIntent = (typeof DESK_INTENTS)[number];

/** The menu's buttons: their ids (what WhatsApp sends back when tapped) and titles (at most 20 characters). */
export const DESK_BUTTONS: Record<DeskIntent, { id: string; title: string }> = {
  packages: { id: 'desk:packages', title: 'Mis paquetes' },
  debt: { id: 'desk:debt', title: 'Cuánto debo' },
  agent: { id: 'desk:agent', title: 'Hablar con alguien' },
};

/** The words that ask for each answer, as foldDeskText writes them (whole words, in this order). */
const DESK_KEYWORDS: Record<DeskIntent, readonly string[]> = {
  packages: ['mis paquetes', 'paquetes', 'paquete', 'mis envios', 'envios', 'envio'],
  debt: ['cuanto debo', 'debo', 'deuda', 'saldo', 'facturas', 'factura'],
  agent: ['hablar con alguien', 'hablar con una persona', 'asesor', 'agente', 'humano', 'operador'],
};

/** '¿Cuánto DEBO?' → 'cuanto debo': no accents, no case, no punctuation, single spaces. */
export function foldDeskText(text: string): string {
  return foldSearchText(text.normalize('NFC'))
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * What a written message asks for: the one intent whose words it holds, or null when it holds
 * none or words of two (the menu is sent then, never a guess).
 */
export function deskIntentOfText(text: string): DeskIntent | null {
  const folded = ` ${foldDeskText(text)} `;
  const found = DESK_INTENTS.filter((intent) => DESK_KEYWORDS[intent].some((k) => folded.includes(` ${k} `)));
  return found.length === 1 ? found[0] : null;
}

/**
 * The words of a customer who paid and wants it known ("ya pagué", "reportar pago"): the desk
 * takes the payment report step by step (services/whatsapp-desk/payment-report.ts). They win over
 * the debt's words ("ya pagué la factura" reports, it does not list the invoices).
 */
const PAY_KEYWORDS = [
  'reportar pago',
  'reportar un pago',
  'reporte de pago',
  'ya pague',
  'pague',
  'hice un pago',
  'hice el pago',
  'transferi',
];

export function deskAsksToReportPayment(text: string): boolean {
  const folded = ` ${foldDeskText(text)} `;
  return PAY_KEYWORDS.some((k) => folded.includes(` ${k} `));
}

/** The words of a customer who wants to pre-alert a purchase by sending its invoice (services/whatsapp-desk/prealert.ts). */
const PREALERT_KEYWORDS = ['prealertar', 'prealerta', 'nueva prealerta', 'pre alerta', 'pre alertar'];

export function deskAsksToPrealert(text: string): boolean {
  const folded = ` ${foldDeskText(text)} `;
  return PREALERT_KEYWORDS.some((k) => folded.includes(` ${k} `));
}

/** The words that leave the payment report half-way. */
export function deskAsksToCancel(text: string): boolean {
  return ['cancelar', 'cancela', 'salir', 'menu'].includes(foldDeskText(text));
}

/** What a tapped button or list row asks for, by its id (or, for a template's quick reply, its text). */
export function deskIntentOfReply(idOrText: string): DeskIntent | null {
  const byId = DESK_INTENTS.find((intent) => DESK_BUTTONS[intent].id === idOrText);
  return byId ?? deskIntentOfText(idOrText);
}

/** The pages of the app the desk's answers link to. */
export const DESK_PATHS = {
  settings: '/dashboard/configuracion',
  signUp: '/registro',
  parcels: '/dashboard/almacen',
  shipments: '/dashboard/envios',
  invoices: '/dashboard/facturas',
} as const;

export const WHATSAPP_DESK_MESSAGES = {
  menuBody:
    'Hola 👋 Soy el asistente de Casillero Virtual. ¿Qué quieres consultar? Toca una opción. Si ya pagaste, escribe «pagué»; para prealertar una compra, «prealertar».',
  unknownNumber: (appUrl: string) =>
    'Hola 👋 Este número de WhatsApp no está verificado en ninguna cuenta de Casillero Virtual, así que no podemos mostrarte tus datos.\n\n' +
    `• Si ya tienes cuenta, entra en ${appUrl}${DESK_PATHS.settings} y verifica este número en «WhatsApp».\n` +
    `• Si aún no tienes cuenta, regístrate gratis en ${appUrl}${DESK_PATHS.signUp}.\n\n` +
    'Después escríbenos de nuevo y te responderemos con tus paquetes y tu saldo.',
  packagesNone: 'No tienes paquetes en el almacén ni envíos en camino en este momento.',
  packagesHeading: '📦 *Tus paquetes y envíos abiertos*',
  shipmentsTitle: '*Envíos*',
  parcelsTitle: '*En el almacén*',
  promise: (date: string, departureCode: string) => `llegada prometida ${date} (salida ${departureCode})`,
  promiseDelayed: 'la salida está retrasada',
  more: (n: number) => `…y ${n} más.`,
  seeAll: (url: string) => `Detalles en tu cuenta: ${url}`,
  debtNone: '✅ No tienes facturas pendientes. ¡Estás al día!',
  debtHeading: '💳 *Lo que debes*',
  invoiceLine: (number: string, usd: string, ves: string | null, rate: string | null) =>
    ves && rate ? `• Factura ${number}: ${usd} = ${ves} (tasa ${rate})` : `• Factura ${number}: ${usd}`,
  debtTotal: (usd: string, ves: string | null) => (ves ? `*Total: ${usd} = ${ves}*` : `*Total: ${usd}*`),
  debtRateNote: 'Cada factura en bolívares va a la tasa con la que se emitió.',
  paymentMethodsTitle: '*Cómo pagar*',
  reportPayment: (url: string) => `Cuando pagues, escribe «pagué» aquí y te pedimos los datos, o repórtalo en ${url}`,
  agentOpened:
    '🙋 Listo: le pedimos a una persona del equipo que te atienda por aquí. Te responderemos en horario de oficina.',
  fileReceived: '📎 Recibimos tu archivo. Una persona del equipo lo revisará y te responderá por aquí.',
  // Reporting a payment, step by step (docs/product/whatsapp-desk.md#reporting-a-payment).
  payNoInvoices: (url: string) =>
    `No tienes facturas pendientes. Para reportar otro pago (por ejemplo, un envío sin factura), hazlo en ${url}`,
  payNoMethods: (url: string) => `Ahora no podemos tomar el pago por aquí. Repórtalo en ${url}`,
  payAskInvoice: (lines: string[]) =>
    [
      '💳 *Reportar un pago*',
      '¿Qué factura pagaste? Responde con su número de la lista:',
      ...lines,
      '',
      'Escribe «cancelar» para dejarlo.',
    ].join('\n'),
  payInvoiceLine: (n: number, number: string, usd: string) => `${n}. Factura ${number}: ${usd}`,
  payAskMethod: (invoice: string, lines: string[]) =>
    [
      `💳 *Reportar un pago* de la factura ${invoice}`,
      '¿Con qué método pagaste? Responde con su número:',
      ...lines,
    ].join('\n'),
  payMethodLine: (n: number, name: string, currency: string) => `${n}. ${name} (${currency})`,
  payAskReference: 'Escribe el número de referencia o de confirmación del pago, como aparece en el comprobante.',
  payAskAmount: (currency: string, owed: string) =>
    `¿Cuánto pagaste, en ${currency}? Escribe el monto (por ejemplo 25,50), o «todo» si pagaste lo que falta (${owed}).`,
  payAskReceipt: '📎 Ahora envía la foto del comprobante (una captura de pantalla sirve).',
  payNotAChoice: (max: number) => `Responde con un número del 1 al ${max}, o «cancelar».`,
  payReferenceInvalid: 'La referencia tiene que tener entre 1 y 100 caracteres. Escríbela de nuevo.',
  payAmountInvalid: 'No entendí el monto. Escríbelo con números, por ejemplo 25,50, o «todo».',
  payReceiptMissing: '📎 Falta el comprobante: envía una foto o captura, o escribe «cancelar».',
  payReceiptUnreadable: `No pudimos leer el comprobante: envía una foto o captura (JPG, PNG o WebP) de hasta ${RECEIPT_MAX_BYTES / (1024 * 1024)} MB, o escribe «cancelar».`,
  payReceiptDownloadFailed: 'No pudimos descargar el comprobante. Envíalo de nuevo en un momento.',
  payCancelled: 'Listo, dejamos el reporte del pago. Escribe «pagué» cuando quieras reportarlo.',
  payExpired: 'El reporte del pago quedó a medias y venció. Escribe «pagué» para empezar de nuevo.',
  payReported: (invoice: string, amount: string, reference: string) =>
    `✅ Pago reportado: factura ${invoice}, ${amount}, referencia ${reference}. Caja lo revisará y te avisaremos por aquí cuando lo apruebe.`,
  payRefused: (reason: string) => `No pudimos registrar el pago: ${reason}`,
  // Pre-alerting a purchase by its invoice (docs/product/whatsapp-desk.md#pre-alerting-a-purchase).
  prealertAsk: (url: string) =>
    '📦 *Prealertar una compra*\nEnvía la foto o el PDF de la factura (o de la confirmación del pedido) y leeremos la tienda, el pedido, el total y el número de tracking. Después la revisas y la confirmas en tu cuenta.\n\n' +
    `También puedes crearla a mano en ${url}`,
  prealertCreated: (what: string, url: string) =>
    `📦 Listo: creamos un borrador de prealerta de ${what} con lo que leímos en tu factura. Revísalo y confírmalo en ${url}`,
  prealertCompleted: (what: string, url: string) =>
    `📦 Completamos tu prealerta de ${what} con lo que leímos en tu factura. Revísala en ${url}`,
  prealertNoFields: (url: string) =>
    `No encontramos en el archivo el pedido, los artículos ni un número de tracking. Crea la prealerta a mano en ${url}`,
  prealertUnreadable:
    'No pudimos leer ese archivo: envía una foto (JPG, PNG o WebP) o un PDF de hasta 10 MB, o escribe «cancelar».',
  prealertDownloadFailed: 'No pudimos descargar el archivo. Envíalo de nuevo en un momento.',
  prealertCancelled: 'Listo, dejamos la prealerta. Escribe «prealertar» cuando quieras enviarnos otra factura.',
  /** The first parameter of the desk_reply template (an answer outside the 24-hour window). */
  templateTitle: 'Tu consulta',
  // The webhook's HTTP answers.
  webhookRefused: 'Firma inválida.',
  webhookMalformed: 'El cuerpo no es una notificación de WhatsApp.',
  verifyRefused: 'Token de verificación inválido.',
} as const;
