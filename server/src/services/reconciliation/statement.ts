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
// The file itself is read in statement-csv.ts; the matched lines are approved in matching.ts; a line
// nobody reported is assigned to a customer in assign.ts.
import { eq } from 'drizzle-orm';
import {
  RECONCILIATION_MESSAGES as M,
  type ReportProgress,
  type z,
  type statementUploadInput,
} from '@casillero/shared';
import type { Db } from '../../db/client';
import { bankStatementLines, bankStatements } from '../../db/schema';
import { parseStatement } from './statement-csv';
import { DomainError } from '../../lib/domain-error';

// --- Uploading -----------------------------------------------------------------------------------

/** Lines stored per statement: the upload reports its progress after each batch. */
export const STATEMENT_BATCH_LINES = 500;

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
export async function uploadStatement(
  tx: Db,
  input: StatementUpload,
  uploadedBy: string,
  report?: ReportProgress,
): Promise<UploadResult> {
  const parsed = parseStatement(input.content);
  // The file is read and checked whole at once (no database): one report of its rows.
  await report?.({ phase: 'checking', done: parsed.lines.length, total: parsed.lines.length });
  if (parsed.errors.length > 0) throw statementRefused(parsed.errors);

  const [statement] = await tx
    .insert(bankStatements)
    .values({ fileName: input.fileName, lineCount: parsed.lines.length, newLineCount: 0, uploadedBy })
    .returning({ id: bankStatements.id });
  // In batches, each followed by a progress report ("Aplicando… 1.000 de 5.000").
  const total = parsed.lines.length;
  await report?.({ phase: 'applying', done: 0, total });
  let newLineCount = 0;
  for (let start = 0; start < total; start += STATEMENT_BATCH_LINES) {
    const inserted = await tx
      .insert(bankStatementLines)
      .values(
        parsed.lines.slice(start, start + STATEMENT_BATCH_LINES).map((l) => ({
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
    newLineCount += inserted.length;
    await report?.({ phase: 'applying', done: Math.min(start + STATEMENT_BATCH_LINES, total), total });
  }
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

// --- Finding -------------------------------------------------------------------------------------

export async function findStatement(db: Db, statementId: string) {
  const [statement] = await db
    .select({ id: bankStatements.id, fileName: bankStatements.fileName })
    .from(bankStatements)
    .where(eq(bankStatements.id, statementId));
  if (!statement) throw new DomainError('NOT_FOUND', M.statementNotFound);
  return statement;
}
