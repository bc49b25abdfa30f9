// Customs duties under the courier regime (docs/product/customs.md): the categories of goods with
// their duty rate, how the customs value is made per mode, the charges (duty, IVA, the customs
// service fee, fixed charges per guía and per box) and the regime's thresholds. Data with versions,
// like the price list and the travel rules: a change is a new version with the moment it takes
// effect and a note with its source, never an edit of the past. zod-free: the quote pages may import it.
import type { TravelMode } from '../travel-rules/travel-rules';
import { travelRulesInEffect } from '../travel-rules/travel-rules';

/** The categories of goods, in the order a description is matched (the first that names it wins). */
export const CUSTOMS_CATEGORIES = [
  'phones',
  'supplements',
  'cosmetics',
  'auto_parts',
  'books',
  'toys',
  'clothing',
  'electronics',
  'other',
] as const;
export type CustomsCategory = (typeof CUSTOMS_CATEGORIES)[number];

export const CUSTOMS_CATEGORY_LABELS: Record<CustomsCategory, string> = {
  phones: 'Teléfonos celulares',
  supplements: 'Suplementos y vitaminas',
  cosmetics: 'Cosméticos y perfumes',
  auto_parts: 'Repuestos de vehículos',
  books: 'Libros y revistas',
  toys: 'Juguetes',
  clothing: 'Ropa y calzado',
  electronics: 'Electrónica',
  other: 'Otros',
};

/** One category's duty in a version. */
export type CustomsCategoryRate = {
  category: CustomsCategory;
  /** Ad-valorem duty on the customs value, basis points (2000 is 20 %). */
  dutyBasisPoints: number;
  /** The tariff chapter it falls under ('85'), when one chapter says it. */
  tariffChapter: string | null;
};

/** What one mode adds up and charges. */
export type CustomsModeRules = {
  /** The customs value is the declared value plus the freight (CIF)… */
  valueIncludesFreight: boolean;
  /** …and plus the insurance. */
  valueIncludesInsurance: boolean;
  /** A fixed charge per guía, USD cents. */
  fixedPerGuiaUsdCents: number;
  /** A fixed charge per box in the guía, USD cents. */
  fixedPerBoxUsdCents: number;
  /** A guía whose customs value is at most this pays no duty, IVA or fee (USD cents). */
  exemptUpToUsdCents: number;
  /** Over this customs value a guía leaves the courier regime: a formal import (USD cents). */
  courierUpToUsdCents: number;
};

export type CustomsRules = {
  /** Every category exactly once. */
  categories: CustomsCategoryRate[];
  /** IVA on imports, basis points, on the customs value plus the duty and the fee. */
  ivaBasisPoints: number;
  /** The customs service fee on the customs value, basis points. */
  serviceFeeBasisPoints: number;
  modes: Record<TravelMode, CustomsModeRules>;
};

/** One version as the API carries it. */
export type CustomsRulesVersion = {
  id: string;
  number: number;
  /** The moment it takes effect (ISO). */
  effectiveAt: string;
  /** Where the figures come from (a Gaceta, a SENIAT notice, the business's own estimate). */
  note: string;
  rules: CustomsRules;
  cancelledAt: string | null;
};

/**
 * Version 1, seeded by the migration customs_rules (the same values, the same note): each figure and
 * its source, published or the business's assumption, is in docs/product/customs.md.
 */
export const CUSTOMS_RULES_V1: CustomsRules = {
  categories: [
    { category: 'phones', dutyBasisPoints: 2000, tariffChapter: '85' },
    { category: 'supplements', dutyBasisPoints: 1000, tariffChapter: '21' },
    { category: 'cosmetics', dutyBasisPoints: 2000, tariffChapter: '33' },
    { category: 'auto_parts', dutyBasisPoints: 1500, tariffChapter: '87' },
    { category: 'books', dutyBasisPoints: 0, tariffChapter: '49' },
    { category: 'toys', dutyBasisPoints: 2000, tariffChapter: '95' },
    { category: 'clothing', dutyBasisPoints: 4000, tariffChapter: null },
    { category: 'electronics', dutyBasisPoints: 2000, tariffChapter: '85' },
    { category: 'other', dutyBasisPoints: 2000, tariffChapter: null },
  ],
  ivaBasisPoints: 1600,
  serviceFeeBasisPoints: 100,
  modes: {
    air: {
      valueIncludesFreight: true,
      valueIncludesInsurance: true,
      fixedPerGuiaUsdCents: 500,
      fixedPerBoxUsdCents: 0,
      exemptUpToUsdCents: 5_000,
      courierUpToUsdCents: 200_000,
    },
    sea: {
      valueIncludesFreight: true,
      valueIncludesInsurance: true,
      fixedPerGuiaUsdCents: 1_000,
      fixedPerBoxUsdCents: 200,
      exemptUpToUsdCents: 5_000,
      courierUpToUsdCents: 500_000,
    },
  },
};

/** Version 1's note: where its figures come from. */
export const CUSTOMS_RULES_V1_NOTE =
  'Versión inicial. IVA 16 %: alícuota general de la Ley del IVA. Aranceles por categoría, tasa de servicio de aduana, cargos fijos y umbrales: supuestos del negocio, por verificar con el Arancel de Aduanas y la Ley Orgánica de Aduanas vigentes (docs/product/customs.md).';

/** The moment version 1 is shown as starting (as the travel rules' version 1). */
export const CUSTOMS_RULES_V1_AT = '2026-11-27T04:00:00.000Z';

/** The version in effect at a moment: the latest one started by then, cancelled ones left out. */
export const customsRulesInEffect: typeof travelRulesInEffect = travelRulesInEffect;

/** A category's rate in a version (every version lists each category once). */
export const categoryRate = (rules: CustomsRules, category: CustomsCategory): CustomsCategoryRate =>
  rules.categories.find((c) => c.category === category) ??
  rules.categories.find((c) => c.category === 'other') ?? { category, dutyBasisPoints: 0, tariffChapter: null };
