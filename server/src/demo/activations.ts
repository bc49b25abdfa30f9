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
import { at, type DemoCast, type DemoContext, type MailboxEntry } from './context';
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

export async function settleActivations(ctx: DemoContext, cast: DemoCast): Promise<void> {
  const { maria, carlos, jose, ana, luis, daniela, rafael } = cast.customers;
  await approved(ctx, cast, maria.usa!, {
    method: 'Zelle',
    reference: 'ZL7Q4M2K9P',
    reportedDaysAgo: 149.9,
    processedDaysAgo: 149.5,
    adminNotes: 'Pago verificado en la cuenta Zelle. Casillero activado.',
  });
  await reportAsCustomer(ctx, maria.id, {
    paymentId: maria.china!.payment.id,
    method: 'Binance USDT',
    reference: '2871654390128745123',
    receiptName: 'comprobante-binance-casillero-china.png',
    reportedDaysAgo: 1,
  });
  await approved(ctx, cast, carlos.usa!, {
    method: 'PayPal',
    reference: '8TY12345AB6789012',
    reportedDaysAgo: 99.8,
    processedDaysAgo: 99.2,
    adminNotes: 'Pago recibido en PayPal.',
  });
  await approved(ctx, cast, jose.usa!, {
    method: 'Zelle',
    reference: 'ZL3R8T6W1N',
    reportedDaysAgo: 171.9,
    processedDaysAgo: 171.4,
    adminNotes: 'Confirmado en Zelle.',
  });
  await approved(ctx, cast, jose.china!, {
    method: 'Binance USDT',
    reference: '2790135468801123456',
    reportedDaysAgo: 126.8,
    processedDaysAgo: 126.1,
    adminNotes: 'USDT recibidos en Binance Pay.',
  });
  await approved(ctx, cast, ana.china!, {
    method: 'Zinli',
    reference: 'ZN-4471-9920',
    reportedDaysAgo: 76.9,
    processedDaysAgo: 76.3,
    adminNotes: 'Transferencia Zinli verificada.',
  });
  await approved(ctx, cast, luis.usa!, {
    method: 'Depósito bancario en divisas',
    reference: 'DEP-004512',
    reportedDaysAgo: 111.7,
    processedDaysAgo: 110.9,
    adminNotes: 'Depósito confirmado por el banco.',
  });
  await approved(ctx, cast, daniela.usa!, {
    method: 'Wally',
    reference: 'WLY552190',
    reportedDaysAgo: 161.8,
    processedDaysAgo: 161.2,
    adminNotes: 'Pago Wally recibido.',
  });
  // Daniela opened a China mailbox and has not paid it yet: stays pending, nothing reported.
  await reportAsCustomer(ctx, rafael.id, {
    paymentId: rafael.usa!.payment.id,
    method: 'Zelle',
    reference: 'ZL0K5V9C2D',
    receiptName: 'zelle-activacion.png',
    reportedDaysAgo: 0.2,
  });
}
