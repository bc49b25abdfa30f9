// Invoices and the ledger, through the billing service: a shipping payment the customer still
// owes gets its invoice, issued the day it was created; every approved payment enters the ledger
// as an approval does, on the day it was approved (and a course or shipping payment without an
// invoice gets one for its amount, that day). The activation invoices were issued when each
// mailbox was opened (accounts.ts).
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { invoices, paymentTransactions, userProfiles } from '../db/schema';
import { creditApprovedPayment } from '../services/billing/approved-payments';
import { issueInvoice } from '../services/billing/invoices';
import type { DemoCast, DemoContext } from './context';

export async function settleBilling(ctx: DemoContext, cast: DemoCast): Promise<void> {
  // Only the demo's customers: a database seeded on request may hold real ones.
  const demoCustomer = inArray(
    paymentTransactions.userId,
    Object.values(cast.customers).map((c) => c.id),
  );
  const owed = await ctx.tx
    .select()
    .from(paymentTransactions)
    .where(
      and(
        demoCustomer,
        eq(paymentTransactions.transactionType, 'shipping_payment'),
        inArray(paymentTransactions.status, ['pending', 'failed']),
        isNull(paymentTransactions.invoiceId),
      ),
    );
  for (const row of owed) {
    const description = row.description ?? 'Envío';
    const invoice = await issueInvoice(ctx.tx, {
      userId: row.userId,
      concept: row.transactionType,
      description,
      lines: [{ description, usdCents: row.amountUsdCents }],
      shipmentId: row.shipmentId,
      now: row.createdAt,
    });
    await ctx.tx
      .update(paymentTransactions)
      .set({ invoiceId: invoice.id, updatedAt: row.updatedAt })
      .where(eq(paymentTransactions.id, row.id));
  }
  const approved = await ctx.tx
    .select()
    .from(paymentTransactions)
    .where(and(demoCustomer, eq(paymentTransactions.status, 'completed')))
    .orderBy(asc(paymentTransactions.processedAt));
  for (const row of approved) {
    await creditApprovedPayment(ctx.tx, row, row.processedBy, row.processedAt ?? row.createdAt);
  }
  // The fiscal data on the invoices as the profiles have it (each profile was saved after its account).
  await ctx.tx
    .update(invoices)
    .set({ customerName: userProfiles.fullName, customerIdNumber: userProfiles.cedula })
    .from(userProfiles)
    .where(
      and(
        eq(userProfiles.userId, invoices.userId),
        inArray(
          invoices.userId,
          Object.values(cast.customers).map((c) => c.id),
        ),
      ),
    );
}
