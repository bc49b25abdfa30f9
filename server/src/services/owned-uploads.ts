// The uploads a step may attach (a claim's photos, a delivery's proof, an intake's photos): files of
// one kind that the person uploaded and still owns, and that nothing has taken yet. Each caller says
// what "taken" means for its kind and what a shortfall answers.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { storedFiles } from '../db/schema';

type StoredFileKind = (typeof storedFiles.$inferSelect)['kind'];

/**
 * How many of `ids` are `kind` files that `userId` uploaded and owns, none of them `taken` (each a
 * condition true of a file already in use). `lock` holds them until the transaction ends, so two
 * steps cannot attach the same file at once.
 */
export async function countOwnUploads(
  tx: DbOrTx,
  options: { ids: readonly string[]; kind: StoredFileKind; userId: string; taken?: SQL[]; lock?: boolean },
): Promise<number> {
  const query = tx
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      and(
        inArray(storedFiles.id, [...options.ids]),
        eq(storedFiles.kind, options.kind),
        eq(storedFiles.ownerUserId, options.userId),
        eq(storedFiles.uploadedBy, options.userId),
        ...(options.taken ?? []).map((condition) => sql`not (${condition})`),
      ),
    );
  const rows = options.lock ? await query.for('update') : await query;
  return rows.length;
}
