// Allies (docs/product/allies.md): the administrator creates an ally with its login's invitation,
// changes its price adjustment and deactivates it; the ally creates its own customers, whose
// mailbox codes carry its prefix and who set their password from a welcome e-mail.
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  ALLY_MESSAGES as M,
  STAFF_INVITATION_TTL_HOURS,
  type allyCreateInput,
  type allyCustomerCreateInput,
  type z,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { allies, passwordResetTokens, staffInvitations, userProfiles, users } from '../db/schema';
import { DomainError } from '../lib/domain-error';
import { isUniqueViolation } from '../lib/database-errors';
import { hashPassword } from '../auth/password';
import { invalidateUserSessions } from '../auth/session';
import { generateToken, hashToken } from '../auth/tokens';
import { enqueueEmail } from '../mail/outbox';
import { allyCustomerWelcomeMessage, allyInvitationMessage } from '../mail/templates';
import type { AllyScope } from '../queries/allies';
import { openMailboxWithActivation } from './accounts';

const HOUR_MS = 3600 * 1000;

async function emailInUse(tx: DbOrTx, email: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return !!row;
}

/**
 * The ally itself, after the checks of the administrator's form (the e-mail has no account, the
 * prefix is free). `createAlly` adds its login's invitation; the demo (server/src/demo/allies.ts)
 * gives it a login with the demo password instead.
 */
export async function insertAlly(tx: DbOrTx, input: z.output<typeof allyCreateInput>) {
  if (await emailInUse(tx, input.contactEmail)) throw new DomainError('CONFLICT', M.emailTaken);
  const [taken] = await tx.select({ id: allies.id }).from(allies).where(eq(allies.prefix, input.prefix));
  if (taken) throw new DomainError('CONFLICT', M.prefixTaken);
  try {
    const [ally] = await tx
      .insert(allies)
      .values({
        name: input.name,
        prefix: input.prefix,
        priceAdjustmentBp: input.priceAdjustmentBp,
        contactEmail: input.contactEmail.toLowerCase(),
      })
      .returning({
        id: allies.id,
        name: allies.name,
        prefix: allies.prefix,
        priceAdjustmentBp: allies.priceAdjustmentBp,
        active: allies.active,
      });
    return ally!;
  } catch (err) {
    if (isUniqueViolation(err, 'allies_prefix_key')) throw new DomainError('CONFLICT', M.prefixTaken);
    throw err;
  }
}

/**
 * A new ally and its login's invitation (the staff invitation, role 'aliado', bound to the ally):
 * the person opens the link, writes a name and a password and lands on the portal.
 */
export async function createAlly(tx: DbOrTx, appUrl: string, actorId: string, input: z.output<typeof allyCreateInput>) {
  const ally = await insertAlly(tx, input);
  const token = generateToken();
  await tx
    .update(staffInvitations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(staffInvitations.email, input.contactEmail.toLowerCase()),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
      ),
    );
  await tx.insert(staffInvitations).values({
    id: hashToken(token),
    email: input.contactEmail.toLowerCase(),
    role: 'aliado',
    allyId: ally.id,
    invitedBy: actorId,
    expiresAt: new Date(Date.now() + STAFF_INVITATION_TTL_HOURS * HOUR_MS),
  });
  await enqueueEmail(
    tx,
    input.contactEmail,
    allyInvitationMessage({ allyName: ally.name, url: `${appUrl}/invitacion?token=${token}` }),
  );
  return { id: ally.id, message: M.created(ally.name, input.contactEmail.toLowerCase()) };
}

export async function updateAllyAdjustment(tx: DbOrTx, id: string, priceAdjustmentBp: number) {
  const [row] = await tx
    .update(allies)
    .set({ priceAdjustmentBp, updatedAt: new Date() })
    .where(eq(allies.id, id))
    .returning({ id: allies.id });
  if (!row) throw new DomainError('NOT_FOUND', M.notFound);
  return { id: row.id, message: M.updated };
}

/**
 * Deactivating an ally closes its logins (sign-in refused, every session ended); its customers
 * stay customers. Reactivating opens its logins again.
 */
export async function setAllyActive(tx: DbOrTx, id: string, active: boolean) {
  const [row] = await tx
    .update(allies)
    .set({ active, updatedAt: new Date() })
    .where(eq(allies.id, id))
    .returning({ id: allies.id });
  if (!row) throw new DomainError('NOT_FOUND', M.notFound);
  const logins = await tx
    .update(users)
    .set({ deactivatedAt: active ? null : new Date() })
    .where(and(eq(users.allyId, id), eq(users.role, 'aliado')))
    .returning({ id: users.id });
  if (!active) for (const l of logins) await invalidateUserSessions(tx, l.id);
  return { id, active, message: active ? M.reactivated : M.deactivated };
}

/**
 * The ally's customer account (users.ally_id), its profile and its first mailbox, whose code
 * carries the ally's prefix, with the usual activation fee. `createAllyCustomer` gives it a
 * password nobody knows and the welcome e-mail; the demo gives it the demo password.
 */
export async function insertAllyCustomer(
  tx: DbOrTx,
  ally: AllyScope,
  input: z.output<typeof allyCustomerCreateInput>,
  passwordHash: string,
  now?: Date,
) {
  if (await emailInUse(tx, input.email)) throw new DomainError('CONFLICT', M.customerEmailTaken);
  try {
    const [user] = await tx
      .insert(users)
      .values({ email: input.email.toLowerCase(), passwordHash, role: 'user', allyId: ally.id })
      .returning({ id: users.id, email: users.email });
    await tx.insert(userProfiles).values({
      userId: user!.id,
      fullName: input.fullName,
      phone: input.phone,
      cedula: input.cedula,
    });
    const { mailbox, payment } = await openMailboxWithActivation(tx, user!.id, input.type, now);
    return { user: user!, mailbox, payment };
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_lower_key')) throw new DomainError('CONFLICT', M.customerEmailTaken);
    throw err;
  }
}

/**
 * The ally's new customer (`insertAllyCustomer`); the customer gets a welcome e-mail whose link
 * sets their password (and confirms the address).
 */
export async function createAllyCustomer(
  tx: DbOrTx,
  appUrl: string,
  ally: AllyScope,
  input: z.output<typeof allyCustomerCreateInput>,
) {
  if (await emailInUse(tx, input.email)) throw new DomainError('CONFLICT', M.customerEmailTaken);
  // Nobody knows this password: the customer sets theirs from the e-mail.
  const passwordHash = await hashPassword(generateToken());
  const { user, mailbox } = await insertAllyCustomer(tx, ally, input, passwordHash);
  const token = generateToken();
  await tx.insert(passwordResetTokens).values({
    id: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + STAFF_INVITATION_TTL_HOURS * HOUR_MS),
  });
  await enqueueEmail(
    tx,
    user.email,
    allyCustomerWelcomeMessage({
      fullName: input.fullName,
      allyName: ally.name,
      mailboxCode: mailbox.mailboxCode,
      url: `${appUrl}/update-password?token=${token}`,
    }),
  );
  return { userId: user.id, mailboxCode: mailbox.mailboxCode, message: M.customerCreated(mailbox.mailboxCode) };
}
