// Taxes on a fiscal document (docs/product/fiscal-invoices.md#taxes, docs/decisions/005 amended):
// each line's kind of charge has its treatment (IVA at a rate, or exento / exonerado with its
// legal ground); IGTF applies to payments in foreign currency. All in integer cents.
//
// Rounding, stated once: IVA is computed per rate on the sum of that rate's lines (the taxable
// base as the factura prints it), base × rate rounded half away from zero to the cent, once.
// Bs. amounts are each USD total (base, exento, IVA) converted once at the invoice's rate; the
// Bs. total is the sum of those, so the printed columns always add up.
import { z } from '../zod-es';
import { percentOf, usdCentsToVesCentimos } from '../billing/money';
import { formatDecimal } from '../format';
import { FISCAL_MESSAGES } from './messages';

/** The kinds of charge the business sells: each bears the tax the administrator sets for it. */
export const CHARGE_KINDS = [
  'activation',
  'shipping',
  'storage',
  'insurance',
  'repack',
  'delivery',
  'course',
  'purchase_fee',
  'other',
] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

export const CHARGE_KIND_LABELS: Record<ChargeKind, string> = {
  activation: 'Activación de casillero',
  shipping: 'Flete / envío',
  storage: 'Almacenaje',
  insurance: 'Seguro',
  repack: 'Reempaque',
  delivery: 'Entrega a domicilio',
  course: 'Cursos',
  purchase_fee: 'Servicio de compra asistida',
  other: 'Otros cargos',
};

/**
 * What the business pays on the customer's behalf and is not a sale of its own
 * (docs/decisions/005-money-and-numbers.md, amended): the import taxes paid at customs (the price
 * list's air 'impuestos'), and a compra's goods, the store's sales tax and its shipping. Never in
 * IVA's base, whatever the settings say: their treatment is fixed, not the administrator's.
 */
export const ON_BEHALF_KINDS = ['import_taxes', 'purchase_on_behalf'] as const;
export type OnBehalfKind = (typeof ON_BEHALF_KINDS)[number];
/** Any kind an invoice line can be. */
export type LineKind = ChargeKind | OnBehalfKind;

export const ON_BEHALF_KIND_LABELS: Record<OnBehalfKind, string> = {
  import_taxes: 'Impuestos de importación',
  purchase_on_behalf: 'Compra por cuenta del cliente',
};

export const isOnBehalfKind = (kind: LineKind): kind is OnBehalfKind =>
  (ON_BEHALF_KINDS as readonly string[]).includes(kind);

export const TAX_TREATMENTS = ['iva', 'exento', 'exonerado'] as const;
export type TaxTreatmentKind = (typeof TAX_TREATMENTS)[number];
export const TAX_TREATMENT_LABELS: Record<TaxTreatmentKind, string> = {
  iva: 'IVA',
  exento: 'Exento',
  exonerado: 'Exonerado',
};

/** A rate in hundredths of a percent: 16 % is 1600. */
export type TaxTreatment =
  | { treatment: 'iva'; rateBasisPoints: number }
  | { treatment: 'exento' | 'exonerado'; legalGround: string };

export const DEFAULT_IVA_BASIS_POINTS = 1600;
export const DEFAULT_IGTF_BASIS_POINTS = 300;
export const DEFAULT_TAX_TREATMENT: TaxTreatment = { treatment: 'iva', rateBasisPoints: DEFAULT_IVA_BASIS_POINTS };

/** A percentage typed by staff (16, 16.5) as basis points; refused outside 0–100 % or with a third decimal. */
export const taxRatePercentSchema = z
  .number({ error: FISCAL_MESSAGES.rateRange })
  .min(0, FISCAL_MESSAGES.rateRange)
  .max(100, FISCAL_MESSAGES.rateRange)
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, FISCAL_MESSAGES.rateDecimals)
  .transform((n) => Math.round(n * 100));

export const taxTreatmentInput = z.discriminatedUnion('treatment', [
  z.object({ treatment: z.literal('iva'), ratePercent: taxRatePercentSchema }),
  z.object({
    treatment: z.enum(['exento', 'exonerado']),
    legalGround: z
      .string({ error: FISCAL_MESSAGES.legalGroundRequired })
      .trim()
      .min(3, FISCAL_MESSAGES.legalGroundRequired)
      .max(200, FISCAL_MESSAGES.legalGroundRequired),
  }),
]);

/** Not subject to IVA: what is paid on the customer's behalf (printed with the exempt amount). */
export type NotSubjectTreatment = { treatment: 'no_sujeto'; legalGround: string };

/** The fixed treatment of the on-behalf kinds, with its legal ground (shared/src/fiscal/messages.ts). */
export const ON_BEHALF_TREATMENTS: Record<OnBehalfKind, NotSubjectTreatment> = {
  import_taxes: { treatment: 'no_sujeto', legalGround: FISCAL_MESSAGES.importTaxesGround },
  purchase_on_behalf: { treatment: 'no_sujeto', legalGround: FISCAL_MESSAGES.purchaseOnBehalfGround },
};

export type TaxedLine = {
  description: string;
  kind: LineKind;
  usdCents: number;
  treatment: TaxTreatmentKind | 'no_sujeto';
  rateBasisPoints: number | null;
  legalGround: string | null;
};

/** One rate's taxable base and its IVA, as the factura prints them. */
export type IvaBucket = { rateBasisPoints: number; baseUsdCents: number; ivaUsdCents: number };

export type TaxTotals = {
  lines: TaxedLine[];
  ivaBuckets: IvaBucket[];
  /** Taxable base (the IVA lines), exento, exonerado and not-subject lines, IVA, and the total. */
  baseUsdCents: number;
  exemptUsdCents: number;
  ivaUsdCents: number;
  totalUsdCents: number;
  /** The legal grounds of the exempt lines, once each, to print. */
  legalGrounds: string[];
};

/**
 * The lines with their kind's treatment, and the totals (IVA per rate on its base, rounded once).
 * `treatmentOf` is the administrator's, for the kinds the business sells; what it pays on the
 * customer's behalf is not subject to IVA, always.
 */
export function computeTaxes(
  lines: { description: string; usdCents: number; kind?: LineKind }[],
  treatmentOf: (kind: ChargeKind) => TaxTreatment,
): TaxTotals {
  const taxed: TaxedLine[] = lines.map((l) => {
    const kind = l.kind ?? 'other';
    const t = isOnBehalfKind(kind) ? ON_BEHALF_TREATMENTS[kind] : treatmentOf(kind);
    return t.treatment === 'iva'
      ? {
          description: l.description,
          kind,
          usdCents: l.usdCents,
          treatment: 'iva',
          rateBasisPoints: t.rateBasisPoints,
          legalGround: null,
        }
      : {
          description: l.description,
          kind,
          usdCents: l.usdCents,
          treatment: t.treatment,
          rateBasisPoints: null,
          legalGround: t.legalGround,
        };
  });
  const byRate = new Map<number, number>();
  let exempt = 0;
  for (const l of taxed) {
    if (l.treatment === 'iva') byRate.set(l.rateBasisPoints!, (byRate.get(l.rateBasisPoints!) ?? 0) + l.usdCents);
    else exempt += l.usdCents;
  }
  const ivaBuckets = [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rateBasisPoints, baseUsdCents]) => ({
      rateBasisPoints,
      baseUsdCents,
      ivaUsdCents: percentOf(baseUsdCents, rateBasisPoints),
    }));
  const base = ivaBuckets.reduce((s, b) => s + b.baseUsdCents, 0);
  const iva = ivaBuckets.reduce((s, b) => s + b.ivaUsdCents, 0);
  const legalGrounds = [...new Set(taxed.flatMap((l) => (l.legalGround ? [l.legalGround] : [])))];
  return {
    lines: taxed,
    ivaBuckets,
    baseUsdCents: base,
    exemptUsdCents: exempt,
    ivaUsdCents: iva,
    totalUsdCents: base + exempt + iva,
    legalGrounds,
  };
}

/** The totals in Bs. at the invoice's frozen rate: each converted once, the total their sum. */
export function taxTotalsInVes(t: Pick<TaxTotals, 'baseUsdCents' | 'exemptUsdCents' | 'ivaUsdCents'>, rate: string) {
  const baseVesCentimos = usdCentsToVesCentimos(t.baseUsdCents, rate);
  const exemptVesCentimos = usdCentsToVesCentimos(t.exemptUsdCents, rate);
  const ivaVesCentimos = usdCentsToVesCentimos(t.ivaUsdCents, rate);
  return {
    baseVesCentimos,
    exemptVesCentimos,
    ivaVesCentimos,
    totalVesCentimos: baseVesCentimos + exemptVesCentimos + ivaVesCentimos,
  };
}

/**
 * The IGTF inside a payment in foreign currency that covers the debt and its tax: of P paid, the
 * tax is P × r ÷ (1 + r), rounded half away from zero, and the rest pays the debt. Paying
 * `debt + igtfOn(debt)` gives back exactly igtfOn(debt) for any debt (tested).
 */
export function igtfIncludedIn(paidUsdCents: number, basisPoints: number): number {
  const n = BigInt(paidUsdCents) * BigInt(basisPoints);
  const d = 10_000n + BigInt(basisPoints);
  return Number((n * 2n + d) / (2n * d));
}

/** The IGTF on paying `usdCents` of debt in foreign currency. */
export const igtfOn = (usdCents: number, basisPoints: number) => percentOf(usdCents, basisPoints);

/** 1600 → '16', 1250 → '12,5'. */
export const formatRatePercent = (basisPoints: number) => formatDecimal(basisPoints / 100, { decimals: 2 });
