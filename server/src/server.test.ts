// The HTTP layer: cookies, headers, health, SPA fallback and error answers, through
// Fastify's inject (no port opened).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, SESSION_COOKIE_NAME } from '@casillero/shared';
import type { Database } from './db/client';
import { testConfig } from './env';
import { createServer, maskEmailsIn } from './server';
import { createTestDatabase } from './test/db';
import { STRONG_PASSWORD, signedInCustomer } from './test/factories';

let database: Database;
let server: Awaited<ReturnType<typeof createServer>>;
let email: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await createServer({ config: testConfig({ appUrl: 'http://localhost:3000' }), database });
  ({ email } = await signedInCustomer(database.db));
});
afterAll(async () => {
  await server.stop();
  await database.close();
});

const signIn = (headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/trpc/auth.signIn',
    headers: { 'content-type': 'application/json', host: 'localhost:3000', ...headers },
    payload: JSON.stringify({ email, password: STRONG_PASSWORD }),
  });

describe('HTTP server', () => {
  it('reports health with a database check', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, and the session works on the next request', async () => {
    const res = await signIn({ origin: 'http://localhost:3000' });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE_NAME)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBeFalsy();
    expect(new Date(cookie.expires!).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);

    const me = await server.app.inject({
      method: 'GET',
      url: '/trpc/auth.me',
      cookies: { [SESSION_COOKIE_NAME]: cookie.value },
    });
    expect(me.json().result.data.user.email).toBe(email);
  });

  it('marks the cookie Secure when served over HTTPS', async () => {
    const https = await createServer({ config: testConfig({ appUrl: 'https://casillero.example' }), database });
    try {
      const res = await https.app.inject({
        method: 'POST',
        url: '/trpc/auth.signIn',
        headers: { 'content-type': 'application/json', origin: 'https://casillero.example' },
        payload: JSON.stringify({ email, password: STRONG_PASSWORD }),
      });
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE_NAME)!.secure).toBe(true);
    } finally {
      await https.app.close();
    }
  });

  it('refuses a mutation from a foreign Origin with a Spanish message', async () => {
    const res = await signIn({ origin: 'https://otro-sitio.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(AUTH_MESSAGES.foreignOrigin);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE_NAME)).toBeUndefined();
  });

  it('answers validation errors with the Spanish message and each field’s message', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'no-es-un-email', password: '' }),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.message).toBe(AUTH_MESSAGES.invalidEmail);
    expect(body.error.data.fieldErrors).toMatchObject({
      email: AUTH_MESSAGES.invalidEmail,
      password: AUTH_MESSAGES.passwordRequired,
    });
  });

  it('sends security headers', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('answers unknown API paths with JSON 404 and unknown pages with the SPA', async () => {
    const api = await server.app.inject({ method: 'GET', url: '/nada/archivo.js' });
    expect(api.statusCode).toBe(404);
    const page = await server.app.inject({ method: 'GET', url: '/dashboard/mi-perfil' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('log masking', () => {
  it('keeps only the first 3 characters of e-mails, also URL-encoded', () => {
    expect(maskEmailsIn('/trpc/x?input={"email":"maria@casillero.test"}')).toBe('/trpc/x?input={"email":"mar***"}');
    expect(maskEmailsIn('q=carlos%40casillero.test&x=1')).toBe('q=car***&x=1');
    expect(maskEmailsIn('/trpc/auth.me?input=%7B%22email%22%3A%22maria%40casillero.test%22%7D')).toBe(
      '/trpc/auth.me?input={"email":"mar***"}',
    );
  });
});
