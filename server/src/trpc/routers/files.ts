import { GENERIC_MESSAGES, fileLinkSchema } from '@casillero/shared';
import { signedLinkFor } from '../../files/links';
import { findViewableFile } from '../../files/store';
import { protectedProcedure, router } from '../init';
import { foundOr } from '../../lib/found';

export const filesRouter = router({
  /** A download link valid for SIGNED_LINK_TTL_SECONDS: the owner's files, or any for an admin. */
  link: protectedProcedure.input(fileLinkSchema).query(async ({ ctx, input }) => {
    const file = foundOr(await findViewableFile(ctx.db, input.id, ctx.user), GENERIC_MESSAGES.notFound);
    const link = await signedLinkFor(ctx.db, ctx.config, file.id);
    return { url: link.url, expiresAt: link.expiresAt.toISOString(), contentType: file.contentType };
  }),
});
