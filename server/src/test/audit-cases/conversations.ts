// The audit table's cases for the WhatsApp inbox (docs/product/whatsapp-desk.md#the-inbox): a
// reply, an assignment and a closing, each on a conversation a customer opened by asking for a
// person (audit/audit-every-mutation.test.ts).
import { eq } from 'drizzle-orm';
import { DESK_BUTTONS } from '@casillero/shared';
import { whatsappDeskReplies } from '../../db/schema';
import { type Case, db, config } from '../audit';
import { customerWithVerifiedWhatsapp, receiveAndAnswer, wamid } from '../whatsapp-webhooks';

/** A customer who tapped "Hablar con alguien": their conversation waits for a person. */
export async function openConversation(database = db(), appUrl = config.appUrl) {
  const { phone, user } = await customerWithVerifiedWhatsapp(database, 'Carla Audita');
  await receiveAndAnswer(
    database,
    {
      id: wamid(),
      from: phone,
      profileName: 'Carla',
      sentAt: new Date(),
      kind: 'interactive',
      rawType: 'interactive',
      text: DESK_BUTTONS.agent.title,
      replyId: DESK_BUTTONS.agent.id,
      media: null,
    },
    { appUrl },
  );
  return { phone, userId: user.id };
}

export const CONVERSATION_CASES: Record<string, Case> = {
  'conversations.reply': async ({ staff }) => {
    const { phone } = await openConversation();
    const { user } = await staff.auth.me();
    return {
      input: { phone, text: 'Hola Carla, ya reviso tu paquete.' },
      expected: async (r: { id: string }) => {
        const [reply] = await db().select().from(whatsappDeskReplies).where(eq(whatsappDeskReplies.id, r.id));
        return {
          entity: 'whatsapp_desk_replies',
          entityId: phone,
          operation: 'insert',
          before: null,
          after: {
            id: reply.id,
            staff_id: user!.id,
            kind: 'text',
            text: 'Hola Carla, ya reviso tu paquete.',
            outbox_id: reply.outboxId,
          },
        };
      },
    };
  },
  'conversations.assign': async ({ staff }) => {
    const { phone } = await openConversation();
    const { user } = await staff.auth.me();
    return {
      input: { phone, staffId: user!.id },
      expected: () => ({
        entity: 'whatsapp_conversations',
        entityId: phone,
        operation: 'update',
        before: { assigned_to: null },
        after: { assigned_to: user!.id },
      }),
    };
  },
  'conversations.close': async ({ staff }) => {
    const { phone } = await openConversation();
    const { user } = await staff.auth.me();
    return {
      input: { phone },
      expected: () => ({
        entity: 'whatsapp_conversations',
        entityId: phone,
        operation: 'update',
        after: { needs_agent_since: null, closed_by: user!.id },
      }),
    };
  },
};
