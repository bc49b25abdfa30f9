import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE_NAME } from '@casillero/shared';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { validateSessionToken, type Session, type SessionUser } from '../auth/session';

export type Logger = {
  info: (obj: object | string, msg?: string) => void;
  warn: (obj: object | string, msg?: string) => void;
  error: (obj: object | string, msg?: string) => void;
};

/** How a procedure sets or clears the session cookie; a fake in tests, the reply over HTTP. */
export type SessionCookie = {
  set(token: string, expiresAt: Date): void;
  clear(): void;
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
  /** The Origin header and the Host header, for the cross-site check of mutations. */
  origin: string | null;
  host: string | null;
  cookie: SessionCookie;
};

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

export type InnerContextOptions = {
  db: Db;
  config: Config;
  log?: Logger;
  sessionToken?: string | null;
  ip?: string;
  userAgent?: string | null;
  origin?: string | null;
  host?: string | null;
  cookie?: SessionCookie;
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
    host: opts.host ?? null,
    cookie,
  };
}

/** The cookie as Lucia's guide sets it: HttpOnly, SameSite=Lax, Secure over HTTPS. */
export function replySessionCookie(req: FastifyRequest, reply: FastifyReply, config: Config): SessionCookie {
  const secure = req.protocol === 'https' || config.appUrl.startsWith('https://');
  const base = { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' };
  return {
    set(token, expiresAt) {
      reply.setCookie(SESSION_COOKIE_NAME, token, { ...base, expires: expiresAt });
    },
    clear() {
      reply.setCookie(SESSION_COOKIE_NAME, '', { ...base, maxAge: 0 });
    },
  };
}

/**
 * The signed-in user of a plain Fastify route (uploads, exports): the same session check as
 * tRPC's context, renewing the cookie when the session slides; null without a valid session.
 */
export async function requestUser(req: FastifyRequest, reply: FastifyReply, db: Db, config: Config): Promise<SessionUser | null> {
  const token = req.cookies[SESSION_COOKIE_NAME];
  if (!token) return null;
  const auth = await validateSessionToken(db, token);
  if (!auth.session) return null;
  if (auth.renewed) replySessionCookie(req, reply, config).set(token, auth.session.expiresAt);
  return auth.user;
}

export function createHttpContextFactory(db: Db, config: Config) {
  return async ({ req, res }: { req: FastifyRequest; res: FastifyReply }) =>
    createInnerContext({
      db,
      config,
      log: req.log,
      sessionToken: req.cookies[SESSION_COOKIE_NAME] ?? null,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? null,
      origin: req.headers.origin ?? null,
      host: req.headers.host ?? null,
      cookie: replySessionCookie(req, res, config),
    });
}
