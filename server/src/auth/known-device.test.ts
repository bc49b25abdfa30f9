// The known-device cookie (docs/decisions/007): what it recognises, and how it travels over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, KNOWN_DEVICE_COOKIE_NAME, SIGNIN_LIMIT } from '@casillero/shared';
import type { Database } from '../db/client';
import { testConfig } from '../env';
import { createServer } from '../server';
import { createTestDatabase } from '../test/db';
import { callerFor, newVisitor } from '../test/caller';
import { STRONG_PASSWORD, signedInCustomer } from '../test/factories';
import { recogniseDevice, rememberDevice } from './known-device';

describe('recognising a device', () => {
  const key = Buffer.alloc(32, 7);
  const ana = { id: '11111111-1111-4111-8111-111111111111', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$ana' };
  const luis = { id: '22222222-2222-4222-8222-222222222222', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$luis' };

  it('knows the browser to the account it signed in to, with that password, and to no other', () => {
    const cookie = rememberDevice(key, null, ana);
    const deviceId = recogniseDevice(key, cookie, ana);
    expect(deviceId).toMatch(/^[a-z2-7]{32}$/);
    expect(recogniseDevice(key, cookie, luis)).toBeNull();
    expect(recogniseDevice(key, cookie, { ...ana, passwordHash: `${ana.passwordHash}-nueva` })).toBeNull();
    expect(recogniseDevice(Buffer.alloc(32, 8), cookie, ana)).toBeNull();
  });

  it('refuses a missing, malformed or tampered cookie', () => {
    const cookie = rememberDevice(key, null, ana);
    const flipped = `${cookie.slice(0, -1)}${cookie.endsWith('A') ? 'B' : 'A'}`;
    const otherDevice = `${'a'.repeat(32)}${cookie.slice(32)}`;
    for (const bad of [null, undefined, '', 'basura', flipped, otherDevice, `${cookie}.`, `${cookie} `]) {
      expect(recogniseDevice(key, bad, ana)).toBeNull();
    }
  });

  it('keeps one device id for the last five accounts signed in from the browser', () => {
    const first = rememberDevice(key, null, ana);
    const shared = rememberDevice(key, first, luis);
    const deviceId = recogniseDevice(key, first, ana);
    expect(recogniseDevice(key, shared, ana)).toBe(deviceId);
    expect(recogniseDevice(key, shared, luis)).toBe(deviceId);
    // Signing in again does not add a second entry.
    expect(rememberDevice(key, shared, luis).length).toBe(shared.length);

    const others = [3, 4, 5, 6].map((n) => ({ id: `${n}`.repeat(8), passwordHash: `hash-${n}` }));
    const full = others.reduce((cookie, account) => rememberDevice(key, cookie, account), shared);
    expect(recogniseDevice(key, full, ana)).toBeNull();
    for (const account of [luis, ...others]) expect(recogniseDevice(key, full, account)).toBe(deviceId);
  });
});

describe('over HTTP', () => {
  let database: Database;
  let server: Awaited<ReturnType<typeof createServer>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    server = await createServer({ config: testConfig({ appUrl: 'http://localhost:3000' }), database });
  });
  afterAll(async () => {
    await server.stop();
    await database.close();
  });

  const signIn = (email: string, cookies: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: JSON.stringify({ email, password: STRONG_PASSWORD }),
      cookies,
    });

  it('sets a long-lived HttpOnly cookie at sign-in that lets the browser in while strangers are refused', async () => {
    const { email } = await signedInCustomer(database.db, { visitor: newVisitor({ ip: '10.60.0.1' }) });
    const first = await signIn(email);
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE_NAME)!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(new Date(device.expires!).getTime()).toBeGreaterThan(Date.now() + 364 * 24 * 3600 * 1000);
    expect(first.body).not.toContain(device.value);

    // Strangers from many addresses close the account to new devices.
    const [tier] = SIGNIN_LIMIT.perAccount;
    for (let i = 0; i <= tier.max; i++) {
      await expect(
        callerFor(database.db, newVisitor({ ip: `10.61.0.${i}` })).auth.signIn({ email, password: 'Mala#Clave1' }),
      ).rejects.toThrow();
    }
    const stranger = await signIn(email);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().error.message).toBe(AUTH_MESSAGES.tooManyAttempts);

    const known = await signIn(email, { [KNOWN_DEVICE_COOKIE_NAME]: device.value });
    expect(known.statusCode).toBe(200);
    expect(known.json().result.data.user.email).toBe(email);
  });
});
