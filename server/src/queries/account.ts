// Configuración: the signed-in user's sessions and e-mail preferences. Own rows only.
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { sessions, userProfiles } from '../db/schema';

/** The user's sessions that have not expired, newest first, marking the current one. */
export async function listOwnSessions(db: DbOrTx, userId: string, currentSessionId: string) {
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.createdAt));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    isCurrent: r.id === currentSessionId,
  }));
}

/** Ends every other session of the user; returns how many ended. */
export async function deleteOtherSessions(db: DbOrTx, userId: string, currentSessionId: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Ends one own session; false when the user has no such session. */
export async function deleteOwnSession(db: DbOrTx, userId: string, sessionId: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

export async function getEmailPreferences(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ emailNotifications: userProfiles.emailNotifications })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return { emailNotifications: row?.emailNotifications ?? true };
}

export async function setEmailPreferences(db: DbOrTx, userId: string, emailNotifications: boolean) {
  await db.update(userProfiles).set({ emailNotifications }).where(eq(userProfiles.userId, userId));
  return getEmailPreferences(db, userId);
}
