// The calculators' quote with the taxes its invoice will carry (docs/product/quote-calculators.md#taxes-on-the-invoice):
// the freight, the insurance and the import taxes become the invoice's lines of their kinds, and
// quoteTaxes (shared/src/fiscal/quote-taxes.ts, the computation issueInvoice charges) adds the IVA
// per rate. With fiscal invoicing off the quote is unchanged.
import { ivaLineLabel, quoteTaxes, type FiscalQuoteTerms } from '../fiscal/quote-taxes';
import type { LineKind } from '../fiscal/taxes';
import type { QuoteLine } from './quote';

/** The invoice line kind of each calculator line. */
const KIND_OF_LINE: Record<'flete' | 'seguro' | 'impuestos', LineKind> = {
  flete: 'shipping',
  seguro: 'insurance',
  impuestos: 'import_taxes',
};

/** The quote's lines plus one 'IVA (16 %)' line per rate, and its total as the invoice's. */
export function withInvoiceTaxes<Q extends { lineas: QuoteLine[]; totalUsdCents: number }>(
  quote: Q,
  terms: FiscalQuoteTerms | null | undefined,
): Q {
  if (!terms?.enabled) return quote;
  const lines = quote.lineas.flatMap((l) =>
    l.key in KIND_OF_LINE
      ? [{ usdCents: l.amountUsdCents, kind: KIND_OF_LINE[l.key as keyof typeof KIND_OF_LINE] }]
      : [],
  );
  const taxes = quoteTaxes(lines, terms);
  const iva: QuoteLine[] = taxes.ivaBuckets.map((b) => ({
    key: `iva-${b.rateBasisPoints}`,
    label: ivaLineLabel(b),
    amountUsdCents: b.ivaUsdCents,
  }));
  return { ...quote, lineas: [...quote.lineas, ...iva], totalUsdCents: taxes.totalUsdCents };
}
