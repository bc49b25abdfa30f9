// The quote's arithmetic (docs/product/compra-asistida.md#the-quote), in integer cents.
import { describe, expect, it } from 'vitest';
import { COMPRA_DEFAULT_SETTINGS, compraQuoteExpired, quoteCompra } from './rules';

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
