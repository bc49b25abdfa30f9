// How the desk's answers leave (docs/product/whatsapp-desk.md#the-24-hour-window): through the
// WhatsApp outbox, in the same transaction as the message they answer, so the Graph API being
// down only delays them and each number's messages still go once and in order.
//
// WhatsApp accepts a free-form message (text, buttons) only within 24 hours of the customer's
// last message. Within it, the answer goes as written; outside it (a webhook retried late, or an
// answer written long after), it goes as the approved template WHATSAPP_TEMPLATES.desk_reply
// ('respuesta_de_atencion', whatsapp-templates.ts): a heading, the answer flattened into its
// second parameter (WhatsApp refuses new lines there) and a link to the customer's account.
import {
  cutToCharacters,
  DESK_BUTTONS,
  DESK_INTENTS,
  SERVICE_WINDOW_MS,
  CONVERSATION_MESSAGES as C,
  WHATSAPP_DESK_MESSAGES as M,
  type DeskTemplateKey,
} from '@casillero/shared';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { whatsappConversations } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import { enqueueWhatsapp, enqueueWhatsappFreeForm } from '../../messaging/whatsapp-outbox';
import { WHATSAPP_TEMPLATES } from '../../messaging/whatsapp-templates';
import type { WhatsappFreeForm } from '../../db/schema';

/** The most a text message's body may hold: a longer one the Cloud API refuses for good. */
const MAX_TEXT_CHARACTERS = 4096;
/** The most a media message's caption may hold. */
const MAX_CAPTION_CHARACTERS = 1024;

/** Whether a free-form message may still be sent to someone who last wrote at `lastInboundAt`. */
export function withinServiceWindow(lastInboundAt: Date, now: Date): boolean {
  return now.getTime() - lastInboundAt.getTime() < SERVICE_WINDOW_MS;
}

export type DeskRecipient = { phone: string; userId: string | null; lastInboundAt: Date };

/** A stored file sent from the inbox: a PDF goes as a document, an image as an image. */
export type DeskFile = { fileId: string; filename: string; contentType: string; caption?: string };

/** The answer to queue: a text, the menu (the three buttons), or a file (the inbox's, within the window only). */
export type DeskAnswer = { text: string } | { menu: true } | { file: DeskFile };

/**
 * Queues one answer to the number, free-form within the window, outside it the template chosen
 * (the inbox's choice; the desk's own answers take desk_reply). A file cannot go outside it.
 */
export async function queueDeskAnswer(
  tx: DbOrTx,
  to: DeskRecipient,
  given: DeskAnswer,
  options: { appUrl: string; now: Date; template?: DeskTemplateKey },
): Promise<string> {
  const answer: DeskAnswer = 'text' in given ? { text: cutToCharacters(given.text, MAX_TEXT_CHARACTERS) } : given;
  if (withinServiceWindow(to.lastInboundAt, options.now)) {
    if ('file' in answer)
      return enqueueWhatsappFreeForm(tx, { userId: to.userId, toPhone: to.phone, payload: filePayload(answer.file) });
    return enqueueWhatsappFreeForm(tx, {
      userId: to.userId,
      toPhone: to.phone,
      payload:
        'text' in answer
          ? { type: 'text', text: { body: answer.text, preview_url: false } }
          : {
              type: 'interactive',
              interactive: {
                type: 'button',
                body: { text: M.menuBody },
                action: {
                  buttons: DESK_INTENTS.map((intent) => ({ type: 'reply' as const, reply: DESK_BUTTONS[intent] })),
                },
              },
            },
    });
  }
  if ('file' in answer) throw new DomainError('BAD_INPUT', C.fileOutsideWindow);
  const text =
    'text' in answer ? answer.text : `${M.menuBody} ${DESK_INTENTS.map((i) => DESK_BUTTONS[i].title).join(' · ')}`;
  return enqueueWhatsapp(tx, {
    userId: to.userId,
    toPhone: to.phone,
    template: WHATSAPP_TEMPLATES[options.template ?? 'desk_reply'].name,
    params: [M.templateTitle, text, options.appUrl],
  });
}

/** Who the desk answers on this number now: its linked customer and the customer's last message. */
export async function recipientOf(tx: DbOrTx, phone: string): Promise<DeskRecipient> {
  const [c] = await tx.select().from(whatsappConversations).where(eq(whatsappConversations.phone, phone));
  if (!c) throw new Error(`No WhatsApp conversation with ${phone}`);
  return { phone, userId: c.userId, lastInboundAt: c.lastInboundAt };
}

/**
 * Tells the number a text in a transaction of its own: the answer to a file fetched and read after
 * its message's transaction committed (a payment's receipt, a purchase's invoice). The window is
 * read then, so an answer that took long still goes as the template when it has closed.
 */
export function tellAfterwards(db: Db, phone: string, text: string, options: { appUrl: string; now: Date }) {
  return db.transaction(async (tx) => {
    await queueDeskAnswer(tx, await recipientOf(tx, phone), { text }, options);
  });
}

function filePayload(file: DeskFile): WhatsappFreeForm {
  const caption = file.caption ? cutToCharacters(file.caption, MAX_CAPTION_CHARACTERS) : undefined;
  return file.contentType.startsWith('image/')
    ? { type: 'image', image: { fileId: file.fileId, caption } }
    : { type: 'document', document: { fileId: file.fileId, filename: file.filename, caption } };
}
