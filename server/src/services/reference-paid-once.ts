// A bank reference pays once (docs/product/admin-payments-and-billing.md#a-bank-reference-pays-once):
// two approved payments never carry the same reference in the same scope. The unique index
// REFERENCE_PAID_ONCE_INDEX makes it a rule of the database, whoever approves (Pagos, a
// statement's match, a line assigned) and however many at the same moment; this module finds the
// approved payment a reference belongs to, for the customer's report and for the refusals, which
// name it.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  ADMIN_PAYMENT_MESSAGES,
  PAYMENT_MESSAGES,
  formatDate,
  formatUsdFromCents,
  formatVesFromCents,
  type Currency,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { paymentTransactions, referenceKeySql, referenceScopeSql } from '../db/schema';
import { customerName, withCustomer } from '../lib/joins';
import { DomainError } from '../lib/domain-error';
import { referenceKey } from './reconciliation/statement-csv';

/** The partial unique index on approved payments' references (db/schema/payments.ts). */
export const REFERENCE_PAID_ONCE_INDEX = 'payment_transactions_reference_paid_once_key';

/** An approved payment that carries a reference, as the refusals name it. */
export type CountedPayment = {
  id: string;
  customer: string;
  /** What it was approved for, in its own currency: `Bs. 26.360,70` or `$100,46`. */
  amount: string;
  approvedOn: string;
};

/** Where a reference is looked for: its currency and method (one namespace for all of Bs.). */
export type ReferenceScope = { currency: Currency; method: string | null; reference: string };

/**
 * The approved payment (the first approved, when older data repeats it) that already carries
 * this reference in its scope, compared as the unique index compares it; never `exceptId`.
 */
export async function approvedPaymentWithReference(
  db: DbOrTx,
  scope: ReferenceScope,
  exceptId?: string,
): Promise<CountedPayment | null> {
  const key = referenceKey(scope.reference);
  if (key === '') return null;
  const [row] = await withCustomer(
    db
      .select({
        id: paymentTransactions.id,
        name: customerName,
        currency: paymentTransactions.currency,
        amountUsdCents: paymentTransactions.amountUsdCents,
        amountVesCents: paymentTransactions.amountVesCents,
        processedAt: paymentTransactions.processedAt,
        createdAt: paymentTransactions.createdAt,
      })
      .from(paymentTransactions)
      .$dynamic(),
    paymentTransactions.userId,
  )
    .where(
      and(
        eq(paymentTransactions.status, 'completed'),
        eq(paymentTransactions.currency, scope.currency),
        sql`${referenceScopeSql(paymentTransactions.currency, paymentTransactions.paymentMethod)} = ${referenceScopeSql(sql`${scope.currency}::text`, sql`${scope.method}::text`)}`,
        sql`${referenceKeySql(paymentTransactions.paymentReference)} = ${key}`,
        exceptId ? ne(paymentTransactions.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(paymentTransactions.processedAt), asc(paymentTransactions.createdAt), asc(paymentTransactions.id))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    customer: row.name,
    amount:
      row.currency === 'VES' && row.amountVesCents != null
        ? formatVesFromCents(row.amountVesCents)
        : formatUsdFromCents(row.amountUsdCents),
    approvedOn: formatDate(row.processedAt ?? row.createdAt),
  };
}

/**
 * Why approving this payment broke the unique index: its reference already paid another approved
 * payment, named in the message. Read after the failed statement rolled back (the other payment
 * is committed, which is why the index refused this one).
 */
export async function referencePaidRefusal(db: DbOrTx, paymentId: string, cause?: unknown): Promise<DomainError> {
  const [payment] = await db
    .select({
      currency: paymentTransactions.currency,
      method: paymentTransactions.paymentMethod,
      reference: paymentTransactions.paymentReference,
    })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, paymentId));
  const counted = payment?.reference
    ? await approvedPaymentWithReference(db, { ...payment, reference: payment.reference }, paymentId)
    : null;
  return new DomainError(
    'CONFLICT',
    counted
      ? ADMIN_PAYMENT_MESSAGES.referenceAlreadyPaid(counted.customer, counted.amount, counted.approvedOn)
      : PAYMENT_MESSAGES.referenceAlreadyPaid,
    { details: counted ? { referencePaidBy: counted } : undefined, cause },
  );
}

/** The approved payment a refusal of referencePaidRefusal names, when it is one. */
export function referencePaidBy(err: unknown): CountedPayment | null {
  if (!(err instanceof DomainError)) return null;
  return (err.details?.referencePaidBy as CountedPayment | undefined) ?? null;
}
