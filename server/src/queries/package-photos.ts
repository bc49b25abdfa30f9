// The photos of packages as signed links (docs/product/warehouse-intake.md#photos): those taken at the warehouse door
// (parcel_photos of the intake the package came from, in the order they were taken, each at a
// screen size and a thumbnail) and the single photo of the older intake form
// (packages.photo_file_id, one size). Customers get the photos of their own packages only.
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { Config } from '../env';
import { packages, parcelIntakes, parcelPhotos, storedFiles } from '../db/schema';
import { signFileLink } from '../files/links';
import { getFileLinkSecret } from '../files/secret';

/** One photo: `url` the screen size, `thumbUrl` the thumbnail (the same file for an older photo). */
export type PackagePhotoLink = { url: string; thumbUrl: string };

/**
 * The photos of each of these packages, by package id (a package without photos is absent).
 * With `customerId`, only that customer's packages count, and an older photo only when its
 * stored file is theirs (as the customer's list always checked).
 */
export async function packagePhotoLinks(
  db: DbOrTx,
  config: Pick<Config, 'appSecret'>,
  packageIds: readonly string[],
  customerId?: string,
): Promise<Map<string, PackagePhotoLink[]>> {
  const byPackage = new Map<string, PackagePhotoLink[]>();
  if (packageIds.length === 0) return byPackage;
  const ids = [...new Set(packageIds)];
  const ownPackage = customerId ? eq(packages.userId, customerId) : undefined;

  const [taken, older] = await Promise.all([
    db
      .select({ packageId: packages.id, fileId: parcelPhotos.fileId, thumbFileId: parcelPhotos.thumbFileId })
      .from(parcelPhotos)
      .innerJoin(parcelIntakes, eq(parcelIntakes.id, parcelPhotos.intakeId))
      .innerJoin(packages, eq(packages.id, parcelIntakes.packageId))
      .where(and(inArray(packages.id, ids), ownPackage))
      .orderBy(asc(parcelPhotos.position)),
    db
      .select({ packageId: packages.id, fileId: storedFiles.id })
      .from(packages)
      .innerJoin(storedFiles, eq(storedFiles.id, packages.photoFileId))
      .where(
        and(
          inArray(packages.id, ids),
          isNotNull(packages.photoFileId),
          ownPackage,
          customerId ? sql`${storedFiles.ownerUserId} = ${packages.userId}` : undefined,
        ),
      ),
  ]);
  if (taken.length === 0 && older.length === 0) return byPackage;

  const secret = await getFileLinkSecret(db, config);
  const now = Date.now();
  const link = (id: string) => signFileLink(secret, id, now).url;
  const add = (packageId: string, photo: PackagePhotoLink) => {
    const list = byPackage.get(packageId);
    if (list) list.push(photo);
    else byPackage.set(packageId, [photo]);
  };
  for (const p of taken) add(p.packageId, { url: link(p.fileId), thumbUrl: link(p.thumbFileId) });
  for (const p of older) {
    const url = link(p.fileId);
    add(p.packageId, { url, thumbUrl: url });
  }
  return byPackage;
}

/** The photos of one package (none when it is not the customer's, with `customerId`). */
export async function photosOfPackage(
  db: DbOrTx,
  config: Pick<Config, 'appSecret'>,
  packageId: string,
  customerId?: string,
) {
  return (await packagePhotoLinks(db, config, [packageId], customerId)).get(packageId) ?? [];
}
