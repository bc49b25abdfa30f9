// The inbox's staff steps (docs/product/whatsapp-desk.md#the-inbox), each inside the staff
// procedure's audited transaction: reply (a text, a quick reply or a file, through the desk's
// outbox path in reply.ts, recorded with who sent it), assign and close.
//
// Each step first locks the conversation's row, as the webhook does before it answers: two people
// replying at once both get their reply queued, one after the other, and the outbox sends them in
// that order (its queue position is taken under the lock).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { CONVERSATION_MESSAGES as M, DESK_QUICK_REPLIES, type ReplyConversationInput } from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { storedFiles, users, whatsappConversations as conversations, whatsappDeskReplies } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import { INBOX_ROLES } from '../../queries/whatsapp-inbox';
import { queueDeskAnswer, withinServiceWindow, type DeskAnswer } from './reply';

async function lockConversation(tx: DbOrTx, phone: string) {
  const [row] = await tx.select().from(conversations).where(eq(conversations.phone, phone)).for('update');
  if (!row) throw new DomainError('NOT_FOUND', M.notFound);
  return row;
}

/** Queues one staff reply; outside the 24-hour window it goes as the template the desk chose. */
export async function replyToConversation(
  tx: DbOrTx,
  staffId: string,
  input: ReplyConversationInput,
  options: { appUrl: string; now: Date },
) {
  const conversation = await lockConversation(tx, input.phone);
  if (!conversation.needsAgentSince) throw new DomainError('CONFLICT', M.notOpen);
  const within = withinServiceWindow(conversation.lastInboundAt, options.now);

  let answer: DeskAnswer;
  let text: string | null = null;
  if (input.fileId) {
    // The desk's attachment uploaded for this customer (a number without an account has none).
    const [file] = conversation.userId
      ? await tx
          .select()
          .from(storedFiles)
          .where(
            and(
              eq(storedFiles.id, input.fileId),
              eq(storedFiles.kind, 'desk_attachment'),
              eq(storedFiles.ownerUserId, conversation.userId),
            ),
          )
      : [];
    if (!file) throw new DomainError('NOT_FOUND', M.fileNotFound);
    if (!within) throw new DomainError('BAD_INPUT', M.fileOutsideWindow);
    text = input.text ?? null;
    answer = {
      file: {
        fileId: file.id,
        filename: file.originalName ?? `archivo.${file.contentType.split('/')[1] ?? 'pdf'}`,
        contentType: file.contentType,
        caption: input.text,
      },
    };
  } else {
    text = input.quickReply ? DESK_QUICK_REPLIES.find((q) => q.id === input.quickReply)!.text : input.text!;
    answer = { text };
  }
  if (!within && !input.template) throw new DomainError('BAD_INPUT', M.templateRequired);
  const template = within ? null : input.template!;

  const outboxId = await queueDeskAnswer(
    tx,
    { phone: conversation.phone, userId: conversation.userId, lastInboundAt: conversation.lastInboundAt },
    answer,
    { appUrl: options.appUrl, now: options.now, template: template ?? undefined },
  );
  const [reply] = await tx
    .insert(whatsappDeskReplies)
    .values({
      phone: conversation.phone,
      outboxId,
      staffId,
      kind: template ? 'template' : input.fileId ? 'file' : input.quickReply ? 'quick_reply' : 'text',
      text,
      quickReply: input.quickReply ?? null,
      template,
      fileId: input.fileId ?? null,
    })
    .returning({ id: whatsappDeskReplies.id });
  // The first reply stops the first-response timer; a conversation nobody had is now the replier's.
  await tx
    .update(conversations)
    .set({
      firstResponseAt: conversation.firstResponseAt ?? options.now,
      assignedTo: conversation.assignedTo ?? staffId,
    })
    .where(eq(conversations.phone, conversation.phone));
  return { id: reply.id, outboxId, sentAs: template ? ('template' as const) : ('free_form' as const), message: M.sent };
}

/** Gives the conversation to a person of customer service (or to nobody). */
export async function assignConversation(tx: DbOrTx, input: { phone: string; staffId: string | null }) {
  const conversation = await lockConversation(tx, input.phone);
  if (!conversation.needsAgentSince) throw new DomainError('CONFLICT', M.notOpen);
  if (input.staffId) {
    const [person] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.staffId), inArray(users.role, INBOX_ROLES), isNull(users.deactivatedAt)));
    if (!person) throw new DomainError('BAD_INPUT', M.staffInvalid);
  }
  await tx.update(conversations).set({ assignedTo: input.staffId }).where(eq(conversations.phone, input.phone));
  return { ok: true as const, message: M.assigned };
}

/**
 * Closes it: no longer waiting for a person (the desk's menu answers again), nobody's, its timer
 * reset. The customer choosing "Hablar con alguien" again opens it anew.
 */
export async function closeConversation(tx: DbOrTx, staffId: string, input: { phone: string }, now: Date) {
  const conversation = await lockConversation(tx, input.phone);
  if (!conversation.needsAgentSince) throw new DomainError('CONFLICT', M.notOpen);
  await tx
    .update(conversations)
    .set({ needsAgentSince: null, firstResponseAt: null, assignedTo: null, closedAt: now, closedBy: staffId })
    .where(eq(conversations.phone, input.phone));
  return { ok: true as const, message: M.closed };
}
