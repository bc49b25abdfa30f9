// A ship request's charges as invoice lines (docs/product/last-mile.md#the-ship-request,
// docs/product/fiscal-invoices.md#taxes): the freight, the import taxes collected on the customer's
// behalf (the customs estimate of the shipment's guía, docs/product/customs.md#the-invoice; a line
// of their own, never in IVA's base), the storage, the delivery and the
// insurance. The quote's taxes and the invoice come from these same lines, so the total shown in
// the dialog is the total invoiced; confirmedTotal (services/fiscal/confirmed-total.ts) refuses anything else.
import {
  CUSTOMS_CHARGE_LABELS,
  DELIVERY_METHOD_LABELS,
  DEPARTURE_MODE_LABELS,
  adjustByBasisPoints,
  INSURANCE_LABELS,
  SHIP_REQUEST_MESSAGES as M,
  formatUsdCents,
  quoteTaxes,
  type DeliveryMethod,
  type FiscalQuoteTerms,
  type LineKind,
  type QuoteTaxes,
  type ShippingMethod,
} from '@casillero/shared';

export type ShipRequestCharges = {
  freightUsdCents: number;
  importTaxesUsdCents: number;
  storageUsdCents: number;
  deliveryUsdCents: number | null;
  insuranceUsdCents: number;
};

/** What the lines say once the shipment exists (its code, the parcels, the mode, the delivery). */
export type ShipRequestLineContext = {
  shipmentCode: string;
  parcelCount: number;
  shippingMethod: ShippingMethod;
  deliveryMethod: DeliveryMethod;
  declaredUsdCents: number;
};

/** The invoice's lines (those of 0 left out); without a context, only their kinds and amounts. */
export function shipRequestLines(charges: ShipRequestCharges, context?: ShipRequestLineContext) {
  const c = context;
  const lines: { description: string; usdCents: number; kind: LineKind; customsEstimate?: true }[] = [
    {
      description: c ? M.lineShipping(c.shipmentCode, c.parcelCount, DEPARTURE_MODE_LABELS[c.shippingMethod]) : '',
      usdCents: charges.freightUsdCents,
      kind: 'shipping',
    },
    {
      description: c ? CUSTOMS_CHARGE_LABELS.invoiceLine(c.shipmentCode) : '',
      usdCents: charges.importTaxesUsdCents,
      kind: 'import_taxes',
      // The estimate frozen with the invoice: what the settlement compares with what customs charged.
      customsEstimate: true,
    },
    { description: M.lineStorage, usdCents: charges.storageUsdCents, kind: 'storage' },
    {
      description: c ? M.lineDelivery(DELIVERY_METHOD_LABELS[c.deliveryMethod]) : '',
      usdCents: charges.deliveryUsdCents ?? 0,
      kind: 'delivery',
    },
    {
      description: c ? INSURANCE_LABELS.invoiceLine(c.shipmentCode, formatUsdCents(c.declaredUsdCents)) : '',
      usdCents: charges.insuranceUsdCents,
      kind: 'insurance',
    },
  ];
  return lines.filter((l) => l.usdCents > 0);
}

/** The charges' taxes as the invoice will carry them. */
export const shipRequestTaxes = (charges: ShipRequestCharges, terms: FiscalQuoteTerms): QuoteTaxes =>
  quoteTaxes(shipRequestLines(charges), terms);

/**
 * An ally's customer pays the freight of the price in effect × (1 + the ally's adjustment)
 * (docs/product/allies.md), each parcel's and box's in whole cents, half away from zero; storage,
 * delivery and insurance are the price list's as they are, and the customs estimate is computed on
 * the adjusted freight (customs is not a price of ours to adjust).
 */
type Priced = { shippingUsdCents: number };
export function adjustForAlly<P extends { parcels: Priced[]; repacks: Priced[] }>(priced: P, bp: number): P {
  if (bp === 0) return priced;
  const adjust = <R extends Priced>(r: R): R => ({
    ...r,
    shippingUsdCents: adjustByBasisPoints(r.shippingUsdCents, bp),
  });
  return { ...priced, parcels: priced.parcels.map(adjust), repacks: priced.repacks.map(adjust) };
}
