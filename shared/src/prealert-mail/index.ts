// Pre-alerts from a forwarded store e-mail (docs/product/prealerts-from-email.md): the limits of
// what the inbound pipeline accepts, the customer's schemas and the Spanish texts.
import { z } from 'zod';

export const INBOUND_MAIL_LIMITS = {
  /** A message over this size is refused while it streams in (SMTP) or before it is parsed (webhook). */
  maxMessageBytes: 25 * 1024 * 1024,
  /** Attachments kept per message: more are dropped (logged). */
  maxAttachments: 5,
  /** One attachment's size; a larger one is dropped. */
  maxAttachmentBytes: 10 * 1024 * 1024,
  /** The attachments kept: an invoice is a PDF or a photo. Archives (zip bombs) never are. */
  attachmentTypes: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const,
  /** MIME parts nested deeper than this are malformed (or hostile): refused. */
  maxNestingDepth: 20,
  maxHeadersBytes: 256 * 1024,
  /** Messages a sender may send an hour; more are dropped (logged). */
  perSenderPerHour: 30,
  /** Messages a customer's address may receive an hour. */
  perCustomerPerHour: 60,
  /** Replies with instructions to one unknown sender: at most one a day. */
  repliesPerSenderPerDay: 1,
  /** Sender addresses a customer may register. */
  maxSenders: 10,
  /** A draft older than this is shown to staff as not confirmed in time. */
  staleDraftDays: 7,
} as const;

/** The local part before "+<token>" of every customer's address. */
export const INBOUND_MAIL_LOCAL_PART = 'prealertas';

export const mailSenderInput = z.object({ email: z.email().max(254) });
export const mailSenderRemoveInput = z.object({ id: z.uuid() });

/** The fields of a pre-alert that an e-mail can fill in, as the draft records them. */
export const EMAIL_FIELDS = [
  'trackingNumber',
  'carrier',
  'senderName',
  'description',
  'quantityItems',
  'amountSpentUsdCents',
  'invoiceFileId',
  'orderNumber',
] as const;
export type EmailField = (typeof EMAIL_FIELDS)[number];

/** How the draft screen names each field (read from the e-mail, or missing). */
export const EMAIL_FIELD_LABELS: Record<EmailField | 'mailboxId' | 'estimatedWeight', string> = {
  trackingNumber: 'Número de tracking',
  carrier: 'Transportista',
  senderName: 'Tienda',
  description: 'Descripción',
  quantityItems: 'Artículos',
  amountSpentUsdCents: 'Monto gastado',
  invoiceFileId: 'Factura',
  orderNumber: 'Número de pedido',
  mailboxId: 'Casillero',
  estimatedWeight: 'Peso estimado',
};

export const PREALERT_MAIL_MESSAGES = {
  addressTitle: 'Tu correo de prealertas',
  addressHelp:
    'Reenvía a esta dirección el correo de confirmación o de envío de tu tienda: creamos el borrador de la prealerta por ti.',
  addressUnset: 'La recepción de correos no está configurada todavía.',
  copy: 'Copiar',
  copied: 'Copiado',
  sendersTitle: 'Correos desde los que reenvías',
  sendersHelp:
    'Solo aceptamos reenvíos desde estas direcciones (además del correo de tu cuenta), y solo si tu proveedor de correo las autentica.',
  senderAdd: 'Agregar correo',
  senderAdded: 'Correo agregado',
  senderRemoved: 'Correo eliminado',
  senderDuplicate: 'Ese correo ya está registrado.',
  senderTooMany: `Puedes registrar hasta ${INBOUND_MAIL_LIMITS.maxSenders} correos.`,
  draftCreatedTitle: 'Prealerta creada desde tu correo',
  draftCreated: (what: string) => `Leímos tu correo de ${what}. Revisa el borrador y confírmalo.`,
  draftCompletedTitle: 'Prealerta completada desde tu correo',
  draftCompleted: (what: string) => `Un nuevo correo de ${what} completó tu prealerta.`,
  draftsTitle: 'Borradores por confirmar',
  draftsHelp: 'Los creamos con los correos que nos reenviaste. Revísalos y confírmalos.',
  readFromEmail: 'Leído del correo',
  review: 'Revisar y confirmar',
  discard: 'Descartar borrador',
  discarded: 'Borrador descartado',
  draftBadge: 'Borrador',
  fromEmail: 'leído del correo',
  missing: 'Falta',
  confirm: 'Confirmar prealerta',
  confirmed: 'Prealerta confirmada',
  notDraft: 'Esta prealerta ya no es un borrador.',
  staleDraft: (days: number) => `Borrador sin confirmar (${days} días)`,
  unknownSenderSubject: 'No pudimos crear tu prealerta',
  unknownSenderBody: (address: string) =>
    `Recibimos un correo desde ${address}, que no está registrado en ninguna cuenta. Entra en Configuración, agrega este correo en «Correos desde los que reenvías» y vuelve a reenviarlo.`,
  webhookRefused: 'Firma inválida',
  webhookMalformed: 'Mensaje no válido',
} as const;
