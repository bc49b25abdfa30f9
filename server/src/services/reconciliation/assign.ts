// Assigning a credit nobody reported (docs/product/admin-payments-and-billing.md#reconciliation):
// a "Sin pago reportado" line of the bank's statement becomes the chosen customer's payment,
// approved with the line, once.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  PAYMENT_MESSAGES,
  RECONCILIATION_MESSAGES as M,
  formatDate,
  formatVesFromCents,
  type z,
  type statementLineAssignInput,
  vesCentimosToUsdCents,
} from '@casillero/shared';
import type { Db } from '../../db/client';
import { bankStatementLines, invoices, paymentMethods, paymentTransactions, users } from '../../db/schema';
import type { Config } from '../../env';
import { payableInvoiceColumns, rateForDay } from '../../queries/billing';
import { listStatementLines, type ReconciliationLine } from '../../queries/reconciliation';
import { businessToday } from '../../lib/business-clock';
import { DomainError } from '../../lib/domain-error';
import { invoiceRemaining, lockLedger } from '../billing/ledger';
import { isUniqueViolation } from '../auth';
import { reviewPayment } from '../payment-review';
import { findStatement } from './statement';
import { referencePaidBy } from '../reference-paid-once';

export type StatementLineAssign = z.output<typeof statementLineAssignInput>;

/** The unique index on the method and the reference (DUPLICATE_INDEX in services/payments.ts). */
const PAYMENT_REFERENCE_INDEX = 'payment_transactions_method_reference_norm_key';

/** The line as the statement reads now; only a "Sin pago reportado" one may be assigned. */
async function assignableLine(db: Db, statementId: string, lineId: string): Promise<ReconciliationLine> {
  const line = (await listStatementLines(db, statementId)).find((l) => l.id === lineId);
  // Money already counted: its reference is an approved payment's, named in the refusal.
  const isCounted = line?.state === 'reconciled' || (line?.state === 'amount_differs' && line.candidate?.approvedAt);
  const counted = isCounted ? line!.candidate : null;
  if (counted)
    throw new DomainError(
      'CONFLICT',
      M.lineAlreadyCounted(
        counted.customerName ?? counted.customerEmail,
        formatVesFromCents(counted.reportedVesCentimos),
        formatDate(counted.approvedAt!),
      ),
    );
  // A line that matches a report is approved with that report, never assigned to someone else.
  if (!line || line.state !== 'not_found') throw new DomainError('CONFLICT', M.lineNotAssignable);
  return line;
}

/**
 * A "Sin pago reportado" line becomes the chosen customer's payment: in Bs., for the line's
 * amount and reference, by bank transfer, toward the invoice chosen (by default the customer's
 * oldest open one; `invoiceId: null` or none open, credit on account), approved as an approved
 * report is (ledger, invoice, mailbox, notification) and the line approved with it, all in one
 * transaction. The line is locked first, so of two cashiers assigning it at once the second waits,
 * then finds it taken (CONFLICT) and nothing of theirs is stored.
 *
 * A bank reference pays once: a line whose reference an approved payment already carries is
 * refused, naming that payment, both before and (read again under the line's lock) inside the
 * transaction; and should that payment be approved at the same moment, the unique index on
 * approved references refuses this one.
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
  const line = await assignableLine(db, row.statementId, input.lineId);

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
      // What was approved or reported since the screen was read counts too.
      await assignableLine(tx, statement.id, line.id);

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
    const counted = referencePaidBy(err);
    if (counted)
      throw new DomainError('CONFLICT', M.lineAlreadyCounted(counted.customer, counted.amount, counted.approvedOn), {
        cause: err,
      });
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
  if (invoiceId) {
    const [chosen] = await tx
      .select(payableInvoiceColumns)
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId), isNull(invoices.voidedAt)));
    if (!chosen || (await invoiceRemaining(tx, chosen.id)) <= 0)
      throw new DomainError('CONFLICT', M.assignInvoiceNotPayable);
    return chosen;
  }
  const open = await tx
    .select(payableInvoiceColumns)
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
