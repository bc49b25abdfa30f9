// The tRPC endpoint (docs/decisions/011): GET queries are answered directly from the Fastify
// request, everything else by tRPC's official handler. Each request below is sent both to the
// server and to an app that serves the same router through the official `fastifyTRPCPlugin`;
// status, content type, Vary, cookies and body must be the same (stack traces aside, as they
// name different call sites). The server is tried with each TRPC_ADAPTER: `direct` (the
// default) and `official`, which must answer the same inside the whole app.
import fastifyCookie from '@fastify/cookie';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, GENERIC_MESSAGES, HTTP_MESSAGES, SESSION_COOKIE_NAME } from '@casillero/shared';
import type { Database } from '../db/client';
import { sessions } from '../db/schema';
import { testConfig, type Config } from '../env';
import { createServer } from '../server';
import { hashToken } from '../auth/tokens';
import { createTestDatabase } from '../test/db';
import { customerWithActiveMailbox, signedInAdmin, STRONG_PASSWORD } from '../test/factories';
import { createHttpContextFactory } from './context';
import { directQueryCalls } from './fastify-adapter';
import { appRouter } from './router';

const ADAPTERS: Config['trpcAdapter'][] = ['direct', 'official'];
const config = testConfig({ appUrl: 'http://localhost:3000' });
let database: Database;
let official: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let customer: Awaited<ReturnType<typeof customerWithActiveMailbox>>;
let trackingId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  official = Fastify();
  await official.register(fastifyCookie);
  await official.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: { router: appRouter, createContext: createHttpContextFactory(database.db, config) },
  });
  admin = await signedInAdmin(database.db);
  customer = await customerWithActiveMailbox(database.db, { nombre: 'Lucía Briceño' });
  const created = await admin.caller.trackings.create({
    mailboxId: customer.mailboxId,
    trackingNumber: `1ZADAPTER${Date.now()}`,
    carrier: 'UPS',
    description: 'Audífonos inalámbricos',
    senderName: 'Amazon',
  });
  trackingId = created.id;
});
afterAll(async () => {
  await official.close();
  await database.close();
});

const asAdmin = () => ({ [SESSION_COOKIE_NAME]: admin.visitor.token! });
const asCustomer = () => ({ [SESSION_COOKIE_NAME]: customer.visitor.token! });
const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** An answer reduced to what a client sees, stack traces dropped unless `keepStacks`. */
function seen(res: Awaited<ReturnType<FastifyInstance['inject']>>, { keepStacks = false } = {}) {
  const withoutStacks = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(withoutStacks);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([k]) => k !== 'stack')
          .map(([k, v]) => [k, withoutStacks(v)]),
      );
    }
    return value;
  };
  let body: unknown = res.body;
  try {
    body = JSON.parse(res.body);
    if (!keepStacks) body = withoutStacks(body);
  } catch {
    // Not JSON (a streamed answer): compared as text.
  }
  return {
    status: res.statusCode,
    type: String(res.headers['content-type'] ?? '').split(';')[0],
    vary: res.headers.vary,
    cookies: res.cookies.map((c) => ({ name: c.name, value: c.value })),
    body,
  };
}

describe.each(ADAPTERS)('TRPC_ADAPTER=%s: the same answers as the official adapter', (trpcAdapter) => {
  let server: Awaited<ReturnType<typeof createServer>>;
  beforeAll(async () => {
    server = await createServer({ config: { ...config, trpcAdapter }, database });
  });
  afterAll(async () => {
    await server.stop();
  });

  async function both(request: InjectOptions) {
    const mine = seen(await server.app.inject(request));
    const theirs = seen(await official.inject(request));
    return { mine, theirs };
  }

  const cases: [string, () => InjectOptions][] = [
    ['a public query without a session', () => ({ method: 'GET', url: '/trpc/auth.me' })],
    ['a signed-in query', () => ({ method: 'GET', url: '/trpc/auth.me', cookies: asCustomer() })],
    [
      'the admin list with its filters',
      () => ({
        method: 'GET',
        url: `/trpc/trackings.list?input=${input({ q: 'Lucía', carrier: 'UPS' })}`,
        cookies: asAdmin(),
      }),
    ],
    [
      'an admin query without a session (401)',
      () => ({ method: 'GET', url: `/trpc/trackings.list?input=${input({})}` }),
    ],
    [
      'an admin query from a customer (403)',
      () => ({ method: 'GET', url: `/trpc/trackings.list?input=${input({})}`, cookies: asCustomer() }),
    ],
    [
      'an unknown session cookie',
      () => ({ method: 'GET', url: '/trpc/auth.me', cookies: { [SESSION_COOKIE_NAME]: 'no-existe' } }),
    ],
    [
      'an invalid input (400, Spanish message)',
      () => ({ method: 'GET', url: `/trpc/trackings.detail?input=${input({ id: 'x' })}`, cookies: asAdmin() }),
    ],
    ['a missing input', () => ({ method: 'GET', url: '/trpc/trackings.detail', cookies: asAdmin() })],
    ['malformed JSON input', () => ({ method: 'GET', url: '/trpc/trackings.detail?input=%7B', cookies: asAdmin() })],
    ['an empty input parameter', () => ({ method: 'GET', url: '/trpc/trackings.stats?input=', cookies: asAdmin() })],
    [
      'a batch as httpBatchLink sends it',
      () => ({
        method: 'GET',
        url: `/trpc/auth.me,trackings.stats,trackings.detail?batch=1&input=${input({ 2: { id: trackingId } })}`,
        cookies: asAdmin(),
      }),
    ],
    [
      'a batch with one failing call (207)',
      () => ({
        method: 'GET',
        url: `/trpc/auth.me,trackings.detail?batch=1&input=${input({ 1: { id: 'x' } })}`,
        cookies: asAdmin(),
      }),
    ],
    [
      'a batch whose calls all fail the same way',
      () => ({ method: 'GET', url: `/trpc/trackings.stats,trackings.count?batch=1&input=${input({})}` }),
    ],
    [
      'a batch with an input that is not an object',
      () => ({ method: 'GET', url: `/trpc/auth.me,trackings.stats?batch=1&input=${input([1])}`, cookies: asAdmin() }),
    ],
    [
      'a batch with an unknown procedure',
      () => ({ method: 'GET', url: '/trpc/auth.me,nada.nada?batch=1&input=%7B%7D' }),
    ],
    ['an unknown procedure (404)', () => ({ method: 'GET', url: '/trpc/nada.nada' })],
    ['a mutation sent as GET (405)', () => ({ method: 'GET', url: '/trpc/auth.signOut', cookies: asCustomer() })],
    [
      'a query sent as POST (405)',
      () => ({ method: 'POST', url: '/trpc/auth.me', headers: { 'content-type': 'application/json' }, payload: '{}' }),
    ],
    [
      'a mutation with a wrong password',
      () => ({
        method: 'POST',
        url: '/trpc/auth.signIn',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: customer.email, password: `${STRONG_PASSWORD}x` }),
      }),
    ],
    [
      'a GET with an unsupported content type',
      () => ({ method: 'GET', url: '/trpc/auth.me', headers: { 'content-type': 'text/plain' } }),
    ],
    [
      'a streamed batch (httpBatchStreamLink)',
      () => ({
        method: 'GET',
        url: '/trpc/auth.me?batch=1&input=%7B%7D',
        headers: { 'trpc-accept': 'application/jsonl' },
        cookies: asCustomer(),
      }),
    ],
    ['a HEAD request', () => ({ method: 'HEAD', url: '/trpc/auth.me' })],
  ];

  it.each(cases)('%s', async (_name, request) => {
    const { mine, theirs } = await both(request());
    expect(mine).toEqual(theirs);
  });

  it('answers what the user would see', async () => {
    const list = await server.app.inject({
      method: 'GET',
      url: `/trpc/trackings.list?input=${input({ q: 'Lucía' })}`,
      cookies: asAdmin(),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().result.data.rows.map((r: { id: string; clientName: string }) => [r.id, r.clientName])).toEqual([
      [trackingId, 'Lucía Briceño'],
    ]);

    const forbidden = await server.app.inject({
      method: 'GET',
      url: `/trpc/trackings.list?input=${input({})}`,
      cookies: asCustomer(),
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe(AUTH_MESSAGES.forbidden);

    const batch = await server.app.inject({
      method: 'GET',
      url: `/trpc/auth.me,trackings.detail?batch=1&input=${input({ 1: { id: 'x' } })}`,
      cookies: asAdmin(),
    });
    expect(batch.statusCode).toBe(207);
    const [me, detail] = batch.json();
    expect(me.result.data.user.email).toBe(admin.email);
    expect(detail.error.message).toBe('Identificador no válido.');
    expect(detail.error.data.httpStatus).toBe(400);

    const malformed = await server.app.inject({
      method: 'GET',
      url: '/trpc/trackings.detail?input=%7B',
      cookies: asAdmin(),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe(GENERIC_MESSAGES.invalidInput);
  });

  it('renews a sliding session on a direct query, as on any request', async () => {
    const token = customer.visitor.token!;
    const soon = new Date(Date.now() + 24 * 3600 * 1000);
    await database.db
      .update(sessions)
      .set({ expiresAt: soon })
      .where(eq(sessions.id, hashToken(token)));
    const res = await server.app.inject({ method: 'GET', url: '/trpc/auth.me', cookies: asCustomer() });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE_NAME);
    expect(cookie?.value).toBe(token);
    expect(new Date(cookie!.expires!).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });
});

describe.each(
  ADAPTERS,
)('TRPC_ADAPTER=%s under a production config: the same Spanish answers, without stacks', (trpcAdapter) => {
  const production = { ...config, isProduction: true, trpcAdapter };
  let prodServer: Awaited<ReturnType<typeof createServer>>;
  let prodOfficial: FastifyInstance;
  beforeAll(async () => {
    prodServer = await createServer({ config: production, database });
    prodOfficial = Fastify();
    await prodOfficial.register(fastifyCookie);
    await prodOfficial.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: { router: appRouter, createContext: createHttpContextFactory(database.db, production) },
    });
  });
  afterAll(async () => {
    await prodOfficial.close();
    await prodServer.app.close();
  });

  const refusals: [string, () => InjectOptions, string][] = [
    ['an unknown procedure', () => ({ method: 'GET', url: '/trpc/nada.nada' }), HTTP_MESSAGES.procedureNotFound],
    [
      'a batch with an unknown procedure',
      () => ({ method: 'GET', url: '/trpc/auth.me,nada.nada?batch=1&input=%7B%7D' }),
      HTTP_MESSAGES.procedureNotFound,
    ],
    [
      'a batch mixing a query and a mutation',
      () => ({ method: 'GET', url: '/trpc/auth.me,auth.signOut?batch=1&input=%7B%7D' }),
      HTTP_MESSAGES.mixedBatch,
    ],
    ['a mutation sent as GET', () => ({ method: 'GET', url: '/trpc/auth.signOut' }), HTTP_MESSAGES.methodNotAllowed],
    [
      'a query sent as POST',
      () => ({ method: 'POST', url: '/trpc/auth.me', headers: { 'content-type': 'application/json' }, payload: '{}' }),
      HTTP_MESSAGES.methodNotAllowed,
    ],
    [
      'a mutation sent as text/plain',
      () => ({ method: 'POST', url: '/trpc/auth.signOut', headers: { 'content-type': 'text/plain' }, payload: 'x' }),
      HTTP_MESSAGES.unsupportedMediaType,
    ],
    [
      'malformed JSON input',
      () => ({ method: 'GET', url: '/trpc/trackings.detail?input=%7B', cookies: asAdmin() }),
      GENERIC_MESSAGES.invalidInput,
    ],
    [
      'a batch input that is not an object',
      () => ({ method: 'GET', url: `/trpc/auth.me,trackings.detail?batch=1&input=${input([1])}`, cookies: asAdmin() }),
      HTTP_MESSAGES.badRequest,
    ],
    [
      'an admin query from a customer',
      () => ({ method: 'GET', url: `/trpc/trackings.list?input=${input({})}`, cookies: asCustomer() }),
      AUTH_MESSAGES.forbidden,
    ],
  ];

  it.each(refusals)('%s', async (_name, request, message) => {
    const mine = await prodServer.app.inject(request());
    const theirs = await prodOfficial.inject(request());
    expect(seen(mine, { keepStacks: true })).toEqual(seen(theirs, { keepStacks: true }));
    expect(mine.body).not.toContain('stack');
    const body = mine.json();
    const error = Array.isArray(body) ? body.find((r: { error?: unknown }) => r.error).error : body.error;
    expect(error.message).toBe(message);
  });
});

describe('which requests are answered directly', () => {
  /** The parts of a Fastify request the choice reads. */
  const get = (url: string, headers: Record<string, string> = {}) => ({
    method: 'GET',
    url,
    headers,
    query: Object.fromEntries(new URL(url, 'http://x').searchParams),
  });
  const paths = async (req: unknown, path: string, isBatch = false) =>
    (await directQueryCalls(req as never, appRouter, path, isBatch))?.map((c) => c.path) ?? null;

  it('takes GET queries, single or batched', async () => {
    expect(await paths(get('/trpc/auth.me'), 'auth.me')).toEqual(['auth.me']);
    expect(await paths(get('/trpc/auth.me,trackings.list?batch=1'), 'auth.me,trackings.list', true)).toEqual([
      'auth.me',
      'trackings.list',
    ]);
    expect(await paths(get('/trpc/auth.me', { 'content-type': 'application/json; charset=utf-8' }), 'auth.me')).toEqual(
      ['auth.me'],
    );
  });

  it('leaves everything else to the official handler', async () => {
    expect(await paths({ ...get('/trpc/auth.me'), method: 'POST' }, 'auth.me')).toBeNull();
    expect(await paths({ ...get('/trpc/auth.me'), method: 'HEAD' }, 'auth.me')).toBeNull();
    expect(await paths(get('/trpc/auth.signOut'), 'auth.signOut')).toBeNull();
    expect(await paths(get('/trpc/auth.me,auth.signOut?batch=1'), 'auth.me,auth.signOut', true)).toBeNull();
    expect(await paths(get('/trpc/nada'), 'nada')).toBeNull();
    expect(await paths(get('/trpc/auth.me', { 'trpc-accept': 'application/jsonl' }), 'auth.me')).toBeNull();
    expect(await paths(get('/trpc/auth.me', { accept: 'application/jsonl' }), 'auth.me')).toBeNull();
    expect(await paths(get('/trpc/auth.me', { 'content-type': 'multipart/form-data' }), 'auth.me')).toBeNull();
    expect(await paths(get('/trpc/auth.me?connectionParams=%7B%7D'), 'auth.me')).toBeNull();
    expect(await paths(get('/trpc/auth.me'), '%E0%A4%A')).toBeNull();
  });
});
