// Every number field of the product is one of these kinds (docs/decisions/005):
// how many decimals it keeps, which unit or currency sign a pasted text may carry, how a value
// is written, and the range a value usually falls in. A value outside that range is still
// valid (the schemas set the hard limits); it is only asked about before saving.
import { formatDecimal, parseDecimal, type DecimalReading } from '../format';
import { RATE_DECIMALS } from '../billing/money';
import { NUMBER_MESSAGES } from './messages';

export type PlausibleRange = { min: number; max: number };

export type NumberField = {
  decimals: number;
  /** Money shows all its decimals: `$38,50`. */
  fixed?: boolean;
  /** What may come around the number in a pasted text, ignored when it is read. */
  affixes: readonly string[];
  /** How a value is written in a sentence: before and after the number. */
  prefix?: string;
  suffix?: string;
  /** Where its values usually fall; none for fields nobody is asked about. */
  plausible?: PlausibleRange;
};

/** Dollars as money is written: two decimals always, the dollar sign before. */
const DOLLARS = { decimals: 2, fixed: true, affixes: ['US$', 'USD', '$'], prefix: '$' } as const;

export const NUMBER_FIELDS = {
  /** A parcel's weight: the heaviest piece couriers take is about 70 kg (UPS, FedEx). */
  weightKg: { decimals: 2, affixes: ['kgs', 'kg'], suffix: ' kg', plausible: { min: 0.05, max: 70 } },
  /** The public calculator's weight from Miami; nothing is saved from it. */
  weightLb: { decimals: 2, affixes: ['lbs', 'lb'], suffix: ' lb' },
  /** A side of a parcel: couriers take up to about 2 m. */
  dimensionCm: { decimals: 1, affixes: ['cm'], suffix: ' cm', plausible: { min: 1, max: 200 } },
  /** Values, amounts paid, charges and corrections in dollars (the sign's absolute value). */
  amountUsd: { ...DOLLARS, plausible: { min: 1, max: 5_000 } },
  /** Amounts paid in bolívares. */
  amountVes: {
    decimals: 2,
    fixed: true,
    affixes: ['Bs.', 'Bs', 'VES'],
    prefix: 'Bs. ',
    plausible: { min: 1, max: 5_000_000 },
  },
  /** The storage fee per day after the free days (USD 0,50 by default). */
  dailyFeeUsd: { ...DOLLARS, plausible: { min: 0.05, max: 10 } },
  /**
   * Bs. per USD. With a rate recorded before, the plausible range is the one around it
   * (RATE_PLAUSIBLE_CHANGE); this one applies only to the very first.
   */
  exchangeRate: {
    decimals: RATE_DECIMALS,
    affixes: ['Bs.', 'Bs'],
    prefix: 'Bs. ',
    suffix: ' por USD',
    plausible: { min: 1, max: 10_000 },
  },
  /**
   * A tax rate (IVA, IGTF: docs/product/fiscal-invoices.md#settings), 0–100 % checked by its schema,
   * and the price list's percentages (insurance: docs/product/price-lists.md): up to two decimals.
   */
  percent: { decimals: 2, affixes: ['%'], suffix: ' %' },
  /** Items of a pre-alert, days of free storage: whole numbers. */
  count: { decimals: 0, affixes: [] },
  /** The price list's minimums and divisor (lb, ft³, CBM): up to four decimals. */
  priceMeasure: { decimals: 4, affixes: ['lbs', 'lb', 'ft³', 'ft3', 'cbm', 'CBM'] },
} as const satisfies Record<string, NumberField>;

export type NumberKind = keyof typeof NUMBER_FIELDS;

/** A day's rate usually stays within this factor of the one recorded before it (either way). */
export const RATE_PLAUSIBLE_CHANGE = 1.5;

/** The plausible range of a new rate, given the latest one recorded (when there is one). */
export function plausibleRateRange(latestVesPerUsd: number | string | null | undefined): PlausibleRange {
  const latest = Number(latestVesPerUsd);
  if (!latestVesPerUsd || !(latest > 0)) return NUMBER_FIELDS.exchangeRate.plausible;
  return { min: latest / RATE_PLAUSIBLE_CHANGE, max: latest * RATE_PLAUSIBLE_CHANGE };
}

const field = (kind: NumberKind): NumberField => NUMBER_FIELDS[kind];

/** Reads a field's text by its kind's rules (see parseDecimal). */
export const readNumberField = (kind: NumberKind, text: string): DecimalReading =>
  parseDecimal(text, { decimals: field(kind).decimals, affixes: field(kind).affixes });

/**
 * A value as its field shows it once left, read back the same by readNumberField: `2,5`, `1500`,
 * `38,50`; with `withSign`, money carries its sign as people write it (`$38,50`, `Bs. 6.560,00`).
 */
export function formatNumberField(kind: NumberKind, value: number, { withSign = false } = {}): string {
  const { decimals, fixed, prefix = '' } = field(kind);
  const text = formatDecimal(Math.abs(value), { decimals, fixed, forInput: true });
  const isNegative = value < 0 && /[1-9]/.test(text);
  return `${isNegative ? '-' : ''}${withSign ? prefix : ''}${text}`;
}

/** A value written in a sentence, es-VE: `1.250,5 kg`, `$38,50`, `Bs. 6.560,00`. */
export function writeNumber(kind: NumberKind, value: number): string {
  const { decimals, fixed, prefix = '', suffix = '' } = field(kind);
  const text = formatDecimal(Math.abs(value), { decimals, fixed });
  return `${value < 0 ? '-' : ''}${prefix}${text}${suffix}`;
}

/** One value to check before saving; `range` replaces the kind's (a rate near the last one). */
export type PlausibilityCheck = { kind: NumberKind; value: unknown; range?: PlausibleRange };

/**
 * The values, as written, that lie outside their plausible range. Empty, zero (a deliberate
 * "none" in several forms) and anything that is not a number are not asked about: the
 * schemas refuse what is not valid.
 */
export function implausibleValues(checks: readonly PlausibilityCheck[]): string[] {
  return checks
    .filter(({ kind, value, range = field(kind).plausible }) => {
      if (typeof value !== 'number' || !Number.isFinite(value) || value === 0 || !range) return false;
      const size = Math.abs(value);
      return size < range.min || size > range.max;
    })
    .map(({ kind, value }) => writeNumber(kind, value as number));
}

/** "¿Confirmas 250 kg?", "¿Confirmas 250 kg y 300 cm?" */
export function confirmImplausibleQuestion(values: readonly string[]): string {
  const list =
    values.length > 1 ? `${values.slice(0, -1).join(', ')} y ${values[values.length - 1]}` : (values[0] ?? '');
  return NUMBER_MESSAGES.confirmQuestion(list);
}
