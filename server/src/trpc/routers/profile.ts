import { TRPCError } from '@trpc/server';
import { GENERIC_MESSAGES, profileUpdateInput } from '@casillero/shared';
import { getOwnProfile, upsertOwnProfile } from '../../queries/profile';
import { protectedProcedure, router } from '../init';

async function ownProfile(db: Parameters<typeof getOwnProfile>[0], userId: string) {
  const profile = await getOwnProfile(db, userId);
  if (!profile) throw new TRPCError({ code: 'NOT_FOUND', message: GENERIC_MESSAGES.notFound });
  return profile;
}

/** Mi Perfil: the signed-in user's own profile; the e-mail is read-only. */
export const profileRouter = router({
  get: protectedProcedure.query(({ ctx }) => ownProfile(ctx.db, ctx.user.id)),

  update: protectedProcedure.input(profileUpdateInput).mutation(async ({ ctx, input }) => {
    await upsertOwnProfile(ctx.db, ctx.user.id, input);
    return ownProfile(ctx.db, ctx.user.id);
  }),
});
