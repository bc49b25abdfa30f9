// The addresses a customer forwards from (Configuración): mail from them, authenticated, makes drafts.
import { and, count, eq } from 'drizzle-orm';
import { GENERIC_MESSAGES, INBOUND_MAIL_LIMITS, PREALERT_MAIL_MESSAGES as M } from '@casillero/shared';
import type { Db } from '../../db/client';
import { mailSenders } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import { isUniqueViolation } from '../auth';

export async function addOwnMailSender(db: Db, userId: string, email: string) {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(mailSenders).where(eq(mailSenders.userId, userId));
    if (Number(n) >= INBOUND_MAIL_LIMITS.maxSenders)
      throw new DomainError('BAD_INPUT', M.senderTooMany(INBOUND_MAIL_LIMITS.maxSenders));
    try {
      const [row] = await tx
        .insert(mailSenders)
        .values({ userId, email: address })
        .returning({ id: mailSenders.id, email: mailSenders.email });
      return { ...row, message: M.senderAdded };
    } catch (err) {
      if (isUniqueViolation(err, 'mail_senders_user_id_email_key'))
        throw new DomainError('CONFLICT', M.senderDuplicate);
      throw err;
    }
  });
}

export async function removeOwnMailSender(db: Db, userId: string, id: string) {
  const removed = await db
    .delete(mailSenders)
    .where(and(eq(mailSenders.id, id), eq(mailSenders.userId, userId)))
    .returning({ id: mailSenders.id });
  if (removed.length === 0) throw new DomainError('NOT_FOUND', GENERIC_MESSAGES.notFound);
  return { ok: true as const, message: M.senderRemoved };
}
