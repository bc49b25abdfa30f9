// The WhatsApp desk's inbox at /admin/conversaciones (docs/product/whatsapp-desk.md#the-inbox):
// customer service and the administrator read the open conversations with the customer's context,
// reply, assign and close; the dashboard counts who waits.
import {
  assignConversationInput,
  CONVERSATION_MESSAGES as M,
  conversationListInput,
  conversationPhoneInput,
  replyConversationInput,
} from '@casillero/shared';
import { foundOr } from '../../lib/found';
import {
  conversationDetail,
  conversationsWaiting,
  inboxPeople,
  listOpenConversations,
} from '../../queries/whatsapp-inbox';
import { assignConversation, closeConversation, replyToConversation } from '../../services/whatsapp-desk/inbox';
import { router, staffProcedure } from '../init';

export const conversationsRouter = router({
  /** The open conversations: all, the caller's, or nobody's; the longest unanswered wait first. */
  list: staffProcedure('conversations.manage')
    .input(conversationListInput)
    .query(({ ctx, input }) => listOpenConversations(ctx.db, ctx.user.id, input.filter)),

  /** One conversation's thread, the customer's context and what the 24-hour window allows now. */
  detail: staffProcedure('conversations.manage')
    .input(conversationPhoneInput)
    .query(async ({ ctx, input }) => foundOr(await conversationDetail(ctx.db, input.phone, new Date()), M.notFound)),

  /** Who a conversation can be assigned to. */
  people: staffProcedure('conversations.manage').query(({ ctx }) => inboxPeople(ctx.db)),

  /** The dashboard's card: how many wait and the longest wait for a first reply. */
  waiting: staffProcedure('conversations.manage').query(({ ctx }) => conversationsWaiting(ctx.db)),

  reply: staffProcedure('conversations.manage')
    .input(replyConversationInput)
    .mutation(({ ctx, input }) =>
      replyToConversation(ctx.db, ctx.user.id, input, { appUrl: ctx.config.appUrl, now: new Date() }),
    ),

  assign: staffProcedure('conversations.manage')
    .input(assignConversationInput)
    .mutation(({ ctx, input }) => assignConversation(ctx.db, input)),

  close: staffProcedure('conversations.manage')
    .input(conversationPhoneInput)
    .mutation(({ ctx, input }) => closeConversation(ctx.db, ctx.user.id, input, new Date())),
});
