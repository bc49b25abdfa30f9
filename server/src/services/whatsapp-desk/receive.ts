// Accepting what the webhook delivers (docs/product/whatsapp-desk.md#the-webhook): the messages of
// one delivery stored in one statement, each once by its WhatsApp id (a repeated delivery finds it
// and stores nothing), after the number's conversation is created when it is its first message
// (a statement of its own; one left without its message is harmless, the retry stores it). Nothing
// is answered here: the desk's worker (worker.ts) takes each stored message, in the order stored
// per number, and answers it (answer.ts).
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { InboundWhatsappMessage } from '../../messaging/whatsapp-webhook';

/** Stores the messages; returns how many were new (the others had been received before). */
export async function storeWhatsappMessages(
  db: Db,
  messages: InboundWhatsappMessage[],
  now: Date = new Date(),
): Promise<number> {
  if (messages.length === 0) return 0;
  const rows = messages.map((m) => {
    // WhatsApp's time of the message, never later than now (the window counts from it).
    const sentAt = m.sentAt.getTime() > now.getTime() ? now : m.sentAt;
    return { ...m, sentAt: sentAt.toISOString() };
  });
  // The conversations of numbers writing for the first time (an existing one is left untouched,
  // and not locked: the worker brings it up to date); a number's first message names it.
  const firsts = [...new Map(rows.toReversed().map((m) => [m.from, m])).values()];
  await db.execute(sql`
    insert into whatsapp_conversations (phone, last_inbound_at, profile_name)
    values ${sql.join(
      firsts.map((m) => sql`(${m.from}, ${m.sentAt}::timestamptz, ${m.profileName})`),
      sql`, `,
    )}
    on conflict (phone) do nothing`);
  // Then the messages, in the order WhatsApp listed them.
  const stored = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into whatsapp_inbound_messages
        (wa_message_id, from_phone, kind, raw_type, text, reply_id, media, profile_name, sent_at)
      values ${sql.join(
        rows.map(
          (m) => sql`(${m.id}, ${m.from}, ${m.kind}, ${m.rawType}, ${m.text}, ${m.replyId},
            ${m.media ? JSON.stringify(m.media) : null}::jsonb, ${m.profileName}, ${m.sentAt}::timestamptz)`,
        ),
        sql`, `,
      )}
      on conflict (wa_message_id) do nothing
      returning id`),
  );
  return stored.length;
}
