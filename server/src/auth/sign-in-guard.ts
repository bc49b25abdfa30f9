// Sign-in throttling without lockout as a weapon (docs/decisions/007). Failed attempts are counted
// in the database (rate-limit.ts) before the password is checked, so a refused attempt teaches
// nothing. A device that signed in to the account before (known-device.ts) counts only against
// itself, so strangers failing cannot keep the owner out of it; any other attempt counts per IP,
// per account and IP (strict) and per account (higher, in growing windows).
// Keys use the typed e-mail, not the user id, so an unknown e-mail is throttled exactly like a
// known one (docs/product/product-decisions.md#d11-no-account-enumeration).
import { AUTH_MESSAGES, SIGNIN_LIMIT } from '@casillero/shared';
import type { Db } from '../db/client';
import { enqueueEmail } from '../mail/outbox';
import { signInAttackMessage } from '../mail/templates';
import { hitLimits, onceIn, tooMany, type LimitWindow } from './rate-limit';

const MINUTE_MS = 60 * 1000;

export const signInKeys = {
  ip: (ip: string) => `signin:ip:${ip}`,
  accountAndIp: (email: string, ip: string) => `signin:account-ip:${email}|${ip}`,
  account: (email: string) => `signin:account:${email}`,
  knownDevice: (deviceId: string, email: string) => `signin:device:${deviceId}|${email}`,
  ownerWarned: (email: string) => `signin:warned:${email}`,
};

function windows(key: string, tiers: ReadonlyArray<{ max: number; minutes: number }>): LimitWindow[] {
  return tiers.map((tier) => ({
    key,
    max: tier.max,
    windowMs: tier.minutes * MINUTE_MS,
    message: () => AUTH_MESSAGES.tooManyAttempts,
  }));
}

export type SignInAttempt = {
  /** As typed, lower-cased: the key of the account whether or not it exists. */
  email: string;
  ip: string;
  /** The device id when the browser is known to this account, else null. */
  knownDeviceId: string | null;
};

/** The windows an attempt is counted in; the account's come first so a refusal names them. */
export function signInWindows(attempt: SignInAttempt): LimitWindow[] {
  if (attempt.knownDeviceId) {
    return windows(signInKeys.knownDevice(attempt.knownDeviceId, attempt.email), SIGNIN_LIMIT.perKnownDevice);
  }
  return [
    ...windows(signInKeys.account(attempt.email), SIGNIN_LIMIT.perAccount),
    ...windows(signInKeys.accountAndIp(attempt.email, attempt.ip), SIGNIN_LIMIT.perAccountAndIp),
    ...windows(signInKeys.ip(attempt.ip), SIGNIN_LIMIT.perIp),
  ];
}

/**
 * Counts the attempt and returns its event ids (forget them when it succeeds), or refuses it
 * with the spec's message. When the account-wide cap refuses a stranger, the owner (if the
 * account exists) gets one warning e-mail per `warnOwnerEveryHours`.
 */
export async function admitSignIn(
  db: Db,
  attempt: SignInAttempt,
  owner: { email: string; fullName: string; appUrl: string } | null,
): Promise<number[]> {
  const { eventIds, exceeded } = await hitLimits(db, signInWindows(attempt));
  if (!exceeded) return eventIds;
  if (owner && exceeded.key === signInKeys.account(attempt.email)) {
    await onceIn(db, signInKeys.ownerWarned(attempt.email), SIGNIN_LIMIT.warnOwnerEveryHours * 60 * MINUTE_MS, (tx) =>
      enqueueEmail(
        tx,
        owner.email,
        signInAttackMessage({ fullName: owner.fullName, forgotPasswordUrl: `${owner.appUrl}/forgot-password` }),
      ),
    );
  }
  throw tooMany(exceeded);
}
