// The Origin check of mutations and uploads (docs/product/security.md#no-internals-in-answers), under
// a production config: APP_URL, or the proxy's forwarded host under TRUST_PROXY, never the Host
// header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@casillero/shared';
import { createServer } from '../server';
import { multipartBody, tinyPng } from '../test/files';
import { useHardening, APP_URL, APP_HOST, database, config, server, asCustomer, readError } from '../test/hardening';

useHardening();

describe('the Origin check of mutations and uploads', () => {
  let behindProxy: Awaited<ReturnType<typeof createServer>>;
  beforeAll(async () => {
    behindProxy = await createServer({ config: { ...config, trustProxy: { hops: 1 } }, database });
  });
  afterAll(async () => {
    await behindProxy.app.close();
  });

  type OriginRow = { name: string; trustProxy: boolean; headers: Record<string, string>; allowed: boolean };
  const originRows: OriginRow[] = [
    { name: 'APP_URL', trustProxy: false, headers: { origin: APP_URL, host: 'localhost:3000' }, allowed: true },
    {
      name: 'APP_URL with any letter case',
      trustProxy: false,
      headers: { origin: 'HTTPS://Casillero.Example' },
      allowed: true,
    },
    { name: 'no Origin (not a cross-site browser request)', trustProxy: false, headers: {}, allowed: true },
    {
      name: 'a foreign origin that the Host header names',
      trustProxy: false,
      headers: { origin: 'https://evil.example', host: 'evil.example' },
      allowed: false,
    },
    {
      name: 'APP_URL’s host over plain HTTP',
      trustProxy: false,
      headers: { origin: `http://${APP_HOST}`, host: APP_HOST },
      allowed: false,
    },
    { name: 'the opaque origin', trustProxy: false, headers: { origin: 'null' }, allowed: false },
    {
      name: 'a forwarded host without TRUST_PROXY',
      trustProxy: false,
      headers: { origin: 'https://alias.example', 'x-forwarded-host': 'alias.example' },
      allowed: false,
    },
    {
      name: 'the forwarded host under TRUST_PROXY',
      trustProxy: true,
      headers: { origin: 'https://alias.example', host: 'interno:3000', 'x-forwarded-host': 'alias.example' },
      allowed: true,
    },
    {
      name: 'the last forwarded host under TRUST_PROXY (the one the proxy added)',
      trustProxy: true,
      headers: { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example, alias.example' },
      allowed: false,
    },
    {
      name: 'the Host header under TRUST_PROXY, without a forwarded host',
      trustProxy: true,
      headers: { origin: 'https://evil.example', host: 'evil.example' },
      allowed: false,
    },
  ];

  const app = (row: OriginRow) => (row.trustProxy ? behindProxy.app : server.app);

  it.each(originRows.map((r) => [r.name, r] as const))('a mutation: %s', async (_name, row) => {
    const res = await app(row).inject({
      method: 'POST',
      url: '/trpc/auth.signOut',
      headers: { ...row.headers, 'content-type': 'application/json' },
    });
    if (row.allowed) {
      expect(res.statusCode).toBe(200);
    } else {
      expect(res.statusCode).toBe(403);
      expect(readError(res.body)).toEqual({ message: AUTH_MESSAGES.foreignOrigin, code: 'FORBIDDEN' });
    }
  });

  it.each(originRows.map((r) => [r.name, r] as const))('an upload: %s', async (_name, row) => {
    const { payload, contentType } = multipartBody([
      { name: 'file', filename: 'a.png', contentType: 'image/png', bytes: tinyPng() },
    ]);
    const res = await app(row).inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...row.headers, 'content-type': contentType },
      payload,
      cookies: asCustomer(),
    });
    if (row.allowed) {
      expect(res.statusCode).toBe(201);
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: AUTH_MESSAGES.foreignOrigin });
    }
  });
});
