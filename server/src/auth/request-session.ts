// The session of a plain HTTP request: its cookie (as Lucia's guide sets it) and the signed-in
// user of a plain Fastify route (uploads, exports). tRPC's context uses the same cookie helper.
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE_NAME } from '@casillero/shared';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { validateSessionToken, type SessionUser } from './session';

/** How a procedure sets or clears the session cookie; a fake in tests, the reply over HTTP. */
export type SessionCookie = {
  set(token: string, expiresAt: Date): void;
  clear(): void;
};

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
 * The signed-in user of a plain Fastify route: the same session check as tRPC's context,
 * renewing the cookie when the session slides; null without a valid session.
 */
export async function requestUser(req: FastifyRequest, reply: FastifyReply, db: Db, config: Config): Promise<SessionUser | null> {
  const token = req.cookies[SESSION_COOKIE_NAME];
  if (!token) return null;
  const auth = await validateSessionToken(db, token);
  if (!auth.session) return null;
  if (auth.renewed) replySessionCookie(req, reply, config).set(token, auth.session.expiresAt);
  return auth.user;
}
