// Account flows: sign-up, e-mail verification, sign-in, password reset and change,
// and the first administrator. Each multi-step change runs in one transaction.
import { and, count, eq, gt } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  ADMIN_SETUP_MESSAGES,
  EMAIL_VERIFICATION_TTL_HOURS,
  PASSWORD_CHANGE_LIMIT,
  PASSWORD_RESET_TTL_MINUTES,
  isStaffRole,
  type CasilleroType,
} from '@casillero/shared';
import type { Db, DbOrTx } from '../db/client';
import { DomainError } from '../lib/domain-error';
import type { Config } from '../env';
import { adminSetupTokens, emailVerificationTokens, passwordResetTokens, userProfiles, users } from '../db/schema';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password';
import { knownDeviceKey, recogniseDevice, rememberDevice } from '../auth/known-device';
import { countEvents, forgetEvents, hitLimits, onceIn } from '../auth/rate-limit';
import { createSession, invalidateSession, invalidateUserSessions } from '../auth/session';
import { admitSignIn } from '../auth/sign-in-guard';
import { recordStaffSignIn } from '../audit/audit-context';
import { generateToken, hashToken } from '../auth/tokens';
import { enqueueEmail } from '../mail/outbox';
import {
  passwordChangedMessage,
  passwordGuessingMessage,
  passwordResetMessage,
  verifyEmailMessage,
} from '../mail/templates';
import { isUniqueViolation } from '../lib/database-errors';
import { createCustomerAccount } from './accounts';

const HOUR_MS = 60 * 60 * 1000;

// Re-exported for the services that take it from here.
export { isUniqueViolation };

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      passwordHash: users.passwordHash,
      emailVerifiedAt: users.emailVerifiedAt,
      deactivatedAt: users.deactivatedAt,
      fullName: userProfiles.fullName,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}

async function issueVerification(tx: DbOrTx, appUrl: string, user: { id: string; email: string; fullName: string }) {
  const token = generateToken();
  await tx.insert(emailVerificationTokens).values({
    id: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_TTL_HOURS * HOUR_MS),
  });
  const url = `${appUrl}/verificar-email?token=${token}`;
  await enqueueEmail(tx, user.email, verifyEmailMessage({ fullName: user.fullName, url }));
}

export async function signUp(
  db: Db,
  appUrl: string,
  input: { nombre: string; email: string; password: string; type: CasilleroType },
) {
  const passwordHash = await hashPassword(input.password);
  try {
    await db.transaction(async (tx) => {
      const { user } = await createCustomerAccount(tx, {
        email: input.email,
        passwordHash,
        fullName: input.nombre,
        type: input.type,
      });
      await issueVerification(tx, appUrl, { id: user.id, email: user.email, fullName: input.nombre });
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_lower_key')) {
      throw new DomainError('CONFLICT', AUTH_MESSAGES.emailTaken);
    }
    throw err;
  }
  return { message: AUTH_MESSAGES.signUpSuccess };
}

export async function verifyEmail(db: Db, token: string) {
  const id = hashToken(token);
  const verified = await db.transaction(async (tx) => {
    const [row] = await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.id, id)).returning();
    if (!row || row.expiresAt.getTime() <= Date.now()) return false;
    await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, row.userId));
    return true;
  });
  if (!verified) throw new DomainError('BAD_INPUT', AUTH_MESSAGES.verifyEmailInvalid);
  return { message: AUTH_MESSAGES.verifyEmailSuccess };
}

/** Sends a new verification link to an unverified account; answers the same either way. */
export async function resendVerification(db: Db, appUrl: string, email: string) {
  const user = await findUserByEmail(db, email);
  if (user && !user.emailVerifiedAt) {
    await db.transaction(async (tx) => {
      await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
      await issueVerification(tx, appUrl, { id: user.id, email: user.email, fullName: user.fullName ?? '' });
    });
  }
  return { message: AUTH_MESSAGES.verificationResent };
}

/**
 * An unknown e-mail and a wrong password answer alike, in about the same time, and are throttled
 * alike (docs/product/product-decisions.md#d11-no-account-enumeration). The throttle runs before the password is checked (auth/sign-in-guard.ts);
 * a browser known to the account (`meta.device`) is held only to its own limit. Only with the
 * right password does an unverified account learn it must confirm first. Returns the session to
 * open and the known-device cookie to set.
 */
export async function signIn(
  db: Db,
  config: Pick<Config, 'appUrl' | 'appSecret'>,
  input: { email: string; password: string },
  meta: { userAgent: string | null; ip: string; device: string | null },
) {
  const email = input.email.toLowerCase();
  const user = await findUserByEmail(db, email);
  const deviceKey = await knownDeviceKey(db, config);
  const knownDeviceId = user ? recogniseDevice(deviceKey, meta.device, user) : null;
  const owner = user ? { email: user.email, fullName: user.fullName ?? '', appUrl: config.appUrl } : null;
  const attemptEvents = await admitSignIn(db, { email, ip: meta.ip, knownDeviceId }, owner);
  if (!user) {
    await verifyAgainstDummy(input.password);
    throw new DomainError('UNAUTHENTICATED', AUTH_MESSAGES.invalidCredentials);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new DomainError('UNAUTHENTICATED', AUTH_MESSAGES.invalidCredentials);
  }
  // A removed staff member is answered exactly as a wrong password (and the attempt stays
  // counted), so the answer never tells an attacker the password was right; the person was told
  // by e-mail when their access was removed.
  if (user.deactivatedAt) {
    throw new DomainError('UNAUTHENTICATED', AUTH_MESSAGES.invalidCredentials);
  }
  if (!user.emailVerifiedAt) {
    throw new DomainError('FORBIDDEN', AUTH_MESSAGES.emailNotConfirmed);
  }
  // Only failures stay counted.
  await forgetEvents(db, attemptEvents);
  const sessionMeta = { userAgent: meta.userAgent, ip: meta.ip };
  // A staff sign-in is recorded in the audit log with the session it opens (docs/product/product-decisions.md#d13-staff-have-roles).
  const { token, session } = isStaffRole(user.role)
    ? await db.transaction(async (tx) => {
        const opened = await createSession(tx, user.id, sessionMeta);
        await tx.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id));
        await recordStaffSignIn(tx, { userId: user.id, role: user.role, ip: meta.ip, userAgent: meta.userAgent });
        return opened;
      })
    : await createSession(db, user.id, sessionMeta);
  return {
    token,
    session,
    device: rememberDevice(deviceKey, meta.device, user),
    user: { id: user.id, email: user.email, role: user.role, fullName: user.fullName ?? '' },
  };
}

/** Always the same answer, whether or not the account exists (docs/product/product-decisions.md#d11-no-account-enumeration). */
export async function requestPasswordReset(db: Db, appUrl: string, email: string) {
  const user = await findUserByEmail(db, email);
  if (user) {
    const token = generateToken();
    await db.transaction(async (tx) => {
      await tx.insert(passwordResetTokens).values({
        id: hashToken(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60 * 1000),
      });
      const url = `${appUrl}/update-password?token=${token}`;
      await enqueueEmail(tx, user.email, passwordResetMessage({ fullName: user.fullName ?? '', url }));
    });
  }
  return { message: AUTH_MESSAGES.resetRequested };
}

/**
 * Uses a reset token once: sets the password, deletes every reset token and every session of
 * the user, then opens a fresh session (the page goes on to the dashboard).
 */
export async function resetPassword(
  db: Db,
  input: { token: string; password: string },
  meta: { userAgent: string | null; ip: string },
) {
  const passwordHash = await hashPassword(input.password);
  const id = hashToken(input.token);
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.id, id)).returning();
    if (!row || row.expiresAt.getTime() <= Date.now()) return null;
    // A link that arrived by e-mail proves the address too.
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: new Date() })
      .where(eq(users.id, row.userId))
      .returning({ id: users.id, email: users.email, verifiedAt: users.emailVerifiedAt });
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await invalidateUserSessions(tx, user.id);
    const [profile] = await tx
      .select({ fullName: userProfiles.fullName })
      .from(userProfiles)
      .where(eq(userProfiles.userId, user.id));
    await enqueueEmail(tx, user.email, passwordChangedMessage({ fullName: profile?.fullName ?? '' }));
    return createSession(tx, user.id, meta);
  });
  if (!result) throw new DomainError('BAD_INPUT', AUTH_MESSAGES.resetTokenInvalid);
  return { ...result, message: AUTH_MESSAGES.passwordUpdated };
}

const passwordChangeKeys = {
  failures: (userId: string) => `password-change:account:${userId}`,
  ownerWarned: (userId: string) => `password-change:warned:${userId}`,
};

/**
 * The session that typed the current password wrong too often: closed, and the owner told (at
 * most once a day). Whoever holds a stolen session cannot keep guessing the password through it.
 */
async function endGuessingSession(
  db: Db,
  config: Pick<Config, 'appUrl'>,
  userId: string,
  sessionId: string,
  owner: { email: string; fullName: string | null },
) {
  await invalidateSession(db, sessionId);
  await onceIn(
    db,
    passwordChangeKeys.ownerWarned(userId),
    PASSWORD_CHANGE_LIMIT.warnOwnerEveryHours * 60 * 60 * 1000,
    (tx) =>
      enqueueEmail(
        tx,
        owner.email,
        passwordGuessingMessage({
          fullName: owner.fullName ?? '',
          forgotPasswordUrl: `${config.appUrl}/forgot-password`,
        }),
      ),
  );
  return new DomainError('UNAUTHENTICATED', AUTH_MESSAGES.passwordChangeSessionEnded);
}

/**
 * Changes the password of a signed-in user and ends their other sessions. Wrong current
 * passwords are counted per account (PASSWORD_CHANGE_LIMIT); the one that fills the count
 * closes the session that typed it.
 */
export async function changePassword(
  db: Db,
  config: Pick<Config, 'appUrl'>,
  user: { id: string },
  currentSessionId: string,
  input: { currentPassword: string; newPassword: string },
) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash, email: users.email, fullName: userProfiles.fullName })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, user.id));
  if (!row) throw new DomainError('UNAUTHENTICATED', AUTH_MESSAGES.unauthorized);
  const failures = { key: passwordChangeKeys.failures(user.id), windowMs: PASSWORD_CHANGE_LIMIT.minutes * 60 * 1000 };
  const attempt = await hitLimits(db, [
    { ...failures, max: PASSWORD_CHANGE_LIMIT.maxFailures, message: AUTH_MESSAGES.passwordChangeTooMany },
  ]);
  // The account's count is full (another session filled it): refused, but this session stays,
  // so a thief cannot close the owner's sessions; a reset by e-mail still works.
  if (attempt.exceeded) {
    throw new DomainError('TOO_MANY', attempt.exceeded.message(Math.ceil(attempt.exceeded.retryAfterMs / 60_000)));
  }
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    if ((await countEvents(db, failures.key, failures.windowMs)) >= PASSWORD_CHANGE_LIMIT.maxFailures) {
      throw await endGuessingSession(db, config, user.id, currentSessionId, row);
    }
    throw new DomainError('BAD_INPUT', AUTH_MESSAGES.currentPasswordWrong);
  }
  // Only failures stay counted.
  await forgetEvents(db, attempt.eventIds);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await invalidateUserSessions(tx, user.id, currentSessionId);
    await enqueueEmail(tx, row.email, passwordChangedMessage({ fullName: row.fullName ?? '' }));
  });
  return { message: AUTH_MESSAGES.passwordUpdated };
}

export async function adminExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
  return Number(row.n) > 0;
}

/**
 * Creates an administrator, or promotes and re-passwords an existing account with that
 * e-mail (the CLI's `admin:create`). Verified from the start: the operator typed the address.
 * The password comes in plain, or already hashed by hashPassword (the demo hashes its one
 * password once for all its accounts).
 */
export async function createOrPromoteAdmin(
  db: DbOrTx,
  input: { email: string; fullName?: string } & ({ password: string } | { passwordHash: string }),
) {
  const passwordHash = 'passwordHash' in input ? input.passwordHash : await hashPassword(input.password);
  const email = input.email.toLowerCase();
  const existing = await findUserByEmail(db, email);
  const [user] = existing
    ? await db
        .update(users)
        .set({ role: 'admin', passwordHash, emailVerifiedAt: existing.emailVerifiedAt ?? new Date() })
        .where(eq(users.id, existing.id))
        .returning({ id: users.id, email: users.email })
    : await db
        .insert(users)
        .values({ email, passwordHash, role: 'admin', emailVerifiedAt: new Date() })
        .returning({ id: users.id, email: users.email });
  await db
    .insert(userProfiles)
    .values({ userId: user.id, fullName: input.fullName ?? 'Administrador' })
    .onConflictDoNothing({ target: userProfiles.userId });
  return user;
}

/**
 * The one-time /admin-setup token (docs/product/product-decisions.md#d1-no-open-admin-creation): issued at start-up while no admin exists,
 * stored hashed; returns the plain token to print, or null when an admin exists.
 */
export async function issueAdminSetupToken(db: Db, preset?: string): Promise<string | null> {
  if (await adminExists(db)) {
    await db.delete(adminSetupTokens);
    return null;
  }
  const token = preset ?? generateToken();
  await db.transaction(async (tx) => {
    await tx.delete(adminSetupTokens);
    await tx.insert(adminSetupTokens).values({ id: hashToken(token), expiresAt: new Date(Date.now() + 24 * HOUR_MS) });
  });
  return token;
}

export async function setupFirstAdmin(
  db: Db,
  input: { setupToken: string; email: string; password: string; nombre: string },
) {
  return db.transaction(async (tx) => {
    // Serialises concurrent attempts: only one can consume the token.
    const [tokenRow] = await tx
      .delete(adminSetupTokens)
      .where(and(eq(adminSetupTokens.id, hashToken(input.setupToken)), gt(adminSetupTokens.expiresAt, new Date())))
      .returning();
    if (await adminExists(tx)) throw new DomainError('FORBIDDEN', ADMIN_SETUP_MESSAGES.adminExists);
    if (!tokenRow) throw new DomainError('FORBIDDEN', ADMIN_SETUP_MESSAGES.invalidToken);
    await tx.delete(adminSetupTokens);
    await createOrPromoteAdmin(tx, { email: input.email, password: input.password, fullName: input.nombre });
    return { message: ADMIN_SETUP_MESSAGES.created };
  });
}
