// A demo customer reports a payment the way the Facturas form does (reportPayment: method from
// the administrator's list, reference, receipt image), and the report is dated when it was made.
// Reports still under review go through here; see payments.ts for the ones already settled.
import { eq } from 'drizzle-orm';
import { reportPaymentSchema } from '@casillero/shared';
import { paymentMethods, paymentTransactions } from '../db/schema';
import { reportPayment } from '../services/payments';
import { at, type DemoContext } from './context';
import { storeReceipt } from './receipts';

export type DemoReport = {
  /** The pending payment the system opened (an activation), if it pays one. */
  paymentId?: string;
  /** The invoice it pays (a Compra asistida's), if it pays one. */
  invoiceId?: string;
  transactionType?: 'course_purchase' | 'credit_purchase' | 'shipping_payment';
  amount?: number;
  description?: string;
  /** One of DEMO_PAYMENT_METHODS' names. */
  method: string;
  reference: string;
  receiptName: string;
  reportedDaysAgo: number;
  /** When a new payment was started in the form, if before the report. */
  createdDaysAgo?: number;
};

export async function reportAsCustomer(ctx: DemoContext, userId: string, report: DemoReport): Promise<string> {
  const [method] = await ctx.tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(eq(paymentMethods.name, report.method));
  if (!method) throw new Error(`La demostración no tiene el método de pago ${report.method}.`);
  const receiptFileId = await storeReceipt(ctx, userId, report.receiptName, report.reportedDaysAgo);
  const input = reportPaymentSchema.parse({
    paymentId: report.paymentId ?? null,
    invoiceId: report.invoiceId ?? null,
    transactionType: report.transactionType ?? null,
    methodId: method.id,
    paymentReference: report.reference,
    amount: report.amount ?? null,
    description: report.description ?? null,
    receiptFileId,
  });
  const { id } = await reportPayment(ctx.db, ctx.config, userId, input);
  const reported = at(ctx, report.reportedDaysAgo);
  await ctx.tx
    .update(paymentTransactions)
    .set({
      reportedAt: reported,
      updatedAt: reported,
      ...(report.paymentId || report.invoiceId
        ? {}
        : { createdAt: at(ctx, report.createdDaysAgo ?? report.reportedDaysAgo) }),
    })
    .where(eq(paymentTransactions.id, id));
  return id;
}
