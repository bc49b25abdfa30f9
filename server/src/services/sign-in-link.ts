// Signing in with a link sent by e-mail: the way in for the owner on a new device while failed
// attempts from strangers keep new devices out of the account (docs/decisions/007). The link
// works once, for SIGN_IN_LINK_TTL_MINUTES, and the browser that opens it becomes a known device.
// Requests never lock anything (docs/product/security.md#sign-in-links): past SIGN_IN_LINK_LIMIT
// they answer as any other and send nothing, and the links sent within the hour work again.
import { and, eq, gt, sql } from 'drizzle-orm';
import { DomainError } from '../lib/domain-error';
import {
  AUTH_MESSAGES,
  SIGN_IN_LINK_LIMIT,
  SIGN_IN_LINK_PATH,
  SIGN_IN_LINK_TTL_MINUTES,
  isStaffRole,
} from '@casillero/shared';
import type { Db } from '../db/client';
import { signInLinkTokens, userProfiles, users } from '../db/schema';
import { recordStaffSignIn } from '../audit/audit-context';
import { hitLimits } from '../auth/rate-limit';
import { createSession } from '../auth/session';
import { generateToken, hashToken } from '../auth/tokens';
import { enqueueEmail } from '../mail/outbox';
import { signInLinkMessage } from '../mail/templates';
import { findUserByEmail } from './auth';

const HOUR_MS = 60 * 60 * 1000;

/** The key the links of one typed e-mail are counted under, whether or not the account exists. */
export const signInLinkKey = (email: string) => `signin-link:email:${email.trim().toLowerCase()}`;

/**
 * Counts a request for the typed e-mail; true when a link may be sent now (under one a minute and
 * SIGN_IN_LINK_LIMIT.perHour an hour). A request past the limit is not counted, so asking again
 * never pushes the next link further away.
 */
async function mayAndCountLink(db: Db, email: string): Promise<boolean> {
  const key = signInLinkKey(email);
  const never = () => '';
  const { exceeded } = await hitLimits(db, [
    { key, max: 1, windowMs: SIGN_IN_LINK_LIMIT.minIntervalSeconds * 1000, message: never },
    { key, max: SIGN_IN_LINK_LIMIT.perHour, windowMs: HOUR_MS, message: never },
  ]);
  return !exceeded;
}

/**
 * Sends a sign-in link to an account that may sign in. The answer is the same whether or not the
 * account exists (no enumeration), a removed staff member gets nothing, and past the limit nothing
 * is sent: the links already e-mailed within the hour work for another SIGN_IN_LINK_TTL_MINUTES
 * instead, so a stranger asking for links cannot close the owner's way in, nor learn anything.
 */
export async function requestSignInLink(db: Db, appUrl: string, email: string) {
  const user = await findUserByEmail(db, email);
  const maySend = await mayAndCountLink(db, email);
  if (user && !user.deactivatedAt) {
    if (!maySend) {
      await db
        .update(signInLinkTokens)
        .set({
          expiresAt: sql`greatest(${signInLinkTokens.expiresAt}, now() + make_interval(mins => ${SIGN_IN_LINK_TTL_MINUTES}))`,
        })
        .where(
          and(eq(signInLinkTokens.userId, user.id), gt(signInLinkTokens.createdAt, new Date(Date.now() - HOUR_MS))),
        );
      return { message: AUTH_MESSAGES.signInLinkSent };
    }
    const token = generateToken();
    const expiresAt = new Date(Date.now() + SIGN_IN_LINK_TTL_MINUTES * 60 * 1000);
    await db.transaction(async (tx) => {
      await tx.insert(signInLinkTokens).values({ id: hashToken(token), userId: user.id, expiresAt });
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
