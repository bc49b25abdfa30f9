// The link in every notification e-mail that turns that kind of message off by e-mail, without
// signing in: /preferencias/desactivar?t=<userId>.<kind>.<HMAC-SHA256>. It never expires (an old
// e-mail must still work) and only ever turns one channel of one kind off, so nothing is gained
// by guessing. Its secret lives in app_settings (lib/shared-secret.ts), so every instance signs
// and checks alike.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { sharedSecret } from '../lib/shared-secret';

export const UNSUBSCRIBE_SECRET_KEY = 'unsubscribe_link_secret';
export const UNSUBSCRIBE_PATH = '/preferencias/desactivar';

export function getUnsubscribeSecret(db: DbOrTx): Promise<string> {
  return sharedSecret(db, UNSUBSCRIBE_SECRET_KEY);
}

function signature(secret: string, userId: string, kind: NotificationKind) {
  return createHmac('sha256', secret).update(`unsubscribe:${userId}.${kind}`).digest('base64url');
}

export function unsubscribeToken(secret: string, userId: string, kind: NotificationKind): string {
  return `${userId}.${kind}.${signature(secret, userId, kind)}`;
}

export function unsubscribeUrl(appUrl: string, token: string): string {
  return `${appUrl}${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(token)}`;
}

/** The customer and kind the token names, or null when it was not signed by us (constant-time compare). */
export function verifyUnsubscribeToken(
  secret: string,
  token: string | undefined,
): { userId: string; kind: NotificationKind } | null {
  if (!token || token.length > 200) return null;
  const [userId, kind, sig, ...rest] = token.split('.');
  if (rest.length || !userId || !sig || !(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
  const expected = Buffer.from(signature(secret, userId, kind as NotificationKind));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as NotificationKind };
}
