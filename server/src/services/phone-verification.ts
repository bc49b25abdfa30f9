// The WhatsApp number a customer receives messages on, verified first: a 6-digit code sent by
// WhatsApp template to the number typed, kept hashed, valid 10 minutes and for 5 attempts.
// Asking for codes is rate limited per customer and per number (docs/decisions/007), so the
// form can neither spam a stranger's phone nor run up the bill.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { MESSAGING_MESSAGES as M } from '@casillero/shared';
import type { Db } from '../db/client';
import { DomainError } from '../lib/domain-error';
import { phoneVerifications, whatsappNumbers } from '../db/schema';
import { hitLimits, tooMany } from '../auth/rate-limit';
import { enqueueWhatsapp } from '../messaging/whatsapp-outbox';
import { WHATSAPP_TEMPLATES } from '../messaging/whatsapp-templates';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
const HOUR = 60 * 60 * 1000;

function codeHash(userId: string, phone: string, code: string) {
  return createHash('sha256').update(`phone-code:${userId}:${phone}:${code}`).digest('hex');
}

/** +58414***67: enough for the customer to recognise it, not enough to read it off a screen. */
export function maskPhone(phone: string) {
  return `${phone.slice(0, 6)}***${phone.slice(-2)}`;
}

/** Sends a new code to `phone` (E.164), replacing any pending one. */
export async function startPhoneVerification(db: Db, userId: string, phone: string, now = new Date()) {
  const limit = (minutes: number) => M.tooManyCodes(minutes);
  const hit = await hitLimits(db, [
    { key: `phone-code:user:${userId}`, max: 5, windowMs: HOUR, message: limit },
    { key: `phone-code:phone:${phone}`, max: 3, windowMs: HOUR, message: limit },
  ]);
  if (hit.exceeded) throw tooMany(hit.exceeded);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  await db.transaction(async (tx) => {
    const values = { userId, phone, codeHash: codeHash(userId, phone, code), attempts: 0, expiresAt, createdAt: now };
    await tx
      .insert(phoneVerifications)
      .values(values)
      .onConflictDoUpdate({ target: phoneVerifications.userId, set: values });
    await enqueueWhatsapp(tx, {
      userId,
      toPhone: phone,
      template: WHATSAPP_TEMPLATES.verification.name,
      params: [code],
    });
  });
  return { phone, masked: maskPhone(phone), expiresAt, message: M.codeSent(maskPhone(phone)) };
}

type Outcome = { ok: true; phone: string } | { ok: false; message: string };

/** Checks the code; a right one makes the number the customer's verified WhatsApp. */
export async function confirmPhone(db: Db, userId: string, code: string, now = new Date()) {
  // The attempt is counted in its own transaction, so a wrong code still uses one up.
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [pending] = await tx
      .select()
      .from(phoneVerifications)
      .where(eq(phoneVerifications.userId, userId))
      .for('update');
    if (!pending) return { ok: false, message: M.noPendingCode };
    if (pending.expiresAt.getTime() <= now.getTime()) return { ok: false, message: M.codeExpired };
    if (pending.attempts >= CODE_MAX_ATTEMPTS) return { ok: false, message: M.tooManyAttempts };
    const expected = Buffer.from(pending.codeHash);
    const given = Buffer.from(codeHash(userId, pending.phone, code));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      const attempts = pending.attempts + 1;
      await tx.update(phoneVerifications).set({ attempts }).where(eq(phoneVerifications.userId, userId));
      return { ok: false, message: M.codeWrong(CODE_MAX_ATTEMPTS - attempts) };
    }
    await tx
      .insert(whatsappNumbers)
      .values({ userId, phone: pending.phone, verifiedAt: now })
      .onConflictDoUpdate({ target: whatsappNumbers.userId, set: { phone: pending.phone, verifiedAt: now } });
    await tx.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
    return { ok: true, phone: pending.phone };
  });
  if (!outcome.ok) throw new DomainError('BAD_INPUT', outcome.message);
  return { phone: outcome.phone, message: M.phoneVerified };
}

/** Forgets the verified number and any pending code: nothing more is sent by WhatsApp. */
export async function removePhone(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(whatsappNumbers).where(eq(whatsappNumbers.userId, userId));
    await tx.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
    // Messages already queued for the old number are not sent any more.
    await tx.execute(
      sql`update whatsapp_outbox set status = 'failed', last_error = 'número quitado por el cliente' where user_id = ${userId} and status = 'pending'`,
    );
  });
  return { message: M.phoneRemoved };
}
