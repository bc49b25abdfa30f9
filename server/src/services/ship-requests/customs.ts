// A ship request's customs estimate (docs/product/customs.md#where-the-estimate-is-shown): its boxes
// (each parcel, each repack's box) on one guía against each on its own guía, with the customs rules
// in effect and the latest exchange rate. Informative: the invoice does not charge it.
import { compareConsolidation, insurancePremiumCents, type CustomsGuia, type InsuranceRule } from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { customsRulesNow } from '../../queries/customs';
import type { ShipRequestCustoms, ShipRequestParcelPrice, ShipRequestRepackPrice } from './types';

type Boxes = { parcels: ShipRequestParcelPrice[]; repacks: ShipRequestRepackPrice[] };

/**
 * Each box as a guía: its items, its freight (the calculator's, without the import taxes) and, when
 * insured, the premium its own value would pay.
 */
export function customsGuias({ parcels, repacks }: Boxes, insured: boolean, rule: InsuranceRule): CustomsGuia[] {
  const insurance = (declared: number) => (insured ? insurancePremiumCents(declared, rule) : 0);
  return [
    ...parcels.map((p) => ({
      items: [{ category: p.category, declaredValueUsdCents: p.declaredUsdCents }],
      freightUsdCents: p.shippingUsdCents - p.importTaxesUsdCents,
      insuranceUsdCents: insurance(p.declaredUsdCents),
      boxes: 1,
    })),
    ...repacks.map((r) => ({
      items: r.items.length ? r.items : [{ category: 'other' as const, declaredValueUsdCents: r.declaredUsdCents }],
      freightUsdCents: r.shippingUsdCents - r.importTaxesUsdCents,
      insuranceUsdCents: insurance(r.declaredUsdCents),
      boxes: 1,
    })),
  ];
}

/** The estimate consolidated (one guía) against separate (one guía per box), by the mode chosen. */
export async function shipRequestCustoms(
  tx: DbOrTx,
  mode: 'air' | 'sea',
  boxes: Boxes,
  insured: boolean,
  rule: InsuranceRule,
): Promise<ShipRequestCustoms> {
  const now = await customsRulesNow(tx);
  const comparison = compareConsolidation(now.rules, {
    mode,
    rate: now.rate?.vesPerUsd ?? null,
    parcels: customsGuias(boxes, insured, rule),
  });
  return { number: now.number, rules: now.rules, rate: now.rate, comparison };
}
