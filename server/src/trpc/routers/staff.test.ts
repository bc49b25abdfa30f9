// Staff management (/admin/personal, docs/product/product-decisions.md#d13-staff-have-roles): invitations by e-mail, acceptance with the
// invitation's role, role changes, deactivation that ends every session at once, and at least
// one active administrator kept whatever is tried, concurrently too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, STAFF_MESSAGES } from '@casillero/shared';
import type { Database } from '../../db/client';
import { emailOutbox, staffInvitations, users } from '../../db/schema';
import { hashToken } from '../../auth/tokens';
import { callerFor, newVisitor } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import {
  STRONG_PASSWORD,
  lastLinkTo,
  signedInAdmin,
  signedInCustomer,
  signedInStaff,
  tokenOf,
  uniqueEmail,
} from '../../test/factories';

let database: Database;
const db = () => database.db;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    return error instanceof TRPCError ? `${error.code}: ${error.message}` : String(error);
  }
}

/** Only administrators other than the ones a test makes: demote them so a test owns the count. */
async function onlyAdmins(ids: string[]) {
  const admins = await db().select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  for (const a of admins)
    if (!ids.includes(a.id)) await db().update(users).set({ role: 'atencion' }).where(eq(users.id, a.id));
}

describe('staff', () => {
  it('invites by e-mail; the link shows the role, creates the account with it and signs the person in', async () => {
    const admin = await signedInAdmin(db());
    const email = uniqueEmail('almacen');
    const invited = await admin.caller.staff.invite({ email, role: 'almacen' });
    expect(invited.message).toBe(STAFF_MESSAGES.invited(email));
    const token = tokenOf(await lastLinkTo(db(), email, 'staff-invitation'));

    const visitor = newVisitor({ ip: '10.0.0.77' });
    const newcomer = callerFor(db(), visitor);
    expect(await newcomer.staff.invitation({ token })).toEqual({ email, role: 'almacen' });
    const { user } = await newcomer.staff.acceptInvitation({ token, nombre: 'Luis Nuevo', password: STRONG_PASSWORD });
    expect(user.role).toBe('almacen');
    // Signed in, with the warehouse's permissions and nothing else.
    await expect(newcomer.packages.list({})).resolves.toBeDefined();
    expect(await failure(newcomer.payments.list({}))).toMatch(/^FORBIDDEN/);
    expect(await failure(newcomer.staff.list({}))).toMatch(/^FORBIDDEN/);
    // Used once.
    expect(await failure(newcomer.staff.invitation({ token }))).toBe(`NOT_FOUND: ${STAFF_MESSAGES.invitationInvalid}`);
    expect(
      await failure(callerFor(db()).staff.acceptInvitation({ token, nombre: 'Otra', password: STRONG_PASSWORD })),
    ).toBe(`NOT_FOUND: ${STAFF_MESSAGES.invitationInvalid}`);
  });

  it('refuses an expired or revoked invitation, and an address that is already a customer or staff', async () => {
    const admin = await signedInAdmin(db());
    const customer = await signedInCustomer(db());
    expect(await failure(admin.caller.staff.invite({ email: customer.email, role: 'caja' }))).toBe(
      `CONFLICT: ${STAFF_MESSAGES.isCustomer}`,
    );
    expect(await failure(admin.caller.staff.invite({ email: admin.email, role: 'caja' }))).toBe(
      `CONFLICT: ${STAFF_MESSAGES.alreadyStaff}`,
    );

    const late = uniqueEmail('tarde');
    await admin.caller.staff.invite({ email: late, role: 'caja' });
    const lateToken = tokenOf(await lastLinkTo(db(), late, 'staff-invitation'));
    await db()
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, hashToken(lateToken)));
    expect(await failure(callerFor(db()).staff.invitation({ token: lateToken }))).toBe(
      `NOT_FOUND: ${STAFF_MESSAGES.invitationInvalid}`,
    );

    const revoked = uniqueEmail('anulada');
    await admin.caller.staff.invite({ email: revoked, role: 'caja' });
    const revokedToken = tokenOf(await lastLinkTo(db(), revoked, 'staff-invitation'));
    const pending = await admin.caller.staff.invitations();
    const mine = pending.find((i) => i.email === revoked)!;
    await admin.caller.staff.revokeInvitation({ id: mine.id });
    expect(
      await failure(
        callerFor(db()).staff.acceptInvitation({ token: revokedToken, nombre: 'Nadie', password: STRONG_PASSWORD }),
      ),
    ).toBe(`NOT_FOUND: ${STAFF_MESSAGES.invitationInvalid}`);
    expect((await db().select().from(users).where(eq(users.email, revoked))).length).toBe(0);
  });

  it('deactivation ends every session at once, tells the person, and answers sign-in as a wrong password; reactivation lets the person back in', async () => {
    const admin = await signedInAdmin(db());
    const caja = await signedInStaff(db(), 'caja');
    await expect(caja.caller.payments.list({})).resolves.toBeDefined();
    await admin.caller.staff.deactivate({ userId: caja.user.id });
    // The open session is refused on its very next request.
    expect(await failure(caja.caller.payments.list({}))).toMatch(/^UNAUTHORIZED/);
    // The right password is answered exactly as a wrong one: nothing tells a guesser it was right.
    const withRightPassword = await failure(
      callerFor(db()).auth.signIn({ email: caja.email, password: STRONG_PASSWORD }),
    );
    const withWrongPassword = await failure(
      callerFor(db()).auth.signIn({ email: caja.email, password: 'Otra#Clave2026' }),
    );
    expect(withRightPassword).toBe(`UNAUTHORIZED: ${AUTH_MESSAGES.invalidCredentials}`);
    expect(withWrongPassword).toBe(withRightPassword);
    // The person was told by e-mail that their access was removed, once.
    const removed = (await db().select().from(emailOutbox)).filter(
      (m) => m.to.includes(caja.email) && m.template === 'staff-access-removed',
    );
    expect(removed).toHaveLength(1);
    await admin.caller.staff.deactivate({ userId: caja.user.id });
    expect(
      (await db().select().from(emailOutbox)).filter(
        (m) => m.to.includes(caja.email) && m.template === 'staff-access-removed',
      ),
    ).toHaveLength(1);
    const listed = await admin.caller.staff.list({ status: 'inactive' });
    expect(listed.rows.map((r) => r.id)).toContain(caja.user.id);

    await admin.caller.staff.reactivate({ userId: caja.user.id });
    const again = callerFor(db());
    await again.auth.signIn({ email: caja.email, password: STRONG_PASSWORD });
    await expect(again.payments.list({})).resolves.toBeDefined();
  });

  it('changes a role; nobody deactivates themselves', async () => {
    const admin = await signedInAdmin(db());
    const person = await signedInStaff(db(), 'atencion');
    await admin.caller.staff.setRole({ userId: person.user.id, role: 'caja' });
    await expect(person.caller.payments.list({})).resolves.toBeDefined();
    expect(await failure(admin.caller.staff.deactivate({ userId: admin.user.id }))).toBe(
      `BAD_REQUEST: ${STAFF_MESSAGES.notSelf}`,
    );
    expect(
      await failure(admin.caller.staff.setRole({ userId: (await signedInCustomer(db())).user.id, role: 'caja' })),
    ).toBe(`NOT_FOUND: ${STAFF_MESSAGES.notFound}`);
  });

  it('keeps an active administrator: the last cannot be demoted or deactivated, and of two concurrent demotions one fails', async () => {
    const a = await signedInAdmin(db());
    const b = await signedInAdmin(db());
    await onlyAdmins([a.user.id, b.user.id]);
    const results = await Promise.all([
      failure(a.caller.staff.setRole({ userId: b.user.id, role: 'caja' })),
      failure(b.caller.staff.setRole({ userId: a.user.id, role: 'caja' })),
    ]);
    expect(results.filter((r) => r === 'OK')).toHaveLength(1);
    // The other is refused: by the last-admin rule, or (when the first committed before the
    // second's session was read) because its author is no longer an administrator.
    const refusals = [`BAD_REQUEST: ${STAFF_MESSAGES.lastAdmin}`, `FORBIDDEN: ${AUTH_MESSAGES.forbidden}`];
    expect(results.filter((r) => refusals.includes(r))).toHaveLength(1);
    const admins = await db().select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);

    // The remaining administrator: no demotion, and a second administrator cannot deactivate them either.
    const last = admins[0]!.id;
    const lastCaller = last === a.user.id ? a : b;
    expect(await failure(lastCaller.caller.staff.setRole({ userId: last, role: 'almacen' }))).toBe(
      `BAD_REQUEST: ${STAFF_MESSAGES.lastAdmin}`,
    );
  });

  it('filters the staff list by role and search, and never lists customers', async () => {
    const admin = await signedInAdmin(db());
    await signedInStaff(db(), 'almacen');
    const customer = await signedInCustomer(db());
    const warehouse = await admin.caller.staff.list({ role: 'almacen' });
    expect(warehouse.rows.length).toBeGreaterThan(0);
    expect(warehouse.rows.every((r) => r.role === 'almacen')).toBe(true);
    const everyone = await admin.caller.staff.list({ pageSize: 100 });
    expect(everyone.rows.map((r) => r.id)).not.toContain(customer.user.id);
    const byEmail = await admin.caller.staff.list({ q: admin.email });
    expect(byEmail.rows.map((r) => r.id)).toEqual([admin.user.id]);
  });

  it('filters the audit log by person, action, entity and days, and shows an entity history only to roles that read it', async () => {
    const admin = await signedInAdmin(db());
    const caja = await signedInStaff(db(), 'caja');
    const almacen = await signedInStaff(db(), 'almacen');
    const byCaja = await admin.caller.audit.list({ actorId: caja.user.id });
    expect(byCaja.rows.length).toBeGreaterThan(0);
    expect(byCaja.rows.every((r) => r.actorId === caja.user.id && r.action === 'auth.signIn')).toBe(true);
    expect((await admin.caller.audit.count({ actorId: caja.user.id })).count).toBe(byCaja.rows.length);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Caracas' }).format(new Date());
    expect((await admin.caller.audit.list({ actorId: caja.user.id, from: today, to: today })).rows.length).toBe(
      byCaja.rows.length,
    );
    expect((await admin.caller.audit.list({ actorId: caja.user.id, to: '2020-01-01' })).rows).toEqual([]);
    expect(
      (await admin.caller.audit.list({ entity: 'users', action: 'auth.signIn' })).rows.every(
        (r) => r.entity === 'users',
      ),
    ).toBe(true);
    expect(await failure(caja.caller.audit.list({}))).toMatch(/^FORBIDDEN/);

    // An entity's history: readable by who may read the entity (almacén reads packages, not payments).
    const history = await almacen.caller.audit
      .forEntity({ entity: 'users', entityId: caja.user.id })
      .catch((e: TRPCError) => e.code);
    expect(typeof history === 'object' && Array.isArray(history.entries)).toBe(true);
    expect(
      await failure(almacen.caller.audit.forEntity({ entity: 'payment_transactions', entityId: caja.user.id })),
    ).toMatch(/^FORBIDDEN/);
  });
});
