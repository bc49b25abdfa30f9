// The quote's and the store failures' arithmetic (docs/product/compra-asistida.md), in integer cents.
import { describe, expect, it } from 'vitest';
import { compraQuoteExpired, quoteCompra } from './rules';
import { COMPRA_DEFAULT_SETTINGS } from './settings';
import { compraItemShare, compraPriceDifference } from './store-failures';

describe('quoteCompra', () => {
  const table: {
    name: string;
    items: { priceUsdCents: number; quantity: number }[];
    salesTaxUsdCents: number;
    shippingUsdCents: number;
    settings?: { feeBasisPoints: number; feeMinimumUsdCents: number };
    expected: { itemsUsdCents: number; storeUsdCents: number; feeUsdCents: number; totalUsdCents: number };
  }[] = [
    {
      name: 'two items, tax and shipping: 8 % of the store total',
      items: [
        { priceUsdCents: 2_999, quantity: 2 },
        { priceUsdCents: 15_000, quantity: 1 },
      ],
      salesTaxUsdCents: 1_260,
      shippingUsdCents: 800,
      expected: { itemsUsdCents: 20_998, storeUsdCents: 23_058, feeUsdCents: 1_845, totalUsdCents: 24_903 },
    },
    {
      name: 'a small purchase pays the minimum fee',
      items: [{ priceUsdCents: 1_000, quantity: 1 }],
      salesTaxUsdCents: 0,
      shippingUsdCents: 0,
      expected: { itemsUsdCents: 1_000, storeUsdCents: 1_000, feeUsdCents: 500, totalUsdCents: 1_500 },
    },
    {
      name: 'the fee rounds half up to the cent',
      items: [{ priceUsdCents: 6_256, quantity: 1 }],
      salesTaxUsdCents: 0,
      shippingUsdCents: 0,
      settings: { feeBasisPoints: 1_000, feeMinimumUsdCents: 0 },
      // 10 % of 62,56 is 6,256 → 6,26
      expected: { itemsUsdCents: 6_256, storeUsdCents: 6_256, feeUsdCents: 626, totalUsdCents: 6_882 },
    },
    {
      name: 'quantity multiplies the price; 99 of one item',
      items: [{ priceUsdCents: 199, quantity: 99 }],
      salesTaxUsdCents: 1_379,
      shippingUsdCents: 1_500,
      settings: { feeBasisPoints: 750, feeMinimumUsdCents: 500 },
      // 197,01 + 13,79 + 15,00 = 225,80; 7,5 % = 16,935 → 16,94
      expected: { itemsUsdCents: 19_701, storeUsdCents: 22_580, feeUsdCents: 1_694, totalUsdCents: 24_274 },
    },
    {
      name: 'exactly at the minimum',
      items: [{ priceUsdCents: 6_250, quantity: 1 }],
      salesTaxUsdCents: 0,
      shippingUsdCents: 0,
      expected: { itemsUsdCents: 6_250, storeUsdCents: 6_250, feeUsdCents: 500, totalUsdCents: 6_750 },
    },
  ];

  it.each(table)('$name', ({ items, salesTaxUsdCents, shippingUsdCents, settings, expected }) => {
    const quote = quoteCompra({ items, salesTaxUsdCents, shippingUsdCents }, settings ?? COMPRA_DEFAULT_SETTINGS);
    expect(quote).toEqual({ ...expected, salesTaxUsdCents, shippingUsdCents });
    for (const v of Object.values(quote)) expect(Number.isInteger(v)).toBe(true);
  });
});

describe('compraQuoteExpired', () => {
  it('is expired at and after its validity, not before', () => {
    const until = new Date('2026-05-01T12:00:00Z');
    expect(compraQuoteExpired(until, new Date('2026-05-01T11:59:59Z'))).toBe(false);
    expect(compraQuoteExpired(until, until)).toBe(true);
    expect(compraQuoteExpired(until.toISOString(), new Date('2026-05-02T00:00:00Z'))).toBe(true);
    expect(compraQuoteExpired(null)).toBe(false);
  });
});

describe('compraItemShare (an item cancelled when the store fails on it)', () => {
  // The request of two items: 2 × 49,99 and 1 × 120,00; sales tax 10,00, shipping 8,00, fee 19,04.
  const basis = { itemsUsdCents: 21_998, salesTaxUsdCents: 1_000, shippingUsdCents: 800, feeUsdCents: 1_904 };
  const table: {
    name: string;
    basis: typeof basis;
    line: number;
    before?: { storeUsdCents: number; feeUsdCents: number; totalUsdCents: number }[];
    lastOne?: boolean;
    expected: { storeUsdCents: number; feeUsdCents: number; totalUsdCents: number };
  }[] = [
    {
      name: 'its line plus its share of tax, shipping and fee, each rounded half up',
      basis,
      line: 9_998,
      // tax 1.000 × 9.998 / 21.998 = 454,50 → 454; shipping 363,60 → 364; fee 865,35 → 865
      expected: { storeUsdCents: 10_816, feeUsdCents: 865, totalUsdCents: 11_681 },
    },
    {
      name: 'the last item left takes what remains: both shares add up to the total paid',
      basis,
      line: 12_000,
      before: [{ storeUsdCents: 10_816, feeUsdCents: 865, totalUsdCents: 11_681 }],
      lastOne: true,
      expected: { storeUsdCents: 12_982, feeUsdCents: 1_039, totalUsdCents: 14_021 },
    },
    {
      name: 'three equal items: a third each, the rounding left to the last',
      basis: { itemsUsdCents: 3_000, salesTaxUsdCents: 100, shippingUsdCents: 0, feeUsdCents: 500 },
      line: 1_000,
      // 33,33 → 33 of tax; 166,67 → 167 of fee
      expected: { storeUsdCents: 1_033, feeUsdCents: 167, totalUsdCents: 1_200 },
    },
    {
      name: 'three equal items, the last one',
      basis: { itemsUsdCents: 3_000, salesTaxUsdCents: 100, shippingUsdCents: 0, feeUsdCents: 500 },
      line: 1_000,
      before: [
        { storeUsdCents: 1_033, feeUsdCents: 167, totalUsdCents: 1_200 },
        { storeUsdCents: 1_033, feeUsdCents: 167, totalUsdCents: 1_200 },
      ],
      lastOne: true,
      expected: { storeUsdCents: 1_034, feeUsdCents: 166, totalUsdCents: 1_200 },
    },
    {
      name: 'exactly half a cent rounds up',
      basis: { itemsUsdCents: 200, salesTaxUsdCents: 1, shippingUsdCents: 0, feeUsdCents: 0 },
      line: 100,
      expected: { storeUsdCents: 101, feeUsdCents: 0, totalUsdCents: 101 },
    },
    {
      name: 'a single item is the whole request',
      basis: { itemsUsdCents: 5_000, salesTaxUsdCents: 350, shippingUsdCents: 999, feeUsdCents: 508 },
      line: 5_000,
      lastOne: true,
      expected: { storeUsdCents: 6_349, feeUsdCents: 508, totalUsdCents: 6_857 },
    },
  ];

  it.each(table)('$name', ({ basis, line, before, lastOne, expected }) => {
    const share = compraItemShare(basis, line, before, lastOne);
    expect(share).toEqual(expected);
    for (const v of Object.values(share)) expect(Number.isInteger(v)).toBe(true);
  });

  it('a new price: the difference × quantity, more or less', () => {
    expect(compraPriceDifference(4_999, 5_499, 2)).toBe(1_000);
    expect(compraPriceDifference(12_000, 11_001, 1)).toBe(-999);
    expect(compraPriceDifference(1_999, 1_999, 3)).toBe(0);
  });
});
