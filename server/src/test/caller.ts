// Calling procedures as a browser would, without HTTP: a caller per visitor, with a cookie
// jar that keeps the session token the server sets, as the browser does.
import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { testConfig, type Config } from '../env';
import type { SessionCookie } from '../auth/request-session';
import { createInnerContext, type InnerContextOptions } from '../trpc/context';
import { createCaller } from '../trpc/router';

export type Visitor = {
  /** The current session token, as the cookie holds it. */
  token: string | null;
  /** The known-device cookie (docs/decisions/007), kept across sign-outs as the browser does. */
  device?: string | null;
  ip: string;
  origin: string | null;
  userAgent: string;
  cookieSets: number;
};

export type TestCaller = ReturnType<typeof createCaller>;

export const TEST_APP_URL = 'http://localhost:3000';

export function newVisitor(overrides: Partial<Visitor> = {}): Visitor {
  return { token: null, device: null, ip: '10.0.0.1', origin: null, userAgent: 'vitest', cookieSets: 0, ...overrides };
}

/** A caller bound to a visitor; each call builds a fresh context, like each HTTP request. */
export function callerFor(
  db: Db,
  visitor: Visitor = newVisitor(),
  config: Config = testConfig({ appUrl: TEST_APP_URL }),
  /** Told the progress of a long check-and-apply, as the streamed routes are (http/progress-stream.ts). */
  progress?: InnerContextOptions['progress'],
) {
  const cookie: SessionCookie = {
    set(token) {
      visitor.token = token;
      visitor.cookieSets++;
    },
    clear() {
      visitor.token = null;
    },
  };
  return createCaller(() =>
    createInnerContext({
      db,
      config,
      sessionToken: visitor.token,
      ip: visitor.ip,
      userAgent: visitor.userAgent,
      origin: visitor.origin,
      cookie,
      progress,
      device: {
        value: visitor.device ?? null,
        set(value) {
          visitor.device = value;
        },
      },
    }),
  );
}

/** Awaits a call expected to fail and returns its tRPC error for assertions. */
export async function trpcError(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(TRPCError);
    return err as TRPCError;
  }
  throw new Error('Se esperaba un error y la llamada tuvo éxito');
}
