import { describe, expect, it } from 'vitest';
import { formatRate, formatUsdCents, formatVesCentimos, parseRate, toCents, usdCentsToVesCentimos, vesCentimosToUsdCents } from './money';

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
});
