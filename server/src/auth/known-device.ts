// The known-device cookie (docs/decisions/007, "Sign-in without lockout as a weapon"): a browser
// that signed in to an account before keeps signing in to it while strangers are held back.
// Stateless and signed: the cookie holds a random device id and, for each account signed in from
// it (the last five), an HMAC of the device id, the user id and the user's password hash, so a
// password change forgets every device, as it ends every session.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { Config } from '../env';
import { users } from '../db/schema';
import { appSecret } from '../lib/shared-secret';
import { generateToken } from './tokens';

/** A family computer may be known to a few accounts; older entries fall off. */
const MAX_ACCOUNTS = 5;
/** 22 base64url characters: 132 bits of the HMAC, plenty against forging. */
const SIGNATURE_LENGTH = 22;
const COOKIE_PATTERN = new RegExp(`^[a-z2-7]{32}(\\.[A-Za-z0-9_-]{${SIGNATURE_LENGTH}}){1,${MAX_ACCOUNTS}}$`);

export type DeviceAccount = { id: string; passwordHash: string };

/** The key that signs device cookies: derived from the app secret, for this use only. */
export async function knownDeviceKey(db: DbOrTx, config: Pick<Config, 'appSecret'>): Promise<Buffer> {
  return createHmac('sha256', await appSecret(db, config))
    .update('known-device-cookie')
    .digest();
}

function signature(key: Buffer, deviceId: string, account: DeviceAccount): string {
  return createHmac('sha256', key)
    .update(`${deviceId}\n${account.id}\n${account.passwordHash}`)
    .digest('base64url')
    .slice(0, SIGNATURE_LENGTH);
}

function parse(cookie: string | null | undefined): { deviceId: string; signatures: string[] } | null {
  if (!cookie || !COOKIE_PATTERN.test(cookie)) return null;
  const [deviceId, ...signatures] = cookie.split('.');
  return { deviceId, signatures };
}

/**
 * The device id when the cookie shows this browser signed in to this account, with its current
 * password, before; null for any other cookie (missing, forged, another account's, an old password's).
 */
export function recogniseDevice(key: Buffer, cookie: string | null | undefined, account: DeviceAccount): string | null {
  const parsed = parse(cookie);
  if (!parsed) return null;
  const expected = Buffer.from(signature(key, parsed.deviceId, account));
  // The pattern guarantees equal lengths, so each comparison is constant-time.
  const isKnown = parsed.signatures.some((s) => timingSafeEqual(Buffer.from(s), expected));
  return isKnown ? parsed.deviceId : null;
}

/** The cookie after a successful sign-in: the same device id, this account first. */
export function rememberDevice(key: Buffer, cookie: string | null | undefined, account: DeviceAccount): string {
  const parsed = parse(cookie);
  const deviceId = parsed?.deviceId ?? generateToken();
  const mine = signature(key, deviceId, account);
  const others = (parsed?.signatures ?? []).filter((s) => s !== mine);
  return [deviceId, mine, ...others].slice(0, 1 + MAX_ACCOUNTS).join('.');
}

/** `rememberDevice` for a user known by id (after a password reset or change). */
export async function rememberDeviceOf(
  db: DbOrTx,
  config: Pick<Config, 'appSecret'>,
  cookie: string | null | undefined,
  userId: string,
): Promise<string> {
  const [account] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return rememberDevice(await knownDeviceKey(db, config), cookie, account);
}
