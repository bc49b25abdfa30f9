// What customs will charge a guía, estimated from a version of the customs rules
// (docs/product/customs.md#the-estimate). Money in integer cents; each piece rounded half up to
// the cent on its own, then the pieces summed; bolívares are each piece converted once, then
// summed (docs/decisions/005-money-and-numbers.md, addendum on customs). zod-free.
import { percentOf, usdCentsToVesCentimos } from '../billing/money';
import type { TravelMode } from '../travel-rules/travel-rules';
import { CUSTOMS_MESSAGES as M } from './messages';
import { categoryRate, type CustomsCategory, type CustomsRules } from './rules';

export type CustomsItem = { category: CustomsCategory; declaredValueUsdCents: number };

/** One guía: its items (or one category for its whole value), the freight and insurance it pays, its boxes. */
export type CustomsGuia = ({ items: CustomsItem[] } | { category: CustomsCategory; declaredValueUsdCents: number }) & {
  freightUsdCents: number;
  insuranceUsdCents: number;
  /** Boxes in the guía (the fixed charge per box); 1 when not said. */
  boxes?: number;
};

export type CustomsEstimateInput = CustomsGuia & {
  mode: TravelMode;
  /** Bs. per USD, as the exchange rates keep it ('36.5214'); null when none was ever recorded (the Bs. pieces are then 0 and not shown). */
  rate: string | number | null;
};

/** 'exento': no duty, IVA or fee; 'courier': the courier regime's charges; 'fuera_del_regimen': a formal import. */
export const CUSTOMS_VERDICTS = ['exento', 'courier', 'fuera_del_regimen'] as const;
export type CustomsVerdict = (typeof CUSTOMS_VERDICTS)[number];

export type CustomsPieces = {
  customsValue: number;
  duty: number;
  iva: number;
  fee: number;
  fixed: number;
  /** duty + iva + fee + fixed: what is paid (the customs value is the base, not a charge). */
  total: number;
};

export type CustomsEstimate = {
  mode: TravelMode;
  usdCents: CustomsPieces;
  /** Each piece converted once at the rate; the total is the sum of the converted charges. */
  vesCentimos: CustomsPieces;
  verdict: CustomsVerdict;
  /** The verdict in Spanish, with the figures it was decided on. */
  explanation: string;
  /** Each item's share of the customs value and its duty, in the order given. */
  items: (CustomsItem & { customsValueUsdCents: number; dutyUsdCents: number; dutyBasisPoints: number })[];
};

const itemsOf = (g: CustomsGuia): CustomsItem[] =>
  'items' in g ? g.items : [{ category: g.category, declaredValueUsdCents: g.declaredValueUsdCents }];

function assertCents(name: string, n: number) {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${name} debe ser un entero de centavos ≥ 0: ${n}`);
}

/**
 * `added` shared among the items in proportion to their declared values, each share rounded half
 * up, the last item taking what is left so the shares add up to `added` exactly.
 */
function shareOut(added: number, declared: number[]): number[] {
  const whole = declared.reduce((a, b) => a + b, 0);
  if (declared.length === 0) return [];
  if (whole === 0) return declared.map((_, i) => (i === 0 ? added : 0));
  const shares = declared.map((d) => Number((BigInt(added) * BigInt(d) * 2n + BigInt(whole)) / (2n * BigInt(whole))));
  const rest = added - shares.slice(0, -1).reduce((a, b) => a + b, 0);
  shares[shares.length - 1] = rest;
  return shares;
}

/** The charges customs will ask of one guía under `rules`, in USD cents and Bs. céntimos, with the verdict. */
export function estimateCustoms(rules: CustomsRules, input: CustomsEstimateInput): CustomsEstimate {
  const items = itemsOf(input);
  const boxes = input.boxes ?? 1;
  for (const it of items) assertCents('El valor declarado', it.declaredValueUsdCents);
  assertCents('El flete', input.freightUsdCents);
  assertCents('El seguro', input.insuranceUsdCents);
  if (!Number.isSafeInteger(boxes) || boxes < 1) throw new RangeError(`Cajas: ${boxes}`);
  const mode = rules.modes[input.mode];

  const declared = items.map((i) => i.declaredValueUsdCents);
  const added =
    (mode.valueIncludesFreight ? input.freightUsdCents : 0) +
    (mode.valueIncludesInsurance ? input.insuranceUsdCents : 0);
  const shares = shareOut(added, declared);
  const customsValue = declared.reduce((a, b) => a + b, 0) + added;

  const verdict: CustomsVerdict =
    customsValue <= mode.exemptUpToUsdCents
      ? 'exento'
      : customsValue <= mode.courierUpToUsdCents
        ? 'courier'
        : 'fuera_del_regimen';
  const taxed = verdict !== 'exento';

  const priced = items.map((it, i) => {
    const { dutyBasisPoints } = categoryRate(rules, it.category);
    const value = it.declaredValueUsdCents + (shares[i] ?? 0);
    return {
      ...it,
      customsValueUsdCents: value,
      dutyBasisPoints,
      dutyUsdCents: taxed ? percentOf(value, dutyBasisPoints) : 0,
    };
  });
  const duty = priced.reduce((a, p) => a + p.dutyUsdCents, 0);
  const fee = taxed ? percentOf(customsValue, rules.serviceFeeBasisPoints) : 0;
  // IVA on imports is on the customs value plus the taxes the import causes (the duty and the fee).
  const iva = taxed ? percentOf(customsValue + duty + fee, rules.ivaBasisPoints) : 0;
  const fixed = mode.fixedPerGuiaUsdCents + mode.fixedPerBoxUsdCents * boxes;
  const usdCents = { customsValue, duty, iva, fee, fixed, total: duty + iva + fee + fixed };

  const ves = (cents: number) => (input.rate === null ? 0 : usdCentsToVesCentimos(cents, input.rate));
  const v = { customsValue: ves(customsValue), duty: ves(duty), iva: ves(iva), fee: ves(fee), fixed: ves(fixed) };
  const vesCentimos = { ...v, total: v.duty + v.iva + v.fee + v.fixed };

  const explanation = M.verdict[verdict]({
    value: customsValue,
    exemptUpTo: mode.exemptUpToUsdCents,
    courierUpTo: mode.courierUpToUsdCents,
    mode: input.mode,
  });
  return { mode: input.mode, usdCents, vesCentimos, verdict, explanation, items: priced };
}

export type ConsolidationInput = {
  mode: TravelMode;
  rate: string | number | null;
  /** Each parcel as it would travel on its own guía. */
  parcels: CustomsGuia[];
  /** Boxes of the consolidated guía; the parcels' boxes added up when not said. */
  consolidatedBoxes?: number;
  /** The consolidated guía's items in its own order (the shipment's); the parcels' in turn when not said. */
  consolidatedItems?: CustomsItem[];
  /** The consolidated guía's insurance (one premium on the summed value); the parcels' added up when not said. */
  consolidatedInsuranceUsdCents?: number;
};

/**
 * The thresholds apply per guía: N parcels on N guías against the same parcels on one. Answers
 * both estimates and the difference (consolidated − separate: negative when consolidating saves).
 */
export function compareConsolidation(rules: CustomsRules, input: ConsolidationInput) {
  const separate = input.parcels.map((p) => estimateCustoms(rules, { ...p, mode: input.mode, rate: input.rate }));
  const consolidated = estimateCustoms(rules, {
    mode: input.mode,
    rate: input.rate,
    items: input.consolidatedItems ?? input.parcels.flatMap(itemsOf),
    freightUsdCents: input.parcels.reduce((a, p) => a + p.freightUsdCents, 0),
    insuranceUsdCents:
      input.consolidatedInsuranceUsdCents ?? input.parcels.reduce((a, p) => a + p.insuranceUsdCents, 0),
    boxes: input.consolidatedBoxes ?? input.parcels.reduce((a, p) => a + (p.boxes ?? 1), 0),
  });
  const separateTotal = {
    usdCents: separate.reduce((a, e) => a + e.usdCents.total, 0),
    vesCentimos: separate.reduce((a, e) => a + e.vesCentimos.total, 0),
  };
  return {
    separate,
    separateTotal,
    consolidated,
    differenceUsdCents: consolidated.usdCents.total - separateTotal.usdCents,
    differenceVesCentimos: consolidated.vesCentimos.total - separateTotal.vesCentimos,
  };
}

/** What compareConsolidation answers. */
export type ConsolidationComparison = ReturnType<typeof compareConsolidation>;
