// Mailbox activations: most customers paid theirs long ago (approved, the mailbox active); María
// and Rafael reported theirs lately and wait for review; Daniela has not paid her China one.
//
// The ones under review are reported through the payment service (reports.ts). The approved
// ones are written as the review leaves them, and billing.ts credits them to the ledger on the
// day they were approved: the review service stamps its ledger entries with the current time,
// and the ledger is append-only, so approvals from months ago cannot go through it. Several
// were paid with methods the business took before it kept its list (PayPal, Zinli, Wally).
import { eq } from 'drizzle-orm';
import { mailboxes, paymentTransactions } from '../db/schema';
import { at, type DemoCast, type DemoContext, type DemoCustomer, type MailboxEntry } from './context';
import { reportAsCustomer } from './reports';

type Approved = {
  method: string;
  reference: string;
  reportedDaysAgo: number;
  processedDaysAgo: number;
  adminNotes: string;
};

/** An activation paid and approved on its day, as the review leaves it (see above). */
export async function approved(ctx: DemoContext, cast: DemoCast, entry: MailboxEntry, p: Approved) {
  const processed = at(ctx, p.processedDaysAgo);
  await ctx.tx
    .update(paymentTransactions)
    .set({
      status: 'completed',
      paymentMethod: p.method,
      paymentReference: p.reference,
      reportedAt: at(ctx, p.reportedDaysAgo),
      processedAt: processed,
      processedBy: cast.staff.admin.id,
      metadata: { admin_notes: p.adminNotes },
      updatedAt: processed,
    })
    .where(eq(paymentTransactions.id, entry.payment.id));
  await ctx.tx
    .update(mailboxes)
    .set({ status: 'active', updatedAt: processed })
    .where(eq(mailboxes.id, entry.mailbox.id));
}

/** Mailbox, method, reference, reported and approved (days ago), the cashier's note. */
type PaidLongAgo = [MailboxEntry, string, string, number, number, string];

export async function settleActivations(ctx: DemoContext, cast: DemoCast): Promise<void> {
  const { maria, carlos, jose, ana, luis, daniela, rafael } = cast.customers;
  // Daniela opened a China mailbox and has not paid it yet: it stays pending, nothing reported.
  const paidLongAgo: PaidLongAgo[] = [
    [maria.usa!, 'Zelle', 'ZL7Q4M2K9P', 149.9, 149.5, 'Pago verificado en la cuenta Zelle. Casillero activado.'],
    [carlos.usa!, 'PayPal', '8TY12345AB6789012', 99.8, 99.2, 'Pago recibido en PayPal.'],
    [jose.usa!, 'Zelle', 'ZL3R8T6W1N', 171.9, 171.4, 'Confirmado en Zelle.'],
    [jose.china!, 'Binance USDT', '2790135468801123456', 126.8, 126.1, 'USDT recibidos en Binance Pay.'],
    [ana.china!, 'Zinli', 'ZN-4471-9920', 76.9, 76.3, 'Transferencia Zinli verificada.'],
    [luis.usa!, 'Depósito bancario en divisas', 'DEP-004512', 111.7, 110.9, 'Depósito confirmado por el banco.'],
    [daniela.usa!, 'Wally', 'WLY552190', 161.8, 161.2, 'Pago Wally recibido.'],
  ];
  for (const [entry, method, reference, reportedDaysAgo, processedDaysAgo, adminNotes] of paidLongAgo) {
    await approved(ctx, cast, entry, { method, reference, reportedDaysAgo, processedDaysAgo, adminNotes });
  }
  // Reported lately, waiting for review: customer, mailbox, method, reference, receipt, reported (days ago).
  const reportedLately: [DemoCustomer, MailboxEntry, string, string, string, number][] = [
    [maria, maria.china!, 'Binance USDT', '2871654390128745123', 'comprobante-binance-casillero-china.png', 1],
    [rafael, rafael.usa!, 'Zelle', 'ZL0K5V9C2D', 'zelle-activacion.png', 0.2],
  ];
  for (const [customer, entry, method, reference, receiptName, reportedDaysAgo] of reportedLately) {
    await reportAsCustomer(ctx, customer.id, {
      paymentId: entry.payment.id,
      method,
      reference,
      receiptName,
      reportedDaysAgo,
    });
  }
}
