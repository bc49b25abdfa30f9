// The first mile's words (docs/product/first-mile.md): the customer's notices when the carrier
// reports trouble, and the administrator's settings of the day's requests to the provider.
import { z } from '../zod-es';
import { groupThousands } from '../format';

/** Requests a day to the tracking provider unless the administrator sets another number. */
export const DEFAULT_DAILY_REQUEST_BUDGET = 5000;
export const MAX_DAILY_REQUEST_BUDGET = 1_000_000;

export type FirstMileSettings = { dailyRequestBudget: number };

export const FIRST_MILE_MESSAGES = {
  settingsTitle: 'Seguimiento con los transportistas',
  budgetLabel: 'Consultas al proveedor por día',
  budgetHelp:
    'Cada consulta pregunta por hasta un lote de números. Al llegar al límite, el seguimiento espera al día siguiente; los avisos de los transportistas (webhooks) siguen llegando.',
  budgetInvalid: 'Indica un número entero de consultas por día, de 0 a 1.000.000.',
  usageToday: (used: number, budget: number) => `Hoy: ${groupThousands(used)} de ${groupThousands(budget)} consultas`,
  settingsSaved: 'Configuración del seguimiento guardada.',
  webhookRefused: 'Aviso del proveedor rechazado.',
  webhookRepeated: 'Este aviso ya se había recibido.',
  webhookUnknownProvider: 'Proveedor de seguimiento desconocido.',
} as const;

export const firstMileSettingsInput = z.object({
  dailyRequestBudget: z
    .number({ error: FIRST_MILE_MESSAGES.budgetInvalid })
    .int(FIRST_MILE_MESSAGES.budgetInvalid)
    .min(0, FIRST_MILE_MESSAGES.budgetInvalid)
    .max(MAX_DAILY_REQUEST_BUDGET, FIRST_MILE_MESSAGES.budgetInvalid),
});

/** `what` is the purchase as the customer named it («tracking» or its description). */
export const FIRST_MILE_NOTIFICATIONS = {
  exceptionTitle: 'Incidencia del transportista con tu compra',
  exception: (what: string, carrier: string, said: string) =>
    `${carrier} reporta una incidencia con tu compra ${what}: «${said}». Qué hacer: revisa en la tienda que la dirección de envío sea la de tu casillero, con tu código de casillero, y pide a la tienda que se comunique con ${carrier} para corregirla. Si necesitas ayuda, escríbenos desde Contacto.`,
  returnedTitle: 'Tu compra fue devuelta al remitente',
  returned: (what: string, carrier: string) =>
    `${carrier} devolvió tu compra ${what} a la tienda. Qué hacer: pide a la tienda el reembolso o un nuevo envío a tu casillero; cuando tengas el nuevo número de seguimiento, prealértalo.`,
  deliveredTitle: 'Tu compra llegó a nuestro almacén',
  delivered: (what: string, carrier: string) =>
    `${carrier} entregó tu compra ${what} en nuestro almacén. Te avisaremos cuando la registremos en tu casillero.`,
} as const;
