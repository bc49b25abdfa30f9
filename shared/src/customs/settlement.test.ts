// The settlement's arithmetic (docs/product/customs.md#settled-against-what-customs-charged and
// docs/decisions/005-money-and-numbers.md#the-settlement-with-customs-and-the-estimates-error):
// what a difference becomes at the threshold, the error in basis points, the nearest-rank median
// and 90th percentile, and the calculators' sentence.
import { describe, expect, it } from 'vitest';
import {
  CUSTOMS_SETTLEMENT_MESSAGES as M,
  absolutePercentageErrorBp,
  errorStats,
  nearestRank,
  settlementOutcome,
} from './settlement';

describe('the customs settlement’s arithmetic', () => {
  it('a difference over the threshold is charged or credited; at or under it, absorbed', () => {
    expect(settlementOutcome(501, 500)).toBe('charge');
    expect(settlementOutcome(-501, 500)).toBe('credit');
    expect(settlementOutcome(500, 500)).toBe('absorbed');
    expect(settlementOutcome(-500, 500)).toBe('absorbed');
    expect(settlementOutcome(0, 0)).toBe('absorbed');
    expect(settlementOutcome(1, 0)).toBe('charge');
  });

  it('the absolute percentage error in basis points, half up, of what was paid', () => {
    expect(absolutePercentageErrorBp(8000, 10000)).toBe(2000);
    expect(absolutePercentageErrorBp(12000, 10000)).toBe(2000);
    // 1/3 of the paid: 3333,33… bp → 3333; 2/3: 6666,66… → 6667.
    expect(absolutePercentageErrorBp(200, 300)).toBe(3333);
    expect(absolutePercentageErrorBp(100, 300)).toBe(6667);
    // Exactly half a basis point rounds up: |1 − 2| × 10 000 / 20 000 = 0,5 bp.
    expect(absolutePercentageErrorBp(19_999, 20_000)).toBe(1);
    expect(absolutePercentageErrorBp(0, 0)).toBe(0);
    expect(absolutePercentageErrorBp(500, 0)).toBeNull();
  });

  it('the median and the 90th percentile by the nearest rank: always one of the errors', () => {
    expect(nearestRank([], 50)).toBeNull();
    expect(nearestRank([7], 90)).toBe(7);
    expect(nearestRank([1, 2, 3, 4], 50)).toBe(2);
    expect(errorStats([500, 100, 300, 200, 400])).toEqual({ count: 5, medianBp: 300, p90Bp: 500 });
    const ten = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
    expect(errorStats(ten)).toEqual({ count: 10, medianBp: 50, p90Bp: 90 });
    expect(errorStats([])).toEqual({ count: 0, medianBp: null, p90Bp: null });
  });

  it('the calculators’ sentence says the window, the count and both figures', () => {
    expect(M.accuracyLine({ days: 90, count: 42, medianBp: 850, p90Bp: 2100 })).toBe(
      'En los últimos 90 días, en 42 envíos liquidados, la mitad de los estimados se desvió 8,5 % o menos de lo que cobró la aduana, y 9 de cada 10, 21 % o menos.',
    );
  });
});
