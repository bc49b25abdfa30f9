// Customs (docs/product/customs.md): items fall in a category by their words (the travel rules'
// vocabulary), the estimate's pieces computed by hand from version 1, the thresholds at their exact
// edges, consolidation per guía, and the version schema's refusals in Spanish.
import { describe, expect, it } from 'vitest';
import { customsRulesSchema, customsVersionInput } from '../schemas/customs';
import { CUSTOMS_RULES_V1 as V1, CUSTOMS_RULES_V1_NOTE, type CustomsRules } from './rules';
import { categorizeItem } from './categories';
import { compareConsolidation, estimateCustoms } from './estimate';
import { CUSTOMS_MESSAGES as M } from './messages';

describe('categorizeItem: accents and case ignored, whole words, the first category that names it', () => {
  it.each([
    ['Teléfono Samsung A15', 'phones'],
    ['TELEFONO samsung', 'phones'],
    ['iPhone 15 Pro', 'phones'],
    ['Celular Xiaomi (usado)', 'phones'],
    // An accessory names the phone without being one (the travel rules' except-words).
    ['Cargador de celular', 'electronics'],
    ['Funda para teléfono', 'other'],
    ['Libro de telefonía', 'books'],
    ['Laptop Dell Inspiron', 'electronics'],
    ['Power-bank Anker 20000', 'electronics'],
    ['Dron DJI Mini 4', 'electronics'],
    ['Zapatos deportivos Nike', 'clothing'],
    ['Franelas x3', 'clothing'],
    ['Perfume Chanel N°5', 'cosmetics'],
    ['Protector solar 50', 'cosmetics'],
    ['Kit de arrastre y pastillas de freno', 'auto_parts'],
    ['Bujías NGK', 'auto_parts'],
    ['Muñeca Barbie', 'toys'],
    ['LEGO Star Wars', 'toys'],
    ['Vitaminas Centrum', 'supplements'],
    ['Proteína Whey 5 lb', 'supplements'],
    ['Libros de cocina', 'books'],
    ['Revista Vogue', 'books'],
    ['Herramientas varias', 'other'],
    ['', 'other'],
  ])('%s → %s', (description, expected) => {
    expect(categorizeItem(description)).toBe(expected);
  });
});

describe('estimateCustoms: each piece rounded half up to the cent, then summed', () => {
  it('air, electronics $100 + $30 freight + $5 insurance, at Bs. 36,5', () => {
    const e = estimateCustoms(V1, {
      mode: 'air',
      category: 'electronics',
      declaredValueUsdCents: 10_000,
      freightUsdCents: 3_000,
      insuranceUsdCents: 500,
      rate: '36.5',
    });
    // CIF 135,00; duty 20 % = 27,00; fee 1 % = 1,35; IVA 16 % of 163,35 = 26,136 → 26,14; fixed 5,00.
    expect(e.usdCents).toEqual({ customsValue: 13_500, duty: 2_700, iva: 2_614, fee: 135, fixed: 500, total: 5_949 });
    // Each piece converted once: the fee 135 × 36,5 = 4.927,5 → 4.928; the total is their sum
    // (217.139), a céntimo over converting the USD total (217.138,5).
    expect(e.vesCentimos).toEqual({
      customsValue: 492_750,
      duty: 98_550,
      iva: 95_411,
      fee: 4_928,
      fixed: 18_250,
      total: 217_139,
    });
    expect(e.verdict).toBe('courier');
    expect(e.explanation).toBe(
      'Valor en aduana de $135,00: supera $50,00 y no pasa de $2.000,00, así que por vía aérea la guía paga arancel, IVA y tasa de aduana en el régimen courier.',
    );
  });

  it('half a cent rounds up: books $130,50 + $5 freight', () => {
    const e = estimateCustoms(V1, {
      mode: 'air',
      category: 'books',
      declaredValueUsdCents: 13_050,
      freightUsdCents: 500,
      insuranceUsdCents: 0,
      rate: 10,
    });
    // Fee 1 % of 135,50 = 1,355 → 1,36; IVA 16 % of 136,86 = 21,8976 → 21,90.
    expect(e.usdCents).toEqual({ customsValue: 13_550, duty: 0, iva: 2_190, fee: 136, fixed: 500, total: 2_826 });
  });

  it('items of two categories share the freight in proportion to their value', () => {
    const e = estimateCustoms(V1, {
      mode: 'air',
      items: [
        { category: 'phones', declaredValueUsdCents: 30_000 },
        { category: 'clothing', declaredValueUsdCents: 5_000 },
      ],
      freightUsdCents: 2_001,
      insuranceUsdCents: 0,
      rate: 1,
    });
    // Freight 20,01: the phone's share 2001 × 300/350 = 17,15142… → 17,15; the clothes take the rest, 2,86.
    expect(e.items.map((i) => [i.customsValueUsdCents, i.dutyUsdCents])).toEqual([
      [31_715, 6_343], // 20 % of 317,15 = 63,43
      [5_286, 2_114], // 40 % of 52,86 = 21,144 → 21,14
    ]);
    // Fee 1 % of 370,01 = 3,7001 → 3,70; IVA 16 % of (370,01 + 84,57 + 3,70) = 73,3248 → 73,32.
    expect(e.usdCents).toEqual({ customsValue: 37_001, duty: 8_457, iva: 7_332, fee: 370, fixed: 500, total: 16_659 });
  });

  it('by sea the fixed charges are per guía and per box', () => {
    const e = estimateCustoms(V1, {
      mode: 'sea',
      category: 'books',
      declaredValueUsdCents: 10_000,
      freightUsdCents: 0,
      insuranceUsdCents: 0,
      boxes: 3,
      rate: 1,
    });
    expect(e.usdCents.fixed).toBe(1_000 + 3 * 200);
  });

  it('a mode whose customs value leaves out the freight and insurance', () => {
    const fob: CustomsRules = {
      ...V1,
      modes: { ...V1.modes, air: { ...V1.modes.air, valueIncludesFreight: false, valueIncludesInsurance: false } },
    };
    const e = estimateCustoms(fob, {
      mode: 'air',
      category: 'electronics',
      declaredValueUsdCents: 10_000,
      freightUsdCents: 3_000,
      insuranceUsdCents: 500,
      rate: 1,
    });
    expect(e.usdCents.customsValue).toBe(10_000);
    expect(e.usdCents.duty).toBe(2_000);
  });

  // Air: exempt up to $50, courier up to $2.000 (customs value, freight and insurance included).
  it.each([
    [4_000, 1_000, 'exento'],
    [4_001, 1_000, 'courier'],
    [199_000, 1_000, 'courier'],
    [199_001, 1_000, 'fuera_del_regimen'],
  ] as const)('the thresholds at their edges: $%i declared + $%i freight → %s', (declared, freight, verdict) => {
    const e = estimateCustoms(V1, {
      mode: 'air',
      category: 'clothing',
      declaredValueUsdCents: declared,
      freightUsdCents: freight,
      insuranceUsdCents: 0,
      rate: 1,
    });
    expect(e.verdict).toBe(verdict);
    if (verdict === 'exento') {
      // No duty, IVA or fee; the fixed charge stays.
      expect(e.usdCents).toEqual({ customsValue: 5_000, duty: 0, iva: 0, fee: 0, fixed: 500, total: 500 });
      expect(e.explanation).toBe(
        'Valor en aduana de $50,00: no supera $50,00, así que por vía aérea la guía no paga arancel, IVA ni tasa de aduana.',
      );
    }
    if (verdict === 'fuera_del_regimen') expect(e.explanation).toContain('Requiere una importación formal');
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() =>
      estimateCustoms(V1, {
        mode: 'air',
        category: 'other',
        declaredValueUsdCents: 10.5,
        freightUsdCents: 0,
        insuranceUsdCents: 0,
        rate: 1,
      }),
    ).toThrow(RangeError);
  });
});

describe('compareConsolidation: the thresholds apply per guía', () => {
  it('two exempt parcels become one taxed guía', () => {
    const parcel = {
      category: 'clothing' as const,
      declaredValueUsdCents: 4_000,
      freightUsdCents: 1_000,
      insuranceUsdCents: 0,
    };
    const c = compareConsolidation(V1, { mode: 'air', rate: 10, parcels: [parcel, parcel] });
    expect(c.separate.map((e) => e.verdict)).toEqual(['exento', 'exento']);
    expect(c.separateTotal).toEqual({ usdCents: 1_000, vesCentimos: 10_000 });
    // $100 CIF: duty 40,00; fee 1,00; IVA 16 % of 141,00 = 22,56; one guía's fixed 5,00.
    expect(c.consolidated.usdCents).toEqual({
      customsValue: 10_000,
      duty: 4_000,
      iva: 2_256,
      fee: 100,
      fixed: 500,
      total: 6_856,
    });
    expect(c.differenceUsdCents).toBe(5_856);
    expect(c.differenceVesCentimos).toBe(58_560);
  });

  it('two taxed parcels by sea save a guía’s fixed charge together', () => {
    const parcel = {
      category: 'books' as const,
      declaredValueUsdCents: 10_000,
      freightUsdCents: 0,
      insuranceUsdCents: 0,
    };
    const c = compareConsolidation(V1, { mode: 'sea', rate: 1, parcels: [parcel, parcel] });
    // Each: fee 1,00; IVA 16 % of 101,00 = 16,16; fixed 10,00 + 2,00 → 29,16.
    expect(c.separateTotal.usdCents).toBe(2 * 2_916);
    // Together: fee 2,00; IVA 32,32; fixed 10,00 + 2 boxes × 2,00 → 48,32.
    expect(c.consolidated.usdCents.total).toBe(4_832);
    expect(c.differenceUsdCents).toBe(-1_000);
  });
});

describe('customsRulesSchema', () => {
  it('accepts version 1 and its note', () => {
    expect(customsRulesSchema.parse(V1)).toEqual(V1);
    expect(customsVersionInput.parse({ startDay: null, note: CUSTOMS_RULES_V1_NOTE, rules: V1 }).note).toBe(
      CUSTOMS_RULES_V1_NOTE,
    );
  });

  const withRate = (category: string, patch: object) => ({
    ...V1,
    categories: V1.categories.map((c) => (c.category === category ? { ...c, ...patch } : c)),
  });
  it.each([
    [withRate('phones', { dutyBasisPoints: -1 }), M.rateRange('Arancel de «Teléfonos celulares»')],
    [withRate('phones', { dutyBasisPoints: 10_001 }), M.rateRange('Arancel de «Teléfonos celulares»')],
    [withRate('books', { dutyBasisPoints: 12.5 }), M.rateRange('Arancel de «Libros y revistas»')],
    [withRate('toys', { dutyBasisPoints: undefined }), M.missingCategory('Juguetes')],
    [withRate('toys', { tariffChapter: '98' }), M.chapterFormat],
    [
      { ...V1, categories: V1.categories.filter((c) => c.category !== 'books') },
      M.missingCategory('Libros y revistas'),
    ],
    [{ ...V1, categories: [...V1.categories, V1.categories[0]] }, M.duplicateCategory('Teléfonos celulares')],
    [{ ...V1, ivaBasisPoints: 10_100 }, M.rateRange('IVA')],
    [{ ...V1, serviceFeeBasisPoints: -5 }, M.rateRange('Tasa de servicio de aduana')],
    [
      { ...V1, modes: { ...V1.modes, air: { ...V1.modes.air, fixedPerGuiaUsdCents: -100 } } },
      M.fixedRange('Vía aérea: cargo fijo por guía'),
    ],
    [{ ...V1, modes: { ...V1.modes, sea: { ...V1.modes.sea, exemptUpToUsdCents: 500_000 } } }, M.thresholdOrder('sea')],
  ])('refuses bad rules in Spanish (%#)', (rules, message) => {
    const result = customsRulesSchema.safeParse(rules);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toContain(message);
  });

  it('refuses a version without its source', () => {
    const result = customsVersionInput.safeParse({ startDay: null, note: ' corto ', rules: V1 });
    expect(result.error!.issues.map((i) => i.message)).toEqual([M.noteRequired]);
  });
});
