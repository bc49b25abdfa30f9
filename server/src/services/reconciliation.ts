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
import { parse } from 'csv-parse/sync';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  PAYMENT_MESSAGES,
  cutToCharacters,
  RECONCILIATION_MESSAGES as M,
  STATEMENT_MAX_LINES,
  parseDecimal,
  type z,
  type statementLineAssignInput,
  type statementUploadInput,
  vesCentimosToUsdCents,
} from '@casillero/shared';
import type { Db } from '../db/client';
import { bankStatementLines, bankStatements, invoices, paymentMethods, paymentTransactions, users } from '../db/schema';
import type { Config } from '../env';
import { rateForDay } from '../queries/billing';
import { listStatementLines } from '../queries/reconciliation';
import { businessToday } from '../lib/business-clock';
import { invoiceRemaining, lockLedger } from './billing';
import { isUniqueViolation } from './auth';
import { reviewPayment } from './payment-review';
import { detectDelimiter, headerKey } from '../lib/csv-read';
import { DomainError } from '../lib/domain-error';

// --- Reading the file ----------------------------------------------------------------------------

/**
 * A reference as it is compared: letters and digits only, upper case, without leading zeros
 * (banks pad references with zeros; customers type them with dashes or spaces). The SQL twin is
 * referenceKeySql in queries/reconciliation.ts.
 */
export function referenceKey(reference: string): string {
  return reference
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .replace(/^0+/, '');
}

type StatementField = 'date' | 'reference' | 'description' | 'amount';

/** Header names as they are compared: lower case, no accents, letters only, no unit ("Monto (Bs.)"). */
function headerName(header: string): string {
  return headerKey(header, /(bs|ves)$/).replace(/en$/, '');
}

/** The names each column goes by in Spanish and English statements (compared by headerName). */
const HEADER_NAMES: Record<StatementField, string[]> = {
  date: [
    'fecha',
    'date',
    'fechavalor',
    'fechaoperacion',
    'fechadeoperacion',
    'fechamovimiento',
    'fechadelmovimiento',
    'transactiondate',
    'valuedate',
  ],
  reference: [
    'referencia',
    'reference',
    'ref',
    'nroreferencia',
    'nrodereferencia',
    'numeroreferencia',
    'numerodereferencia',
    'nreferencia',
    'referencenumber',
    'documento',
    'nrodocumento',
  ],
  description: ['descripcion', 'description', 'concepto', 'detalle', 'details'],
  amount: ['monto', 'amount', 'importe'],
};
const FIELD_BY_NAME = new Map(
  Object.entries(HEADER_NAMES).flatMap(([field, names]) => names.map((n) => [n, field as StatementField])),
);
const FIELDS: StatementField[] = ['date', 'reference', 'description', 'amount'];

/**
 * "05/03/2026", "5/3/2026" or "2026-03-05" (a time after it, as some banks write, is ignored) →
 * "2026-03-05"; null when it is not a real day.
 */
export function parseStatementDate(value: string): string | null {
  const text = value.trim().replace(/[ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?$/, '');
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const [y, m, d] = dmy ? [dmy[3], dmy[2], dmy[1]] : ymd ? [ymd[1], ymd[2], ymd[3]] : [];
  if (!y || !m || !d) return null;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < 2000 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * An amount in Bs. to signed céntimos: "1.234,56", "1234,56", "1234.56", "1,234.56", "-150,00",
 * "Bs. 1.234,56". With both separators the last one is the decimal one; with one kind only, it
 * is decimal when followed by one or two digits and groups thousands when followed by three.
 * Null when it is not such a number.
 */
export function parseVesAmount(value: string): number | null {
  let text = value.trim().replace(/\s+/g, '');
  let negative = false;
  const parenthesised = /^\((.*)\)$/.exec(text);
  if (parenthesised) {
    negative = true;
    text = parenthesised[1]!;
  }
  text = text.replace(/^(bs\.?|ves)/i, '');
  if (/^[-+]/.test(text)) {
    negative = negative !== (text[0] === '-');
    text = text.slice(1);
  } else if (/-$/.test(text)) {
    negative = !negative;
    text = text.slice(0, -1);
  }
  text = text.replace(/^(bs\.?|ves)/i, '');
  // The number itself as every number field reads it (docs/decisions/005); a bank writes at most two
  // decimals, so a lone separator before three digits groups thousands there ("1.234").
  const reading = parseDecimal(text, { decimals: 2, threeDigitsGroupThousands: true });
  if (reading.status !== 'number' || reading.digits.startsWith('-')) return null;
  const [integer, decimals = ''] = reading.digits.split('.');
  const centimos = Number(integer) * 100 + Number(decimals.padEnd(2, '0'));
  return negative && centimos !== 0 ? -centimos : centimos;
}

/** A credit of the statement, as read and checked. */
export type StatementLine = {
  line: number;
  movementDate: string;
  reference: string;
  referenceKey: string;
  description: string;
  vesCentimos: number;
};

export type ParsedStatement = {
  lines: StatementLine[];
  /** Negative amounts: money that left the account, never a customer's payment. */
  ignoredDebits: number;
  /** Spanish messages, each with its line and column when it has one. */
  errors: string[];
};

const MAX_DESCRIPTION = 300;
const MAX_REFERENCE = 60;

/**
 * Reads the statement: the delimiter (',' or ';'), a byte order mark, the headers of the first
 * line (Spanish or English, any case and accents), then every line, checked. Blank lines are
 * skipped; line numbers are the file's. Credits are kept, debits counted and ignored.
 */
export function parseStatement(csv: string): ParsedStatement {
  const result: ParsedStatement = { lines: [], ignoredDebits: 0, errors: [] };
  const errors = result.errors;
  const text = csv.replace(/^\uFEFF/, '');
  if (text.trim() === '') {
    errors.push(M.empty);
    return result;
  }

  type Parsed = { info: { lines: number }; record: string[] };
  let records: Parsed[] = [];
  const skipped: number[] = [];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      trim: true,
      info: true,
      on_skip: (err) => {
        if (err) skipped.push(Number(err.lines) || 0);
        return undefined;
      },
    }) as unknown as Parsed[];
  } catch (err) {
    skipped.push(Number((err as { lines?: number }).lines) || 0);
  }
  for (const line of skipped) errors.push(M.unreadableLine(line));

  // The line a record starts on (a quoted field may span lines).
  const startLine = (r: Parsed) => r.info.lines - r.record.reduce((n, f) => n + (f.match(/\n/g)?.length ?? 0), 0);
  const [header, ...data] = records.filter((r) => r.record.some((f) => f !== ''));
  if (!header) {
    if (errors.length === 0) errors.push(M.empty);
    return result;
  }

  const columns: Partial<Record<StatementField, { index: number; header: string }>> = {};
  for (const [index, raw] of header.record.entries()) {
    const field = FIELD_BY_NAME.get(headerName(raw));
    // The first of two columns for the same thing wins ("Fecha" before "Fecha valor").
    if (!field || columns[field]) continue;
    columns[field] = { index, header: raw };
  }
  if (FIELDS.some((f) => !columns[f])) {
    errors.push(M.missingColumns);
    return result;
  }
  if (data.length === 0) {
    errors.push(M.empty);
    return result;
  }
  if (data.length > STATEMENT_MAX_LINES) {
    errors.push(M.tooManyLines);
    return result;
  }

  for (const r of data) {
    const line = startLine(r);
    const get = (field: StatementField) => (r.record[columns[field]!.index] ?? '').trim();
    const fail = (field: StatementField, problem: string) =>
      errors.push(M.lineError(line, columns[field]!.header, problem));

    const movementDate = parseStatementDate(get('date'));
    if (!movementDate) fail('date', M.badDate);
    const reference = get('reference');
    const key = referenceKey(reference);
    if (key === '') fail('reference', M.badReference);
    else if (reference.length > MAX_REFERENCE) fail('reference', M.referenceTooLong);
    const vesCentimos = parseVesAmount(get('amount'));
    if (vesCentimos === null) fail('amount', M.badAmount);

    if (!movementDate || key === '' || reference.length > MAX_REFERENCE || vesCentimos === null) continue;
    if (vesCentimos <= 0) {
      result.ignoredDebits++;
      continue;
    }
    result.lines.push({
      line,
      movementDate,
      reference,
      referenceKey: key,
      description: cutToCharacters(get('description'), MAX_DESCRIPTION),
      vesCentimos,
    });
  }
  if (errors.length === 0 && result.lines.length === 0) errors.push(M.noCredits);
  return result;
}

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

// --- Assigning a credit nobody reported ----------------------------------------------------------

export type StatementLineAssign = z.output<typeof statementLineAssignInput>;

/** The unique index on the method and the reference (DUPLICATE_INDEX in services/payments.ts). */
const PAYMENT_REFERENCE_INDEX = 'payment_transactions_method_reference_norm_key';

/**
 * A "Sin pago reportado" line becomes the chosen customer's payment: in Bs., for the line's
 * amount and reference, by bank transfer, toward the invoice chosen (by default the customer's
 * oldest open one; `invoiceId: null` or none open, credit on account), approved as an approved
 * report is (ledger, invoice, mailbox, notification) and the line approved with it, all in one
 * transaction. The line is locked first, so of two cashiers assigning it at once the second waits,
 * then finds it taken (CONFLICT) and nothing of theirs is stored.
 */
export async function assignLineToCustomer(
  db: Db,
  staff: { id: string },
  input: StatementLineAssign,
  config: Pick<Config, 'appUrl'>,
) {
  const [row] = await db
    .select({ statementId: bankStatementLines.statementId })
    .from(bankStatementLines)
    .where(eq(bankStatementLines.id, input.lineId));
  if (!row) throw new DomainError('NOT_FOUND', M.lineNotAssignable);
  const statement = await findStatement(db, row.statementId);
  const line = (await listStatementLines(db, row.statementId)).find((l) => l.id === input.lineId);
  // A line that matches a report is approved with that report, never assigned to someone else.
  if (!line || line.state !== 'not_found') throw new DomainError('CONFLICT', M.lineNotAssignable);

  const [customer] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.userId), eq(users.role, 'user')));
  if (!customer) throw new DomainError('NOT_FOUND', M.assignCustomerNotFound);

  try {
    return await db.transaction(async (tx) => {
      const [free] = await tx
        .select({ id: bankStatementLines.id })
        .from(bankStatementLines)
        .where(and(eq(bankStatementLines.id, line.id), isNull(bankStatementLines.paymentId)))
        .for('update');
      if (!free) throw new DomainError('CONFLICT', M.lineNotAssignable);

      // The customer's ledger takes turns, so what an invoice still owes cannot change meanwhile.
      await lockLedger(tx, customer.id);
      const invoice = await invoiceToPay(tx, customer.id, input.invoiceId);
      const rate = invoice?.vesPerUsd ?? (await rateForDay(tx, businessToday()))?.vesPerUsd ?? null;
      if (!rate) throw new DomainError('BAD_INPUT', PAYMENT_MESSAGES.noRateForVes);
      const amountUsdCents = vesCentimosToUsdCents(line.vesCentimos, rate);
      if (amountUsdCents < 1) throw new DomainError('BAD_INPUT', PAYMENT_MESSAGES.amountUnderOneCent);
      const method = await bankTransferMethod(tx);

      const [payment] = await tx
        .insert(paymentTransactions)
        .values({
          userId: customer.id,
          transactionType: invoice?.concept ?? 'credit_purchase',
          description: invoice?.description ?? null,
          invoiceId: invoice?.id ?? null,
          mailboxId: invoice?.mailboxId ?? null,
          shipmentId: invoice?.shipmentId ?? null,
          currency: 'VES',
          amountVesCents: line.vesCentimos,
          amountUsdCents,
          paymentMethod: method.name,
          paymentMethodId: method.id,
          paymentReference: line.reference,
          status: 'pending',
        })
        .returning({ id: paymentTransactions.id });
      await tx
        .update(bankStatementLines)
        .set({ paymentId: payment!.id, approvedAt: sql`now()` })
        .where(eq(bankStatementLines.id, line.id));
      const approved = await reviewPayment(
        tx,
        staff,
        { id: payment!.id, status: 'completed', adminNotes: M.assignedNote(statement.fileName, line.reference) },
        config,
      );
      return {
        paymentId: payment!.id,
        invoiceId: approved.invoiceId,
        invoicePaid: approved.invoicePaid,
        mailboxActivated: approved.mailboxActivated,
        message: M.lineAssigned,
      };
    });
  } catch (err) {
    if (isUniqueViolation(err, PAYMENT_REFERENCE_INDEX)) throw new DomainError('CONFLICT', M.assignReferenceTaken);
    if (isUniqueViolation(err, 'bank_statement_lines_payment_key'))
      throw new DomainError('CONFLICT', M.lineNotAssignable);
    throw err;
  }
}

/**
 * The invoice an assigned line pays: the one chosen, which must be the customer's, not void and
 * still owing; or (undefined) the customer's oldest that still owes; or (null) none.
 */
async function invoiceToPay(tx: Db, userId: string, invoiceId: string | null | undefined) {
  if (invoiceId === null) return null;
  const columns = {
    id: invoices.id,
    concept: invoices.concept,
    description: invoices.description,
    mailboxId: invoices.mailboxId,
    shipmentId: invoices.shipmentId,
    vesPerUsd: invoices.vesPerUsd,
  };
  if (invoiceId) {
    const [chosen] = await tx
      .select(columns)
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId), isNull(invoices.voidedAt)));
    if (!chosen || (await invoiceRemaining(tx, chosen.id)) <= 0)
      throw new DomainError('CONFLICT', M.assignInvoiceNotPayable);
    return chosen;
  }
  const open = await tx
    .select(columns)
    .from(invoices)
    .where(and(eq(invoices.userId, userId), isNull(invoices.voidedAt)))
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
  for (const candidate of open) if ((await invoiceRemaining(tx, candidate.id)) > 0) return candidate;
  return null;
}

/** The kept bank transfer method in Bs. (the first as the methods are ordered), active or not. */
async function bankTransferMethod(tx: Db): Promise<{ id: string | null; name: string }> {
  const [method] = await tx
    .select({ id: paymentMethods.id, name: paymentMethods.name })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.kind, 'transferencia'), eq(paymentMethods.currency, 'VES')))
    .orderBy(sql`${paymentMethods.active} desc`, asc(paymentMethods.sortOrder), asc(paymentMethods.createdAt))
    .limit(1);
  return method ?? { id: null, name: M.bankTransferFallback };
}
