// Claims (docs/product/claims.md): the customer's Reclamos (open, follow, answer) and the claims desk
// at /admin/reclamos (queue, assign, ask for more, decide) with its settings.
import {
  CLAIM_MESSAGES,
  answerClaimInput,
  askClaimInput,
  assignClaimInput,
  claimIdInput,
  claimListInput,
  claimSettingsInput,
  decideClaimInput,
  openClaimInput,
} from '@casillero/shared';
import {
  claimDeskPeople,
  countClaimsAdmin,
  findClaim,
  getClaimSettings,
  listClaimsAdmin,
  listMyClaims,
} from '../../queries/claims';
import { answerClaim, askForMore, assignClaim, decideClaim, openClaim, setClaimSettings } from '../../services/claims';
import { foundOr } from '../../lib/found';
import { auditedUserProcedure, protectedProcedure, router, staffProcedure } from '../init';

export const claimsRouter = router({
  /** Reclamos: the signed-in customer's claims. */
  mine: protectedProcedure.query(({ ctx }) => listMyClaims(ctx.db, ctx.user.id)),

  /** One of the customer's own claims with its history and evidence; another's is not found. */
  detail: protectedProcedure
    .input(claimIdInput)
    .query(async ({ ctx, input }) =>
      foundOr(await findClaim(ctx.db, ctx.config, input.id, ctx.user.id), CLAIM_MESSAGES.notFound),
    ),

  /** The windows, shown to the customer before opening. */
  settings: protectedProcedure.query(({ ctx }) => getClaimSettings(ctx.db)),

  open: auditedUserProcedure
    .input(openClaimInput)
    .mutation(({ ctx, input }) => openClaim(ctx.db, ctx.user.id, input, { appUrl: ctx.config.appUrl })),

  answer: auditedUserProcedure
    .input(answerClaimInput)
    .mutation(({ ctx, input }) => answerClaim(ctx.db, ctx.user.id, input, { appUrl: ctx.config.appUrl })),

  /** The desk's queue: overdue first. */
  list: staffProcedure('claims.manage')
    .input(claimListInput)
    .query(({ ctx, input }) => listClaimsAdmin(ctx.db, input)),

  count: staffProcedure('claims.manage')
    .input(claimListInput)
    .query(({ ctx, input }) => countClaimsAdmin(ctx.db, input)),

  adminDetail: staffProcedure('claims.manage')
    .input(claimIdInput)
    .query(async ({ ctx, input }) => foundOr(await findClaim(ctx.db, ctx.config, input.id), CLAIM_MESSAGES.notFound)),

  /** Who a claim can be assigned to. */
  deskPeople: staffProcedure('claims.manage').query(({ ctx }) => claimDeskPeople(ctx.db)),

  assign: staffProcedure('claims.manage')
    .input(assignClaimInput)
    .mutation(({ ctx, input }) => assignClaim(ctx.db, ctx.user.id, input, { appUrl: ctx.config.appUrl })),

  ask: staffProcedure('claims.manage')
    .input(askClaimInput)
    .mutation(({ ctx, input }) => askForMore(ctx.db, ctx.user.id, input, { appUrl: ctx.config.appUrl })),

  decide: staffProcedure('claims.manage')
    .input(decideClaimInput)
    .mutation(({ ctx, input }) => decideClaim(ctx.db, ctx.user.id, input, { appUrl: ctx.config.appUrl })),

  updateSettings: staffProcedure('claims.settings')
    .input(claimSettingsInput)
    .mutation(async ({ ctx, input }) => ({
      settings: await setClaimSettings(ctx.db, input),
      message: CLAIM_MESSAGES.settingsSaved,
    })),
});
