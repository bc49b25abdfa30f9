// A price correction by staff on a factura (docs/product/fiscal-invoices.md#notes-of-credit-and-debit):
// a note of credit or debit, and the ledger follows on the same invoice. A credit lowers what is
// owed on it (what was already paid beyond the new amount becomes credit on account, which then
// pays other open invoices); a debit is a new charge on it, which credit on account pays at once.
import { eq } from 'drizzle-orm';
import { FISCAL_DOCUMENT_KIND_LABELS, FISCAL_MESSAGES, dollarsToCents, type fiscalNoteInput } from '@casillero/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { fiscalDocuments, invoices, ledgerEntries } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import { applyCredit, invoiceRemaining, lockLedger } from '../billing/ledger';
import { issueFiscalNote } from './notes';

export async function correctFactura(tx: DbOrTx, staffId: string, input: z.output<typeof fiscalNoteInput>) {
  const [factura] = await tx
    .select({
      userId: fiscalDocuments.userId,
      number: fiscalDocuments.number,
      invoiceId: fiscalDocuments.invoiceId,
      voidedAt: invoices.voidedAt,
    })
    .from(fiscalDocuments)
    .leftJoin(invoices, eq(invoices.id, fiscalDocuments.invoiceId))
    .where(eq(fiscalDocuments.id, input.facturaId));
  if (!factura) throw new DomainError('NOT_FOUND', FISCAL_MESSAGES.documentNotFound);
  if (factura.voidedAt) throw new DomainError('CONFLICT', FISCAL_MESSAGES.noteInvoiceVoid);
  await lockLedger(tx, factura.userId);
  const amount = dollarsToCents(input.amountUsd);
  const note = await issueFiscalNote(tx, {
    facturaId: input.facturaId,
    kind: input.kind,
    amount,
    reason: input.reason,
    createdBy: staffId,
  });
  if (!note) throw new DomainError('BAD_INPUT', FISCAL_MESSAGES.noteAmountRequired);
  const credit = input.kind === 'nota_de_credito';
  const label = `${FISCAL_DOCUMENT_KIND_LABELS[input.kind]} ${note.number} sobre la factura ${factura.number}`;
  await tx.insert(ledgerEntries).values({
    userId: factura.userId,
    kind: credit ? 'adjustment' : 'charge',
    usdCents: credit ? -amount : amount,
    vesCentimos: note.totalVesCentimos === null ? null : credit ? -note.totalVesCentimos : note.totalVesCentimos,
    vesPerUsd: note.vesPerUsd,
    invoiceId: factura.invoiceId,
    description: `${label}: ${input.reason}`,
    createdBy: staffId,
  });
  if (credit && factura.invoiceId) {
    // Paid beyond the corrected amount: the excess goes to the account as credit.
    const remaining = await invoiceRemaining(tx, factura.invoiceId);
    if (remaining < 0) {
      await tx.insert(ledgerEntries).values([
        {
          userId: factura.userId,
          kind: 'credit_applied',
          usdCents: -remaining,
          invoiceId: factura.invoiceId,
          description: `Lo pagado de más pasa a saldo a favor (${note.number})`,
          createdBy: staffId,
        },
        {
          userId: factura.userId,
          kind: 'credit_applied',
          usdCents: remaining,
          invoiceId: null,
          description: `Saldo a favor por la ${label}`,
          createdBy: staffId,
        },
      ]);
    }
  }
  // Credit on account pays what the invoice owes now: the excess of a credit note, or the customer's
  // credit against what a debit note added (docs/decisions/021-billing-in-bolivares.md).
  await applyCredit(tx, factura.userId, staffId);
  return {
    id: note.id,
    number: note.number,
    message: FISCAL_MESSAGES.noteIssued(FISCAL_DOCUMENT_KIND_LABELS[input.kind], note.number, factura.number),
  };
}
