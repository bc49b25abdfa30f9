// The customs estimate a ship request charges as its import-tax line (docs/product/customs.md#the-invoice),
// computed in the tests from the rules the test database seeds (version 1, CUSTOMS_RULES_V1) and the
// parcels' own rows, never copied from the server's answer: the shipment's guía with its parcels in
// the order of their ids, each in the category its description reveals, the freight and insurance
// invoiced, and its boxes. The calculators' quote the same way (one box).
import { asc, inArray } from 'drizzle-orm';
import {
  CUSTOMS_RULES_V1,
  categorizeItem,
  estimateCustoms,
  quoteCustomsEstimate,
  withCustomsEstimate,
  type CustomsCategory,
  type QuoteBase,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { packages } from '../db/schema';

/** The rules the test database has in effect, with no rate (USD only). */
export const CUSTOMS_V1_NOW = { number: 1, rules: CUSTOMS_RULES_V1, rate: null };

/** The shipment's guía estimate in USD cents: these parcels, the freight and insurance, `boxes` boxes (one per parcel unless said). */
export async function guiaCustomsCents(
  db: DbOrTx,
  packageIds: string[],
  mode: 'air' | 'sea',
  freightUsdCents: number,
  insuranceUsdCents = 0,
  boxes = packageIds.length,
): Promise<number> {
  const rows = await db
    .select({ description: packages.packageDescription, value: packages.estimatedValueUsdCents })
    .from(packages)
    .where(inArray(packages.id, packageIds))
    .orderBy(asc(packages.id));
  return estimateCustoms(CUSTOMS_RULES_V1, {
    mode,
    items: rows.map((r) => ({ category: categorizeItem(r.description ?? ''), declaredValueUsdCents: r.value ?? 0 })),
    freightUsdCents,
    insuranceUsdCents,
    boxes,
    rate: null,
  }).usdCents.total;
}

/** A calculator's quote with its customs estimate added, as the calculators and the public API add it. */
export const withCustomsV1 = <Q extends QuoteBase>(
  quote: Q,
  mode: 'air' | 'sea',
  category: CustomsCategory = 'other',
) => withCustomsEstimate(quote, quoteCustomsEstimate(CUSTOMS_V1_NOW, quote, mode, category).usdCents.total);
