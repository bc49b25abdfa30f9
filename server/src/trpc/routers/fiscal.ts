// Fiscal documents (docs/product/fiscal-invoices.md): the administrator's fiscal settings, the
// customer's fiscal data (Acción requerida) and a nota de cobro issued as a factura by staff.
import {
  FISCAL_MESSAGES,
  customerFiscalDataInput,
  customerIdInput,
  fiscalDocumentIdInput,
  fiscalNoteInput,
  fiscalSettingsInput,
  salesBookInput,
} from '@casillero/shared';
import { customerFiscalDocuments, myFiscalStatus, pendingControlNumbers } from '../../queries/fiscal';
import { salesBook } from '../../queries/sales-book';
import { correctFactura } from '../../services/fiscal/corrections';
import { issueFacturaForNota, setCustomerFiscalData } from '../../services/fiscal/documents';
import { getFiscalSettings, setFiscalSettings } from '../../services/fiscal/settings';
import { auditedUserProcedure, protectedProcedure, router, staffProcedure } from '../init';

export const fiscalRouter = router({
  /** The business's fiscal data, taxes per kind of charge, IGTF and the control-number provider. */
  settings: staffProcedure('billing.settings').query(({ ctx }) => getFiscalSettings(ctx.db)),

  updateSettings: staffProcedure('billing.settings')
    .input(fiscalSettingsInput)
    .mutation(async ({ ctx, input }) => ({
      settings: await setFiscalSettings(ctx.db, input),
      message: FISCAL_MESSAGES.settingsSaved,
    })),

  /** The signed-in customer's fiscal data and the notas de cobro waiting for it. */
  mine: protectedProcedure.query(({ ctx }) => myFiscalStatus(ctx.db, ctx.user.id)),

  /** The customer gives their fiscal data; their notas de cobro are issued as facturas at once. */
  saveMine: auditedUserProcedure.input(customerFiscalDataInput).mutation(async ({ ctx, input }) => {
    const { facturas } = await setCustomerFiscalData(ctx.db, ctx.user.id, input);
    return {
      facturas,
      message: facturas.length ? FISCAL_MESSAGES.customerDataSaved : FISCAL_MESSAGES.customerDataSavedNone,
    };
  }),

  /** A client's fiscal documents and the ones waiting for a control number (staff). */
  customerDocuments: staffProcedure('payments.read')
    .input(customerIdInput)
    .query(({ ctx, input }) => customerFiscalDocuments(ctx.db, input.userId)),
  pendingControl: staffProcedure('payments.read').query(({ ctx }) => pendingControlNumbers(ctx.db)),

  /** Staff issue a nota de cobro as a factura once the client's data are complete. */
  issueFactura: staffProcedure('payments.write')
    .input(fiscalDocumentIdInput)
    .mutation(async ({ ctx, input }) => {
      const doc = await ctx.db.transaction((tx) => issueFacturaForNota(tx, input.id, ctx.user.id));
      return { id: doc.id, number: doc.number, message: FISCAL_MESSAGES.facturaIssued(doc.number) };
    }),

  /** A price correction on a factura: a note of credit or debit, and the ledger follows. */
  issueNote: staffProcedure('payments.write')
    .input(fiscalNoteInput)
    .mutation(({ ctx, input }) => ctx.db.transaction((tx) => correctFactura(tx, ctx.user.id, input))),

  /** The sales book of a month (libro de ventas). */
  salesBook: staffProcedure('reports.read')
    .input(salesBookInput)
    .query(({ ctx, input }) => salesBook(ctx.db, input.month)),
});
