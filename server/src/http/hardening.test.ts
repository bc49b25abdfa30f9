// Hardening (docs/product/security.md#no-internals-in-answers) over HTTP, under a production config: whatever refuses a request (Node's
// HTTP parser, Fastify, tRPC before or after the context exists, the file routes, the CSV
// exports), the answer keeps its status and tRPC code, says it in Spanish and carries no stack,
// file path or SQL. One row per kind of request: a new route adds rows to the tables below.
// Then the Origin check of mutations and uploads: APP_URL, or the proxy's forwarded host under
// TRUST_PROXY, never the Host header.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { getErrorShape } from '@trpc/server/unstable-core-do-not-import';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_CSV_PATH,
  AUDIT_MESSAGES,
  AUTH_MESSAGES,
  FILE_MESSAGES,
  GENERIC_MESSAGES,
  HTTP_MESSAGES,
  SESSION_COOKIE_NAME,
  TRACKINGS_CSV_PATH,
  TRPC_MAX_BATCH_CALLS,
} from '@casillero/shared';
import type { Database } from '../db/client';
import { testConfig, type Config } from '../env';
import { createServer } from '../server';
import { createTestDatabase } from '../test/db';
import { signedInAdmin, signedInCustomer } from '../test/factories';
import { multipartBody, tempStorageDir, tinyPng } from '../test/files';
import { appRouter } from '../trpc/router';

const APP_URL = 'https://casillero.example';
const APP_HOST = 'casillero.example';

let database: Database;
let storageDir: string;
let config: Config;
let server: Awaited<ReturnType<typeof createServer>>;
let customerToken: string;
let adminToken: string;

beforeAll(async () => {
  database = await createTestDatabase();
  storageDir = tempStorageDir();
  // nodeEnv stays 'test' (no request logs in the output); isProduction is what answers read.
  config = testConfig({ appUrl: APP_URL, storageDir, isProduction: true });
  server = await createServer({ config, database });
  customerToken = (await signedInCustomer(database.db)).visitor.token!;
  adminToken = (await signedInAdmin(database.db)).visitor.token!;
});
afterAll(async () => {
  await server.stop();
  await database.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

const asCustomer = () => ({ [SESSION_COOKIE_NAME]: customerToken });
const asAdmin = () => ({ [SESSION_COOKIE_NAME]: adminToken });
const json = (payload: string) => ({ headers: { 'content-type': 'application/json' }, payload });
const TOO_LARGE = JSON.stringify({ text: 'x'.repeat(9 * 1024 * 1024) });

/** What must never reach a client: stack frames, server paths, SQL. */
const INTERNALS = [
  /stack/i,
  /\/work\//,
  /node_modules/,
  /\.[cm]?[jt]s:\d/,
  /\bat \S+ \(/,
  /\bselect\s/i,
  /insert into/i,
  /\bfrom "/i,
];

function expectNoInternals(body: string) {
  for (const pattern of INTERNALS) expect(body).not.toMatch(pattern);
}

/** What a person reads in an answer: tRPC's error message, or the `error` of a plain route. */
function readError(body: string): { message: unknown; code?: unknown } {
  const parsed = JSON.parse(body);
  const error = Array.isArray(parsed) ? parsed.find((r) => r.error)?.error : parsed.error;
  return typeof error === 'string' ? { message: error } : { message: error?.message, code: error?.data?.code };
}

type Row = {
  name: string;
  request: () => InjectOptions;
  status: number;
  message: string;
  /** The tRPC error code, for answers of the tRPC endpoint. */
  code?: TRPC_ERROR_CODE_KEY;
};

const trpcRows: Row[] = [
  {
    name: 'a mutation sent as text/plain',
    request: () => ({
      method: 'POST',
      url: '/trpc/profile.update',
      headers: { 'content-type': 'text/plain' },
      payload: 'hola',
    }),
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: HTTP_MESSAGES.unsupportedMediaType,
  },
  {
    name: 'a mutation without a content type',
    request: () => ({ method: 'POST', url: '/trpc/auth.signOut' }),
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: HTTP_MESSAGES.unsupportedMediaType,
  },
  {
    name: 'a content type Fastify does not read',
    request: () => ({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    }),
    status: 415,
    message: HTTP_MESSAGES.unsupportedMediaType,
  },
  {
    name: 'a GET batch that mixes a query and a mutation',
    request: () => ({ method: 'GET', url: '/trpc/auth.me,auth.signOut?batch=1&input=%7B%7D' }),
    status: 400,
    code: 'BAD_REQUEST',
    message: HTTP_MESSAGES.mixedBatch,
  },
  {
    name: 'a body over the limit',
    request: () => ({ method: 'POST', url: '/trpc/auth.signIn', ...json(TOO_LARGE) }),
    status: 413,
    message: HTTP_MESSAGES.payloadTooLarge,
  },
  {
    name: 'a batch of more calls than the client ever sends',
    request: () => ({
      method: 'GET',
      url: `/trpc/${Array.from({ length: TRPC_MAX_BATCH_CALLS + 1 }, () => 'auth.me').join(',')}?batch=1&input=%7B%7D`,
    }),
    status: 413,
    message: HTTP_MESSAGES.batchTooLarge,
  },
  {
    name: 'an unknown procedure (GET)',
    request: () => ({ method: 'GET', url: '/trpc/nada.nada' }),
    status: 404,
    code: 'NOT_FOUND',
    message: HTTP_MESSAGES.procedureNotFound,
  },
  {
    name: 'an unknown procedure (POST)',
    request: () => ({ method: 'POST', url: '/trpc/nada.nada', ...json('{}') }),
    status: 404,
    code: 'NOT_FOUND',
    message: HTTP_MESSAGES.procedureNotFound,
  },
  {
    name: 'an unknown procedure in a batch',
    request: () => ({ method: 'GET', url: '/trpc/auth.me,nada.nada?batch=1&input=%7B%7D' }),
    status: 207,
    code: 'NOT_FOUND',
    message: HTTP_MESSAGES.procedureNotFound,
  },
  {
    name: 'a POST to a query procedure',
    request: () => ({ method: 'POST', url: '/trpc/auth.me', ...json('{}') }),
    status: 405,
    code: 'METHOD_NOT_SUPPORTED',
    message: HTTP_MESSAGES.methodNotAllowed,
  },
  {
    name: 'a GET to a mutation procedure',
    request: () => ({ method: 'GET', url: '/trpc/auth.signOut' }),
    status: 405,
    code: 'METHOD_NOT_SUPPORTED',
    message: HTTP_MESSAGES.methodNotAllowed,
  },
  {
    name: 'malformed JSON in a mutation body',
    request: () => ({ method: 'POST', url: '/trpc/auth.signIn', ...json('{"email":') }),
    status: 400,
    code: 'BAD_REQUEST',
    message: GENERIC_MESSAGES.invalidInput,
  },
  {
    name: 'malformed JSON in a query input (answered directly)',
    request: () => ({ method: 'GET', url: '/trpc/staff.invitation?input=%7B' }),
    status: 400,
    code: 'BAD_REQUEST',
    message: GENERIC_MESSAGES.invalidInput,
  },
  {
    name: 'a batch input that is not an object (answered directly)',
    request: () => ({ method: 'GET', url: '/trpc/auth.me,staff.invitation?batch=1&input=%5B1%5D' }),
    status: 207,
    code: 'BAD_REQUEST',
    message: HTTP_MESSAGES.badRequest,
  },
  {
    name: 'a path with broken URL encoding',
    request: () => ({ method: 'GET', url: '/trpc/%E0%A4%A' }),
    status: 400,
    message: HTTP_MESSAGES.badRequest,
  },
  {
    name: 'a path over the parameter limit',
    request: () => ({ method: 'GET', url: `/trpc/${'a'.repeat(6000)}` }),
    status: 414,
    message: HTTP_MESSAGES.uriTooLong,
  },
  {
    name: 'a mutation from a foreign origin',
    request: () => ({
      method: 'POST',
      url: '/trpc/auth.signOut',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
    }),
    status: 403,
    code: 'FORBIDDEN',
    message: AUTH_MESSAGES.foreignOrigin,
  },
  {
    name: 'an invalid input (the schema’s Spanish message)',
    request: () => ({ method: 'POST', url: '/trpc/auth.signIn', ...json('{"email":"no","password":""}') }),
    status: 400,
    code: 'BAD_REQUEST',
    message: 'Por favor ingresa un email válido.',
  },
];

const fileRows: Row[] = [
  {
    name: 'an upload that is not a form',
    request: () => ({
      method: 'POST',
      url: '/api/files',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
      cookies: asCustomer(),
    }),
    status: 400,
    message: FILE_MESSAGES.missing,
  },
  {
    name: 'an upload with a content type Fastify does not read',
    request: () => ({
      method: 'POST',
      url: '/api/files',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
      cookies: asCustomer(),
    }),
    status: 415,
    message: HTTP_MESSAGES.unsupportedMediaType,
  },
  {
    name: 'an upload of malformed JSON',
    request: () => ({ method: 'POST', url: '/api/files', ...json('{"a"'), cookies: asCustomer() }),
    status: 400,
    message: HTTP_MESSAGES.badRequest,
  },
  {
    name: 'an upload over the body limit',
    request: () => ({ method: 'POST', url: '/api/files', ...json(TOO_LARGE), cookies: asCustomer() }),
    status: 413,
    message: HTTP_MESSAGES.payloadTooLarge,
  },
  {
    name: 'a malformed multipart form',
    request: () => ({
      method: 'POST',
      url: '/api/files',
      headers: { 'content-type': 'multipart/form-data; boundary=xx' },
      payload: '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nsin final',
      cookies: asCustomer(),
    }),
    status: 400,
    message: HTTP_MESSAGES.badRequest,
  },
  {
    name: 'a multipart form without its boundary',
    request: () => ({
      method: 'POST',
      url: '/api/files',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
      cookies: asCustomer(),
    }),
    status: 400,
    message: HTTP_MESSAGES.badRequest,
  },
  {
    name: 'an upload without a session',
    request: () => {
      const { payload, contentType } = multipartBody([
        { name: 'file', filename: 'a.png', contentType: 'image/png', bytes: tinyPng() },
      ]);
      return { method: 'POST', url: '/api/files', headers: { 'content-type': contentType }, payload };
    },
    status: 401,
    message: AUTH_MESSAGES.unauthorized,
  },
  {
    name: 'an upload whose file name carries a NUL character',
    request: () => {
      const { payload, contentType } = multipartBody([
        { name: 'file', filename: 'recibo\u0000.png', contentType: 'image/png', bytes: tinyPng() },
      ]);
      return {
        method: 'POST',
        url: '/api/files',
        headers: { 'content-type': contentType },
        payload,
        cookies: asCustomer(),
      };
    },
    status: 400,
    message: FILE_MESSAGES.nameInvalid,
  },
  {
    name: 'an upload whose field carries a NUL character',
    request: () => {
      const { payload, contentType } = multipartBody([
        { name: 'kind', value: 'receipt\u0000' },
        { name: 'file', filename: 'recibo.png', contentType: 'image/png', bytes: tinyPng() },
      ]);
      return {
        method: 'POST',
        url: '/api/files',
        headers: { 'content-type': contentType },
        payload,
        cookies: asCustomer(),
      };
    },
    status: 400,
    message: FILE_MESSAGES.nameInvalid,
  },
  {
    name: 'a reception photo whose file name carries a NUL character',
    request: () => {
      const { payload, contentType } = multipartBody([
        { name: 'file', filename: 'foto\u0000.png', contentType: 'image/png', bytes: tinyPng() },
      ]);
      return {
        method: 'POST',
        url: '/api/reception/photos',
        headers: { 'content-type': contentType },
        payload,
        cookies: asAdmin(),
      };
    },
    status: 400,
    message: FILE_MESSAGES.nameInvalid,
  },
  {
    name: 'an upload with more fields than a form has',
    request: () => {
      const extra = Array.from({ length: 6 }, (_, i) => ({ name: `campo${i}`, value: 'x' }));
      const { payload, contentType } = multipartBody([
        ...extra,
        { name: 'file', filename: 'recibo.png', contentType: 'image/png', bytes: tinyPng() },
      ]);
      return {
        method: 'POST',
        url: '/api/files',
        headers: { 'content-type': contentType },
        payload,
        cookies: asCustomer(),
      };
    },
    status: 413,
    message: FILE_MESSAGES.tooManyParts,
  },
  {
    name: 'a download of an id that is not one',
    request: () => ({ method: 'GET', url: '/files/no-es-un-id' }),
    status: 404,
    message: GENERIC_MESSAGES.notFound,
  },
  {
    name: 'a download without a valid signature',
    request: () => ({ method: 'GET', url: '/files/00000000-0000-4000-8000-000000000000?exp=1&sig=x' }),
    status: 403,
    message: FILE_MESSAGES.linkInvalid,
  },
];

const exportRows: Row[] = [
  {
    name: 'the trackings export without a session',
    request: () => ({ method: 'GET', url: TRACKINGS_CSV_PATH }),
    status: 401,
    message: AUTH_MESSAGES.unauthorized,
  },
  {
    name: 'the trackings export as a customer',
    request: () => ({ method: 'GET', url: TRACKINGS_CSV_PATH, cookies: asCustomer() }),
    status: 403,
    message: AUTH_MESSAGES.forbidden,
  },
  {
    name: 'the audit export with an inverted period',
    request: () => ({ method: 'GET', url: `${AUDIT_CSV_PATH}?from=2026-02-01&to=2026-01-01`, cookies: asAdmin() }),
    status: 400,
    message: AUDIT_MESSAGES.badRange,
  },
  {
    name: 'an export sent as POST',
    request: () => ({ method: 'POST', url: TRACKINGS_CSV_PATH, ...json('{}'), cookies: asAdmin() }),
    status: 404,
    message: GENERIC_MESSAGES.notFound,
  },
  {
    // Found by the fuzzing suite: PostgreSQL cannot hold U+0000, the search reached SQL as a 500.
    name: 'the trackings export searching for a NUL character',
    request: () => ({ method: 'GET', url: `${TRACKINGS_CSV_PATH}?q=a%00b`, cookies: asAdmin() }),
    status: 400,
    message: GENERIC_MESSAGES.invalidInput,
  },
  {
    name: 'the audit export filtered by an action with a NUL character',
    request: () => ({ method: 'GET', url: `${AUDIT_CSV_PATH}?action=a%00b`, cookies: asAdmin() }),
    status: 400,
    message: GENERIC_MESSAGES.invalidInput,
  },
  {
    name: 'an export with a path of broken URL encoding',
    request: () => ({ method: 'GET', url: '/api/exports/%E0%A4%A.csv', cookies: asAdmin() }),
    status: 400,
    message: HTTP_MESSAGES.badRequest,
  },
];

async function expectAnswer({ request, status, message, code }: Row) {
  const res = await server.app.inject(request());
  expect(res.statusCode).toBe(status);
  expect(readError(res.body)).toEqual(code ? { message, code } : { message });
  expectNoInternals(res.body);
}

describe('refused requests answer in Spanish, without internals, in production', () => {
  it.each(trpcRows.map((r) => [r.name, r] as const))('tRPC: %s', (_name, row) => expectAnswer(row));
  it.each(fileRows.map((r) => [r.name, r] as const))('files: %s', (_name, row) => expectAnswer(row));
  it.each(exportRows.map((r) => [r.name, r] as const))('exports: %s', (_name, row) => expectAnswer(row));
});

/** Sends raw bytes to the listening server and reads its whole answer. */
function sendRaw(port: number, request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    const done = () => resolve({ status: Number(text.split(' ')[1]), body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    socket.on('close', done);
    socket.on('error', () => {});
    socket.write(request);
  });
}

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

describe("tRPC's own messages", () => {
  /** The object literal that opens at `start`, up to its matching brace. */
  function objectLiteralAt(source: string, start: number): string {
    let depth = 0;
    for (let i = start; i < source.length; i++) {
      if (source[i] === '{') depth++;
      else if (source[i] === '}' && --depth === 0) return source.slice(start, i + 1);
    }
    return '';
  }

  /** Every `new TRPCError({ code, message })` with a literal message in @trpc/server's build. */
  function trpcRefusals(): { code: TRPC_ERROR_CODE_KEY; message: string }[] {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@trpc/server'));
    const files = fs.readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.mjs'));
    const found = new Map<string, { code: TRPC_ERROR_CODE_KEY; message: string }>();
    for (const file of files) {
      const source = fs.readFileSync(path.join(dist, file), 'utf8');
      for (const match of source.matchAll(/new TRPCError\(\{/g)) {
        const args = objectLiteralAt(source, match.index + match[0].length - 1);
        const code = /code:\s*"(\w+)"/.exec(args)?.[1];
        const literal = /message:\s*(["`])((?:\\.|(?!\1)[^\\])*)\1/.exec(args)?.[2];
        if (!code || literal === undefined) continue;
        // Template parts stand for a value, as a request would fill them in.
        const message = literal.replace(/\$\{[^}]*\}/g, 'x').replace(/\\"/g, '"');
        found.set(`${code} ${message}`, { code: code as TRPC_ERROR_CODE_KEY, message });
      }
    }
    return [...found.values()];
  }

  const spanish = new Set<string>([...Object.values(HTTP_MESSAGES), ...Object.values(GENERIC_MESSAGES)]);

  it('reads them from the installed tRPC', () => {
    const messages = trpcRefusals().map((r) => r.message);
    expect(messages).toContain('Cannot mix procedure types in call: x');
    expect(messages).toContain('No procedure found on path "x"');
    expect(messages.length).toBeGreaterThan(20);
  });

  it('answers each of them in Spanish, whatever its code (a tRPC upgrade that adds one fails here)', () => {
    const config = appRouter._def._config;
    const answered = trpcRefusals().map(({ code, message }) => {
      const error = new TRPCError({ code, message });
      const shape = getErrorShape({
        config,
        error,
        type: 'unknown',
        path: undefined,
        input: undefined,
        ctx: undefined,
      });
      return { english: message, answer: shape.message, stack: shape.data.stack };
    });
    for (const { english, answer, stack } of answered) {
      expect({ english, isSpanish: spanish.has(answer) }).toEqual({ english, isSpanish: true });
      expect(stack).toBeUndefined();
    }
  });

  it('answers a failure to read the input in Spanish, not with the parser’s words', () => {
    const config = appRouter._def._config;
    const cause = new Error('Unexpected token } in JSON at position 9');
    const error = new TRPCError({ code: 'BAD_REQUEST', message: cause.message, cause });
    const shape = getErrorShape({
      config,
      error,
      type: 'mutation',
      path: 'auth.signIn',
      input: undefined,
      ctx: undefined,
    });
    expect(shape.message).toBe(GENERIC_MESSAGES.invalidInput);
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
  ];

  it.each(rows.map((r) => [r.name, r] as const))('%s answers the generic message', (_name, row) => expectAnswer(row));

  it('would otherwise show the SQL: development answers the export’s error as it is', async () => {
    const res = await development.app.inject({ method: 'GET', url: TRACKINGS_CSV_PATH, cookies: asAdmin() });
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toMatch(/select/i);
  });
});

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
