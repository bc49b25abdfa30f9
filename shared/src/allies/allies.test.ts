// docs/product/allies.md#price: an ally's customer pays the freight × (1 + adjustment), in whole
// cents, half away from zero.
import { describe, expect, it } from 'vitest';
import { adjustByBasisPoints, allyCreateInput, formatAllyAdjustment } from './allies';

describe('the ally’s adjusted price', () => {
  it.each([
    // cents, basis points, expected
    [1000, 0, 1000],
    [1000, -1000, 900], // −10 %
    [1000, 1500, 1150], // +15 %
    [650, -5000, 325], // −50 %
    [650, 10000, 1300], // +100 %
    [1005, -1000, 905], // 904.5 → 905 (half away from zero)
    [1015, 1000, 1117], // 1116.5 → 1117
    [333, 333, 344], // 344.0889 → 344
    [1, -5000, 1], // 0.5 → 1
    [3, -5000, 2], // 1.5 → 2
    [0, 2500, 0],
    [-1005, -1000, -905], // a negative amount rounds away from zero too
    [9_007_199_254, 125, 9_119_789_245], // 9 119 789 244.675 → …245, integers only
  ])('%i cents with %i bp is %i', (cents, bp, expected) => {
    expect(adjustByBasisPoints(cents, bp)).toBe(expected);
  });

  it('says the adjustment in es-VE words', () => {
    expect(formatAllyAdjustment(0)).toBe('Sin ajuste');
    expect(formatAllyAdjustment(-1000)).toBe('−10 %');
    expect(formatAllyAdjustment(1250)).toBe('+12,5 %');
  });

  it('takes a prefix of 2 to 4 letters, upper-cased, and an adjustment from −50 % to +100 %', () => {
    const base = { name: 'Tienda Rápida', contactEmail: 'tienda@example.com', priceAdjustmentBp: -1000 };
    expect(allyCreateInput.parse({ ...base, prefix: 'ab' }).prefix).toBe('AB');
    expect(allyCreateInput.safeParse({ ...base, prefix: 'A' }).success).toBe(false);
    expect(allyCreateInput.safeParse({ ...base, prefix: 'ABCDE' }).success).toBe(false);
    expect(allyCreateInput.safeParse({ ...base, prefix: 'A1' }).success).toBe(false);
    expect(allyCreateInput.safeParse({ ...base, prefix: 'AB', priceAdjustmentBp: -5001 }).success).toBe(false);
    expect(allyCreateInput.safeParse({ ...base, prefix: 'AB', priceAdjustmentBp: 10001 }).success).toBe(false);
    expect(allyCreateInput.safeParse({ ...base, prefix: 'AB', priceAdjustmentBp: 10000 }).success).toBe(true);
  });
});
