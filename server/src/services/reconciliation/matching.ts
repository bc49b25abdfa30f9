// Approving a statement's matched lines (docs/product/admin-payments-and-billing.md#reconciliation):
// each line approves its payment once, as statement.ts says, in the cashier's one step or by the
// cashier's choice for an ambiguous line.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { RECONCILIATION_MESSAGES as M } from '@casillero/shared';
import type { Db } from '../../db/client';
import { bankStatementLines } from '../../db/schema';
import type { Config } from '../../env';
import { listStatementLines } from '../../queries/reconciliation';
import { isUniqueViolation } from '../auth';
import { reviewPayment } from '../payment-review';
import { DomainError } from '../../lib/domain-error';
import { findStatement } from './statement';

/** The line was approved meanwhile by another caller: nothing to do. */
class AlreadyApproved extends Error {}

/**
 * One line approves one payment, in its own (nested) transaction: the line is claimed, then the
 * payment approved as "Actualizar Pago" does (ledger, invoice, mailbox, notification). Throws
 * AlreadyApproved when another caller claimed the line meanwhile.
 */
async function approveWithLine(
  db: Db,
  staff: { id: string },
  statement: { fileName: string },
  line: { id: string; reference: string },
  paymentId: string,
  config: Pick<Config, 'appUrl'>,
) {
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(bankStatementLines)
      .set({ paymentId, approvedAt: sql`now()` })
      .where(and(eq(bankStatementLines.id, line.id), isNull(bankStatementLines.paymentId)))
      .returning({ id: bankStatementLines.id });
    if (!claimed) throw new AlreadyApproved();
    await reviewPayment(
      tx,
      staff,
      {
        id: paymentId,
        status: 'completed',
        adminNotes: `Conciliado con el estado de cuenta ${statement.fileName}, referencia ${line.reference}`,
      },
      config,
    );
  });
}

/**
 * Approves every payment that a line of the statement matches (never an ambiguous line's). A line
 * another caller approved meanwhile, or a payment processed meanwhile, is skipped without failing
 * the others. Lines are taken in payment order, so two callers that meet on the same payments wait
 * for each other instead of deadlocking.
 */
export async function approveMatchedLines(
  db: Db,
  staff: { id: string },
  statementId: string,
  config: Pick<Config, 'appUrl'>,
) {
  const statement = await findStatement(db, statementId);
  const matched = (await listStatementLines(db, statementId))
    .filter((l) => l.state === 'matched' && l.candidate)
    .sort((a, b) => (a.candidate!.paymentId < b.candidate!.paymentId ? -1 : 1));

  let approved = 0;
  for (const line of matched) {
    try {
      await approveWithLine(db, staff, statement, line, line.candidate!.paymentId, config);
      approved++;
    } catch (err) {
      if (err instanceof AlreadyApproved) continue;
      if (err instanceof DomainError && err.code === 'CONFLICT') continue;
      if (isUniqueViolation(err, 'bank_statement_lines_payment_key')) continue;
      throw err;
    }
  }
  return { approved, message: approved > 0 ? M.approved(approved) : M.nothingToApprove };
}

/**
 * The cashier's choice for an ambiguous line (or a matched one): the payment must still be one of
 * the line's candidates as the statement reads now; otherwise nothing changes.
 */
export async function approveChosenLine(
  db: Db,
  staff: { id: string },
  input: { lineId: string; paymentId: string },
  config: Pick<Config, 'appUrl'>,
) {
  const [row] = await db
    .select({ statementId: bankStatementLines.statementId })
    .from(bankStatementLines)
    .where(eq(bankStatementLines.id, input.lineId));
  if (!row) throw new DomainError('NOT_FOUND', M.lineNotChoosable);
  const statement = await findStatement(db, row.statementId);
  const line = (await listStatementLines(db, row.statementId)).find((l) => l.id === input.lineId);
  const choices =
    line?.state === 'ambiguous' ? line.candidates : line?.state === 'matched' && line.candidate ? [line.candidate] : [];
  if (!line || !choices.some((c) => c.paymentId === input.paymentId))
    throw new DomainError('CONFLICT', M.lineNotChoosable);
  try {
    await approveWithLine(db, staff, statement, line, input.paymentId, config);
  } catch (err) {
    if (err instanceof AlreadyApproved || isUniqueViolation(err, 'bank_statement_lines_payment_key'))
      throw new DomainError('CONFLICT', M.lineNotChoosable);
    throw err;
  }
  return { message: M.lineApproved };
}
