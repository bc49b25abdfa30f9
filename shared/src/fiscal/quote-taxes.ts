// The taxes a quote shows, computed as the invoice will charge them (docs/product/fiscal-invoices.md#taxes,
// docs/decisions/005-money-and-numbers.md): the same lines, the same kinds, the same computeTaxes. What a
// customer confirms is then what is invoiced, to the cent. The public calculator gets only what it needs
// of the fiscal settings (FiscalQuoteTerms), through the public price endpoint.
import type { FiscalSettings } from './settings';
import {
  CHARGE_KINDS,
  computeTaxes,
  formatRatePercent,
  type ChargeKind,
  type IvaBucket,
  type LineKind,
  type TaxTreatment,
} from './taxes';
import { QUOTE_TAX_LABELS } from './messages';

/** Whether invoices carry taxes, and each kind's IVA rate in basis points (null: exento or exonerado). */
export type FiscalQuoteTerms = {
  enabled: boolean;
  ivaBasisPoints: Record<ChargeKind, number | null>;
};

/** The terms of the fiscal settings: nothing else of them (names, RIF, legal grounds) leaves the server. */
export function fiscalQuoteTerms(settings: Pick<FiscalSettings, 'enabled' | 'taxes'>): FiscalQuoteTerms {
  return {
    enabled: settings.enabled,
    ivaBasisPoints: Object.fromEntries(
      CHARGE_KINDS.map((k) => {
        const t = settings.taxes[k];
        return [k, t.treatment === 'iva' ? t.rateBasisPoints : null];
      }),
    ) as Record<ChargeKind, number | null>,
  };
}

/** Fiscal invoicing off: a quote's total is its lines. */
export const FISCAL_QUOTE_OFF: FiscalQuoteTerms = {
  enabled: false,
  ivaBasisPoints: Object.fromEntries(CHARGE_KINDS.map((k) => [k, null])) as Record<ChargeKind, number | null>,
};

/** A kind's treatment under the terms; an exemption's ground is the invoice's to print, not the quote's. */
const treatmentUnder =
  (terms: FiscalQuoteTerms) =>
  (kind: ChargeKind): TaxTreatment => {
    const rate = terms.ivaBasisPoints[kind];
    return rate == null ? { treatment: 'exento', legalGround: '' } : { treatment: 'iva', rateBasisPoints: rate };
  };

export type QuoteTaxes = {
  /** The lines added up, before IVA. */
  subtotalUsdCents: number;
  /** The import taxes paid at customs on the customer's behalf (not subject to IVA), among the lines. */
  importTaxesUsdCents: number;
  /** IVA per rate on that rate's base; empty with fiscal invoicing off. */
  ivaBuckets: IvaBucket[];
  ivaUsdCents: number;
  /** What the invoice will charge: the lines and their IVA. */
  totalUsdCents: number;
};

/**
 * The taxes of a set of invoice lines under the terms: with fiscal invoicing on, computeTaxes (IVA
 * per rate on its base, what is paid on the customer's behalf outside it); off, the lines as they
 * are. issueInvoice charges exactly this total for the same lines.
 */
export function quoteTaxes(
  lines: readonly { usdCents: number; kind?: LineKind }[],
  terms: FiscalQuoteTerms,
): QuoteTaxes {
  const subtotalUsdCents = lines.reduce((sum, l) => sum + l.usdCents, 0);
  const importTaxesUsdCents = lines.reduce((sum, l) => sum + (l.kind === 'import_taxes' ? l.usdCents : 0), 0);
  if (!terms.enabled)
    return { subtotalUsdCents, importTaxesUsdCents, ivaBuckets: [], ivaUsdCents: 0, totalUsdCents: subtotalUsdCents };
  const taxes = computeTaxes(
    lines.map((l) => ({ description: '', usdCents: l.usdCents, kind: l.kind })),
    treatmentUnder(terms),
  );
  return {
    subtotalUsdCents,
    importTaxesUsdCents,
    // A rate whose base is all zero adds nothing to show.
    ivaBuckets: taxes.ivaBuckets.filter((b) => b.baseUsdCents !== 0),
    ivaUsdCents: taxes.ivaUsdCents,
    totalUsdCents: taxes.totalUsdCents,
  };
}

/** 'IVA (16 %)'. */
export const ivaLineLabel = (bucket: Pick<IvaBucket, 'rateBasisPoints'>) =>
  QUOTE_TAX_LABELS.iva(formatRatePercent(bucket.rateBasisPoints));
