import { describe, expect, it } from 'vitest';
import { DELIVERY_TIME } from '../constants';
import { quoteCustomsEstimate } from '../customs/quote';
import { CUSTOMS_RULES_V1 } from '../customs/rules';
import { PRICE_LIST_V1 } from '../price-list/price-list';
import {
  DEFAULT_INSURANCE_RULE,
  insurancePremiumCents,
  insuranceRuleSummary,
  parseQuoteNumber,
  quoteChina as engineChina,
  quoteUsa as engineUsa,
  withCustomsEstimate,
  type ChinaQuoteInput,
  type UsaQuoteInput,
} from './quote';

// Every figure below is today's calculator result under the first price list (version 1): a
// change to the seeded version or to the engine shows up here (docs/product/price-lists.md).
const quoteUsa = (input: UsaQuoteInput) => engineUsa(input, PRICE_LIST_V1);
const quoteChina = (input: ChinaQuoteInput) => engineChina(input, PRICE_LIST_V1);

const usa = (overrides: Partial<UsaQuoteInput> = {}): UsaQuoteInput => ({
  peso: 10,
  largo: 30,
  ancho: 20,
  alto: 15,
  valor: '',
  seguro: true,
  tipo: 'aereo',
  ...overrides,
});

/** The total is exactly the sum of the money lines, each a whole number of cents. */
function expectTotalIsSumOfLines(q: { totalUsdCents: number; lineas: { amountUsdCents: number }[] }) {
  expect(q.totalUsdCents).toBe(q.lineas.reduce((sum, l) => sum + l.amountUsdCents, 0));
  for (const l of q.lineas) expect(Number.isInteger(l.amountUsdCents)).toBe(true);
}

describe('parseQuoteNumber', () => {
  it.each([
    [12, 12],
    ['12', 12],
    ['12,5', 12.5],
    [' 7.25 ', 7.25],
    ['', null],
    ['  ', null],
    [null, null],
    [undefined, null],
    ['abc', null],
    ['1.234,5', 1234.5],
    ['1.500', null],
    ['1,2,3', null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
  ])('%o → %o', (input, expected) => {
    expect(parseQuoteNumber(input)).toBe(expected);
  });
});

describe('quoteUsa: no quote', () => {
  it.each([
    ['weight empty', { peso: '' }],
    ['weight zero', { peso: 0 }],
    ['weight negative', { peso: -3 }],
    ['length empty', { largo: '' }],
    ['width zero', { ancho: 0 }],
    ['height missing', { alto: undefined }],
    ['height not a number', { alto: 'x' }],
  ])('%s', (_, overrides) => {
    expect(quoteUsa(usa(overrides as Partial<UsaQuoteInput>))).toBeNull();
    expect(quoteUsa(usa({ ...(overrides as Partial<UsaQuoteInput>), tipo: 'maritimo' }))).toBeNull();
  });
});

describe('quoteUsa: air', () => {
  it('charges the real weight when it is the greatest and 5% of $100 insurance when the value is empty', () => {
    const q = quoteUsa(usa())!;
    // 30 × 20 × 15 cm = 549.21 in³ → 3.31 lb volumetric; real 10 lb wins.
    expect(q.pesoVolumetrico).toBe(3.31);
    expect(q.pesoReal).toBe(10);
    expect(q.pesoFacturable).toBe(10);
    expect(q.subtotalUsdCents).toBe(65_00);
    // No flat import-tax line: the customs estimate is added apart (withCustomsEstimate).
    expect(q.impuestosUsdCents).toBe(0);
    expect(q.seguroUsdCents).toBe(5_00);
    expect(q.valorDeclaradoUsdCents).toBe(100_00);
    expect(q.totalUsdCents).toBe(70_00);
    expect(q.tiempoEntrega).toBe(DELIVERY_TIME.usaAereo);
    expect(q.tiempoEntrega).toBe('7 días hábiles');
    expectTotalIsSumOfLines(q);
  });

  it('charges the volumetric weight (in³ / 166) when it is the greatest', () => {
    // 60 × 50 × 40 cm = 7,322.85 in³ → 44.11 lb; 44.11 × 6.50 = 286.715 → 286.72 (half up).
    const q = quoteUsa(usa({ peso: 2, largo: 60, ancho: 50, alto: 40, seguro: false }))!;
    expect(q.pesoVolumetrico).toBe(44.11);
    expect(q.pesoFacturable).toBe(44.11);
    expect(q.subtotalUsdCents).toBe(286_72);
    expect(q.seguroUsdCents).toBe(0);
    expect(q.totalUsdCents).toBe(286_72);
    expectTotalIsSumOfLines(q);
  });

  it('charges the 6 lb minimum for small light parcels', () => {
    const q = quoteUsa(usa({ peso: 1, largo: 10, ancho: 10, alto: 10, valor: 40 }))!;
    expect(q.pesoFacturable).toBe(PRICE_LIST_V1.usaAirMinLb);
    expect(q.subtotalUsdCents).toBe(39_00);
    expect(q.seguroUsdCents).toBe(2_00);
    expect(q.totalUsdCents).toBe(41_00);
  });

  it('takes the declared value when given, and no insurance when the switch is off', () => {
    expect(quoteUsa(usa({ valor: 250 }))!.seguroUsdCents).toBe(12_50);
    expect(quoteUsa(usa({ valor: '19,99' }))!.seguroUsdCents).toBe(1_00); // 0.9995 → 1.00
    expect(quoteUsa(usa({ valor: 0 }))!.seguroUsdCents).toBe(0);
    expect(quoteUsa(usa({ valor: 250, seguro: false }))!.seguroUsdCents).toBe(0);
  });

  it('takes a declared value already in cents (a parcel’s) as it is, instead of the typed one', () => {
    const q = quoteUsa(usa({ valor: '', valorUsdCents: 250_00 }))!;
    expect(q.valorDeclaradoUsdCents).toBe(250_00);
    expect(q.seguroUsdCents).toBe(12_50);
    expect(quoteUsa(usa({ valor: '19,99' }))!.valorDeclaradoUsdCents).toBe(19_99);
  });

  it('lists the money lines (freight, insurance) and the detail lines', () => {
    const q = quoteUsa(usa())!;
    expect(q.lineas.map((l) => [l.key, l.amountUsdCents])).toEqual([
      ['flete', 65_00],
      ['seguro', 5_00],
    ]);
    expect(q.detalles.map((d) => d.label)).toEqual([
      'Peso real',
      'Peso volumétrico',
      'Peso facturable',
      'Tarifa',
      'Seguro',
    ]);
    expect(q.detalles[1].value).toBe('3,31 lb');
  });

  it('keeps the total the exact sum of its rounded lines over many sizes', () => {
    for (let cm = 1; cm <= 120; cm += 7) {
      for (const peso of [0.37, 3.333, 17.49, 88.8]) {
        for (const tipo of ['aereo', 'maritimo'] as const) {
          const q = quoteUsa(usa({ peso, largo: cm, ancho: cm + 3.3, alto: cm / 2 + 1, valor: cm * 3.17, tipo }))!;
          expectTotalIsSumOfLines(q);
          expect(q.totalUsdCents).toBe(q.subtotalUsdCents + q.seguroUsdCents + q.impuestosUsdCents);
        }
      }
    }
  });
});

describe('quoteUsa: sea', () => {
  it('charges the 1.5 ft³ minimum at $40', () => {
    const q = quoteUsa(usa({ tipo: 'maritimo' }))!;
    expect(q.pies3).toBe(0.32); // 549.21 / 1728
    expect(q.pies3Facturables).toBe(PRICE_LIST_V1.usaSeaMinFt3);
    expect(q.subtotalUsdCents).toBe(60_00);
    expect(q.impuestosUsdCents).toBe(0);
    expect(q.seguroUsdCents).toBe(5_00);
    expect(q.totalUsdCents).toBe(65_00);
    expect(q.tiempoEntrega).toBe('25 días hábiles');
    expect(q.lineas[0].label).toBe('Flete marítimo');
    expectTotalIsSumOfLines(q);
  });

  it('charges the volume in ft³ (in³ / 1728) above the minimum', () => {
    // 100 × 60 × 50 cm = 18,307.1 in³ → 10.59 ft³ → $423.60.
    const q = quoteUsa(usa({ tipo: 'maritimo', largo: 100, ancho: 60, alto: 50, seguro: false }))!;
    expect(q.pies3).toBe(10.59);
    expect(q.pies3Facturables).toBe(10.59);
    expect(q.subtotalUsdCents).toBe(423_60);
    expect(q.totalUsdCents).toBe(423_60);
  });

  it('also reports the billable weight, so air and sea can be compared', () => {
    const air = quoteUsa(usa({ largo: 100, ancho: 60, alto: 50 }))!;
    const sea = quoteUsa(usa({ largo: 100, ancho: 60, alto: 50, tipo: 'maritimo' }))!;
    expect(sea.pesoFacturable).toBe(air.pesoFacturable);
    expect(sea.totalUsdCents).toBeLessThan(air.totalUsdCents);
  });
});

describe('quoteChina', () => {
  it.each([
    ['length empty', { largo: '' }],
    ['width zero', { ancho: 0 }],
    ['height missing', { alto: null }],
  ])('no quote while a dimension is missing: %s', (_, overrides) => {
    expect(quoteChina({ largo: 50, ancho: 40, alto: 30, valor: '', seguro: true, ...overrides })).toBeNull();
  });

  it('charges CBM (cm³ / 1,000,000) at $990 with 5% insurance', () => {
    // 50 × 40 × 30 = 0.06 CBM → $59.40; insurance 5% of $100.
    const q = quoteChina({ largo: 50, ancho: 40, alto: 30, valor: '', seguro: true })!;
    expect(q.cbm).toBe(0.06);
    expect(q.cbmFacturable).toBe(0.06);
    expect(q.subtotalUsdCents).toBe(59_40);
    expect(q.seguroUsdCents).toBe(5_00);
    expect(q.totalUsdCents).toBe(64_40);
    expect(q.tiempoEntrega).toBe('90 días + 15 días');
    expectTotalIsSumOfLines(q);
  });

  it('charges the 0.005 CBM minimum for small boxes', () => {
    const q = quoteChina({ largo: 10, ancho: 10, alto: 10, valor: 20, seguro: false })!;
    expect(q.cbm).toBe(0.001);
    expect(q.cbmFacturable).toBe(PRICE_LIST_V1.chinaSeaMinCbm);
    expect(q.subtotalUsdCents).toBe(4_95);
    expect(q.totalUsdCents).toBe(4_95);
  });

  it('rounds CBM to 4 decimals and charges that figure', () => {
    // 25³ = 15,625 cm³ = 0.015625 → 0.0156 CBM × 990 = 15.444 → $15.44.
    const q = quoteChina({ largo: 25, ancho: 25, alto: 25, valor: 80, seguro: true })!;
    expect(q.cbm).toBe(0.0156);
    expect(q.subtotalUsdCents).toBe(15_44);
    expect(q.seguroUsdCents).toBe(4_00);
    expect(q.totalUsdCents).toBe(19_44);
    expect(q.detalles[0].value).toBe('0,0156 CBM');
  });
});

describe('the insurance rule (docs/product/insurance.md)', () => {
  it('defaults to the calculators’ 5 % with no minimum, so their figures stay the same', () => {
    expect(DEFAULT_INSURANCE_RULE).toEqual({ ratePercent: 5, minimumUsdCents: 0 });
    expect(insurancePremiumCents(200_00, DEFAULT_INSURANCE_RULE)).toBe(10_00);
    expect(insuranceRuleSummary(DEFAULT_INSURANCE_RULE)).toBe('5% del valor declarado');
  });

  it('charges the rate’s share, rounded half up to the cent, and never less than the minimum', () => {
    const rule = { ratePercent: 2.5, minimumUsdCents: 8_00 };
    expect(insurancePremiumCents(40_00, rule)).toBe(8_00);
    expect(insurancePremiumCents(1_000_00, rule)).toBe(25_00);
    expect(insurancePremiumCents(33_30, { ratePercent: 2.5, minimumUsdCents: 0 })).toBe(83);
    const prices = { ...PRICE_LIST_V1, insuranceRatePercent: 2.5, insuranceMinimumUsdCents: 8_00 };
    const q = engineChina({ largo: 50, ancho: 40, alto: 30, valor: 40, seguro: true }, prices)!;
    expect(q.seguroUsdCents).toBe(8_00);
    expect(q.detalles.at(-1)!.value).toBe('2,5% del valor declarado ($40,00), mínimo $8,00');
  });
});

describe('another price list', () => {
  it('charges its rates, minimums and divisor, and says so in the details', () => {
    const prices = {
      ...PRICE_LIST_V1,
      usaAirRatePerLbUsdCents: 7_25,
      usaAirMinLb: 8,
      volumetricDivisor: 139,
    };
    // 30 × 20 × 15 cm = 549.18 in³ / 139 = 3.95 lb volumetric; 10 lb real → 10 lb × $7.25.
    const q = engineUsa({ peso: 10, largo: 30, ancho: 20, alto: 15, valor: '', seguro: false, tipo: 'aereo' }, prices)!;
    expect(q.pesoVolumetrico).toBe(3.95);
    expect(q.subtotalUsdCents).toBe(72_50);
    expect(q.totalUsdCents).toBe(72_50);
    expect(q.detalles.find((d) => d.label === 'Tarifa')!.value).toBe('$7,25 por lb');
    const light = engineUsa({ peso: 1, largo: 5, ancho: 5, alto: 5, valor: '', seguro: false, tipo: 'aereo' }, prices)!;
    expect(light.pesoFacturable).toBe(8);
  });
});

describe('withCustomsEstimate', () => {
  it('adds the customs estimate as its line and to the total, by air and by sea; null leaves the quote as it is', () => {
    const now = { number: 1, rules: CUSTOMS_RULES_V1, rate: null };
    for (const [tipo, mode] of [
      ['aereo', 'air'],
      ['maritimo', 'sea'],
    ] as const) {
      const freight = quoteUsa(usa({ tipo }))!;
      const estimate = quoteCustomsEstimate(now, freight, mode, 'electronics').usdCents.total;
      const q = withCustomsEstimate(freight, estimate);
      expect(estimate).toBeGreaterThan(0);
      expect(q.impuestosUsdCents).toBe(estimate);
      expect(q.totalUsdCents).toBe(freight.totalUsdCents + estimate);
      expect(q.lineas.at(-1)).toEqual({
        key: 'impuestos',
        label: 'Impuestos estimados de aduana',
        amountUsdCents: estimate,
      });
      expectTotalIsSumOfLines(q);
      // Applied again (a new estimate), it replaces the line instead of adding a second one.
      expect(withCustomsEstimate(q, 1_00).totalUsdCents).toBe(freight.totalUsdCents + 1_00);
      expect(withCustomsEstimate(freight, null)).toBe(freight);
    }
    const china = quoteChina({ largo: 50, ancho: 40, alto: 30, valor: 80, seguro: true })!;
    const estimate = quoteCustomsEstimate(now, china, 'sea', 'toys').usdCents.total;
    expect(withCustomsEstimate(china, estimate).totalUsdCents).toBe(china.totalUsdCents + estimate);
  });
});
