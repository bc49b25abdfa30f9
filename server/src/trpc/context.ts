import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE_NAME, type ReportProgress } from '@casillero/shared';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { clientAddress, hopTrust } from '../lib/client-address';
import { requestOrigin, type RequestOrigin } from '../auth/request-origin';
import { replyDeviceCookie, replySessionCookie, type DeviceCookie, type SessionCookie } from '../auth/request-session';
import { validateSessionToken, type Session, type SessionUser } from '../auth/session';

export type Logger = {
  info: (obj: object | string, msg?: string) => void;
  warn: (obj: object | string, msg?: string) => void;
  error: (obj: object | string, msg?: string) => void;
};

/** What every procedure sees, with or without an HTTP request (tests and scripts use this). */
export type Context = {
  db: Db;
  config: Config;
  log: Logger;
  user: SessionUser | null;
  session: Session | null;
  /** The session token of this request, so sign-out and "other sessions" can act on it. */
  sessionToken: string | null;
  ip: string;
  userAgent: string | null;
  cookie: SessionCookie;
  /** The known-device cookie that sign-in reads and sets (docs/decisions/007). */
  device: DeviceCookie;
  /**
   * Told how far a long check-and-apply got (the manifest import, the bank statement), between
   * batches: set by the routes that stream it to the page (http/progress-stream.ts), absent otherwise.
   */
  progress?: ReportProgress;
} & RequestOrigin;

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

export type InnerContextOptions = {
  db: Db;
  config: Config;
  log?: Logger;
  sessionToken?: string | null;
  ip?: string;
  userAgent?: string | null;
  origin?: string | null;
  forwardedHost?: string | null;
  cookie?: SessionCookie;
  device?: DeviceCookie;
  progress?: ReportProgress;
};

export async function createInnerContext(opts: InnerContextOptions): Promise<Context> {
  const cookie = opts.cookie ?? { set() {}, clear() {} };
  let user: SessionUser | null = null;
  let session: Session | null = null;
  const token = opts.sessionToken ?? null;
  if (token) {
    const result = await validateSessionToken(opts.db, token);
    if (result.session) {
      user = result.user;
      session = result.session;
      if (result.renewed) cookie.set(token, result.session.expiresAt);
    } else {
      cookie.clear();
    }
  }
  return {
    db: opts.db,
    config: opts.config,
    log: opts.log ?? silentLogger,
    user,
    session,
    sessionToken: session ? token : null,
    ip: opts.ip ?? '127.0.0.1',
    userAgent: opts.userAgent ?? null,
    origin: opts.origin ?? null,
    forwardedHost: opts.forwardedHost ?? null,
    cookie,
    device: opts.device ?? { value: null, set() {} },
    progress: opts.progress,
  };
}

export function createHttpContextFactory(db: Db, config: Config) {
  const trust = hopTrust(config.trustProxy);
  return async ({ req, res }: { req: FastifyRequest; res: FastifyReply }) =>
    createInnerContext({
      db,
      config,
      log: req.log,
      sessionToken: req.cookies[SESSION_COOKIE_NAME] ?? null,
      ip: clientAddress(req.raw, trust),
      userAgent: req.headers['user-agent'] ?? null,
      ...requestOrigin(req, config),
      cookie: replySessionCookie(req, res, config),
      device: replyDeviceCookie(req, res, config),
    });
}
