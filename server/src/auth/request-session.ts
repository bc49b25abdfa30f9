// The session of a plain HTTP request: its cookie (as Lucia's guide sets it) and the signed-in
// user of a plain Fastify route (uploads, exports); and the known-device cookie. tRPC's context
// uses the same cookie helpers.
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, KNOWN_DEVICE_COOKIE_NAME, SESSION_COOKIE_NAME, can, type Permission } from '@casillero/shared';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { validateSessionToken, type SessionUser } from './session';

/** How a procedure sets or clears the session cookie; a fake in tests, the reply over HTTP. */
export type SessionCookie = {
  set(token: string, expiresAt: Date): void;
  clear(): void;
};

/**
 * How sign-in reads and sets the known-device cookie (auth/known-device.ts): the request's
 * cookie and the reply over HTTP, a visitor's cookie jar in tests.
 */
export type DeviceCookie = {
  readonly value: string | null;
  set(value: string, expiresAt: Date): void;
};

/** Lucia's guide's attributes: HttpOnly, SameSite=Lax, Secure over HTTPS. */
function cookieAttributes(req: FastifyRequest, config: Config) {
  const secure = req.protocol === 'https' || config.appUrl.startsWith('https://');
  return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' };
}

/** The session cookie as Lucia's guide sets it. */
export function replySessionCookie(req: FastifyRequest, reply: FastifyReply, config: Config): SessionCookie {
  const base = cookieAttributes(req, config);
  return {
    set(token, expiresAt) {
      reply.setCookie(SESSION_COOKIE_NAME, token, { ...base, expires: expiresAt });
    },
    clear() {
      reply.setCookie(SESSION_COOKIE_NAME, '', { ...base, maxAge: 0 });
    },
  };
}

/** The known-device cookie, with the session cookie's attributes and a long life. */
export function replyDeviceCookie(req: FastifyRequest, reply: FastifyReply, config: Config): DeviceCookie {
  return {
    value: req.cookies[KNOWN_DEVICE_COOKIE_NAME] ?? null,
    set(value, expiresAt) {
      reply.setCookie(KNOWN_DEVICE_COOKIE_NAME, value, { ...cookieAttributes(req, config), expires: expiresAt });
    },
  };
}

/**
 * The signed-in user of a plain Fastify route: the same session check as tRPC's context,
 * renewing the cookie when the session slides; null without a valid session.
 */
export async function requestUser(
  req: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  config: Config,
): Promise<SessionUser | null> {
  const token = req.cookies[SESSION_COOKIE_NAME];
  if (!token) return null;
  const auth = await validateSessionToken(db, token);
  if (!auth.session) return null;
  if (auth.renewed) replySessionCookie(req, reply, config).set(token, auth.session.expiresAt);
  return auth.user;
}

/**
 * The staff member behind a request to one of the HTTP routes outside tRPC (downloads, uploads,
 * labels), when their role holds `permission`; otherwise the reply is sent (401 signed out, 403
 * without the permission, `{ error }` in Spanish as tRPC's refusals) and null is returned.
 */
export async function requestStaff(
  req: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  config: Config,
  permission: Permission,
): Promise<SessionUser | null> {
  const user = await requestUser(req, reply, db, config);
  if (!user) {
    await reply.status(401).send({ error: AUTH_MESSAGES.unauthorized });
    return null;
  }
  if (!can(user.role, permission)) {
    await reply.status(403).send({ error: AUTH_MESSAGES.forbidden });
    return null;
  }
  return user;
}
