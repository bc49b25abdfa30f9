// Accepting what the webhook delivers (docs/product/whatsapp-desk.md#the-webhook): the messages of
// one delivery stored in one statement, each once by its WhatsApp id (a repeated delivery finds it
// and stores nothing), with the number's conversation created when it is its first message. Nothing
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
  const rows = messages.map((m, i) => {
    // WhatsApp's time of the message, never later than now (the window counts from it).
    const sentAt = m.sentAt.getTime() > now.getTime() ? now : m.sentAt;
    return sql`(${i}::int, ${m.id}::text, ${m.from}::text, ${m.kind}::text, ${m.rawType}::text, ${m.text}::text,
      ${m.replyId}::text, ${m.media ? JSON.stringify(m.media) : null}::jsonb, ${m.profileName}::text,
      ${sentAt.toISOString()}::timestamptz)`;
  });
  // One statement: the conversations of numbers writing for the first time (an existing one is
  // left untouched, and not locked: the worker brings it up to date), then the messages in the
  // order WhatsApp listed them.
  const stored = rowsOf<{ id: string }>(
    await db.execute(sql`
      with incoming (ord, wa_message_id, from_phone, kind, raw_type, text, reply_id, media, profile_name, sent_at) as (
        values ${sql.join(rows, sql`, `)}
      ),
      new_conversations as (
        insert into whatsapp_conversations (phone, last_inbound_at, profile_name)
        select distinct on (from_phone) from_phone, sent_at, profile_name from incoming order by from_phone, ord
        on conflict (phone) do nothing
      )
      insert into whatsapp_inbound_messages
        (wa_message_id, from_phone, kind, raw_type, text, reply_id, media, profile_name, sent_at)
      select wa_message_id, from_phone, kind, raw_type, text, reply_id, media, profile_name, sent_at
      from incoming order by ord
      on conflict (wa_message_id) do nothing
      returning id`),
  );
  return stored.length;
}
