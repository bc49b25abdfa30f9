import { describe, expect, it } from 'vitest';
import { priceListSchema } from '../schemas/price-list';
import { PRICE_LIST_V1, caracasDay, caracasDayStart, nextPriceList, priceListInEffect } from './price-list';

const v = (id: string, effectiveFrom: string, cancelledAt: string | null = null) => ({
  id,
  effectiveFrom,
  cancelledAt,
});
const versions = [
  v('v1', '2026-11-27'),
  v('v2', '2026-12-15'),
  v('v3', '2027-01-01'),
  v('x', '2026-12-20', '2026-12-01'),
];

describe('priceListInEffect: the version chosen by date (Caracas time)', () => {
  it.each([
    // Before the first version: the first is the price list of everything before it.
    ['2026-01-01T12:00:00Z', 'v1'],
    ['2026-11-27T04:00:00Z', 'v1'],
    // The day of the change, around midnight in Caracas (UTC−4): 14 Dec 23:59 Caracas is still v1.
    ['2026-12-15T03:59:59Z', 'v1'],
    ['2026-12-15T04:00:00Z', 'v2'],
    // 14 Dec at 22:00 in Caracas is already 15 Dec in UTC: still v1.
    ['2026-12-15T02:00:00Z', 'v1'],
    // 15 Dec at 21:00 in Caracas is 16 Dec in UTC: v2 either way.
    ['2026-12-16T01:00:00Z', 'v2'],
    // A cancelled version (20 Dec) never applies.
    ['2026-12-20T12:00:00Z', 'v2'],
    ['2026-12-31T23:59:59-04:00', 'v2'],
    ['2027-01-01T00:00:00-04:00', 'v3'],
    ['2030-06-01T00:00:00Z', 'v3'],
  ])('at %s → %s', (at, expected) => {
    expect(priceListInEffect(versions, new Date(at))?.id).toBe(expected);
  });

  it.each([
    ['2026-12-14', 'v1'],
    ['2026-12-15', 'v2'],
    ['2026-12-31', 'v2'],
  ])('on the Caracas day %s → %s', (day, expected) => {
    expect(priceListInEffect(versions, day)?.id).toBe(expected);
  });

  it('has nothing to choose from no versions', () => {
    expect(priceListInEffect([], new Date())).toBeNull();
  });

  it('knows the next version to start, and when', () => {
    expect(nextPriceList(versions, new Date('2026-12-10T12:00:00Z'))?.id).toBe('v2');
    expect(nextPriceList(versions, new Date('2026-12-15T04:00:00Z'))?.id).toBe('v3');
    expect(nextPriceList(versions, '2027-01-01')).toBeNull();
    expect(caracasDayStart('2026-12-15').toISOString()).toBe('2026-12-15T04:00:00.000Z');
    expect(caracasDay(new Date('2026-12-15T03:59:59Z'))).toBe('2026-12-14');
  });
});

describe('priceListSchema', () => {
  it('accepts version 1', () => {
    expect(priceListSchema.parse(PRICE_LIST_V1)).toEqual(PRICE_LIST_V1);
  });

  it.each([
    [{ usaAirRatePerLbUsdCents: -650 }, 'Aéreo desde Miami: tarifa por libra: no puede ser negativo.'],
    [{ usaAirRatePerLbUsdCents: 0 }, 'Aéreo desde Miami: tarifa por libra: debe ser mayor que 0.'],
    [{ usaAirRatePerLbUsdCents: 65_000 }, 'Aéreo desde Miami: tarifa por libra: no puede pasar de $100.'],
    [{ volumetricDivisor: 16 }, 'Aéreo: divisor volumétrico: no puede ser menor que 100.'],
    [{ insuranceRatePercent: 150 }, 'Seguro: % del valor declarado: no puede pasar de 100.'],
    [{ chinaSeaMinCbm: 0.00001 }, 'Marítimo desde China: volumen mínimo (CBM): admite como máximo 4 decimales.'],
    [
      { storageFeePerDayUsdCents: Number.NaN },
      'Almacenaje: tarifa diaria después de los días libres: debe ser mayor que 0.',
    ],
  ])('refuses %o in Spanish', (patch, message) => {
    const result = priceListSchema.safeParse({ ...PRICE_LIST_V1, ...patch });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toContain(message);
  });
});
