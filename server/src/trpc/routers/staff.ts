// Staff management (/admin/personal) and the invitation page (/invitacion).
import {
  acceptInvitationInput,
  invitationTokenInput,
  staffFilters,
  staffInvitationIdInput,
  staffInviteInput,
  staffListInput,
  staffRoleInput,
  staffUserInput,
} from '@casillero/shared';
import { publicProcedure, router, staffProcedure } from '../init';
import { countStaff, listPendingInvitations, listStaff } from '../../queries/staff';
import * as staff from '../../services/staff';

export const staffRouter = router({
  list: staffProcedure('staff.manage')
    .input(staffListInput)
    .query(({ ctx, input }) => listStaff(ctx.db, input)),
  count: staffProcedure('staff.manage')
    .input(staffFilters)
    .query(({ ctx, input }) => countStaff(ctx.db, input)),
  invitations: staffProcedure('staff.manage').query(({ ctx }) => listPendingInvitations(ctx.db)),
  invite: staffProcedure('staff.manage')
    .input(staffInviteInput)
    .mutation(({ ctx, input }) =>
      staff.inviteStaff(
        ctx.db,
        ctx.config.appUrl,
        { id: ctx.user.id, fullName: ctx.user.fullName, email: ctx.user.email },
        input,
      ),
    ),
  revokeInvitation: staffProcedure('staff.manage')
    .input(staffInvitationIdInput)
    .mutation(({ ctx, input }) => staff.revokeInvitation(ctx.db, input.id)),
  setRole: staffProcedure('staff.manage')
    .input(staffRoleInput)
    .mutation(({ ctx, input }) => staff.changeStaffRole(ctx.db, input)),
  deactivate: staffProcedure('staff.manage')
    .input(staffUserInput)
    .mutation(({ ctx, input }) => staff.deactivateStaff(ctx.db, ctx.user.id, input.userId)),
  reactivate: staffProcedure('staff.manage')
    .input(staffUserInput)
    .mutation(({ ctx, input }) => staff.reactivateStaff(ctx.db, input.userId)),

  /** The invitation page: whom the link invites (NOT_FOUND once used, revoked or expired). */
  invitation: publicProcedure
    .input(invitationTokenInput)
    .query(({ ctx, input }) => staff.findInvitation(ctx.db, input.token)),
  acceptInvitation: publicProcedure.input(acceptInvitationInput).mutation(async ({ ctx, input }) => {
    const { token, session, user, message } = await staff.acceptInvitation(ctx.db, input, {
      userAgent: ctx.userAgent,
      ip: ctx.ip,
    });
    ctx.cookie.set(token, session.expiresAt);
    return { user, message };
  }),
});
