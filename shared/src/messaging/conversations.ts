// The WhatsApp desk's inbox (docs/product/whatsapp-desk.md#the-inbox): what customer service
// replies with (a text, a quick reply, a file, or outside the 24-hour window the template it
// chooses), its inputs and every Spanish text of the screen.
import { z } from 'zod';

/** WhatsApp takes a free-form message only this long after the customer's last message. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** WhatsApp's limit on a text message's body. */
export const DESK_REPLY_MAX = 4096;

/** The number a conversation is keyed by, in E.164 as the webhook stores it. */
const conversationPhone = z.string().regex(/^\+[1-9][0-9]{6,14}$/, 'Conversación no encontrada.');

/** Written answers customer service uses often: chosen on the screen, sent as their text. */
export const DESK_QUICK_REPLIES = [
  {
    id: 'greeting',
    title: 'Saludo',
    text: 'Hola 👋 Soy del equipo de atención de Casillero Virtual. ¿En qué te puedo ayudar?',
  },
  {
    id: 'checking',
    title: 'Lo reviso',
    text: 'Gracias por escribirnos. Ya lo estoy revisando y te respondo por aquí en unos minutos.',
  },
  {
    id: 'payment_received',
    title: 'Pago recibido',
    text: 'Recibimos tu comprobante de pago. Lo revisamos y verás el pago en «Facturas» apenas lo aprobemos.',
  },
  {
    id: 'anything_else',
    title: '¿Algo más?',
    text: '¿Te puedo ayudar con algo más? Si no, cierro esta conversación. ¡Gracias por escribirnos!',
  },
] as const;
export type DeskQuickReplyId = (typeof DESK_QUICK_REPLIES)[number]['id'];
const QUICK_REPLY_IDS = DESK_QUICK_REPLIES.map((q) => q.id) as [DeskQuickReplyId, ...DeskQuickReplyId[]];

/**
 * The approved templates the desk may choose outside the 24-hour window (registered in WhatsApp
 * Manager as server/src/messaging/whatsapp-templates.ts names them): the reply's text goes in.
 */
export const DESK_TEMPLATES = {
  desk_reply: {
    label: 'Respuesta a tu consulta',
    description: '«💬 Casillero Virtual: te respondemos por WhatsApp.» y tu texto',
  },
  desk_follow_up: {
    label: 'Retomar la conversación',
    description: '«🙋 Casillero Virtual: queremos seguir atendiéndote.» y tu texto',
  },
} as const;
export type DeskTemplateKey = keyof typeof DESK_TEMPLATES;
export const DESK_TEMPLATE_KEYS = Object.keys(DESK_TEMPLATES) as [DeskTemplateKey, ...DeskTemplateKey[]];

export const CONVERSATION_FILTERS = ['open', 'mine', 'unassigned'] as const;
export type ConversationFilter = (typeof CONVERSATION_FILTERS)[number];

export const conversationListInput = z.object({ filter: z.enum(CONVERSATION_FILTERS).default('open') });
export const conversationPhoneInput = z.object({ phone: conversationPhone });
export const assignConversationInput = z.object({
  phone: conversationPhone,
  /** Null: nobody (back to the unassigned). */
  staffId: z.uuid('Esa persona no puede atender conversaciones.').nullable(),
});

const replyText = z
  .string({ error: 'Escribe la respuesta.' })
  .trim()
  .min(1, 'Escribe la respuesta.')
  .max(DESK_REPLY_MAX, `La respuesta admite hasta ${DESK_REPLY_MAX} caracteres.`);

/** One reply: exactly one of a text, a quick reply or a file (with an optional caption). */
export const replyConversationInput = z
  .object({
    phone: conversationPhone,
    text: replyText.optional(),
    quickReply: z.enum(QUICK_REPLY_IDS, 'Esa respuesta rápida no existe.').optional(),
    fileId: z.uuid('El archivo no se encontró.').optional(),
    /** Outside the 24-hour window: the template the desk chose; ignored within it. */
    template: z.enum(DESK_TEMPLATE_KEYS, 'Esa plantilla no existe.').optional(),
  })
  .refine(
    (r) => [r.text !== undefined && r.fileId === undefined, r.quickReply, r.fileId].filter(Boolean).length === 1,
    {
      message: 'Envía un texto, una respuesta rápida o un archivo.',
    },
  );
export type ReplyConversationInput = z.infer<typeof replyConversationInput>;

/** What the reply will go as, for the screen to say before sending. */
export type ReplyWindow =
  | { open: true; closesAt: string }
  /** Closed: only a template the desk chooses; no files. */
  | { open: false; closedAt: string };

/** A wait in words: '45 s', '12 min', '3 h 05 min', '2 d 4 h'. */
export function formatWait(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h} h ${String(m % 60).padStart(2, '0')} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

export const CONVERSATION_MESSAGES = {
  notFound: 'Conversación no encontrada.',
  notOpen: 'Esta conversación está cerrada.',
  staffInvalid: 'Esa persona no puede atender conversaciones.',
  fileNotFound: 'El archivo no se encontró.',
  fileOutsideWindow: `Pasaron más de 24 horas desde el último mensaje del cliente: WhatsApp no admite archivos fuera de la ventana. Envía la plantilla «${DESK_TEMPLATES.desk_follow_up.label}» y, cuando el cliente responda, envía el archivo.`,
  templateRequired: 'Pasaron más de 24 horas desde el último mensaje del cliente: elige la plantilla que se enviará.',
  sent: 'Respuesta en camino.',
  assigned: 'Conversación asignada.',
  closed: 'Conversación cerrada.',
  // The screen.
  title: 'Conversaciones',
  subtitle: 'Clientes que pidieron hablar con una persona o enviaron un archivo por WhatsApp.',
  empty: 'No hay conversaciones esperando.',
  filterLabels: { open: 'Todas', mine: 'Mías', unassigned: 'Sin asignar' } satisfies Record<ConversationFilter, string>,
  waitingSince: (wait: string) => `Espera desde hace ${wait}`,
  firstResponse: (wait: string) => `Primera respuesta en ${wait}`,
  unassigned: 'Sin asignar',
  unknownCustomer: 'Número sin cuenta verificada',
  windowOpen: (until: string) =>
    `Ventana de 24 horas abierta hasta ${until}: la respuesta se envía como mensaje libre.`,
  windowClosed: (template: string) =>
    `Ventana de 24 horas cerrada: se enviará la plantilla aprobada «${template}» con tu texto.`,
  windowClosedNoFiles: 'Los archivos solo se pueden enviar cuando el cliente vuelva a escribir.',
  backToList: 'Volver a la lista',
  composerPlaceholder: 'Escribe tu respuesta…',
  send: 'Enviar',
  sendTemplate: 'Enviar plantilla',
  attach: 'Adjuntar archivo',
  quickReplies: 'Respuestas rápidas',
  templateLabel: 'Plantilla',
  assignLabel: 'Asignada a',
  close: 'Cerrar conversación',
  customerContext: 'Del cliente',
  staffReplyBy: (name: string) => `Respondió ${name}`,
  deskAnswer: 'Respuesta automática',
  deliveryStatus: { pending: 'En cola', sending: 'Enviando', sent: 'Enviado', failed: 'No se pudo enviar' },
  dashboardTitle: 'Conversaciones esperando',
  dashboardOldest: (wait: string) => `La más antigua espera hace ${wait}`,
  dashboardNone: 'Nadie espera respuesta por WhatsApp.',
  dashboardCounts: (open: string, unanswered: string) => `${open} abiertas, ${unanswered} sin primera respuesta.`,
  pickOne: 'Elige una conversación de la lista.',
  filterAria: 'Filtrar conversaciones',
  listAria: 'Conversaciones abiertas',
  threadAria: 'Mensajes',
  replyAria: 'Respuesta',
  clearAssignee: 'Quitar la asignación',
  removeFile: 'Quitar',
  image: 'Imagen',
  document: 'Documento',
  /** The thread's link that opens a file the customer sent or a reply carried. */
  openFile: 'Abrir archivo',
  mailboxes: (codes: string) => `Casillero: ${codes}`,
  shipments: (n: number) => `Envíos abiertos (${n})`,
  parcels: (n: number) => `En el almacén (${n})`,
  invoices: (n: number, owed: string) => `Facturas por pagar (${n}): ${owed}`,
  claims: (n: number) => `Reclamos (${n})`,
} as const;
