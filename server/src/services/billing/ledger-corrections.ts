// The four-eyes rule on the ledger: a correction (adjustment or refund of credit) of
// LEDGER_SECOND_APPROVAL_USD or more is not entered when one staff member asks for it; it waits in
// ledger_correction_requests until another approves it (then it becomes the ledger entry) or
// rejects it. The database refuses a decision by the person who asked, and the audit log holds
// the request and the decision, each with its person.
import { and, eq } from 'drizzle-orm';
import { BILLING_MESSAGES, CLIENT_MESSAGES, formatUsdCents } from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { ledgerCorrectionRequests, users } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import { recordLedgerCorrection } from './ledger';

/** The amount in integer cents (docs/decisions/005-money-and-numbers.md): signed for an adjustment. */
type CorrectionInput = { userId: string; kind: 'adjustment' | 'refund'; usdCents: number; reason: string };

/**
 * A staff member's correction: entered at once below the threshold, otherwise kept for a second
 * person's approval. `pending` says which happened.
 */
export async function requestLedgerCorrection(
  tx: DbOrTx,
  staffId: string,
  input: CorrectionInput,
  thresholdUsdCents: number,
) {
  const cents = input.usdCents;
  if (Math.abs(cents) < thresholdUsdCents) {
    const entry = await recordLedgerCorrection(tx, staffId, input, BILLING_MESSAGES.refundExceedsCredit);
    return { pending: false as const, id: String(entry.id), message: BILLING_MESSAGES.adjustmentSaved };
  }
  // Only a customer has a ledger; the same answer as an entered correction gives.
  const [customer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.userId), eq(users.role, 'user')));
  if (!customer) throw new DomainError('NOT_FOUND', CLIENT_MESSAGES.notFound);
  const [request] = await tx
    .insert(ledgerCorrectionRequests)
    .values({
      userId: input.userId,
      kind: input.kind,
      usdCents: input.kind === 'refund' ? Math.abs(cents) : cents,
      reason: input.reason,
      requestedBy: staffId,
    })
    .returning({ id: ledgerCorrectionRequests.id });
  return {
    pending: true as const,
    id: request.id,
    message: BILLING_MESSAGES.correctionPending(formatUsdCents(Math.abs(cents)), formatUsdCents(thresholdUsdCents)),
  };
}

/**
 * Another staff member's decision on a waiting correction. Approved, it is entered as the ledger
 * entry it asked for (checked again now: a refund still cannot exceed the credit); rejected,
 * nothing moves. Decided once: a second decision, or one by the person who asked, is refused.
 */
export async function decideLedgerCorrection(tx: DbOrTx, staffId: string, input: { id: string; approve: boolean }) {
  const [request] = await tx
    .select()
    .from(ledgerCorrectionRequests)
    .where(eq(ledgerCorrectionRequests.id, input.id))
    .for('update');
  if (!request) throw new DomainError('NOT_FOUND', BILLING_MESSAGES.correctionNotFound);
  if (request.status !== 'pending') throw new DomainError('CONFLICT', BILLING_MESSAGES.correctionAlreadyDecided);
  if (request.requestedBy === staffId) throw new DomainError('FORBIDDEN', BILLING_MESSAGES.correctionOwnRequest);
  const entry = input.approve
    ? await recordLedgerCorrection(
        tx,
        staffId,
        { userId: request.userId, kind: request.kind, usdCents: request.usdCents, reason: request.reason },
        BILLING_MESSAGES.refundExceedsCredit,
      )
    : null;
  await tx
    .update(ledgerCorrectionRequests)
    .set({
      status: input.approve ? 'approved' : 'rejected',
      decidedBy: staffId,
      decidedAt: new Date(),
      ledgerEntryId: entry?.id ?? null,
    })
    .where(eq(ledgerCorrectionRequests.id, input.id));
  return {
    id: input.id,
    message: input.approve ? BILLING_MESSAGES.correctionApproved : BILLING_MESSAGES.correctionRejected,
  };
}
