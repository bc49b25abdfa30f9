// The WhatsApp desk (docs/product/whatsapp-desk.md): what a customer may ask by writing to the
// business's number, by tapping a button of the menu or by writing its words (accents and case
// ignored), and every Spanish text the desk answers with.
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
  menuBody: 'Hola 👋 Soy el asistente de Casillero Virtual. ¿Qué quieres consultar? Toca una opción.',
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
  reportPayment: (url: string) => `Cuando pagues, repórtalo en ${url}`,
  agentOpened:
    '🙋 Listo: le pedimos a una persona del equipo que te atienda por aquí. Te responderemos en horario de oficina.',
  fileReceived: '📎 Recibimos tu archivo. Una persona del equipo lo revisará y te responderá por aquí.',
  /** The first parameter of the desk_reply template (an answer outside the 24-hour window). */
  templateTitle: 'Tu consulta',
  // The webhook's HTTP answers.
  webhookRefused: 'Firma inválida.',
  webhookMalformed: 'El cuerpo no es una notificación de WhatsApp.',
  verifyRefused: 'Token de verificación inválido.',
} as const;
