// The customs estimate as a charge (docs/product/customs.md#the-invoice): the words of its line in
// the calculators' quote, the ship request and the invoice. A module of its own, with no imports,
// so the public calculators' engine (shared/src/quote/quote.ts) names the line without the estimate.
export const CUSTOMS_CHARGE_LABELS = {
  /** The quote's line (calculators, ship request). */
  quoteLine: 'Impuestos estimados de aduana',
  /** The quote shared by WhatsApp before the estimate was computed. */
  quotePending: 'Impuestos de aduana: por estimar',
  /** The invoice's `import_taxes` line: the estimate, collected on the customer's behalf. */
  invoiceLine: (code: string) => `Envío ${code}: impuestos estimados de aduana (cobrados por cuenta del cliente)`,
} as const;
