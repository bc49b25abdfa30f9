// The origins whose mutations and uploads are accepted (env.ts, allowedOrigins): with APP_URL
// its origin alone; without it (a local start) the app's port under each loopback name, so
// http://127.0.0.1:3000 signs in as http://localhost:3000 does. A foreign origin never passes.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, SESSION_COOKIE_NAME } from '@casillero/shared';
import type { Database } from '../db/client';
import { loadConfig, testConfig } from '../env';
import { createServer } from '../server';
import { createTestDatabase } from '../test/db';
import { signedInCustomer, STRONG_PASSWORD } from '../test/factories';
import { multipartBody, tempStorageDir, tinyPng } from '../test/files';

const PORT = 4321;

describe('allowedOrigins', () => {
  it('without APP_URL: the port under localhost, 127.0.0.1 and [::1]', () => {
    expect(loadConfig({ PORT: String(PORT) }).allowedOrigins).toEqual([
      `http://localhost:${PORT}`,
      `http://127.0.0.1:${PORT}`,
      `http://[::1]:${PORT}`,
    ]);
    expect(loadConfig({ APP_URL: '' }).allowedOrigins).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    // As a browser writes them: no default port.
    expect(loadConfig({ PORT: '80' }).allowedOrigins).toEqual(['http://localhost', 'http://127.0.0.1', 'http://[::1]']);
  });

  it('with APP_URL: its origin alone', () => {
    expect(loadConfig({ APP_URL: 'https://Casillero.Example/' }).allowedOrigins).toEqual(['https://casillero.example']);
    expect(loadConfig({ APP_URL: 'http://localhost:3000', PORT: '3000' }).allowedOrigins).toEqual([
      'http://localhost:3000',
    ]);
  });

  it('refuses an APP_URL that is not an http(s) URL', () => {
    expect(() => loadConfig({ APP_URL: 'casillero.example' })).toThrow(/APP_URL debe ser una URL http\(s\)/);
    expect(() => loadConfig({ APP_URL: 'ftp://casillero.example' })).toThrow(/APP_URL/);
  });
});

describe('the Origin check of a local start and of a configured APP_URL', () => {
  let database: Database;
  let storageDir: string;
  let email: string;
  let customerToken: string;
  /** No APP_URL: as `npm start` on a laptop. */
  let local: Awaited<ReturnType<typeof createServer>>;
  /** APP_URL set to the very URL the local start prints. */
  let configured: Awaited<ReturnType<typeof createServer>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    storageDir = tempStorageDir();
    local = await createServer({ config: testConfig({ port: PORT, storageDir }), database });
    configured = await createServer({
      config: testConfig({ port: PORT, appUrl: `http://localhost:${PORT}`, storageDir }),
      database,
    });
    const customer = await signedInCustomer(database.db);
    email = customer.email;
    customerToken = customer.visitor.token!;
  });
  afterAll(async () => {
    await local.app.close();
    await configured.app.close();
    await database.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  type Row = { origin: string; host?: string; local: boolean; configured: boolean };
  const rows: [string, Row][] = [
    ['the printed URL, localhost', { origin: `http://localhost:${PORT}`, local: true, configured: true }],
    ['127.0.0.1', { origin: `http://127.0.0.1:${PORT}`, local: true, configured: false }],
    ['[::1]', { origin: `http://[::1]:${PORT}`, local: true, configured: false }],
    ['a loopback name on another port', { origin: 'http://127.0.0.1:5173', local: false, configured: false }],
    ['a loopback name over HTTPS', { origin: `https://127.0.0.1:${PORT}`, local: false, configured: false }],
    ['a foreign origin', { origin: 'https://evil.example', local: false, configured: false }],
    [
      'a foreign origin that the Host header names',
      { origin: `http://evil.example:${PORT}`, host: `evil.example:${PORT}`, local: false, configured: false },
    ],
  ];
  const servers = [
    ['without APP_URL', () => local, (row: Row) => row.local],
    ['with APP_URL', () => configured, (row: Row) => row.configured],
  ] as const;
  const cases = servers.flatMap(([setting, server, allowed]) =>
    rows.map(([name, row]) => [`${setting}: ${name}`, server, row, allowed(row)] as const),
  );

  it.each(cases)('a mutation %s', async (_name, server, row, allowed) => {
    const res = await server().app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers: { 'content-type': 'application/json', origin: row.origin, ...(row.host && { host: row.host }) },
      payload: JSON.stringify({ email, password: STRONG_PASSWORD }),
    });
    if (allowed) {
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE_NAME)?.value).toBeTruthy();
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(AUTH_MESSAGES.foreignOrigin);
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE_NAME)).toBeUndefined();
    }
  });

  it.each(cases)('an upload %s', async (_name, server, row, allowed) => {
    const { payload, contentType } = multipartBody([
      { name: 'file', filename: 'a.png', contentType: 'image/png', bytes: tinyPng() },
    ]);
    const res = await server().app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { 'content-type': contentType, origin: row.origin, ...(row.host && { host: row.host }) },
      payload,
      cookies: { [SESSION_COOKIE_NAME]: customerToken },
    });
    if (allowed) {
      expect(res.statusCode).toBe(201);
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: AUTH_MESSAGES.foreignOrigin });
    }
  });
});
