// Queues a WhatsApp message in the same transaction as the change that causes it (like the
// e-mail outbox, docs/decisions/004); the worker delivers it later.
import type { DbOrTx } from '../db/client';
import { whatsappOutbox, type WhatsappFreeForm } from '../db/schema';
import { renderTemplate, templateParam } from './whatsapp-templates';

export async function enqueueWhatsapp(
  tx: DbOrTx,
  message: { userId: string | null; toPhone: string; template: string; params: string[]; language?: string },
): Promise<string> {
  const params = message.params.map(templateParam);
  const [row] = await tx
    .insert(whatsappOutbox)
    .values({
      userId: message.userId,
      toPhone: message.toPhone,
      template: message.template,
      language: message.language ?? 'es',
      params,
      body: renderTemplate(message.template, params),
    })
    .returning({ id: whatsappOutbox.id });
  return row.id;
}

/**
 * Queues a free-form message (text or buttons), behind the number's earlier messages. Only for a
 * customer who wrote within the last 24 hours: services/whatsapp-desk/reply.ts decides.
 */
export async function enqueueWhatsappFreeForm(
  tx: DbOrTx,
  message: { userId: string | null; toPhone: string; payload: WhatsappFreeForm },
): Promise<string> {
  const { payload } = message;
  const body =
    payload.type === 'text'
      ? payload.text.body
      : payload.type === 'document'
        ? [`📎 ${payload.document.filename}`, payload.document.caption].filter(Boolean).join('\n')
        : payload.type === 'image'
          ? ['🖼️ Imagen', payload.image.caption].filter(Boolean).join('\n')
          : [
              payload.interactive.body.text,
              ...payload.interactive.action.buttons.map((b) => `[${b.reply.title}]`),
            ].join('\n');
  const [row] = await tx
    .insert(whatsappOutbox)
    .values({ userId: message.userId, toPhone: message.toPhone, template: '', params: [], body, payload })
    .returning({ id: whatsappOutbox.id });
  return row.id;
}
