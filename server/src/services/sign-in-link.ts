// Signing in with a link sent by e-mail: the way in for the owner on a new device while failed
// attempts from strangers keep new devices out of the account (docs/decisions/007). The link
// works once, for SIGN_IN_LINK_TTL_MINUTES, and the browser that opens it becomes a known device.
import { eq } from 'drizzle-orm';
import { DomainError } from '../lib/domain-error';
import { AUTH_MESSAGES, SIGN_IN_LINK_PATH, SIGN_IN_LINK_TTL_MINUTES, isStaffRole } from '@casillero/shared';
import type { Db } from '../db/client';
import { signInLinkTokens, userProfiles, users } from '../db/schema';
import { recordStaffSignIn } from '../audit/audit-context';
import { createSession } from '../auth/session';
import { generateToken, hashToken } from '../auth/tokens';
import { enqueueEmail } from '../mail/outbox';
import { signInLinkMessage } from '../mail/templates';
import { findUserByEmail } from './auth';

/**
 * Sends a sign-in link to an account that may sign in. The answer is the same whether or not the
 * account exists (no enumeration), and a removed staff member gets nothing.
 */
export async function requestSignInLink(db: Db, appUrl: string, email: string) {
  const user = await findUserByEmail(db, email);
  if (user && !user.deactivatedAt) {
    const token = generateToken();
    await db.transaction(async (tx) => {
      await tx.insert(signInLinkTokens).values({
        id: hashToken(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + SIGN_IN_LINK_TTL_MINUTES * 60 * 1000),
      });
      await enqueueEmail(
        tx,
        user.email,
        signInLinkMessage({ fullName: user.fullName ?? '', url: `${appUrl}${SIGN_IN_LINK_PATH}?token=${token}` }),
      );
    });
  }
  return { message: AUTH_MESSAGES.signInLinkSent };
}

/**
 * Uses a sign-in link once and opens a session. The link arrived by e-mail, so it proves the
 * address too; a staff sign-in is in the audit log as a password one is.
 */
export async function signInWithLink(db: Db, token: string, meta: { userAgent: string | null; ip: string }) {
  const opened = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(signInLinkTokens)
      .where(eq(signInLinkTokens.id, hashToken(token)))
      .returning();
    if (!row || row.expiresAt.getTime() <= Date.now()) return null;
    const [user] = await tx
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        emailVerifiedAt: users.emailVerifiedAt,
        deactivatedAt: users.deactivatedAt,
      })
      .from(users)
      .where(eq(users.id, row.userId));
    if (!user || user.deactivatedAt) return null;
    const now = new Date();
    if (!user.emailVerifiedAt) await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, user.id));
    if (isStaffRole(user.role)) {
      await tx.update(users).set({ lastSignInAt: now }).where(eq(users.id, user.id));
      await recordStaffSignIn(tx, { userId: user.id, role: user.role, ip: meta.ip, userAgent: meta.userAgent });
    }
    const [profile] = await tx
      .select({ fullName: userProfiles.fullName })
      .from(userProfiles)
      .where(eq(userProfiles.userId, user.id));
    const session = await createSession(tx, user.id, meta);
    return { ...session, user: { id: user.id, email: user.email, role: user.role, fullName: profile?.fullName ?? '' } };
  });
  if (!opened) throw new DomainError('BAD_INPUT', AUTH_MESSAGES.signInLinkInvalid);
  return opened;
}
