// Hardening (docs/product/security.md#no-internals-in-answers) below the routes, under a production
// config: what Node's HTTP parser refuses, and a database that fails in SQL, are answered in
// Spanish without internals (development alone shows the error as it is).
import type net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_CSV_PATH,
  GENERIC_MESSAGES,
  HTTP_MESSAGES,
  REPORT_XLSX_PATH,
  TRACKINGS_CSV_PATH,
  spreadsheetPath,
} from '@casillero/shared';
import { createServer } from '../server';
import { multipartBody, tinyPng } from '../test/files';
import {
  useHardening,
  APP_HOST,
  database,
  config,
  server,
  asCustomer,
  asAdmin,
  expectNoInternals,
  expectAnswer,
  sendRaw,
  type Row,
} from '../test/hardening';

useHardening();

describe("requests Node's HTTP parser refuses", () => {
  let port: number;
  beforeAll(async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as net.AddressInfo).port;
  });

  const rows: { name: string; request: () => string; status: number; message: string }[] = [
    {
      name: 'headers over the size limit',
      request: () => `GET /trpc/auth.me HTTP/1.1\r\nHost: ${APP_HOST}\r\nX-Relleno: ${'a'.repeat(20_000)}\r\n\r\n`,
      status: 431,
      message: HTTP_MESSAGES.headersTooLarge,
    },
    {
      name: 'a request line that is not HTTP',
      request: () => 'esto no es HTTP\r\n\r\n',
      status: 400,
      message: HTTP_MESSAGES.badRequest,
    },
  ];

  it.each(rows.map((r) => [r.name, r] as const))('%s', async (_name, { request, status, message }) => {
    const res = await sendRaw(port, request());
    expect(res.status).toBe(status);
    expect(JSON.parse(res.body)).toEqual({ error: message });
    expectNoInternals(res.body);
  });
});

describe('when the database fails', () => {
  // Renaming the sessions table makes every signed-in request fail in SQL, in tRPC's context
  // (before any procedure), in the file routes and in the exports alike.
  let development: Awaited<ReturnType<typeof createServer>>;
  beforeAll(async () => {
    development = await createServer({ config: { ...config, isProduction: false }, database });
    await database.db.execute(sql`alter table sessions rename to sessions_renamed`);
  });
  afterAll(async () => {
    await database.db.execute(sql`alter table sessions_renamed rename to sessions`);
    await development.app.close();
  });

  const rows: Row[] = [
    {
      name: 'a direct query, whose context cannot be built',
      request: () => ({ method: 'GET', url: '/trpc/auth.me', cookies: asCustomer() }),
      status: 500,
      code: 'INTERNAL_SERVER_ERROR',
      message: GENERIC_MESSAGES.internal,
    },
    {
      name: 'a mutation, whose context cannot be built',
      request: () => ({
        method: 'POST',
        url: '/trpc/auth.signOut',
        headers: { 'content-type': 'application/json' },
        cookies: asCustomer(),
      }),
      status: 500,
      code: 'INTERNAL_SERVER_ERROR',
      message: GENERIC_MESSAGES.internal,
    },
    {
      name: 'an upload',
      request: () => {
        const { payload, contentType } = multipartBody([
          { name: 'file', filename: 'a.png', contentType: 'image/png', bytes: tinyPng() },
        ]);
        return {
          method: 'POST',
          url: '/api/files',
          headers: { 'content-type': contentType },
          payload,
          cookies: asCustomer(),
        };
      },
      status: 500,
      message: GENERIC_MESSAGES.internal,
    },
    {
      name: 'the trackings export',
      request: () => ({ method: 'GET', url: TRACKINGS_CSV_PATH, cookies: asAdmin() }),
      status: 500,
      message: GENERIC_MESSAGES.internal,
    },
    {
      name: 'the audit export',
      request: () => ({ method: 'GET', url: AUDIT_CSV_PATH, cookies: asAdmin() }),
      status: 500,
      message: GENERIC_MESSAGES.internal,
    },
    // The Excel files, whose routes check the session the same way.
    {
      name: 'the trackings Excel export',
      request: () => ({ method: 'GET', url: spreadsheetPath(TRACKINGS_CSV_PATH, 'xlsx'), cookies: asAdmin() }),
      status: 500,
      message: GENERIC_MESSAGES.internal,
    },
    {
      name: 'the audit Excel export',
      request: () => ({ method: 'GET', url: spreadsheetPath(AUDIT_CSV_PATH, 'xlsx'), cookies: asAdmin() }),
      status: 500,
      message: GENERIC_MESSAGES.internal,
    },
    {
      name: 'the report Excel export',
      request: () => ({ method: 'GET', url: REPORT_XLSX_PATH, cookies: asAdmin() }),
      status: 500,
      message: GENERIC_MESSAGES.internal,
    },
  ];

  it.each(rows.map((r) => [r.name, r] as const))('%s answers the generic message', (_name, row) => expectAnswer(row));

  it('would otherwise show the SQL: development answers the export’s error as it is', async () => {
    const res = await development.app.inject({ method: 'GET', url: TRACKINGS_CSV_PATH, cookies: asAdmin() });
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toMatch(/select/i);
  });
});
