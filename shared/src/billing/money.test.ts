import { describe, expect, it } from 'vitest';
import { MIN_RATE } from './billing';
import { computeTaxes, taxTotalsInVes } from '../fiscal/taxes';
import {
  formatPaidAmount,
  invoiceRemainingVesCentimos,
  formatRate,
  formatUsdCents,
  formatVesCentimos,
  parseRate,
  toCents,
  usdCentsToVesCentimos,
  vesCentimosToUsdCents,
} from './money';

describe('money in two currencies', () => {
  it('converts USD cents to Bs. céntimos exactly, rounding half away from zero once', () => {
    expect(usdCentsToVesCentimos(1250, '36.5')).toBe(45625); // $12,50 × 36,5 = Bs. 456,25
    expect(usdCentsToVesCentimos(499, '36.5214')).toBe(18224); // 499 × 36,5214 = 18224,1786
    expect(usdCentsToVesCentimos(1, '0.5')).toBe(1); // 0,5 céntimos rounds up
    expect(usdCentsToVesCentimos(3, '0.5')).toBe(2); // 1,5 → 2
    expect(usdCentsToVesCentimos(-3, '0.5')).toBe(-2); // away from zero
    // Floating point would say 0.1 × 3 ≠ 0.3; integers and BigInt do not drift.
    expect(usdCentsToVesCentimos(1_000_000_000, '262.40000001')).toBe(262_400_000_010); // $10.000.000 × 262,40000001
  });

  it('converts Bs. céntimos back to USD cents at the same rate', () => {
    expect(vesCentimosToUsdCents(45625, '36.5')).toBe(1250);
    expect(vesCentimosToUsdCents(100, '3')).toBe(33);
    expect(vesCentimosToUsdCents(150, '3')).toBe(50);
    expect(vesCentimosToUsdCents(-150, '3')).toBe(-50);
  });

  it('at the edges of a cent: half away from zero, never a cent out of nothing', () => {
    // Bs. 1,83 at 36,5 is 5,0137 cents; Bs. 1,82 is 4,986 → 5; Bs. 0,18 is 0,49 → 0 (refused when reported).
    expect(vesCentimosToUsdCents(183, '36.5')).toBe(5);
    expect(vesCentimosToUsdCents(182, '36.5')).toBe(5);
    expect(vesCentimosToUsdCents(18, '36.5')).toBe(0);
    expect(vesCentimosToUsdCents(19, '36.5')).toBe(1); // 0,52 cents
    // Exactly half a cent: Bs. 0,05 at 10 is 0,5 cents → 1; at 10,00000001 just under half → 0.
    expect(vesCentimosToUsdCents(5, '10')).toBe(1);
    expect(vesCentimosToUsdCents(5, '10.00000001')).toBe(0);
    expect(usdCentsToVesCentimos(1, '1.005')).toBe(1); // 1,005 céntimos
    expect(usdCentsToVesCentimos(1, '1.5')).toBe(2); // 1,5 → 2
  });

  it('dollars to bolívares and back give the same cents at any rate from Bs. 1 per USD', () => {
    // A fixed pseudo-random walk, so a failure repeats: rates from 1 to 1.000.000 with 8 decimals.
    let seed = 20_261_127;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    for (let i = 0; i < 5000; i++) {
      const whole = 1 + (next() % 10 ** (1 + (i % 6)));
      const rate = `${whole}.${String(next() % 10 ** 8).padStart(8, '0')}`;
      const cents = next() % 10_000_000;
      expect(vesCentimosToUsdCents(usdCentsToVesCentimos(cents, rate), rate), `${cents} a ${rate}`).toBe(cents);
    }
    expect(vesCentimosToUsdCents(usdCentsToVesCentimos(12_345, MIN_RATE), MIN_RATE)).toBe(12_345);
  });

  it("asks an untouched invoice's own Bs. total, and the rest converted once paid in part", () => {
    // A factura of $1,02 at 16 % IVA: its Bs. columns each converted once add up to Bs. 43,09,
    // where its $1,18 converted at once would be Bs. 43,10.
    const rate = '36.5214';
    const taxes = computeTaxes([{ description: 'Flete', usdCents: 102, kind: 'shipping' }], () => ({
      treatment: 'iva',
      rateBasisPoints: 1600,
    }));
    const ves = taxTotalsInVes(taxes, rate).totalVesCentimos;
    expect(ves).not.toBe(usdCentsToVesCentimos(taxes.totalUsdCents, rate));
    const invoice = { usdCents: taxes.totalUsdCents, vesCentimos: ves };
    expect(invoiceRemainingVesCentimos({ ...invoice, remainingUsdCents: taxes.totalUsdCents }, rate)).toBe(ves);
    expect(invoiceRemainingVesCentimos({ ...invoice, remainingUsdCents: 50 }, rate)).toBe(
      usdCentsToVesCentimos(50, rate),
    );
    expect(invoiceRemainingVesCentimos({ ...invoice, remainingUsdCents: -5 }, rate)).toBe(0);
  });

  it('reads rates with a comma or a dot and refuses anything else', () => {
    expect(parseRate('36,5214')).toBe(3_652_140_000n);
    expect(parseRate('36.5')).toBe(3_650_000_000n);
    for (const bad of ['0', '-1', 'abc', '1.123456789', '', '1e3']) expect(parseRate(bad)).toBeNull();
    expect(() => usdCentsToVesCentimos(100, 'x')).toThrow();
  });

  it('reads decimal amounts into cents', () => {
    expect(toCents('12,50')).toBe(1250);
    expect(toCents(12.5)).toBe(1250);
    expect(toCents('0.1')).toBe(10);
    expect(toCents('1.234')).toBeNull();
  });

  it('formats both currencies as people in Venezuela write them', () => {
    expect(formatUsdCents(1250)).toBe('$12,50');
    expect(formatUsdCents(123450)).toBe('$1.234,50');
    expect(formatUsdCents(-300)).toBe('-$3,00');
    expect(formatVesCentimos(45625)).toBe('Bs. 456,25');
    expect(formatVesCentimos(1234567)).toBe('Bs. 12.345,67');
    expect(formatRate('36.52140000')).toBe('Bs. 36,5214 por USD');
  });

  it('shows a payment in the currency it was paid in, bolívares from their céntimos', () => {
    expect(formatPaidAmount({ currency: 'VES', amountVesCents: 2_636_070, amountUsdCents: 10_046 })).toBe(
      'Bs. 26.360,70',
    );
    expect(formatPaidAmount({ currency: 'USD', amountVesCents: null, amountUsdCents: 10_046 })).toBe('$100,46');
    // Paid in dollars with a Bs. figure beside it (cash in Bs. counted in dollars): the dollars.
    expect(formatPaidAmount({ currency: 'USD', amountVesCents: 2_636_070, amountUsdCents: 10_046 })).toBe('$100,46');
  });
});
