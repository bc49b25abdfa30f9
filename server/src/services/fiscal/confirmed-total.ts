// What a customer confirmed is what is invoiced, to the cent (docs/product/fiscal-invoices.md#taxes,
// docs/decisions/005-money-and-numbers.md): checked where an invoice is issued from a confirmation.
import { FISCAL_MESSAGES, formatUsdCents } from '@casillero/shared';
import { DomainError } from '../../lib/domain-error';

/**
 * The invoice about to be issued must charge what the customer confirmed: the quote's total (the
 * same lines and computation) and, when the screen sent it, the total it showed. Otherwise nothing
 * is issued (the caller's transaction rolls back) and the customer is asked to review the price.
 */
export function confirmedTotal(invoiceUsdCents: number, quotedUsdCents: number, shownUsdCents?: number | null) {
  for (const expected of [shownUsdCents, quotedUsdCents]) {
    if (expected != null && expected !== invoiceUsdCents)
      throw new DomainError(
        'CONFLICT',
        FISCAL_MESSAGES.priceChanged(formatUsdCents(expected), formatUsdCents(invoiceUsdCents)),
      );
  }
}
