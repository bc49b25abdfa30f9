import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { userProfiles, users } from '../db/schema';

export type ProfileValues = {
  fullName: string;
  phone: string | null;
  cedula: string | null;
  venezuelaAddress: string | null;
  venezuelaCity: string | null;
  venezuelaState: string | null;
};

/** What a customer's profile says of them (ProfileValues): name, cédula, phone and address in Venezuela. */
export const profileColumns = {
  fullName: userProfiles.fullName,
  phone: userProfiles.phone,
  cedula: userProfiles.cedula,
  venezuelaAddress: userProfiles.venezuelaAddress,
  venezuelaCity: userProfiles.venezuelaCity,
  venezuelaState: userProfiles.venezuelaState,
};

/** The signed-in customer's profile, with the e-mail of their account (read-only). */
export async function getOwnProfile(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      ...profileColumns,
      updatedAt: userProfiles.updatedAt,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  return { ...row, fullName: row.fullName ?? '', updatedAt: row.updatedAt?.toISOString() ?? null };
}

/** Creates or updates the profile row of a user (one per user, by the unique user_id). */
export async function upsertOwnProfile(db: DbOrTx, userId: string, values: ProfileValues) {
  await db
    .insert(userProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userProfiles.userId, set: { ...values, updatedAt: new Date() } });
}
