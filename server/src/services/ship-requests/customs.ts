// A ship request's customs estimate (docs/product/customs.md#where-the-estimate-is-shown): its boxes
// (each parcel, each repack's box) on one guía against each on its own guía, with the customs rules
// in effect and the latest exchange rate. The one guía is the shipment's: its estimate is what the
// invoice charges as its import taxes (docs/product/customs.md#the-invoice).
import {
  compareConsolidation,
  insurancePremiumCents,
  type CustomsGuia,
  type CustomsItem,
  type InsuranceRule,
} from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { customsRulesNow } from '../../queries/customs';
import type { ShipRequestCustoms, ShipRequestParcelPrice, ShipRequestRepackPrice } from './types';

type Boxes = { parcels: ShipRequestParcelPrice[]; repacks: ShipRequestRepackPrice[] };

/**
 * Each box as a guía: its items, its freight (the calculator's) and, when insured, the premium its
 * own value would pay.
 */
export function customsGuias({ parcels, repacks }: Boxes, insured: boolean, rule: InsuranceRule): CustomsGuia[] {
  const insurance = (declared: number) => (insured ? insurancePremiumCents(declared, rule) : 0);
  return [
    ...parcels.map((p) => ({
      items: [{ category: p.category, declaredValueUsdCents: p.declaredUsdCents }],
      freightUsdCents: p.shippingUsdCents,
      insuranceUsdCents: insurance(p.declaredUsdCents),
      boxes: 1,
    })),
    ...repacks.map((r) => ({
      items: r.items.length ? r.items : [{ category: 'other' as const, declaredValueUsdCents: r.declaredUsdCents }],
      freightUsdCents: r.shippingUsdCents,
      insuranceUsdCents: insurance(r.declaredUsdCents),
      boxes: 1,
    })),
  ];
}

/**
 * The shipment's parcels as customs sees them, in the order of their ids: the order in which the
 * invoice's estimate reads them (parcelsOfShipments, queries/customs-estimates.ts), so the freight's
 * shares round the same way on the request, the invoice and the settlement.
 */
export function shipmentItems({ parcels, repacks }: Boxes): CustomsItem[] {
  const all = [
    ...parcels.map((p) => ({ packageId: p.id, category: p.category, declaredValueUsdCents: p.declaredUsdCents })),
    ...repacks.flatMap((r) => r.items),
  ];
  return all
    .sort((a, b) => (a.packageId < b.packageId ? -1 : a.packageId > b.packageId ? 1 : 0))
    .map(({ category, declaredValueUsdCents }) => ({ category, declaredValueUsdCents }));
}

/**
 * The estimate consolidated (one guía: the shipment's, with its one insurance premium) against
 * separate (one guía per box), by the mode chosen.
 */
export async function shipRequestCustoms(
  tx: DbOrTx,
  mode: 'air' | 'sea',
  boxes: Boxes,
  insured: boolean,
  rule: InsuranceRule,
  insuranceUsdCents: number,
): Promise<ShipRequestCustoms> {
  const now = await customsRulesNow(tx);
  const comparison = compareConsolidation(now.rules, {
    mode,
    rate: now.rate?.vesPerUsd ?? null,
    parcels: customsGuias(boxes, insured, rule),
    consolidatedItems: shipmentItems(boxes),
    consolidatedInsuranceUsdCents: insuranceUsdCents,
  });
  return { number: now.number, rules: now.rules, rate: now.rate, comparison };
}
