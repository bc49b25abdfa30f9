import { GENERIC_MESSAGES, profileUpdateInput } from '@casillero/shared';
import { getOwnProfile, upsertOwnProfile } from '../../queries/profile';
import { protectedProcedure, router } from '../init';
import { foundOr } from '../../lib/found';

async function ownProfile(db: Parameters<typeof getOwnProfile>[0], userId: string) {
  return foundOr(await getOwnProfile(db, userId), GENERIC_MESSAGES.notFound);
}

/** Mi Perfil: the signed-in user's own profile; the e-mail is read-only. */
export const profileRouter = router({
  get: protectedProcedure.query(({ ctx }) => ownProfile(ctx.db, ctx.user.id)),

  update: protectedProcedure.input(profileUpdateInput).mutation(async ({ ctx, input }) => {
    await upsertOwnProfile(ctx.db, ctx.user.id, input);
    return ownProfile(ctx.db, ctx.user.id);
  }),
});
