import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  ACTIVATION_COST_USD_CENTS,
  AUTH_MESSAGES,
  ADMIN_SETUP_MESSAGES,
  PASSWORD_CHANGE_LIMIT,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import {
  emailOutbox,
  mailboxes,
  passwordResetTokens,
  paymentTransactions,
  sessions,
  userProfiles,
  users,
} from '../../db/schema';
import { hashToken } from '../../auth/tokens';
import { issueAdminSetupToken } from '../../services/auth';
import { createTestDatabase } from '../../test/db';
import { callerFor, newVisitor, trpcError } from '../../test/caller';
import { STRONG_PASSWORD, lastLinkTo, signedInCustomer, tokenOf, uniqueEmail, userIdOf } from '../../test/factories';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;

describe('sign-up', () => {
  it('creates the user, profile, inactive mailbox of the chosen type, its pending activation payment and a verification e-mail', async () => {
    const email = uniqueEmail();
    const caller = callerFor(db());
    const answer = await caller.auth.signUp({
      nombre: '  Luisa Márquez ',
      email: email.toUpperCase(),
      password: STRONG_PASSWORD,
      type: 'china',
    });
    expect(answer.message).toBe(AUTH_MESSAGES.signUpSuccess);

    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user.role).toBe('user');
    expect(user.emailVerifiedAt).toBeNull();
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const [profile] = await db().select().from(userProfiles).where(eq(userProfiles.userId, user.id));
    expect(profile.fullName).toBe('Luisa Márquez');
    const boxes = await db().select().from(mailboxes).where(eq(mailboxes.userId, user.id));
    expect(boxes).toHaveLength(1);
    expect(boxes[0]).toMatchObject({
      country: 'CHINA',
      location: 'beijing',
      status: 'inactive',
      city: 'Beijing',
      postalCode: '100193',
    });
    expect(boxes[0].mailboxCode).toMatch(/^BJS\d{6}$/);
    const payments = await db().select().from(paymentTransactions).where(eq(paymentTransactions.userId, user.id));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      transactionType: 'mailbox_activation',
      status: 'pending',
      amountUsdCents: ACTIVATION_COST_USD_CENTS.china,
      mailboxId: boxes[0].id,
    });

    const link = await lastLinkTo(db(), email, 'verify-email');
    expect(link).toMatch(/^http:\/\/localhost:3000\/verificar-email\?token=/);
  });

  it('defaults to a USA mailbox in the spec format costing $4.99', async () => {
    const email = uniqueEmail();
    await callerFor(db()).auth.signUp({ nombre: 'Pedro Pérez', email, password: STRONG_PASSWORD });
    const userId = await userIdOf(db(), email);
    const [box] = await db().select().from(mailboxes).where(eq(mailboxes.userId, userId));
    expect(box.mailboxCode).toMatch(/^MV-19487-\d{5}$/);
    expect(box.addressLine2).toBe(`REF/APTO: ${box.mailboxCode}`);
    const [payment] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.userId, userId));
    expect(payment.amountUsdCents).toBe(499);
  });

  it('refuses a taken e-mail, whatever its case, with the spec text and changes nothing', async () => {
    const email = uniqueEmail();
    const caller = callerFor(db());
    await caller.auth.signUp({ nombre: 'Uno Dos', email, password: STRONG_PASSWORD });
    const before = await db().select().from(users);
    const err = await trpcError(
      caller.auth.signUp({ nombre: 'Otro Nombre', email: email.toUpperCase(), password: STRONG_PASSWORD }),
    );
    expect(err.code).toBe('CONFLICT');
    expect(err.message).toBe(AUTH_MESSAGES.emailTaken);
    expect(await db().select().from(users)).toHaveLength(before.length);
  });

  it.each([
    'Cort1!a',
    'sinmayuscula1!',
    'SINMINUSCULA1!',
    'SinNumero!!',
    'SinSimbolo123',
  ])('refuses the weak password %s', async (password) => {
    const err = await trpcError(
      callerFor(db()).auth.signUp({ nombre: 'Prueba Regla', email: uniqueEmail(), password }),
    );
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toBe(AUTH_MESSAGES.passwordRule);
  });

  it('accepts a long Unicode password with spaces exactly as typed, and refuses 129 characters', async () => {
    const password = `  Ñandú ${'ü'.repeat(100)} Contraseña 9 ☕  `;
    expect([...password].length).toBeLessThanOrEqual(128);
    const email = uniqueEmail();
    const caller = callerFor(db());
    await caller.auth.signUp({ nombre: 'Unicode Persona', email, password });
    await caller.auth.verifyEmail({ token: tokenOf(await lastLinkTo(db(), email, 'verify-email')) });
    await expect(caller.auth.signIn({ email, password: password.trim() })).rejects.toThrow(
      AUTH_MESSAGES.invalidCredentials,
    );
    await caller.auth.signIn({ email, password });

    const tooLong = `Aa1!${'x'.repeat(125)}`;
    const err = await trpcError(
      callerFor(db()).auth.signUp({ nombre: 'Larga Clave', email: uniqueEmail(), password: tooLong }),
    );
    expect(err.message).toBe(AUTH_MESSAGES.passwordTooLong);
  });

  it('answers validation errors in Spanish', async () => {
    const err = await trpcError(
      callerFor(db()).auth.signUp({ nombre: 'A', email: 'no-es-email', password: STRONG_PASSWORD }),
    );
    expect(err.code).toBe('BAD_REQUEST');
    expect(['El nombre completo debe tener al menos 2 caracteres', AUTH_MESSAGES.invalidEmail]).toContain(err.message);
  });
});

describe('verification, sign-in, me, sign-out', () => {
  it('walks the whole journey', async () => {
    const email = uniqueEmail();
    const visitor = newVisitor();
    const caller = callerFor(db(), visitor);
    await caller.auth.signUp({ nombre: 'Camila Rojas', email, password: STRONG_PASSWORD });

    const unverified = await trpcError(caller.auth.signIn({ email, password: STRONG_PASSWORD }));
    expect(unverified.message).toBe(AUTH_MESSAGES.emailNotConfirmed);
    expect(visitor.token).toBeNull();

    const token = tokenOf(await lastLinkTo(db(), email, 'verify-email'));
    expect((await caller.auth.verifyEmail({ token })).message).toBe(AUTH_MESSAGES.verifyEmailSuccess);
    const reused = await trpcError(caller.auth.verifyEmail({ token }));
    expect(reused.message).toBe(AUTH_MESSAGES.verifyEmailInvalid);

    expect((await caller.auth.me()).user).toBeNull();
    const { user } = await caller.auth.signIn({ email: email.toUpperCase(), password: STRONG_PASSWORD });
    expect(user).toMatchObject({ email, role: 'user', fullName: 'Camila Rojas' });
    expect(visitor.token).toBeTruthy();
    // The cookie holds the token; the database holds only its hash.
    const [row] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(visitor.token!)));
    expect(row.userId).toBe(user.id);

    const me = await caller.auth.me();
    expect(me.user).toMatchObject({ email, role: 'user', fullName: 'Camila Rojas' });
    expect(me.user?.emailVerifiedAt).toEqual(expect.any(String));
    expect(await caller.mailboxes.mine()).toHaveLength(1);

    const oldToken = visitor.token!;
    await caller.auth.signOut();
    expect(visitor.token).toBeNull();
    expect(
      await db()
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(oldToken))),
    ).toHaveLength(0);
    // The old cookie, replayed, is worth nothing.
    const replay = callerFor(db(), newVisitor({ token: oldToken }));
    expect((await replay.auth.me()).user).toBeNull();
    expect((await trpcError(replay.mailboxes.mine())).code).toBe('UNAUTHORIZED');
  });

  it('answers an unknown e-mail exactly as a wrong password', async () => {
    const { email } = await signedInCustomer(db());
    const wrong = await trpcError(callerFor(db()).auth.signIn({ email, password: 'Incorrecta#123' }));
    const unknown = await trpcError(
      callerFor(db()).auth.signIn({ email: uniqueEmail('nadie'), password: 'Incorrecta#123' }),
    );
    expect(wrong.code).toBe(unknown.code);
    expect(wrong.message).toBe(unknown.message);
    expect(wrong.message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('renews a session with less than 15 days left for another 30, and ends an expired one', async () => {
    const { visitor, caller, user } = await signedInCustomer(db());
    const id = hashToken(visitor.token!);
    const day = 24 * 60 * 60 * 1000;

    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 20 * day) })
      .where(eq(sessions.id, id));
    const setsBefore = visitor.cookieSets;
    expect((await caller.auth.me()).user?.id).toBe(user.id);
    let [row] = await db().select().from(sessions).where(eq(sessions.id, id));
    expect(row.expiresAt.getTime()).toBeLessThan(Date.now() + 21 * day);
    expect(visitor.cookieSets).toBe(setsBefore);

    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 10 * day) })
      .where(eq(sessions.id, id));
    expect((await caller.auth.me()).user?.id).toBe(user.id);
    [row] = await db().select().from(sessions).where(eq(sessions.id, id));
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * day);
    expect(visitor.cookieSets).toBe(setsBefore + 1);

    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    expect((await caller.auth.me()).user).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.id, id))).toHaveLength(0);
    expect(visitor.token).toBeNull();
  });
});

describe('password reset', () => {
  it('answers the same for an existing and an unknown e-mail, and only e-mails the real account', async () => {
    const { email } = await signedInCustomer(db());
    const unknown = uniqueEmail('fantasma');
    const a = await callerFor(db(), newVisitor({ ip: '10.1.0.1' })).auth.requestPasswordReset({ email });
    const b = await callerFor(db(), newVisitor({ ip: '10.1.0.2' })).auth.requestPasswordReset({ email: unknown });
    expect(a).toEqual(b);
    expect(a.message).toBe(AUTH_MESSAGES.resetRequested);
    const sent = await db().select().from(emailOutbox).where(eq(emailOutbox.template, 'password-reset'));
    expect(sent.some((m) => m.to.includes(email))).toBe(true);
    expect(sent.some((m) => m.to.includes(unknown))).toBe(false);
  });

  it('uses a token once, ends every session, signs in with the new password only', async () => {
    const { email, visitor: oldBrowser } = await signedInCustomer(db());
    const other = newVisitor({ ip: '10.2.0.1' });
    await callerFor(db(), other).auth.signIn({ email, password: STRONG_PASSWORD });
    expect(other.token).toBeTruthy();

    const resetter = newVisitor({ ip: '10.2.0.2' });
    const caller = callerFor(db(), resetter);
    await caller.auth.requestPasswordReset({ email });
    const link = await lastLinkTo(db(), email, 'password-reset');
    expect(link).toMatch(/\/update-password\?token=/);
    const token = tokenOf(link);
    // Stored hashed, never as sent.
    expect(await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.id, token))).toHaveLength(0);
    expect(
      await db()
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.id, hashToken(token))),
    ).toHaveLength(1);

    const newPassword = 'Nueva#Clave2027';
    const weak = await trpcError(caller.auth.resetPassword({ token, password: 'debil' }));
    expect(weak.message).toBe(AUTH_MESSAGES.passwordRule);
    await caller.auth.resetPassword({ token, password: newPassword });
    expect((await caller.auth.me()).user?.email).toBe(email);

    expect((await callerFor(db(), oldBrowser).auth.me()).user).toBeNull();
    expect((await callerFor(db(), other).auth.me()).user).toBeNull();

    const again = await trpcError(
      callerFor(db(), newVisitor({ ip: '10.2.0.3' })).auth.resetPassword({ token, password: 'Otra#Clave2028' }),
    );
    expect(again.message).toBe(AUTH_MESSAGES.resetTokenInvalid);

    const old = await trpcError(
      callerFor(db(), newVisitor({ ip: '10.2.0.4' })).auth.signIn({ email, password: STRONG_PASSWORD }),
    );
    expect(old.message).toBe(AUTH_MESSAGES.invalidCredentials);
    await callerFor(db(), newVisitor({ ip: '10.2.0.5' })).auth.signIn({ email, password: newPassword });
  });

  it('refuses a token older than an hour', async () => {
    const { email } = await signedInCustomer(db());
    await callerFor(db(), newVisitor({ ip: '10.3.0.1' })).auth.requestPasswordReset({ email });
    const token = tokenOf(await lastLinkTo(db(), email, 'password-reset'));
    await db()
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(passwordResetTokens.id, hashToken(token)));
    const err = await trpcError(
      callerFor(db(), newVisitor({ ip: '10.3.0.2' })).auth.resetPassword({ token, password: 'Nueva#Clave2027' }),
    );
    expect(err.message).toBe(AUTH_MESSAGES.resetTokenInvalid);
  });
});

describe('change password', () => {
  it('requires the current password, keeps this session and ends the others', async () => {
    const { email, visitor, caller } = await signedInCustomer(db());
    const other = newVisitor({ ip: '10.4.0.1' });
    await callerFor(db(), other).auth.signIn({ email, password: STRONG_PASSWORD });

    const wrong = await trpcError(
      caller.auth.changePassword({ currentPassword: 'Mala#Clave1', newPassword: 'Nueva#Clave2027' }),
    );
    expect(wrong.message).toBe(AUTH_MESSAGES.currentPasswordWrong);
    const weak = await trpcError(caller.auth.changePassword({ currentPassword: STRONG_PASSWORD, newPassword: 'abc' }));
    expect(weak.message).toBe(AUTH_MESSAGES.passwordRule);

    await caller.auth.changePassword({ currentPassword: STRONG_PASSWORD, newPassword: 'Nueva#Clave2027' });
    expect((await callerFor(db(), visitor).auth.me()).user?.email).toBe(email);
    expect((await callerFor(db(), other).auth.me()).user).toBeNull();
    await callerFor(db(), newVisitor({ ip: '10.4.0.2' })).auth.signIn({ email, password: 'Nueva#Clave2027' });
  });

  it('a session that guesses the current password is closed after a few failures, and the owner is told once', async () => {
    const { email, visitor, caller } = await signedInCustomer(db());
    const owner = newVisitor({ ip: '10.4.1.1' });
    await callerFor(db(), owner).auth.signIn({ email, password: STRONG_PASSWORD });
    const guess = (i: number) =>
      caller.auth.changePassword({ currentPassword: `Intento#${i}x`, newPassword: 'Robada#Clave2027' });
    for (let i = 1; i < PASSWORD_CHANGE_LIMIT.maxFailures; i++) {
      expect(await trpcError(guess(i))).toMatchObject({
        code: 'BAD_REQUEST',
        message: AUTH_MESSAGES.currentPasswordWrong,
      });
    }
    const last = await trpcError(guess(PASSWORD_CHANGE_LIMIT.maxFailures));
    expect(last).toMatchObject({ code: 'UNAUTHORIZED', message: AUTH_MESSAGES.passwordChangeSessionEnded });
    // The guessing session is gone; the owner's other session is not, and the password is unchanged.
    expect((await callerFor(db(), visitor).auth.me()).user).toBeNull();
    expect((await callerFor(db(), owner).auth.me()).user?.email).toBe(email);
    const warnings = async () =>
      (await db().select().from(emailOutbox)).filter(
        (m) => m.to.includes(email) && m.template === 'password-change-guessing',
      );
    expect(await warnings()).toHaveLength(1);

    // Until the window passes, no session of the account may try again (the password is not even
    // checked), but none is closed for it: a thief cannot sign the owner out.
    const again = await trpcError(
      callerFor(db(), owner).auth.changePassword({ currentPassword: STRONG_PASSWORD, newPassword: 'Nueva#Clave2027' }),
    );
    expect(again).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: AUTH_MESSAGES.passwordChangeTooMany(PASSWORD_CHANGE_LIMIT.minutes),
    });
    expect((await callerFor(db(), owner).auth.me()).user?.email).toBe(email);
    expect(await warnings()).toHaveLength(1);
    await callerFor(db(), newVisitor({ ip: '10.4.1.2' })).auth.signIn({ email, password: STRONG_PASSWORD });
  });
});

describe('limits', () => {
  it('allows one reset request per 60 seconds per e-mail, with the spec text', async () => {
    const { email } = await signedInCustomer(db());
    await callerFor(db(), newVisitor({ ip: '10.5.0.1' })).auth.requestPasswordReset({ email });
    const err = await trpcError(callerFor(db(), newVisitor({ ip: '10.5.0.2' })).auth.requestPasswordReset({ email }));
    expect(err.code).toBe('TOO_MANY_REQUESTS');
    expect(err.message).toBe(AUTH_MESSAGES.resetThrottle);
  });

  it('allows three reset requests per 60 minutes per e-mail, then says how many minutes to wait', async () => {
    const { email } = await signedInCustomer(db());
    const { rateLimitEvents } = await import('../../db/schema');
    for (let i = 0; i < 3; i++) {
      await callerFor(db(), newVisitor({ ip: `10.6.0.${i}` })).auth.requestPasswordReset({ email });
      // Step past the 60-second rule by ageing the recorded requests.
      await db()
        .update(rateLimitEvents)
        .set({ createdAt: sql`${rateLimitEvents.createdAt} - interval '61 seconds'` })
        .where(eq(rateLimitEvents.key, `reset:email:${email}`));
    }
    const err = await trpcError(callerFor(db(), newVisitor({ ip: '10.6.0.9' })).auth.requestPasswordReset({ email }));
    expect(err.code).toBe('TOO_MANY_REQUESTS');
    // The oldest request is 3 × 61 s old, so a little under 57 minutes remain.
    expect(err.message).toBe(AUTH_MESSAGES.resetLimit(57));
  });

  it('throttles sign-ins per IP across e-mails, and successful sign-ins do not count', async () => {
    const ip = '10.8.0.1';
    const { email } = await signedInCustomer(db());
    for (let i = 0; i < 5; i++)
      await callerFor(db(), newVisitor({ ip })).auth.signIn({ email, password: STRONG_PASSWORD });
    const attempts = await Promise.allSettled(
      Array.from({ length: 55 }, (_, i) =>
        callerFor(db(), newVisitor({ ip })).auth.signIn({ email: `nadie${i}@ejemplo.com`, password: 'Mala#Clave1' }),
      ),
    );
    const limited = attempts.filter(
      (r) => r.status === 'rejected' && (r.reason as Error).message === AUTH_MESSAGES.tooManyAttempts,
    );
    expect(limited).toHaveLength(5);
  });
});

describe('cross-site requests', () => {
  it('refuses a mutation from a foreign Origin and accepts the app’s own', async () => {
    const { email } = await signedInCustomer(db());
    const evil = await trpcError(
      callerFor(db(), newVisitor({ origin: 'https://malicioso.example', ip: '10.9.0.1' })).auth.signIn({
        email,
        password: STRONG_PASSWORD,
      }),
    );
    expect(evil.code).toBe('FORBIDDEN');
    expect(evil.message).toBe(AUTH_MESSAGES.foreignOrigin);
    await callerFor(db(), newVisitor({ origin: 'http://localhost:3000', ip: '10.9.0.2' })).auth.signIn({
      email,
      password: STRONG_PASSWORD,
    });
  });
});

describe('first administrator', () => {
  it('works only with the setup token and only while no admin exists', async () => {
    const adminDb = await createTestDatabase();
    try {
      const setupToken = await issueAdminSetupToken(adminDb.db);
      expect(setupToken).toBeTruthy();
      const caller = callerFor(adminDb.db);
      expect(await caller.auth.adminSetupStatus()).toEqual({ adminExists: false });

      const bad = await trpcError(
        caller.auth.adminSetup({
          setupToken: 'inventado',
          email: 'jefe@ejemplo.com',
          password: STRONG_PASSWORD,
          nombre: 'Jefa Principal',
        }),
      );
      expect(bad.message).toBe(ADMIN_SETUP_MESSAGES.invalidToken);

      const ok = await caller.auth.adminSetup({
        setupToken: setupToken!,
        email: 'jefe@ejemplo.com',
        password: STRONG_PASSWORD,
        nombre: 'Jefa Principal',
      });
      expect(ok.message).toBe(ADMIN_SETUP_MESSAGES.created);
      expect(await caller.auth.adminSetupStatus()).toEqual({ adminExists: true });
      const { user } = await caller.auth.signIn({ email: 'jefe@ejemplo.com', password: STRONG_PASSWORD });
      expect(user.role).toBe('admin');

      const twice = await trpcError(
        callerFor(adminDb.db).auth.adminSetup({
          setupToken: setupToken!,
          email: 'otro@ejemplo.com',
          password: STRONG_PASSWORD,
          nombre: 'Otro Jefe',
        }),
      );
      expect(twice.message).toBe(ADMIN_SETUP_MESSAGES.adminExists);
      expect(await issueAdminSetupToken(adminDb.db)).toBeNull();
      const admins = await adminDb.db.select().from(users).where(eq(users.role, 'admin'));
      expect(admins.map((a) => a.email)).toEqual(['jefe@ejemplo.com']);
    } finally {
      await adminDb.close();
    }
  });
});
