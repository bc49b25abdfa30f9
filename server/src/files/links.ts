// Short-lived download links: /files/<id>?exp=<unix seconds>&sig=<HMAC-SHA256(secret, "id.exp")>.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNED_LINK_TTL_SECONDS } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import type { Config } from '../env';
import { getFileLinkSecret } from './secret';

function signature(secret: string, id: string, exp: number): string {
  return createHmac('sha256', secret).update(`file:${id}.${exp}`).digest('base64url');
}

export type SignedFileLink = { url: string; expiresAt: Date };

export function signFileLink(secret: string, id: string, now = Date.now()): SignedFileLink {
  const exp = Math.floor(now / 1000) + SIGNED_LINK_TTL_SECONDS;
  const sig = signature(secret, id, exp);
  return { url: `/files/${id}?exp=${exp}&sig=${sig}`, expiresAt: new Date(exp * 1000) };
}

/**
 * Seconds the link still has, or null when the signature does not match or it expired.
 * The signature is compared in constant time.
 */
export function verifyFileLink(
  secret: string,
  id: string,
  exp: string | undefined,
  sig: string | undefined,
  now = Date.now(),
): number | null {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return null;
  const expires = Number(exp);
  const remaining = expires - Math.floor(now / 1000);
  if (remaining <= 0 || remaining > SIGNED_LINK_TTL_SECONDS) return null;
  const expected = Buffer.from(signature(secret, id, expires));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return remaining;
}

/** A signed link for a file the caller has already been allowed to see. */
export async function signedLinkFor(db: DbOrTx, config: Pick<Config, 'appSecret'>, id: string, now = Date.now()) {
  return signFileLink(await getFileLinkSecret(db, config), id, now);
}
