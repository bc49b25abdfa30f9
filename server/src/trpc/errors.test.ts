// The domain error as tRPC answers it (errors.ts, init.ts): each code under its tRPC code and
// HTTP status with its Spanish message, thrown by a procedure or ending a subscription's stream;
// anything else stays an INTERNAL_SERVER_ERROR whose text a production answer never shows.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getErrorShape, TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { GENERIC_MESSAGES } from '@casillero/shared';
import { testConfig } from '../env';
import { DOMAIN_ERROR_CODES, DomainError, type DomainErrorCode } from '../lib/domain-error';
import { silentLogger, type Context } from './context';
import { TRPC_CODE } from './errors';
import { createCallerFactory, publicProcedure, router } from './init';

const EXPECTED: Record<DomainErrorCode, { trpc: string; status: number }> = {
  BAD_INPUT: { trpc: 'BAD_REQUEST', status: 400 },
  UNAUTHENTICATED: { trpc: 'UNAUTHORIZED', status: 401 },
  FORBIDDEN: { trpc: 'FORBIDDEN', status: 403 },
  NOT_FOUND: { trpc: 'NOT_FOUND', status: 404 },
  CONFLICT: { trpc: 'CONFLICT', status: 409 },
  PAYLOAD_TOO_LARGE: { trpc: 'PAYLOAD_TOO_LARGE', status: 413 },
  TOO_MANY: { trpc: 'TOO_MANY_REQUESTS', status: 429 },
  SERVICE_UNAVAILABLE: { trpc: 'SERVICE_UNAVAILABLE', status: 503 },
};

const message = (code: DomainErrorCode) => `No se pudo (${code}).`;

const testRouter = router({
  refuse: publicProcedure.input(z.enum(DOMAIN_ERROR_CODES)).query(({ input }) => {
    throw new DomainError(input, message(input), {
      cause: new Error('duplicate key value violates unique constraint'),
    });
  }),
  crash: publicProcedure.query(() => {
    throw new Error('relation "users" does not exist');
  }),
  /** The database cannot be reached, as drizzle reports it: the driver's error as the cause. */
  unreachable: publicProcedure.input(z.string()).query(({ input }) => {
    throw new Error('Failed query: select 1', { cause: Object.assign(new Error(`write ${input}`), { code: input }) });
  }),
  stream: publicProcedure.input(z.enum(DOMAIN_ERROR_CODES)).subscription(async function* ({ input }) {
    yield 'primero';
    throw new DomainError(input, message(input));
  }),
});

function contextOf(isProduction: boolean): Context {
  return {
    db: null as unknown as Context['db'],
    config: testConfig({ isProduction }),
    log: silentLogger,
    user: null,
    session: null,
    sessionToken: null,
    ip: '127.0.0.1',
    userAgent: null,
    cookie: { set() {}, clear() {} },
    device: { value: null, set() {} },
    origin: null,
    forwardedHost: null,
  };
}

const callerIn = (isProduction: boolean) => createCallerFactory(testRouter)(contextOf(isProduction));

async function failure(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

/** What a browser reads: the formatted shape, as the HTTP handler answers it. */
function answered(error: TRPCError, isProduction: boolean) {
  const shape = getErrorShape({
    config: testRouter._def._config,
    error,
    type: 'query',
    path: 'refuse',
    input: undefined,
    ctx: contextOf(isProduction),
  });
  return { code: shape.data.code, httpStatus: shape.data.httpStatus, message: shape.message, stack: shape.data.stack };
}

describe('a domain error through tRPC', () => {
  it('maps every code, and only those', () => {
    expect(Object.keys(TRPC_CODE).sort()).toEqual([...DOMAIN_ERROR_CODES].sort());
  });

  it.each(
    DOMAIN_ERROR_CODES,
  )('%s keeps its Spanish message under its tRPC code and status, in production too', async (code) => {
    const error = await failure(callerIn(true).refuse(code));
    expect({ code: error.code, message: error.message }).toEqual({ code: EXPECTED[code].trpc, message: message(code) });
    expect(error.cause).toBeInstanceOf(DomainError);
    expect(getHTTPStatusCodeFromError(error)).toBe(EXPECTED[code].status);
    expect(answered(error, true)).toEqual({
      code: EXPECTED[code].trpc,
      httpStatus: EXPECTED[code].status,
      message: message(code),
      stack: undefined,
    });
  });

  it.each(DOMAIN_ERROR_CODES)('%s ending a subscription reaches its reader under its tRPC code', async (code) => {
    const stream = (await callerIn(false).stream(code)) as AsyncIterable<string>;
    const seen: string[] = [];
    const error = await failure(
      (async () => {
        for await (const value of stream) seen.push(value);
      })(),
    );
    expect(seen).toEqual(['primero']);
    expect({ code: error.code, message: error.message }).toEqual({ code: EXPECTED[code].trpc, message: message(code) });
  });

  it.each([
    'ECONNREFUSED',
    'CONNECTION_CLOSED',
    'CONNECT_TIMEOUT',
    '57P01',
    '08006',
  ])('answers a database that cannot be reached (%s) 503 with the Spanish "try again"', async (code) => {
    const error = await failure(callerIn(true).unreachable(code));
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(answered(error, true)).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      httpStatus: 503,
      message: GENERIC_MESSAGES.serviceUnavailable,
      stack: undefined,
    });
  });

  it('answers an unexpected error with the generic Spanish message in production, and its stack only outside it', async () => {
    const inProduction = await failure(callerIn(true).crash());
    expect(inProduction.code).toBe('INTERNAL_SERVER_ERROR');
    expect(answered(inProduction, true)).toEqual({
      code: 'INTERNAL_SERVER_ERROR',
      httpStatus: 500,
      message: GENERIC_MESSAGES.internal,
      stack: undefined,
    });
    const inDevelopment = await failure(callerIn(false).crash());
    expect(answered(inDevelopment, false).message).toBe(GENERIC_MESSAGES.internal);
    expect(answered(inDevelopment, false).stack).toContain('relation "users" does not exist');
  });
});
