// Billing (docs/decisions/021-billing-in-bolivares.md): the customer's invoices and balance in Facturas, a client's account for
// staff, and corrections as new ledger entries.
import {
  BILLING_MESSAGES,
  INVOICE_ISSUE_MESSAGES,
  correctionDecisionInput,
  customerIdInput,
  invoiceIdInput,
  invoiceIssueInput,
  dollarsToCents,
  ledgerEntryInput,
} from '@casillero/shared';
import { customerBalance, findInvoice, listCustomerInvoices, listLedger } from '../../queries/billing';
import { withInvoiceEstimates } from '../../queries/customs-estimates';
import { listPendingCorrections } from '../../queries/ledger-corrections';
import { decideLedgerCorrection, requestLedgerCorrection } from '../../services/billing/ledger-corrections';
import { issueInvoiceByStaff } from '../../services/billing/staff-invoices';
import { foundOr } from '../../lib/found';
import { protectedProcedure, router, staffProcedure } from '../init';

export const billingRouter = router({
  /** Facturas: the signed-in customer's invoices and balance. */
  mine: protectedProcedure.query(async ({ ctx }) => ({
    // Each shipment's with its 'Impuestos estimados' (docs/product/customs.md#where-the-estimate-is-shown).
    invoices: await withInvoiceEstimates(ctx.db, ctx.user.id, await listCustomerInvoices(ctx.db, ctx.user.id)),
    balance: await customerBalance(ctx.db, ctx.user.id),
  })),

  /** One of the customer's own invoices, with the payments reported for it. */
  invoice: protectedProcedure
    .input(invoiceIdInput)
    .query(async ({ ctx, input }) =>
      foundOr(await findInvoice(ctx.db, input.id, ctx.user.id), BILLING_MESSAGES.invoiceNotFound),
    ),

  /** Any invoice, for staff who read payments. */
  invoiceDetail: staffProcedure('payments.read')
    .input(invoiceIdInput)
    .query(async ({ ctx, input }) => foundOr(await findInvoice(ctx.db, input.id), BILLING_MESSAGES.invoiceNotFound)),

  /** A client's account: balance, invoices and ledger. */
  customerAccount: staffProcedure('payments.read')
    .input(customerIdInput)
    .query(async ({ ctx, input }) => ({
      balance: await customerBalance(ctx.db, input.userId),
      invoices: await listCustomerInvoices(ctx.db, input.userId),
      ledger: await listLedger(ctx.db, input.userId),
      /** Corrections of `secondApprovalUsdCents` or more waiting for a second staff member. */
      pendingCorrections: await listPendingCorrections(ctx.db, input.userId),
      secondApprovalUsdCents: ctx.config.ledgerSecondApprovalUsdCents,
    })),

  /** An invoice for any other charge (a repack, a course…); the customer is told and pays it from Facturas. */
  issue: staffProcedure('payments.write')
    .input(invoiceIssueInput)
    .mutation(async ({ ctx, input }) => {
      const invoice = await issueInvoiceByStaff(ctx.db, ctx.user.id, input, ctx.config);
      return { id: invoice.id, number: invoice.number, message: INVOICE_ISSUE_MESSAGES.issued(invoice.number) };
    }),

  /**
   * An adjustment or a refund of credit: a new entry, never an edit. From LEDGER_SECOND_APPROVAL_USD
   * on it waits for a second staff member (`pending`).
   */
  recordEntry: staffProcedure('payments.write')
    .input(ledgerEntryInput)
    .mutation(({ ctx, input }) =>
      ctx.db.transaction((tx) =>
        requestLedgerCorrection(
          tx,
          ctx.user.id,
          { userId: input.userId, kind: input.kind, usdCents: dollarsToCents(input.amountUsd), reason: input.reason },
          ctx.config.ledgerSecondApprovalUsdCents,
        ),
      ),
    ),

  /** A second staff member approves or rejects a waiting correction (never the one who asked). */
  decideCorrection: staffProcedure('payments.write')
    .input(correctionDecisionInput)
    .mutation(({ ctx, input }) => ctx.db.transaction((tx) => decideLedgerCorrection(tx, ctx.user.id, input))),
});
