// Pre-alerts from e-mail, the customer's side (docs/product/prealerts-from-email.md): the personal
// inbound address, the sender addresses, and confirming or discarding a draft. Staff see drafts
// in the pre-alerts list (status "draft").
import { idInput, mailSenderInput, mailSenderRemoveInput, prealertUpdateInput } from '@casillero/shared';
import { listOwnMailSenders } from '../../queries/prealert-mail';
import { inboundAddress, ownInboundToken } from '../../services/prealert-mail/address';
import { confirmOwnDraft, discardOwnDraft } from '../../services/prealert-mail/confirm';
import { addOwnMailSender, removeOwnMailSender } from '../../services/prealert-mail/senders';
import { protectedProcedure, router } from '../init';

export const prealertMailRouter = router({
  /** The customer's address, prealertas+<token>@<domain>; null while INBOUND_MAIL_DOMAIN is unset. */
  address: protectedProcedure.query(async ({ ctx }) => {
    const domain = ctx.config.inboundMail.domain;
    if (!domain) return { address: null };
    return { address: inboundAddress(await ownInboundToken(ctx.db, ctx.user.id), domain) };
  }),

  senders: protectedProcedure.query(({ ctx }) => listOwnMailSenders(ctx.db, ctx.user.id)),

  addSender: protectedProcedure
    .input(mailSenderInput)
    .mutation(({ ctx, input }) => addOwnMailSender(ctx.db, ctx.user.id, input.email)),

  removeSender: protectedProcedure
    .input(mailSenderRemoveInput)
    .mutation(({ ctx, input }) => removeOwnMailSender(ctx.db, ctx.user.id, input.id)),

  confirmDraft: protectedProcedure
    .input(prealertUpdateInput)
    .mutation(({ ctx, input }) => confirmOwnDraft(ctx.db, ctx.user.id, input, ctx.config)),

  discardDraft: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => discardOwnDraft(ctx.db, ctx.user.id, input.id)),
});
