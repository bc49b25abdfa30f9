import { and, eq } from 'drizzle-orm';
import {
  CASILLERO_TYPE_TO_COUNTRY,
  MAILBOX_COUNTRY_LABELS,
  MAILBOX_MESSAGES,
  type CasilleroType,
} from '@casillero/shared';
import type { Db } from '../db/client';
import { DomainError } from '../lib/domain-error';
import { mailboxes } from '../db/schema';
import { openMailboxWithActivation } from './accounts';
import { isUniqueViolation } from './auth';

/**
 * A customer opens their mailbox in the other country: inactive, with its pending
 * activation payment, in one transaction. One per country: the unique constraint decides
 * when two clicks race; the check before it only gives the clear message sooner.
 */
export async function openOwnMailbox(db: Db, userId: string, type: CasilleroType) {
  const country = CASILLERO_TYPE_TO_COUNTRY[type];
  const alreadyHas = () => new DomainError('CONFLICT', MAILBOX_MESSAGES.alreadyHas(MAILBOX_COUNTRY_LABELS[country]));
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: mailboxes.id })
        .from(mailboxes)
        .where(and(eq(mailboxes.userId, userId), eq(mailboxes.country, country)));
      if (existing) throw alreadyHas();
      const { mailbox, payment } = await openMailboxWithActivation(tx, userId, type);
      return { id: mailbox.id, mailboxCode: mailbox.mailboxCode, activationAmountUsdCents: payment.amountUsdCents };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'mailboxes_user_id_country_key')) throw alreadyHas();
    throw err;
  }
}
