// The Spanish WhatsApp message templates, one per kind of event plus the verification code. The
// Cloud API only sends templates approved in WhatsApp Manager to a customer who has not written
// first, so these names and bodies must be registered there as they are here (category
// "utility", language "es"); the body is what the log shows when no token is set.
import { cutToCharacters, type DeskTemplateKey, type NotificationKind } from '@casillero/shared';

export type WhatsappTemplate = { name: string; body: string };

/** Every notification template takes the same three parameters: title, message, link. */
const notice = (name: string, heading: string): WhatsappTemplate => ({
  name,
  body: `${heading}\n*{{1}}*\n{{2}}\nMás detalles en tu cuenta: {{3}}`,
});

export const WHATSAPP_TEMPLATES = {
  package_received: notice('paquete_recibido', '📦 Casillero Virtual: llegó un paquete a tu casillero.'),
  status_changed: notice('cambio_de_estado', '🚚 Casillero Virtual: tu envío cambió de estado.'),
  payment: notice('pago_revisado', '💳 Casillero Virtual: revisamos tu pago.'),
  shipment_news: notice('novedad_de_envio', '✈️ Casillero Virtual: hay novedades de tu envío.'),
  reminders: notice('recordatorio_almacenaje', '⏰ Casillero Virtual: recordatorio de almacenaje.'),
  // The WhatsApp desk's answer to a customer whose last message is more than 24 hours old
  // (docs/product/whatsapp-desk.md#the-24-hour-window): the free-form reply's text as {{2}}.
  desk_reply: notice('respuesta_de_atencion', '💬 Casillero Virtual: te respondemos por WhatsApp.'),
  // The inbox's other choice outside the window (docs/product/whatsapp-desk.md#the-inbox).
  desk_follow_up: notice('retomar_conversacion', '🙋 Casillero Virtual: queremos seguir atendiéndote.'),
  verification: {
    name: 'codigo_de_verificacion',
    body: 'Tu código de verificación de Casillero Virtual es *{{1}}*. Vence en 10 minutos. No lo compartas con nadie.',
  },
} satisfies Record<NotificationKind | DeskTemplateKey | 'verification', WhatsappTemplate>;

const byName = new Map(Object.values(WHATSAPP_TEMPLATES).map((t) => [t.name, t]));

/**
 * WhatsApp rejects a body parameter that is empty or holds new lines, tabs or more than four
 * spaces in a row; long ones are cut, as the whole message has a limit.
 */
export function templateParam(value: string): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return cutToCharacters(flat || '-', 900);
}

/** The message as the customer reads it: the template's body with its parameters. */
export function renderTemplate(name: string, params: string[]): string {
  const template = byName.get(name);
  const body = template?.body ?? params.map((_, i) => `{{${i + 1}}}`).join('\n');
  return body.replace(/\{\{(\d+)\}\}/g, (_, i: string) => params[Number(i) - 1] ?? '');
}
