// Where a request comes from, for the cross-site check that tRPC's mutations and the plain
// routes' uploads and dry run share (login CSRF included): the Origin header and, only behind a
// trusted proxy, the host the proxy forwarded.
import type { FastifyRequest } from 'fastify';
import type { Config } from '../env';
import { fromTrustedProxy, hopTrust } from '../lib/client-address';

/** What the cross-site check reads (trpc/init.ts for mutations, the plain routes for uploads). */
export type RequestOrigin = {
  /** The Origin header. */
  origin: string | null;
  /** The host the trusted proxy says the browser asked for; null without TRUST_PROXY. */
  forwardedHost: string | null;
};

/**
 * The Origin of a request and, only under TRUST_PROXY, the host the proxy forwarded
 * (X-Forwarded-Host, its last entry, as Fastify reads it). Never the Host header: the client
 * writes it.
 */
export function requestOrigin(req: FastifyRequest, config: Pick<Config, 'trustProxy'>): RequestOrigin {
  return {
    origin: req.headers.origin ?? null,
    // Fastify reads X-Forwarded-Host only from a trusted peer; without one, req.host is the Host header.
    forwardedHost:
      req.headers['x-forwarded-host'] && fromTrustedProxy(req.raw, hopTrust(config.trustProxy)) ? req.host : null,
  };
}

/**
 * A request sent from another site: its Origin is none of the allowed origins (APP_URL's, or
 * without APP_URL the loopback names of the port: env.ts) nor, behind a trusted proxy
 * (TRUST_PROXY), the host the proxy forwarded. Never the Host header: the client writes it, so
 * `Origin: https://evil.example` with `Host: evil.example` must not pass. Without an Origin
 * (same-origin navigation, non-browser clients) a request is not foreign; the opaque
 * `Origin: null` is.
 */
export function isForeignOrigin({ origin, forwardedHost }: RequestOrigin, allowedOrigins: readonly string[]): boolean {
  if (origin === null) return false;
  try {
    const o = new URL(origin);
    if (allowedOrigins.includes(o.origin)) return false;
    // Parsed as a URL of the Origin's scheme, so case and default ports compare equal.
    return forwardedHost === null || new URL(`${o.protocol}//${forwardedHost}`).host !== o.host;
  } catch {
    return true;
  }
}

/** A plain route's request sent from another site (see isForeignOrigin). */
export function isForeignRequest(req: FastifyRequest, config: Pick<Config, 'allowedOrigins' | 'trustProxy'>): boolean {
  return isForeignOrigin(requestOrigin(req, config), config.allowedOrigins);
}
