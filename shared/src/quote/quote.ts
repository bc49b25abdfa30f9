// The quote engine of /cotizar and /cotizar-china (docs/product/quote-calculators.md): pure functions, the same
// figures on every screen. Money is integer USD cents (docs/decisions/005-money-and-numbers.md): each line
// is rounded to the cent once and the total is the sum of the lines, so what the panel shows
// always adds up. Dollars are only what a person types (the declared value) and what they read.
import { dollarsToCents, formatUsdCents } from '../billing/money';
import { DELIVERY_TIME } from '../constants';
import { CUSTOMS_CHARGE_LABELS } from '../customs/charge';
import { formatDecimal, parseDecimal } from '../format';
import type { ShippingMethod } from '../enums';
import { PRICE_LIST_V1, type PriceList } from '../price-list/price-list';
import { QUOTE_DECIMALS, QUOTE_RATES, type WeightUnit } from './constants';

/** What a form field holds: a number, or the empty string / nothing while it is empty. */
export type QuoteNumber = number | string | null | undefined;

export type UsaQuoteInput = {
  /** Real weight, in `unidad`. */
  peso: QuoteNumber;
  /** The weight's unit: pounds unless said (the rates are per lb; kilograms are converted once, here). */
  unidad?: WeightUnit;
  /** Dimensions in centimetres. */
  largo: QuoteNumber;
  ancho: QuoteNumber;
  alto: QuoteNumber;
  /** Declared value in USD as typed; 100 when empty. */
  valor: QuoteNumber;
  /** A declared value already in USD cents (a parcel's), used instead of `valor` when given. */
  valorUsdCents?: number | null;
  /** Whether the optional insurance is added. */
  seguro: boolean;
  tipo: ShippingMethod;
};

export type ChinaQuoteInput = Omit<UsaQuoteInput, 'peso' | 'tipo'>;

/**
 * A money line of the quote, USD cents; `totalUsdCents` is exactly the sum of these. 'impuestos' is
 * the customs estimate's total, added once it is computed (withCustomsEstimate); the IVA lines (one per rate) are added when invoices carry taxes
 * (withInvoiceTaxes).
 */
export type QuoteLine = {
  key: 'flete' | 'seguro' | 'impuestos' | `iva-${number}`;
  label: string;
  amountUsdCents: number;
};
/** An explanatory line (weights, volumes, rates). */
export type QuoteDetail = { label: string; value: string };

/** Every amount in USD cents. */
export type QuoteBase = {
  subtotalUsdCents: number;
  seguroUsdCents: number;
  /** The customs estimate charged with the shipment ('Impuestos estimados'); 0 until withCustomsEstimate adds it. */
  impuestosUsdCents: number;
  totalUsdCents: number;
  tiempoEntrega: string;
  /** The declared value the insurance was computed on ($100 when the field is empty). */
  valorDeclaradoUsdCents: number;
  lineas: QuoteLine[];
  detalles: QuoteDetail[];
};

export type UsaQuote = QuoteBase & {
  tipo: ShippingMethod;
  /** Real weight in lb (converted once from kg when typed in kg). */
  pesoReal: number;
  /** The real weight as typed, with its pounds when typed in kg: '2,5 kg (5,51 lb)' or '5,51 lb'. */
  pesoTexto: string;
  pesoVolumetrico: number;
  /** Billable weight in lb: the greatest of real, volumetric and the 6 lb minimum. */
  pesoFacturable: number;
  /** Volume in ft³ and the billable ft³ (1.5 minimum): what sea freight charges. */
  pies3: number;
  pies3Facturables: number;
};

export type ChinaQuote = QuoteBase & {
  cbm: number;
  /** Billable CBM: the CBM or the 0.005 minimum. */
  cbmFacturable: number;
};

/** Decimals a calculator's text may carry (a field's own text has fewer). */
const QUOTE_TEXT_DECIMALS = 4;

/**
 * A field's number, or null while it is empty or cannot be read. Text is read as every number
 * field reads it (parseDecimal): '12,5' is 12.5, and '1.500' (1500 or 1,5?) is no number.
 */
export function parseQuoteNumber(value: QuoteNumber): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const reading = parseDecimal(value, { decimals: QUOTE_TEXT_DECIMALS });
  return reading.status === 'number' ? reading.value : null;
}

/** A measure that must be present and above zero for a quote; null otherwise. */
function positive(value: QuoteNumber): number | null {
  const n = parseQuoteNumber(value);
  return n !== null && n > 0 ? n : null;
}

const roundTo = (n: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(n * f + Number.EPSILON * f) / f;
};
/** A rate in basis points (0.15 → 1500), so percentages are integer arithmetic. */
const basisPoints = (rate: number) => Math.round(rate * 10_000);

/**
 * Cents charged for a billable quantity (already rounded to `decimals`) at a USD rate, in
 * integer arithmetic so that 44.11 lb × $6.50 is exactly $286.72 (half up), never $286.71.
 */
function chargeCents(quantity: number, decimals: number, rateUsdCents: number): number {
  const scale = 10 ** decimals;
  return Math.round((Math.round(quantity * scale) * rateUsdCents) / scale);
}
/** A percentage of an amount in cents, rounded half up to the cent. */
const percentCents = (cents: number, rate: number) => Math.round((cents * basisPoints(rate)) / 10_000);

// es-VE, through the shared formatter (docs/product/formats.md).
const numberFmt = (decimals: number) => () => ({
  format: (n: number) => formatDecimal(n, { decimals, fixed: true }),
});
const fmtLb = numberFmt(QUOTE_DECIMALS.lb);
const fmtFt3 = numberFmt(QUOTE_DECIMALS.ft3);
const fmtCbm = numberFmt(QUOTE_DECIMALS.cbm);
const fmtCm = () => ({ format: (n: number) => formatDecimal(n, { decimals: 2 }) });
const pct = (rate: number) => `${fmtCm().format(roundTo(rate * 100, 2))}%`;

/**
 * The declared value in cents: the one given in cents, else the typed dollars read once into cents
 * ($100 when empty); never negative.
 */
function declaredValueCents({ valor, valorUsdCents }: Pick<UsaQuoteInput, 'valor' | 'valorUsdCents'>): number {
  if (valorUsdCents != null) return Math.max(0, valorUsdCents);
  const n = parseQuoteNumber(valor);
  return n === null ? QUOTE_RATES.defaultDeclaredValueUsdCents : Math.max(0, dollarsToCents(n));
}

/**
 * The insurance rule, one for the calculators and the ship request (docs/product/insurance.md):
 * a percentage of the declared value, never under a minimum. Both are the administrator's settings.
 */
export type InsuranceRule = {
  /** Percent of the declared value, up to two decimals (5 is 5 %). */
  ratePercent: number;
  /** The least an insured shipment pays, USD cents. */
  minimumUsdCents: number;
};

/** The insurance rule of a price list. */
export const insuranceRuleOfPrices = (prices: PriceList): InsuranceRule => ({
  ratePercent: prices.insuranceRatePercent,
  minimumUsdCents: prices.insuranceMinimumUsdCents,
});

/** The rule of the first price list: the calculators' 5 % and no minimum. */
export const DEFAULT_INSURANCE_RULE: InsuranceRule = insuranceRuleOfPrices(PRICE_LIST_V1);

/** The premium for a declared value in cents: the rate's share, at least the minimum. */
export function insurancePremiumCents(declaredUsdCents: number, rule: InsuranceRule): number {
  return Math.max(percentCents(declaredUsdCents, rule.ratePercent / 100), rule.minimumUsdCents);
}

/** The rule in words: '5% del valor declarado', with ', mínimo $10,00' when there is one. */
export function insuranceRuleSummary(rule: InsuranceRule): string {
  const minimum = rule.minimumUsdCents > 0 ? `, mínimo ${formatUsdCents(rule.minimumUsdCents)}` : '';
  return `${pct(rule.ratePercent / 100)} del valor declarado${minimum}`;
}

/** The detail line of the insurance: its rate, its minimum when there is one, and the value. */
export function insuranceRuleText(rule: InsuranceRule, declaredUsdCents: number): string {
  const minimum = rule.minimumUsdCents > 0 ? `, mínimo ${formatUsdCents(rule.minimumUsdCents)}` : '';
  return `${pct(rule.ratePercent / 100)} del valor declarado (${formatUsdCents(declaredUsdCents)})${minimum}`;
}

function insuranceCents(seguro: boolean, declaredUsdCents: number, rule: InsuranceRule): number {
  return seguro ? insurancePremiumCents(declaredUsdCents, rule) : 0;
}

/** Formats '30 × 20 × 15 cm'. */
export function formatDimensions(largo: QuoteNumber, ancho: QuoteNumber, alto: QuoteNumber): string {
  const parts = [largo, ancho, alto].map((v) => {
    const n = parseQuoteNumber(v);
    return n === null ? '—' : fmtCm().format(n);
  });
  return `${parts.join(' × ')} cm`;
}

/**
 * USA (Miami) to Venezuela. Null while the weight or any dimension is empty or zero.
 * Air: billable lb = max(real, L×W×H in inches / divisor, minimum) at the rate.
 * Sea: billable ft³ = max(in³ / 1728, minimum) at the rate.
 * Every rate, minimum and the divisor are the price list's (version 1: 166, 6 lb, $6.50, 1.5 ft³, $40).
 * The customs estimate is added apart (withCustomsEstimate), by air and by sea.
 */
export function quoteUsa(input: UsaQuoteInput, prices: PriceList): UsaQuote | null {
  const peso = positive(input.peso);
  const largo = positive(input.largo);
  const ancho = positive(input.ancho);
  const alto = positive(input.alto);
  if (peso === null || largo === null || ancho === null || alto === null) return null;

  const r = QUOTE_RATES;
  const p = prices;
  const rule = insuranceRuleOfPrices(p);
  const cubicInches = (largo / r.cmPerInch) * (ancho / r.cmPerInch) * (alto / r.cmPerInch);
  const pesoVolumetrico = roundTo(cubicInches / p.volumetricDivisor, QUOTE_DECIMALS.lb);
  // The one conversion of a weight in kg (docs/product/quote-calculators.md#inputs).
  const inKg = input.unidad === 'kg';
  const pesoReal = roundTo(inKg ? peso * r.lbPerKg : peso, QUOTE_DECIMALS.lb);
  const pesoTexto = inKg
    ? `${fmtCm().format(peso)} kg (${fmtLb().format(pesoReal)} lb)`
    : `${fmtLb().format(pesoReal)} lb`;
  const pesoFacturable = Math.max(pesoReal, pesoVolumetrico, p.usaAirMinLb);
  const pies3 = roundTo(cubicInches / r.cubicInchesPerCubicFoot, QUOTE_DECIMALS.ft3);
  const pies3Facturables = Math.max(pies3, p.usaSeaMinFt3);

  const isAir = input.tipo === 'aereo';
  const fleteCents = isAir
    ? chargeCents(pesoFacturable, QUOTE_DECIMALS.lb, p.usaAirRatePerLbUsdCents)
    : chargeCents(pies3Facturables, QUOTE_DECIMALS.ft3, p.usaSeaRatePerFt3UsdCents);
  const valorCents = declaredValueCents(input);
  const seguroCents = insuranceCents(input.seguro, valorCents, rule);
  const totalCents = fleteCents + seguroCents;

  const lineas: QuoteLine[] = [
    { key: 'flete', label: isAir ? 'Flete aéreo' : 'Flete marítimo', amountUsdCents: fleteCents },
    { key: 'seguro', label: 'Seguro', amountUsdCents: seguroCents },
  ];

  const detalles: QuoteDetail[] = isAir
    ? [
        { label: 'Peso real', value: pesoTexto },
        { label: 'Peso volumétrico', value: `${fmtLb().format(pesoVolumetrico)} lb` },
        {
          label: 'Peso facturable',
          value: `${fmtLb().format(pesoFacturable)} lb (mínimo ${fmtCm().format(p.usaAirMinLb)} lb)`,
        },
        { label: 'Tarifa', value: `${formatUsdCents(p.usaAirRatePerLbUsdCents)} por lb` },
      ]
    : [
        { label: 'Volumen', value: `${fmtFt3().format(pies3)} ft³` },
        {
          label: 'Volumen facturable',
          value: `${fmtFt3().format(pies3Facturables)} ft³ (mínimo ${fmtFt3().format(p.usaSeaMinFt3)} ft³)`,
        },
        { label: 'Tarifa', value: `${formatUsdCents(p.usaSeaRatePerFt3UsdCents)} por ft³` },
      ];
  detalles.push({
    label: 'Seguro',
    value: input.seguro ? insuranceRuleText(rule, valorCents) : 'No incluido',
  });

  return {
    tipo: input.tipo,
    subtotalUsdCents: fleteCents,
    seguroUsdCents: seguroCents,
    impuestosUsdCents: 0,
    totalUsdCents: totalCents,
    tiempoEntrega: isAir ? DELIVERY_TIME.usaAereo : DELIVERY_TIME.usaMaritimo,
    valorDeclaradoUsdCents: valorCents,
    pesoReal,
    pesoTexto,
    pesoVolumetrico,
    pesoFacturable,
    pies3,
    pies3Facturables,
    lineas,
    detalles,
  };
}

/**
 * China to Venezuela by sea. Null while any dimension is missing (or zero).
 * Billable CBM = max(L×W×H cm / 1,000,000, minimum) at the price list's rate (version 1: 0.005, $990).
 */
export function quoteChina(input: ChinaQuoteInput, prices: PriceList): ChinaQuote | null {
  const largo = positive(input.largo);
  const ancho = positive(input.ancho);
  const alto = positive(input.alto);
  if (largo === null || ancho === null || alto === null) return null;

  const r = QUOTE_RATES;
  const p = prices;
  const rule = insuranceRuleOfPrices(p);
  const cbm = roundTo((largo * ancho * alto) / r.cubicCmPerCbm, QUOTE_DECIMALS.cbm);
  const cbmFacturable = Math.max(cbm, p.chinaSeaMinCbm);
  const fleteCents = chargeCents(cbmFacturable, QUOTE_DECIMALS.cbm, p.chinaSeaRatePerCbmUsdCents);
  const valorCents = declaredValueCents(input);
  const seguroCents = insuranceCents(input.seguro, valorCents, rule);
  const totalCents = fleteCents + seguroCents;

  return {
    subtotalUsdCents: fleteCents,
    seguroUsdCents: seguroCents,
    impuestosUsdCents: 0,
    totalUsdCents: totalCents,
    tiempoEntrega: DELIVERY_TIME.chinaMaritimo,
    valorDeclaradoUsdCents: valorCents,
    cbm,
    cbmFacturable,
    lineas: [
      { key: 'flete', label: 'Flete marítimo', amountUsdCents: fleteCents },
      { key: 'seguro', label: 'Seguro', amountUsdCents: seguroCents },
    ],
    detalles: [
      { label: 'Volumen', value: `${fmtCbm().format(cbm)} CBM` },
      {
        label: 'Volumen facturable',
        value: `${fmtCbm().format(cbmFacturable)} CBM (mínimo ${fmtCbm().format(p.chinaSeaMinCbm)} CBM)`,
      },
      { label: 'Tarifa', value: `${formatUsdCents(p.chinaSeaRatePerCbmUsdCents)} por CBM` },
      { label: 'Seguro', value: input.seguro ? insuranceRuleText(rule, valorCents) : 'No incluido' },
    ],
  };
}

/**
 * The quote with the customs estimate's total (estimateCustoms, computed by the lazily loaded
 * estimate) as its 'Impuestos estimados' line and in its total: what the shipment's invoice charges
 * on the customer's behalf (docs/product/customs.md#the-invoice). Null: not computed yet, unchanged.
 */
export function withCustomsEstimate<Q extends QuoteBase>(quote: Q, estimateUsdCents: number | null): Q {
  if (estimateUsdCents === null) return quote;
  const lineas = quote.lineas.filter((l) => l.key !== 'impuestos');
  const before = quote.lineas.find((l) => l.key === 'impuestos')?.amountUsdCents ?? 0;
  return {
    ...quote,
    impuestosUsdCents: estimateUsdCents,
    totalUsdCents: quote.totalUsdCents - before + estimateUsdCents,
    lineas: [...lineas, { key: 'impuestos', label: CUSTOMS_CHARGE_LABELS.quoteLine, amountUsdCents: estimateUsdCents }],
  };
}
