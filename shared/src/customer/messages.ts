// The Spanish texts of the customer's area (mailboxes, pre-alerts, notifications, settings).
import { PREALERT_STATUS_LABELS } from '../labels';

export const PREALERT_MESSAGES = {
  created: 'Prealerta creada',
  createdDetail: 'Te avisaremos cuando tu paquete llegue al almacén.',
  updated: 'Prealerta actualizada',
  notEditable: 'Esta prealerta ya fue convertida en paquete y no se puede editar.',
  trackingNumberFixed: 'El número de tracking no se puede cambiar una vez indicado.',
  duplicateTracking: 'Ya tienes una prealerta con este número de tracking.',
  mailboxInvalid: 'Selecciona uno de tus casilleros.',
  mailboxInactive: 'Ese casillero no está activo: elige un casillero activo para tu prealerta.',
  mailboxInactiveSuffix: ' (inactivo)',
  carrierInvalid: 'Selecciona una empresa de envío de la lista.',
  senderMax: 'La tienda o remitente no puede exceder 100 caracteres',
  descriptionRequired: 'La descripción es requerida',
  descriptionMin: 'La descripción debe tener al menos 3 caracteres',
  descriptionMax: 'La descripción no puede exceder 500 caracteres',
  itemsMin: 'La cantidad de artículos debe ser al menos 1',
  itemsInt: 'La cantidad de artículos debe ser un número entero',
  amountMin: 'El monto gastado no puede ser negativo',
  weightMin: 'El peso estimado debe ser al menos 0,1 kg',
  valueMin: 'El valor estimado no puede ser negativo',
  notesMax: 'Las notas no pueden exceder 1.000 caracteres',
  matched: (trackingNumber: string, status: string) =>
    `Tu paquete ya fue registrado por el almacén: tracking ${trackingNumber}, estado «${status}».`,
} as const;

export const MAILBOX_MESSAGES = {
  alreadyHas: (country: string) => `Ya tienes un casillero en ${country}.`,
  opened: 'Casillero creado',
  openedDetail: 'Tu casillero está inactivo hasta que se apruebe el pago de activación.',
} as const;

export const NOTIFICATION_MESSAGES = {
  allRead: 'Todas las notificaciones fueron marcadas como leídas',
} as const;

export const ACCOUNT_MESSAGES = {
  sessionsEnded: (n: number) => (n === 1 ? 'Se cerró 1 sesión.' : `Se cerraron ${n} sesiones.`),
  sessionEnded: 'Sesión cerrada.',
  cannotEndCurrent: 'Para cerrar esta sesión usa «Cerrar sesión».',
  preferencesSaved: 'Preferencias guardadas',
} as const;

// Pre-alerts from a forwarded store e-mail (docs/product/prealerts-from-email.md).
/** How the draft screen names each field (read from the e-mail, or missing). */
export const EMAIL_FIELD_LABELS = {
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
  senderTooMany: (max: number) => `Puedes registrar hasta ${max} correos.`,
  draftCreatedTitle: 'Prealerta creada desde tu correo',
  draftCreated: (what: string) => `Leímos tu correo de ${what}. Revisa el borrador y confírmalo.`,
  draftCompletedTitle: 'Prealerta completada desde tu correo',
  draftCompleted: (what: string) => `Un nuevo correo de ${what} completó tu prealerta.`,
  draftsTitle: 'Borradores por confirmar',
  draftsHelp:
    'Los creamos con los correos que nos reenviaste y las facturas que nos enviaste por WhatsApp. Revísalos y confírmalos.',
  readFromEmail: 'Leído del correo',
  readFromWhatsapp: 'Leído de la factura enviada por WhatsApp',
  draftFromWhatsappTitle: 'Prealerta creada desde tu factura enviada por WhatsApp',
  review: 'Revisar y confirmar',
  discard: 'Descartar borrador',
  discarded: 'Borrador descartado',
  draftBadge: 'Borrador',
  draftFromWhatsappBadge: 'Borrador (WhatsApp)',
  fromEmail: 'leído del correo',
  fromWhatsapp: 'leído de la factura enviada por WhatsApp',
  missing: 'Falta',
  confirm: 'Confirmar prealerta',
  confirmed: 'Prealerta confirmada',
  notDraft: 'Esta prealerta ya no es un borrador.',
  unknownSenderSubject: 'No pudimos crear tu prealerta',
  unknownSenderBody: (address: string) =>
    `Recibimos un correo desde ${address}, que no está registrado en ninguna cuenta. Entra en Configuración, agrega este correo en «Correos desde los que reenvías» y vuelve a reenviarlo.`,
  webhookRefused: 'Firma inválida',
  webhookMalformed: 'Mensaje no válido',
} as const;

/** What a draft records of where its fields were read from (docs/product/prealerts-from-email.md#recepción). */
export type DraftReadFields = {
  /** Read from a forwarded store e-mail. */
  emailFields?: readonly string[] | null;
  /** Read from the invoice the customer sent by WhatsApp (docs/product/whatsapp-desk.md#pre-alerting-a-purchase). */
  whatsappFields?: readonly string[] | null;
};

/** The mark beside a draft's field: where it was read from, or null when the customer typed it. */
export function draftFieldSource(field: string, read: DraftReadFields): string | null {
  if (read.whatsappFields?.includes(field)) return PREALERT_MAIL_MESSAGES.fromWhatsapp;
  if (read.emailFields?.includes(field)) return PREALERT_MAIL_MESSAGES.fromEmail;
  return null;
}

/**
 * A draft's badge in the customer's list: 'Borrador (correo)' (PREALERT_STATUS_LABELS.draft) when
 * an e-mail made it, 'Borrador (WhatsApp)' when only the invoice sent by WhatsApp filled it.
 */
export function draftBadgeLabel(read: DraftReadFields): string {
  return read.whatsappFields?.length && !read.emailFields?.length
    ? PREALERT_MAIL_MESSAGES.draftFromWhatsappBadge
    : PREALERT_STATUS_LABELS.draft;
}
