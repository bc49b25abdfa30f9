// Billing (docs/product/product-decisions.md#d14-two-currencies-one-truth, docs/decisions/021-billing-in-bolivares.md): invoices with a gapless number per year
// and the rate of their day frozen in them (invoices.ts), and the customer's append-only ledger
// (here), which approved payments enter (approved-payments.ts).
//
// Every change to a customer's ledger takes that customer's advisory lock first, so two
// approvals, an invoice and a credit application of one customer take turns; different
// customers never wait for each other. Amounts are integers: USD cents, Bs. céntimos.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CLIENT_MESSAGES } from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../../db/client';
import { invoices, ledgerEntries, mailboxes, paymentTransactions, users } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import { markComprasPaid } from '../compras/paid';

/** Serialises every ledger change of one customer until the transaction ends. */
export async function lockLedger(tx: DbOrTx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ledger:${userId}`}, 0))`);
}

/** What is still owed on an invoice, in USD cents (0 or less: paid). */
export async function invoiceRemaining(tx: DbOrTx, invoiceId: string): Promise<number> {
  const [row] = await tx
    .select({ remaining: sql<number>`coalesce(sum(${ledgerEntries.usdCents}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.invoiceId, invoiceId));
  return row.remaining;
}

/** Credit on account (not tied to an invoice), in USD cents: what the customer has in their favour. */
export async function creditOnAccount(tx: DbOrTx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.usdCents}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), isNull(ledgerEntries.invoiceId)));
  return Math.max(0, -row.sum);
}

/**
 * Credit on account pays the customer's open invoices, oldest first: each application is a pair
 * of entries (the invoice's, and the account's) that add up to zero. Answers the invoices that it
 * settled completely. The caller holds the customer's ledger lock.
 */
export async function applyCredit(
  tx: DbOrTx,
  userId: string,
  createdBy: string | null,
  now = new Date(),
): Promise<string[]> {
  let credit = await creditOnAccount(tx, userId);
  if (credit <= 0) return [];
  const open = await tx.execute<{ id: string; number: string; remaining: string }>(sql`
    select i.id, i.number, sum(le.usd_cents)::bigint as remaining
    from invoices i join ledger_entries le on le.invoice_id = i.id
    where i.user_id = ${userId} and i.voided_at is null
    group by i.id, i.number, i.created_at
    having sum(le.usd_cents) > 0
    order by i.created_at, i.number`);
  const settled: string[] = [];
  for (const invoice of rowsOf<{ id: string; number: string; remaining: string }>(open)) {
    if (credit <= 0) break;
    const remaining = Number(invoice.remaining);
    const applied = Math.min(credit, remaining);
    await tx.insert(ledgerEntries).values([
      {
        userId,
        kind: 'credit_applied',
        usdCents: applied,
        invoiceId: null,
        description: `Saldo a favor aplicado a la factura ${invoice.number}`,
        createdBy,
        createdAt: now,
      },
      {
        userId,
        kind: 'credit_applied',
        usdCents: -applied,
        invoiceId: invoice.id,
        description: `Pagada con saldo a favor`,
        createdBy,
        createdAt: now,
      },
    ]);
    credit -= applied;
    if (applied === remaining) settled.push(invoice.id);
  }
  await activatePaidMailboxes(tx, settled);
  return settled;
}

/**
 * What paying an invoice in full does: an activation invoice activates its mailbox
 * (docs/product/product-decisions.md#d9-customers-own-flows-are-real), and the payment the system opened for it and nobody reported is no longer owed (it is
 * cancelled, so Facturas stops asking for it). Answers the codes of the mailboxes activated.
 */
export async function activatePaidMailboxes(tx: DbOrTx, paidInvoiceIds: string[]): Promise<string[]> {
  if (paidInvoiceIds.length === 0) return [];
  // An assisted purchase paid in full may be bought (docs/product/compra-asistida.md).
  await markComprasPaid(tx, paidInvoiceIds);
  await tx
    .update(paymentTransactions)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(
      and(
        inArray(paymentTransactions.invoiceId, paidInvoiceIds),
        eq(paymentTransactions.status, 'pending'),
        isNull(paymentTransactions.reportedAt),
      ),
    );
  const codes: string[] = [];
  for (const id of paidInvoiceIds) {
    const [invoice] = await tx
      .select({ mailboxId: invoices.mailboxId, concept: invoices.concept })
      .from(invoices)
      .where(eq(invoices.id, id));
    if (invoice?.concept !== 'mailbox_activation' || !invoice.mailboxId) continue;
    const [mailbox] = await tx
      .update(mailboxes)
      .set({ status: 'active', updatedAt: new Date() })
      .where(eq(mailboxes.id, invoice.mailboxId))
      .returning({ code: mailboxes.mailboxCode });
    if (mailbox) codes.push(mailbox.code);
  }
  return codes;
}

/** The money an invoice holds: payments and credit applied to it, net of credit moved back to the account. */
export async function moneyOnInvoice(tx: DbOrTx, invoiceId: string): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.usdCents}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.invoiceId, invoiceId), inArray(ledgerEntries.kind, ['payment', 'credit_applied'])));
  return -row.sum;
}

/**
 * A correction by staff, as a new entry on account: an adjustment (positive: the customer owes
 * more; negative: credit in their favour) or a refund of credit (money given back, which can
 * not exceed the credit). A credit adjustment then pays open invoices.
 */
export async function recordLedgerCorrection(
  tx: DbOrTx,
  staffId: string,
  input: { userId: string; kind: 'adjustment' | 'refund'; usdCents: number; reason: string },
  refundExceedsCredit: string,
) {
  await lockLedger(tx, input.userId);
  // Only a customer has a ledger: any other id is not found (not a foreign-key error, a 500).
  const [customer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.userId), eq(users.role, 'user')));
  if (!customer) throw new DomainError('NOT_FOUND', CLIENT_MESSAGES.notFound);
  // A refund gives credit back: it raises the balance by its (positive) amount.
  const usdCents = input.kind === 'refund' ? Math.abs(input.usdCents) : input.usdCents;
  if (input.kind === 'refund' && usdCents > (await creditOnAccount(tx, input.userId))) {
    throw new DomainError('BAD_INPUT', refundExceedsCredit);
  }
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      userId: input.userId,
      kind: input.kind,
      usdCents,
      invoiceId: null,
      description: input.reason,
      createdBy: staffId,
    })
    .returning({ id: ledgerEntries.id });
  await applyCredit(tx, input.userId, staffId);
  return entry;
}
