// Bank statement reconciliation (docs/product/admin-payments-and-billing.md#reconciliation, /admin/conciliacion): the cashier uploads the bank's
// statement as CSV (date, reference, description, amount in Bs.), each credit is matched with the
// payments customers reported in bolívares (queries/reconciliation.ts, computed on read) and the
// matched ones are approved in one step.
//
// Once only, whatever is uploaded twice or clicked twice:
// - a movement (day, reference key, amount) is stored once: the lines are inserted ON CONFLICT on
//   bank_statement_lines_movement_key DO NOTHING, so a statement uploaded again adds nothing;
// - a line approves one payment, and a payment is approved by one line: each approval starts
//   with a conditional UPDATE … WHERE payment_id IS NULL (a second caller waits for the first's
//   row lock, then finds it taken), the unique index on payment_id refuses the same payment on
//   another line, and reviewPayment refuses a payment that is no longer pending (CONFLICT); the
//   ledger entry is unique per payment besides.
//
// The file itself is read in statement-csv.ts; a line nobody reported is assigned to a customer in
// assign.ts.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { RECONCILIATION_MESSAGES as M, type z, type statementUploadInput } from '@casillero/shared';
import type { Db } from '../../db/client';
import { bankStatementLines, bankStatements } from '../../db/schema';
import type { Config } from '../../env';
import { listStatementLines } from '../../queries/reconciliation';
import { isUniqueViolation } from '../auth';
import { reviewPayment } from '../payment-review';
import { parseStatement } from './statement-csv';
import { DomainError } from '../../lib/domain-error';

// --- Uploading -----------------------------------------------------------------------------------

/** A refused file, nothing stored: the first errors, one per line, and how many more there are. */
function statementRefused(errors: string[], shown = 10): DomainError {
  const more = errors.length - shown;
  const message = [...errors.slice(0, shown), ...(more > 0 ? [M.moreErrors(more)] : []), M.nothingChanged].join('\n');
  return new DomainError('BAD_INPUT', message, { details: { errors } });
}

export type StatementUpload = z.output<typeof statementUploadInput>;

export type UploadResult = {
  statementId: string;
  /** The credits the file holds. */
  lineCount: number;
  /** Those stored now: movements never loaded before. */
  newLineCount: number;
  /** Those already loaded (by an earlier statement, or twice in this file): not stored again. */
  repeated: number;
  ignoredDebits: number;
  message: string;
};

/**
 * Stores a statement and its credits in the caller's transaction (the audited one of the staff
 * mutation); a file with any error is refused whole. A movement already loaded is skipped by the
 * unique index, never stored twice, and counted as repeated.
 */
export async function uploadStatement(tx: Db, input: StatementUpload, uploadedBy: string): Promise<UploadResult> {
  const parsed = parseStatement(input.content);
  if (parsed.errors.length > 0) throw statementRefused(parsed.errors);

  const [statement] = await tx
    .insert(bankStatements)
    .values({ fileName: input.fileName, lineCount: parsed.lines.length, newLineCount: 0, uploadedBy })
    .returning({ id: bankStatements.id });
  const inserted = await tx
    .insert(bankStatementLines)
    .values(
      parsed.lines.map((l) => ({
        statementId: statement!.id,
        lineNumber: l.line,
        movementDate: l.movementDate,
        reference: l.reference,
        referenceKey: l.referenceKey,
        description: l.description,
        vesCentimos: l.vesCentimos,
      })),
    )
    .onConflictDoNothing({
      target: [bankStatementLines.movementDate, bankStatementLines.referenceKey, bankStatementLines.vesCentimos],
    })
    .returning({ id: bankStatementLines.id });
  const newLineCount = inserted.length;
  if (newLineCount > 0)
    await tx.update(bankStatements).set({ newLineCount }).where(eq(bankStatements.id, statement!.id));

  const repeated = parsed.lines.length - newLineCount;
  const message = [
    M.uploaded(newLineCount, repeated),
    ...(parsed.ignoredDebits ? [M.ignoredDebits(parsed.ignoredDebits)] : []),
  ].join(' ');
  return {
    statementId: statement!.id,
    lineCount: parsed.lines.length,
    newLineCount,
    repeated,
    ignoredDebits: parsed.ignoredDebits,
    message,
  };
}

// --- Approving -----------------------------------------------------------------------------------

/** The line was approved meanwhile by another caller: nothing to do. */
class AlreadyApproved extends Error {}

export async function findStatement(db: Db, statementId: string) {
  const [statement] = await db
    .select({ id: bankStatements.id, fileName: bankStatements.fileName })
    .from(bankStatements)
    .where(eq(bankStatements.id, statementId));
  if (!statement) throw new DomainError('NOT_FOUND', M.statementNotFound);
  return statement;
}

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
