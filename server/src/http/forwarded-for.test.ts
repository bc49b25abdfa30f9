// Behind the proxies TRUST_PROXY names, a client that writes its own X-Forwarded-For is still
// counted, limited and recorded at the address our proxy saw: a new spoofed value per request
// buys no extra sign-in attempts, no extra public look-ups and no words in the audit log.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PUBLIC_TRACKING_LIMIT, PUBLIC_TRACKING_MESSAGES, SIGNIN_LIMIT } from '@casillero/shared';
import { createOrPromoteAdmin } from '../services/auth';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';
import { type TrustedProxies, testConfig } from '../env';
import { createServer } from '../server';
import { createTestDatabase } from '../test/db';
import { STRONG_PASSWORD, uniqueEmail, userIdOf } from '../test/factories';

const APP_URL = 'http://localhost:3000';
const BROWSER = 'Mozilla/5.0 (Linux; Android 14) Chrome/156.0 Mobile';

let database: Database;
const servers: Awaited<ReturnType<typeof createServer>>[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const server of servers) await server.stop();
  await database.close();
});

async function serverBehind(trustProxy: TrustedProxies) {
  const server = await createServer({ config: testConfig({ appUrl: APP_URL, trustProxy }), database });
  servers.push(server);
  return server;
}

/** One request as the proxy relays it: from `proxy` (the socket), with the header it passes on. */
type Relay = { proxy: string; forwardedFor: (i: number) => string };

/** Behind Caddy alone (TRUST_PROXY=1): the client's spoof, then the address Caddy appended. */
const behindCaddy = (client: string): Relay => ({
  proxy: '127.0.0.1',
  forwardedFor: (i) => `203.0.113.${i % 250}, ${client}`,
});
/** Behind a load balancer (10.0.0.2) and Caddy (10.0.0.3) (TRUST_PROXY=2). */
const behindBalancer = (client: string): Relay => ({
  proxy: '10.0.0.3',
  forwardedFor: (i) => `203.0.113.${i % 250}, ${client}, 10.0.0.2`,
});

const readError = (body: string) => JSON.parse(body).error as { message: string; data: { code: string } };

describe.each([
  ['one trusted hop', { hops: 1 } as TrustedProxies, behindCaddy],
  ['two trusted hops', { hops: 2 } as TrustedProxies, behindBalancer],
  ['trusted proxies by address', { ranges: ['10.0.0.0/8'] } as TrustedProxies, behindBalancer],
])('a spoofed X-Forwarded-For behind %s', (_name, trustProxy, relay) => {
  it('counts every public look-up against the real client', async () => {
    const server = await serverBehind(trustProxy);
    const { proxy, forwardedFor } = relay(`198.51.100.${servers.length}`);
    const lookUp = (i: number) =>
      server.app.inject({
        method: 'GET',
        url: `/trpc/publicTracking.lookup?input=${encodeURIComponent(JSON.stringify({ number: `1Z999AA1012345678${i % 10}` }))}`,
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': forwardedFor(i) },
      });
    for (let i = 0; i < PUBLIC_TRACKING_LIMIT.perIp; i++) expect((await lookUp(i)).statusCode).toBe(200);
    const refused = await lookUp(PUBLIC_TRACKING_LIMIT.perIp);
    expect(refused.statusCode).toBe(429);
    expect(readError(refused.body).message).toBe(
      PUBLIC_TRACKING_MESSAGES.tooManyLookups(PUBLIC_TRACKING_LIMIT.windowMinutes),
    );
  });
});

describe('sign-in behind one trusted hop', () => {
  it('limits wrong passwords over many accounts per real address, whatever the header says', async () => {
    const server = await serverBehind({ hops: 1 });
    const { proxy, forwardedFor } = behindCaddy('198.51.100.200');
    const [{ max }] = SIGNIN_LIMIT.perIp;
    const signIn = (i: number) =>
      server.app.inject({
        method: 'POST',
        url: '/trpc/auth.signIn',
        remoteAddress: proxy,
        headers: { 'content-type': 'application/json', origin: APP_URL, 'x-forwarded-for': forwardedFor(i) },
        payload: JSON.stringify({ email: uniqueEmail('victima'), password: 'Incorrecta#2026' }),
      });
    for (let i = 0; i < max; i++) expect((await signIn(i)).statusCode).toBe(401);
    const refused = await signIn(max);
    expect(refused.statusCode).toBe(429);
    expect(readError(refused.body).message).toBe(AUTH_MESSAGES.tooManyAttempts);
  });

  it('records the address the proxy saw in the audit log, never what the client wrote', async () => {
    const server = await serverBehind({ hops: 1 });
    const email = uniqueEmail('admin');
    await createOrPromoteAdmin(database.db, { email, password: STRONG_PASSWORD, fullName: 'Admin Proxy' });
    const signIn = (forwardedFor: string) =>
      server.app.inject({
        method: 'POST',
        url: '/trpc/auth.signIn',
        remoteAddress: '127.0.0.1',
        headers: {
          'content-type': 'application/json',
          origin: APP_URL,
          'x-forwarded-for': forwardedFor,
          'user-agent': BROWSER,
        },
        payload: JSON.stringify({ email, password: STRONG_PASSWORD }),
      });
    const actorId = await userIdOf(database.db, email);
    const lastSignIn = async () => {
      const [row] = await database.db
        .select({ ip: auditLog.ip, userAgent: auditLog.userAgent })
        .from(auditLog)
        .where(and(eq(auditLog.actorId, actorId), eq(auditLog.operation, 'sign_in')))
        .orderBy(desc(auditLog.id))
        .limit(1);
      return row;
    };

    expect((await signIn('<script>x</script>, 198.51.100.9')).statusCode).toBe(200);
    expect(await lastSignIn()).toEqual({ ip: '198.51.100.9', userAgent: BROWSER });
    // A proxy never appends anything but an address: if the right end is not one, the proxy's own stands in.
    expect((await signIn('<script>x</script>')).statusCode).toBe(200);
    expect(await lastSignIn()).toEqual({ ip: '127.0.0.1', userAgent: BROWSER });
  });
});

describe('without TRUST_PROXY', () => {
  it('takes the socket’s address and ignores the header', async () => {
    const server = await serverBehind(null);
    const lookUp = (i: number) =>
      server.app.inject({
        method: 'GET',
        url: `/trpc/publicTracking.lookup?input=${encodeURIComponent(JSON.stringify({ number: 'WR-2026-0000001' }))}`,
        remoteAddress: '198.51.100.77',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
    for (let i = 0; i < PUBLIC_TRACKING_LIMIT.perIp; i++) expect((await lookUp(i)).statusCode).toBe(200);
    expect((await lookUp(99)).statusCode).toBe(429);
  });
});
