// Sign-in throttling without lockout as a weapon (docs/decisions/007): attackers are refused,
// the owner still gets in, is warned once, and an unknown e-mail is treated like a known one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, SIGN_IN_LINK_LIMIT, SIGNIN_LIMIT } from '@casillero/shared';
import type { Database } from '../../db/client';
import { emailOutbox, rateLimitEvents, signInLinkTokens, users } from '../../db/schema';
import { signInKeys } from '../../auth/sign-in-guard';
import { signInLinkKey } from '../../services/sign-in-link';
import { createTestDatabase } from '../../test/db';
import { callerFor, newVisitor, type Visitor } from '../../test/caller';
import { STRONG_PASSWORD, lastLinkTo, signedInCustomer, tokenOf, uniqueEmail } from '../../test/factories';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;

const WRONG = 'Mala#Clave1';
const WRONG_ANSWER = `UNAUTHORIZED: ${AUTH_MESSAGES.invalidCredentials}`;
const REFUSED = `TOO_MANY_REQUESTS: ${AUTH_MESSAGES.tooManyAttempts}`;
const [ACCOUNT_15_MIN, ACCOUNT_HOUR, ACCOUNT_DAY] = SIGNIN_LIMIT.perAccount;
const [ACCOUNT_IP_15_MIN, ACCOUNT_IP_DAY] = SIGNIN_LIMIT.perAccountAndIp;
const [DEVICE_15_MIN] = SIGNIN_LIMIT.perKnownDevice;

/** What the person signing in sees: 'ok', or the error's code and message. */
async function signIn(visitor: Visitor, email: string, password: string): Promise<string> {
  try {
    await callerFor(db(), visitor).auth.signIn({ email, password });
    return 'ok';
  } catch (err) {
    const e = err as { code?: string; message: string };
    return `${e.code}: ${e.message}`;
  }
}

/** `count` wrong guesses, one after another, each from its own new browser at the IPs given. */
async function guess(email: string, ips: (i: number) => string, count: number, password = WRONG): Promise<string[]> {
  const answers: string[] = [];
  for (let i = 0; i < count; i++) answers.push(await signIn(newVisitor({ ip: ips(i) }), email, password));
  return answers;
}

const times = (n: number, answer: string) => Array.from({ length: n }, () => answer);

/** A customer who signed in once from a browser at home, which is now known to the account. */
async function ownerAtHome(net: string) {
  const home = newVisitor({ ip: `${net}.0.1` });
  const owner = await signedInCustomer(db(), { visitor: home, nombre: 'Dueña Cuenta' });
  await owner.caller.auth.signOut();
  expect(home.device).toBeTruthy();
  return { ...owner, home };
}

/** Moves the recorded attempts of a key back in time, as if the minutes had passed. */
async function age(key: string, minutes: number) {
  await db()
    .update(rateLimitEvents)
    .set({ createdAt: sql`${rateLimitEvents.createdAt} - make_interval(mins => ${minutes})` })
    .where(eq(rateLimitEvents.key, key));
}

const warningsTo = async (email: string) =>
  (await db().select().from(emailOutbox).where(eq(emailOutbox.template, 'sign-in-attack'))).filter((m) =>
    m.to.includes(email),
  );

describe('the old lockout is gone', () => {
  it('ten wrong passwords from anywhere no longer keep the owner out, from a known or a new device', async () => {
    const { email, home } = await ownerAtHome('10.30');
    // The attack: ten wrong passwords from ten addresses, then ten more from one.
    expect(await guess(email, (i) => `10.31.0.${i}`, 10)).toEqual(times(10, WRONG_ANSWER));
    const fromOne = await guess(email, () => '10.31.1.1', 10);
    expect(fromOne).toEqual([
      ...times(ACCOUNT_IP_15_MIN.max, WRONG_ANSWER),
      ...times(10 - ACCOUNT_IP_15_MIN.max, REFUSED),
    ]);

    expect(await signIn(home, email, STRONG_PASSWORD)).toBe('ok');
    const newPhone = newVisitor({ ip: '10.30.9.9' });
    expect(await signIn(newPhone, email, STRONG_PASSWORD)).toBe('ok');
    expect((await callerFor(db(), newPhone).auth.me()).user?.email).toBe(email);
  });
});

describe('an attack from one address', () => {
  it('gets five guesses at an account, then that address is refused for it, right password included', async () => {
    const { email } = await ownerAtHome('10.32');
    const attacker = '10.33.0.1';
    expect(await guess(email, () => attacker, ACCOUNT_IP_15_MIN.max)).toEqual(
      times(ACCOUNT_IP_15_MIN.max, WRONG_ANSWER),
    );
    // The next guess is refused before the password is looked at: even the right one.
    expect(await signIn(newVisitor({ ip: attacker }), email, STRONG_PASSWORD)).toBe(REFUSED);
    // The address is held back from this account only; the owner elsewhere is not.
    const other = await ownerAtHome('10.34');
    expect(await signIn(newVisitor({ ip: attacker }), other.email, WRONG)).toBe(WRONG_ANSWER);
    expect(await signIn(newVisitor({ ip: '10.32.5.5' }), email, STRONG_PASSWORD)).toBe('ok');
  });

  it('waits longer and longer: five per 15 minutes, twenty a day', async () => {
    const { email } = await ownerAtHome('10.35');
    const attacker = '10.36.0.1';
    const key = signInKeys.accountAndIp(email, attacker);
    const answers: string[] = [];
    for (let round = 0; round < ACCOUNT_IP_DAY.max / ACCOUNT_IP_15_MIN.max; round++) {
      answers.push(...(await guess(email, () => attacker, ACCOUNT_IP_15_MIN.max + 1)));
      // A quarter of an hour passes (the account's own count too, so it stays out of the way).
      await age(key, ACCOUNT_IP_15_MIN.minutes + 1);
      await age(signInKeys.account(email), ACCOUNT_IP_15_MIN.minutes + 1);
    }
    expect(answers.filter((a) => a === WRONG_ANSWER)).toHaveLength(ACCOUNT_IP_DAY.max);
    // A quarter of an hour later the day's twenty still hold the address back.
    expect(await signIn(newVisitor({ ip: attacker }), email, STRONG_PASSWORD)).toBe(REFUSED);
    await age(key, ACCOUNT_IP_DAY.minutes);
    expect(await signIn(newVisitor({ ip: attacker }), email, STRONG_PASSWORD)).toBe('ok');
  });
});

describe('an attack from many addresses', () => {
  it('refuses new devices after twenty guesses (a batch counted call by call) while the owner’s known device gets in', async () => {
    const { email, home } = await ownerAtHome('10.40');
    const batch = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(newVisitor({ ip: `10.41.0.${i}` }), email, WRONG)),
    );
    expect(batch.filter((a) => a === WRONG_ANSWER)).toHaveLength(ACCOUNT_15_MIN.max);
    expect(batch.filter((a) => a === REFUSED)).toHaveLength(30 - ACCOUNT_15_MIN.max);

    // No stranger can guess further, whatever the address, right password included...
    expect(await signIn(newVisitor({ ip: '10.41.9.9' }), email, STRONG_PASSWORD)).toBe(REFUSED);
    // ...so a new device of the owner's is refused too (decision 007 says why).
    expect(await signIn(newVisitor({ ip: '10.40.7.7' }), email, STRONG_PASSWORD)).toBe(REFUSED);

    // The browser that signed in before gets in, at home, travelling, or behind the attacker's address.
    expect(await signIn(home, email, STRONG_PASSWORD)).toBe('ok');
    for (const ip of ['10.42.0.1', '10.41.0.3']) {
      const sameBrowser = newVisitor({ ip, device: home.device });
      expect(await signIn(sameBrowser, email, STRONG_PASSWORD)).toBe('ok');
      expect((await callerFor(db(), sameBrowser).auth.me()).user?.email).toBe(email);
    }
  });

  it('gives strangers no known-device cookie that works: another account’s, a forged or a tampered one', async () => {
    const { email } = await ownerAtHome('10.43');
    const attacker = await ownerAtHome('10.44');
    await guess(email, (i) => `10.45.0.${i}`, ACCOUNT_15_MIN.max);
    const forged = `${'a'.repeat(32)}.${'b'.repeat(22)}`;
    const tampered = `${attacker.home.device!.slice(0, -1)}${attacker.home.device!.endsWith('A') ? 'B' : 'A'}`;
    for (const device of [attacker.home.device!, forged, tampered, 'basura']) {
      expect(await signIn(newVisitor({ ip: '10.44.0.1', device }), email, STRONG_PASSWORD)).toBe(REFUSED);
    }
  });

  it('holds a known device to its own five guesses, without touching the account’s count', async () => {
    const { email, home } = await ownerAtHome('10.46');
    // Strangers leave the account five guesses short of closing to new devices.
    const strangers = ACCOUNT_15_MIN.max - DEVICE_15_MIN.max;
    expect(await guess(email, (i) => `10.46.1.${i}`, strangers)).toEqual(times(strangers, WRONG_ANSWER));
    const guesses: string[] = [];
    for (let i = 0; i < DEVICE_15_MIN.max + 1; i++) guesses.push(await signIn(home, email, WRONG));
    expect(guesses).toEqual([...times(DEVICE_15_MIN.max, WRONG_ANSWER), REFUSED]);
    expect(await signIn(home, email, STRONG_PASSWORD)).toBe(REFUSED);
    expect(await signIn(newVisitor({ ip: '10.46.3.3' }), email, STRONG_PASSWORD)).toBe('ok');
  });

  it('still lets the owner in on a new device through the reset e-mail; the new password forgets the old devices', async () => {
    const { email, home } = await ownerAtHome('10.47');
    await guess(email, (i) => `10.48.0.${i}`, ACCOUNT_15_MIN.max);
    const laptop = newVisitor({ ip: '10.47.2.2' });
    expect(await signIn(laptop, email, STRONG_PASSWORD)).toBe(REFUSED);

    const laptopCaller = callerFor(db(), laptop);
    await laptopCaller.auth.requestPasswordReset({ email });
    await laptopCaller.auth.resetPassword({
      token: tokenOf(await lastLinkTo(db(), email, 'password-reset')),
      password: 'Nueva#Clave2027',
    });
    expect((await laptopCaller.auth.me()).user?.email).toBe(email);
    // The laptop is known now: signed out, it gets back in during the attack.
    await laptopCaller.auth.signOut();
    expect(await signIn(laptop, email, 'Nueva#Clave2027')).toBe('ok');
    // The home browser was known with the old password only (as a thief's would be).
    expect(await signIn(home, email, 'Nueva#Clave2027')).toBe(REFUSED);
  });

  it('keeps the browser that changed the password known, and forgets the others', async () => {
    const { email, home } = await ownerAtHome('10.56');
    const office = newVisitor({ ip: '10.56.1.1' });
    expect(await signIn(office, email, STRONG_PASSWORD)).toBe('ok');
    await callerFor(db(), office).auth.changePassword({
      currentPassword: STRONG_PASSWORD,
      newPassword: 'Nueva#Clave2027',
    });
    await callerFor(db(), office).auth.signOut();
    await guess(email, (i) => `10.57.0.${i}`, ACCOUNT_15_MIN.max);
    expect(await signIn(office, email, 'Nueva#Clave2027')).toBe('ok');
    expect(await signIn(home, email, 'Nueva#Clave2027')).toBe(REFUSED);
  });

  it('caps strangers per account in growing windows: 20 per 15 minutes, 40 an hour, 100 a day', async () => {
    const { email } = await ownerAtHome('10.49');
    const key = signInKeys.account(email);
    let round = 0;
    const strangers = async (n: number) => {
      round++;
      const answers = await guess(email, (i) => `10.50.${round}.${i}`, n);
      return answers.filter((a) => a === WRONG_ANSWER).length;
    };
    expect(await strangers(ACCOUNT_15_MIN.max + 1)).toBe(ACCOUNT_15_MIN.max);
    await age(key, ACCOUNT_15_MIN.minutes + 1);
    expect(await strangers(ACCOUNT_15_MIN.max + 1)).toBe(ACCOUNT_HOUR.max - ACCOUNT_15_MIN.max);
    // A quarter of an hour later the hour's forty still close the account to strangers.
    await age(key, ACCOUNT_15_MIN.minutes + 1);
    expect(await strangers(1)).toBe(0);
    let wrong = ACCOUNT_HOUR.max;
    while (round < 20 && wrong < ACCOUNT_DAY.max) {
      // An hour later the 15-minute and hourly windows are empty again; the day's is not.
      await age(key, ACCOUNT_HOUR.minutes + 1);
      wrong += await strangers(ACCOUNT_15_MIN.max + 1);
    }
    expect(wrong).toBe(ACCOUNT_DAY.max);
    await age(key, ACCOUNT_HOUR.minutes + 1);
    expect(await signIn(newVisitor({ ip: '10.49.1.1' }), email, STRONG_PASSWORD)).toBe(REFUSED);
    // Over a hundred sign-ins, each checked against an argon2id hash: more than 30 s on a shared machine.
  }, 120_000);
});

describe('the owner is told', () => {
  it('with one e-mail per day however long the attack, and none while the account is not closed', async () => {
    const { email, home } = await ownerAtHome('10.51');
    await guess(email, (i) => `10.52.0.${i}`, ACCOUNT_15_MIN.max);
    expect(await warningsTo(email)).toHaveLength(0);

    const refused = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signIn(newVisitor({ ip: `10.52.1.${i}` }), email, WRONG)),
    );
    expect(refused).toEqual(times(10, REFUSED));
    const [warning] = await warningsTo(email);
    expect(await warningsTo(email)).toHaveLength(1);
    expect(warning.subject).toBe('Intentos de acceso a tu cuenta de Casillero Virtual');
    expect(warning.text).toContain('Hola Dueña Cuenta,');
    expect(warning.text).toContain(
      'Desde los dispositivos donde ya iniciaste sesión antes puedes entrar como siempre.',
    );
    expect(warning.text).toContain('http://localhost:3000/forgot-password');
    // The owner's own failures on a known device are not an attack.
    for (let i = 0; i < DEVICE_15_MIN.max + 1; i++) await signIn(home, email, WRONG);
    expect(await warningsTo(email)).toHaveLength(1);

    // The next day the attack goes on: one more e-mail.
    await age(signInKeys.ownerWarned(email), SIGNIN_LIMIT.warnOwnerEveryHours * 60 + 1);
    await guess(email, (i) => `10.52.2.${i}`, 3);
    expect(await warningsTo(email)).toHaveLength(2);
  });
});

describe('no account enumeration', () => {
  /** The same attack, from its own addresses, against one e-mail. */
  async function attack(email: string, net: string) {
    const answers = [
      ...(await guess(email, () => `${net}.0.1`, 7)),
      ...(await guess(email, (i) => `${net}.1.${i}`, ACCOUNT_15_MIN.max)),
      ...(await guess(email, (i) => `${net}.2.${i}`, 2, STRONG_PASSWORD)),
    ];
    // What is counted against the e-mail (the owner's warning aside).
    const events = await db()
      .select({ key: rateLimitEvents.key })
      .from(rateLimitEvents)
      .where(and(like(rateLimitEvents.key, `signin:account%${email}%`)));
    return { answers, events: events.length };
  }

  it('answers and counts an unknown e-mail exactly like a known one', async () => {
    const { email } = await ownerAtHome('10.53');
    const known = await attack(email, '10.54');
    const unknown = await attack(uniqueEmail('nadie'), '10.55');
    expect(unknown).toEqual(known);
    expect(known.answers).toContain(WRONG_ANSWER);
    expect(known.answers.at(-1)).toBe(REFUSED);
    // A stranger's device cookie for an unknown e-mail changes nothing either.
    expect(await signIn(newVisitor({ ip: '10.55.9.9', device: 'x' }), uniqueEmail('nadie'), WRONG)).toBe(WRONG_ANSWER);
  });
});

describe('a sign-in link by e-mail', () => {
  const linkFor = async (email: string) => tokenOf(await lastLinkTo(db(), email, 'sign-in-link'));
  const useLink = async (visitor: Visitor, token: string) => {
    try {
      await callerFor(db(), visitor).auth.signInWithLink({ token });
      return 'ok';
    } catch (err) {
      const e = err as { code?: string; message: string };
      return `${e.code}: ${e.message}`;
    }
  };

  it('lets the owner in on a new device during a distributed attack, once, and makes that browser known', async () => {
    const { email } = await ownerAtHome('10.60');
    await guess(email, (i) => `10.61.0.${i}`, ACCOUNT_15_MIN.max);
    const newPhone = newVisitor({ ip: '10.60.9.9' });
    expect(await signIn(newPhone, email, STRONG_PASSWORD)).toBe(REFUSED);

    const sent = await callerFor(db(), newPhone).auth.requestSignInLink({ email });
    expect(sent.message).toBe(AUTH_MESSAGES.signInLinkSent);
    const token = await linkFor(email);
    expect(await useLink(newPhone, token)).toBe('ok');
    expect((await callerFor(db(), newPhone).auth.me()).user?.email).toBe(email);
    // Once only: the same link again, from anywhere, is refused.
    expect(await useLink(newVisitor({ ip: '10.60.9.10' }), token)).toBe(
      `BAD_REQUEST: ${AUTH_MESSAGES.signInLinkInvalid}`,
    );
    // The phone is now a known device: the password works there again while the attack goes on.
    await callerFor(db(), newPhone).auth.signOut();
    expect(await signIn(newPhone, email, STRONG_PASSWORD)).toBe('ok');
  });

  it("stays the owner's way in while strangers guess passwords and ask for links: a few links an hour, no lock, no hint", async () => {
    const { email } = await ownerAtHome('10.63');
    const linkRows = async () =>
      (await db().select().from(emailOutbox).where(eq(emailOutbox.template, 'sign-in-link'))).filter((m) =>
        m.to.includes(email),
      );
    const accountEvents = async () =>
      (
        await db()
          .select()
          .from(rateLimitEvents)
          .where(eq(rateLimitEvents.key, signInKeys.account(email)))
      ).length;
    // The attack: enough wrong passwords from anywhere to close new devices…
    await guess(email, (i) => `10.64.0.${i}`, ACCOUNT_15_MIN.max);
    expect(await signIn(newVisitor({ ip: '10.63.9.1' }), email, STRONG_PASSWORD)).toBe(REFUSED);
    const lockBefore = await accountEvents();

    // …then link requests for the owner's address, from many addresses, spread over the hour.
    const ask = (ip: string) => callerFor(db(), newVisitor({ ip })).auth.requestSignInLink({ email });
    const answers: string[] = [];
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 3; i++) answers.push((await ask(`10.65.${round}.${i}`)).message);
      await age(signInLinkKey(email), SIGN_IN_LINK_LIMIT.minIntervalSeconds / 60 + 1);
    }
    // Every request got the same neutral answer, no refusal; only the hourly few were sent.
    expect(answers).toEqual(times(15, AUTH_MESSAGES.signInLinkSent));
    expect(await linkRows()).toHaveLength(SIGN_IN_LINK_LIMIT.perHour);
    // Link requests neither create nor extend a sign-in lock.
    expect(await accountEvents()).toBe(lockBefore);

    // The links were e-mailed long enough ago to have expired; the owner asks from a new phone.
    await db()
      .update(signInLinkTokens)
      .set({ expiresAt: sql`now() - interval '1 second'`, createdAt: sql`now() - interval '30 minutes'` });
    const phone = newVisitor({ ip: '10.63.9.2' });
    expect((await callerFor(db(), phone).auth.requestSignInLink({ email })).message).toBe(AUTH_MESSAGES.signInLinkSent);
    expect(await linkRows()).toHaveLength(SIGN_IN_LINK_LIMIT.perHour);
    // The newest link in the mailbox works again, and so does an older one, from another browser.
    const [newest, , oldest] = (await linkRows()).sort((a, b) => +b.createdAt - +a.createdAt);
    const tokenIn = (row: typeof newest) => tokenOf(row!.text.match(/https?:\/\/\S+/)![0]);
    expect(await useLink(phone, tokenIn(newest))).toBe('ok');
    expect((await callerFor(db(), phone).auth.me()).user?.email).toBe(email);
    expect(await useLink(newVisitor({ ip: '10.63.9.3' }), tokenIn(oldest))).toBe('ok');

    // Once the hour has passed, a request sends a new link again.
    await age(signInLinkKey(email), 61);
    await ask('10.65.9.9');
    expect(await linkRows()).toHaveLength(SIGN_IN_LINK_LIMIT.perHour + 1);
  });

  it('expires after its minutes, answers an unknown e-mail the same way, and gives a removed account nothing', async () => {
    const { email } = await signedInCustomer(db());
    await callerFor(db(), newVisitor({ ip: '10.62.0.1' })).auth.requestSignInLink({ email });
    const token = await linkFor(email);
    await db().update(signInLinkTokens).set({ expiresAt: sql`now() - interval '1 second'` });
    expect(await useLink(newVisitor({ ip: '10.62.0.2' }), token)).toBe(
      `BAD_REQUEST: ${AUTH_MESSAGES.signInLinkInvalid}`,
    );

    const unknown = uniqueEmail('nadie');
    expect(await callerFor(db(), newVisitor({ ip: '10.62.0.3' })).auth.requestSignInLink({ email: unknown })).toEqual({
      message: AUTH_MESSAGES.signInLinkSent,
    });
    await expect(lastLinkTo(db(), unknown, 'sign-in-link')).rejects.toThrow();

    const removed = await signedInCustomer(db());
    await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.email, removed.email));
    expect(
      await callerFor(db(), newVisitor({ ip: '10.62.0.4' })).auth.requestSignInLink({ email: removed.email }),
    ).toEqual({ message: AUTH_MESSAGES.signInLinkSent });
    await expect(lastLinkTo(db(), removed.email, 'sign-in-link')).rejects.toThrow();
  });
});
