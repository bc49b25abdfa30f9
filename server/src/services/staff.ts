// Staff management (/admin/personal, docs/product/product-decisions.md#d13-staff-have-roles): invitations by e-mail valid 72 h, the
// invitee's acceptance (their own password, signed in at once), role changes, deactivation
// (every session ends) and reactivation. At least one active administrator always remains:
// role changes and deactivations take one transaction-level advisory lock first, so two
// concurrent demotions run one after the other (locking the rows alone deadlocked them on
// PostgreSQL: each held its target's row and waited for the other's).
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  STAFF_INVITATION_TTL_HOURS,
  STAFF_MESSAGES as M,
  STAFF_ROLE_LABELS,
  type StaffRole,
  type UserRole,
} from '@casillero/shared';
import type { Db, DbOrTx } from '../db/client';
import { agencies, agencyStaff, staffInvitationAgencies, staffInvitations, userProfiles, users } from '../db/schema';
import { DomainError } from '../lib/domain-error';
import { recordStaffSignIn } from '../audit/audit-context';
import { hashPassword } from '../auth/password';
import { createSession, invalidateUserSessions } from '../auth/session';
import { generateToken, hashToken } from '../auth/tokens';
import { enqueueEmail } from '../mail/outbox';
import { staffAccessRemovedMessage, staffInvitationMessage } from '../mail/templates';

const fail = (code: 'BAD_INPUT' | 'NOT_FOUND' | 'CONFLICT', message: string) => new DomainError(code, message);

type Actor = { id: string; fullName: string; email: string };

/** Sends an invitation; an earlier pending one for the same address is revoked. */
export async function inviteStaff(
  db: Db,
  appUrl: string,
  actor: Actor,
  input: { email: string; role: StaffRole; agencyId?: string },
) {
  // An ally's login comes with its ally, from Aliados (docs/product/allies.md).
  if (input.role === 'aliado') throw fail('BAD_INPUT', M.allyByAllies);
  const [existing] = await db.select({ role: users.role }).from(users).where(eq(users.email, input.email));
  if (existing) throw fail('CONFLICT', existing.role === 'user' ? M.isCustomer : M.alreadyStaff);
  // An agency user works at one agency of the catalogue (docs/product/last-mile.md).
  let agencyId: string | null = null;
  if (input.role === 'agencia') {
    const [agency] = input.agencyId
      ? await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, input.agencyId))
      : [];
    if (!agency) throw fail('BAD_INPUT', M.agencyRequired);
    agencyId = agency.id;
  }
  const token = generateToken();
  await db.transaction(async (tx) => {
    await tx
      .update(staffInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(staffInvitations.email, input.email),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
        ),
      );
    await tx.insert(staffInvitations).values({
      id: hashToken(token),
      email: input.email,
      role: input.role,
      invitedBy: actor.id,
      expiresAt: new Date(Date.now() + STAFF_INVITATION_TTL_HOURS * 3600 * 1000),
    });
    if (agencyId) await tx.insert(staffInvitationAgencies).values({ invitationId: hashToken(token), agencyId });
    const url = `${appUrl}/invitacion?token=${token}`;
    await enqueueEmail(
      tx,
      input.email,
      staffInvitationMessage({
        roleLabel: STAFF_ROLE_LABELS[input.role],
        invitedBy: actor.fullName || actor.email,
        url,
      }),
    );
  });
  return { message: M.invited(input.email) };
}

const pendingInvitation = (id: string) =>
  and(
    eq(staffInvitations.id, id),
    isNull(staffInvitations.acceptedAt),
    isNull(staffInvitations.revokedAt),
    gt(staffInvitations.expiresAt, new Date()),
  );

/** What the invitation page shows before the form: the address and the role. */
export async function findInvitation(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ email: staffInvitations.email, role: staffInvitations.role })
    .from(staffInvitations)
    .where(pendingInvitation(hashToken(token)));
  if (!row) throw fail('NOT_FOUND', M.invitationInvalid);
  return row;
}

/**
 * The account an accepted invitation creates: verified (the link reached the address), with its
 * role, its ally for an ally's login, and its profile's name. Null when the address already has
 * an account. The demo makes its ally's login with it (server/src/demo/allies.ts).
 */
export async function insertStaffAccount(
  tx: DbOrTx,
  account: {
    email: string;
    passwordHash: string;
    /** An invitation's role (its column shares the users' role type). */
    role: UserRole;
    fullName: string;
    allyId: string | null;
    signedInAt: Date | null;
  },
) {
  const [user] = await tx
    .insert(users)
    .values({
      email: account.email,
      passwordHash: account.passwordHash,
      role: account.role,
      emailVerifiedAt: new Date(),
      lastSignInAt: account.signedInAt,
      allyId: account.allyId,
    })
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email, role: users.role });
  if (!user) return null;
  await tx.insert(userProfiles).values({ userId: user.id, fullName: account.fullName });
  return user;
}

/** Uses an invitation once: creates the staff account with its role and signs the person in. */
export async function acceptInvitation(
  db: Db,
  input: { token: string; nombre: string; password: string },
  meta: { userAgent: string | null; ip: string },
) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .update(staffInvitations)
      .set({ acceptedAt: new Date() })
      .where(pendingInvitation(hashToken(input.token)))
      .returning({
        id: staffInvitations.id,
        email: staffInvitations.email,
        role: staffInvitations.role,
        allyId: staffInvitations.allyId,
      });
    if (!invitation) throw fail('NOT_FOUND', M.invitationInvalid);
    const user = await insertStaffAccount(tx, {
      email: invitation.email,
      passwordHash,
      role: invitation.role,
      fullName: input.nombre,
      // An ally's login opens that ally's portal (docs/product/allies.md).
      allyId: invitation.role === 'aliado' ? invitation.allyId : null,
      signedInAt: new Date(),
    });
    if (!user) throw fail('CONFLICT', M.alreadyStaff);
    if (invitation.role === 'agencia') {
      const [bound] = await tx
        .select({ agencyId: staffInvitationAgencies.agencyId })
        .from(staffInvitationAgencies)
        .where(eq(staffInvitationAgencies.invitationId, invitation.id));
      if (bound) await tx.insert(agencyStaff).values({ userId: user.id, agencyId: bound.agencyId });
    }
    const opened = await createSession(tx, user.id, meta);
    await recordStaffSignIn(tx, { userId: user.id, role: user.role, ip: meta.ip, userAgent: meta.userAgent });
    return { ...opened, user: { ...user, fullName: input.nombre }, message: M.invitationAccepted };
  });
}

export async function revokeInvitation(db: DbOrTx, id: string) {
  const rows = await db
    .update(staffInvitations)
    .set({ revokedAt: new Date() })
    .where(pendingInvitation(id))
    .returning({ id: staffInvitations.id });
  if (rows.length === 0) throw fail('NOT_FOUND', M.invitationNotFound);
  return { message: M.invitationRevoked };
}

/** Any number; the same for every staff change, so they queue instead of deadlocking. */
const STAFF_CHANGE_LOCK = 7_140_014;

/** The staff member, locked for the change (after the staff-change lock); NOT_FOUND for a customer or an unknown id. */
async function lockStaff(tx: DbOrTx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${STAFF_CHANGE_LOCK})`);
  const [row] = await tx
    .select({ id: users.id, role: users.role, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.role} <> 'user'`))
    .for('update');
  if (!row) throw fail('NOT_FOUND', M.notFound);
  return row;
}

/** Refuses a change that would leave no active administrator (read under the staff-change lock). */
async function keepAnAdmin(tx: DbOrTx, target: { id: string; role: string; deactivatedAt: Date | null }) {
  if (target.role !== 'admin' || target.deactivatedAt) return;
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deactivatedAt)));
  if (admins.filter((a) => a.id !== target.id).length === 0) throw fail('BAD_INPUT', M.lastAdmin);
}

export async function changeStaffRole(db: Db, input: { userId: string; role: StaffRole }) {
  return db.transaction(async (tx) => {
    const target = await lockStaff(tx, input.userId);
    if (input.role !== 'admin') await keepAnAdmin(tx, target);
    if (input.role === 'aliado' || target.role === 'aliado') throw fail('BAD_INPUT', M.allyByAllies);
    if (input.role === 'agencia') {
      // The agency comes with the invitation: a role change alone would leave the counter without one.
      const [bound] = await tx
        .select({ userId: agencyStaff.userId })
        .from(agencyStaff)
        .where(eq(agencyStaff.userId, input.userId));
      if (!bound) throw fail('BAD_INPUT', M.agencyByInvitation);
    }
    await tx.update(users).set({ role: input.role }).where(eq(users.id, input.userId));
    return { message: M.roleChanged };
  });
}

/** Removes a staff member's access: their sessions end and they are told by e-mail, once. */
export async function deactivateStaff(db: Db, actorId: string, userId: string) {
  if (actorId === userId) throw fail('BAD_INPUT', M.notSelf);
  return db.transaction(async (tx) => {
    const target = await lockStaff(tx, userId);
    await keepAnAdmin(tx, target);
    const [changed] = await tx
      .update(users)
      .set({ deactivatedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.deactivatedAt)))
      .returning({ email: users.email });
    await invalidateUserSessions(tx, userId);
    if (changed) {
      const [profile] = await tx
        .select({ fullName: userProfiles.fullName })
        .from(userProfiles)
        .where(eq(userProfiles.userId, userId));
      await enqueueEmail(tx, changed.email, staffAccessRemovedMessage({ fullName: profile?.fullName ?? '' }));
    }
    return { message: M.deactivated };
  });
}

export async function reactivateStaff(db: Db, userId: string) {
  return db.transaction(async (tx) => {
    await lockStaff(tx, userId);
    await tx.update(users).set({ deactivatedAt: null }).where(eq(users.id, userId));
    return { message: M.reactivated };
  });
}
