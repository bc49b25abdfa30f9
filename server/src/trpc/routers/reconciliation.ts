// Bank statement reconciliation (docs/product/admin-payments-and-billing.md#reconciliation, /admin/conciliacion): see services/reconciliation/.
// The statement travels as text in the JSON body of the mutation (1 MB at most, the input
// schema's limit), as the manifest import does.
import {
  RECONCILIATION_MESSAGES,
  statementIdInput,
  statementLineAssignInput,
  statementLineChoiceInput,
  statementUploadInput,
} from '@casillero/shared';
import { findStatementWithLines, listStatements } from '../../queries/reconciliation';
import { approveChosenLine, approveMatchedLines } from '../../services/reconciliation/matching';
import { uploadStatement } from '../../services/reconciliation/statement';
import { assignLineToCustomer } from '../../services/reconciliation/assign';
import { foundOr } from '../../lib/found';
import { router, staffProcedure } from '../init';

export const reconciliationRouter = router({
  /**
   * Stores the statement's credits (a file with any error is refused whole; repeated movements are
   * skipped). The page calls it through STATEMENT_UPLOAD_PATH, which streams its progress.
   */
  upload: staffProcedure('payments.write')
    .input(statementUploadInput)
    .mutation(({ ctx, input }) => uploadStatement(ctx.db, input, ctx.user.id, ctx.progress)),

  /** The statements uploaded, newest first. */
  statements: staffProcedure('payments.read').query(({ ctx }) => listStatements(ctx.db)),

  /** A statement's lines, each with its state and the payment it matches. */
  lines: staffProcedure('payments.read')
    .input(statementIdInput)
    .query(async ({ ctx, input }) =>
      foundOr(await findStatementWithLines(ctx.db, input.statementId), RECONCILIATION_MESSAGES.statementNotFound),
    ),

  /** Approves every payment a line of the statement matches, each once. */
  approveMatched: staffProcedure('payments.write')
    .input(statementIdInput)
    .mutation(({ ctx, input }) => approveMatchedLines(ctx.db, ctx.user, input.statementId, ctx.config)),

  /** The cashier's choice for a line that fits more than one reported payment. */
  approveLine: staffProcedure('payments.write')
    .input(statementLineChoiceInput)
    .mutation(({ ctx, input }) => approveChosenLine(ctx.db, ctx.user, input, ctx.config)),

  /** A credit nobody reported becomes the chosen customer's payment, approved with the line, once. */
  assignLine: staffProcedure('payments.write')
    .input(statementLineAssignInput)
    .mutation(({ ctx, input }) => assignLineToCustomer(ctx.db, ctx.user, input, ctx.config)),
});
