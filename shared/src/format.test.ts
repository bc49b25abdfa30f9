import { describe, expect, it } from 'vitest';
import { LIST_DEEP_PAGES_NOTE, LIST_MAX_OFFSET } from './list-params';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatMeasures,
  formatKg,
  formatLb,
  formatPercent,
  formatUsd,
  formatUsdFromCents,
  formatVes,
  formatVesFromCents,
  groupThousands,
  onFirstUse,
} from './format';

describe('formatters built on first use', () => {
  it('builds the value once, when first asked for, and returns the same one after', () => {
    let builds = 0;
    const value = onFirstUse(() => ({ n: ++builds }));
    expect(builds).toBe(0);
    const first = value();
    expect(value()).toBe(first);
    expect(builds).toBe(1);
  });

  it('format dates as before', () => {
    expect(formatDate('2026-03-05T12:00:00Z')).toBe('05/03/2026');
  });

  it('writes a calendar day (2026-03-05) as that day in every time zone', () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['America/Caracas', 'UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
        process.env.TZ = tz;
        expect(formatDate('2026-03-05'), tz).toBe('05/03/2026');
      }
    } finally {
      process.env.TZ = zone;
    }
  });
});

describe('groupThousands', () => {
  it('writes whole numbers as es-VE does: groups of three from four digits', () => {
    for (const n of [0, 7, 999, 1000, 5000, 9999, 10_000, 12_345, 100_000, 1_234_567, 9_876_543_210, -25_000]) {
      expect(groupThousands(n), String(n)).toBe(new Intl.NumberFormat('es-VE').format(n));
      expect(formatCount(n), String(n)).toBe(groupThousands(n));
    }
    expect(groupThousands(10_000)).toBe('10.000');
    expect(groupThousands(5000)).toBe('5.000');
  });

  it('is what the deep-pages note shows', () => {
    expect(LIST_DEEP_PAGES_NOTE).toContain(`primeros ${groupThousands(LIST_MAX_OFFSET)} resultados`);
    expect(LIST_DEEP_PAGES_NOTE).toContain('10.000');
  });
});

describe('money, weights, measures and percentages as es-VE writes them (docs/product/formats.md)', () => {
  it.each([
    [formatUsd(38.5), '$38,50'],
    [formatUsd(0.5), '$0,50'],
    [formatUsd('1234.5'), '$1.234,50'],
    [formatUsd(-3), '-$3,00'],
    [formatUsd(-0.001), '$0,00'],
    [formatUsd(1.005), '$1,01'],
    [formatUsd(123456789.994), '$123.456.789,99'],
    [formatUsdFromCents(3850), '$38,50'],
    [formatUsdFromCents(7), '$0,07'],
    [formatVes(6560), 'Bs. 6.560,00'],
    [formatVes('456.25'), 'Bs. 456,25'],
    [formatVes(-12), '-Bs. 12,00'],
    [formatVesFromCents(656000), 'Bs. 6.560,00'],
    [formatKg(343.11), '343,11 kg'],
    [formatKg('343.11'), '343,11 kg'],
    [formatKg(2.5), '2,5 kg'],
    [formatKg(1250), '1.250 kg'],
    [formatKg(2, { decimals: 1, fixed: true }), '2,0 kg'],
    [formatKg(0.456, { decimals: 1 }), '0,5 kg'],
    [formatLb(12.5), '12,50 lb'],
    [formatMeasures('30x20x10'), '30 × 20 × 10 cm'],
    [formatMeasures('30.5 x 20 X 10'), '30,5 × 20 × 10 cm'],
    [formatMeasures([30.25, 20, 1000]), '30,25 × 20 × 1.000 cm'],
    [formatMeasures('aprox. 30'), 'aprox. 30 cm'],
    [formatPercent(12.5), '12,5 %'],
    [formatPercent(12.345, 2), '12,35 %'],
    [formatPercent(100), '100 %'],
    [formatCount(1250), '1.250'],
  ])('%s is %s', (written, expected) => {
    expect(written).toBe(expected);
  });

  it('round money as Intl does, for amounts of every size and sign (1.005, 2.675 included)', () => {
    const intl = new Intl.NumberFormat('es-VE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const edges = [0, 0.001, 0.005, 0.004999, 1.005, 2.675, 1.115, 9.995, 99.995, 1234.5, 12345.678, 1e9];
    // A fixed pseudo-random series, so a failure can be reproduced.
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const series = Array.from({ length: 5000 }, (_, i) => {
      const scale = 10 ** Math.floor(random() * 9);
      return Math.round(random() * scale * 10 ** (i % 5)) / 10 ** (i % 5);
    });
    for (const amount of [...edges, ...series]) {
      expect(formatUsd(amount), String(amount)).toBe(`$${intl.format(amount)}`);
      if (amount >= 0.005) expect(formatUsd(-amount), String(-amount)).toBe(`-$${intl.format(amount)}`);
    }
  });
});

describe('formatDate writes what Intl writes, in Caracas time', () => {
  const intlDate = new Intl.DateTimeFormat('es-ES', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'America/Caracas',
  });

  it('for dates across years, months and times of day, and refuse an invalid one as Intl does', () => {
    let t = Date.UTC(1950, 0, 1);
    while (t < Date.UTC(2100, 0, 1)) {
      const d = new Date(t);
      expect(formatDate(d), d.toISOString()).toBe(intlDate.format(d));
      t += 37 * 3_600_000 + 17 * 60_000;
    }
    expect(formatDate('2026-11-26T03:59:00Z')).toBe(intlDate.format(new Date('2026-11-26T03:59:00Z')));
    // 03:59 UTC is 23:59 of the day before in Caracas, whatever the machine's own time zone.
    expect(formatDate('2026-11-26T03:59:00Z')).toBe('25/11/2026');
    expect(formatDate('2026-11-26T04:00:00Z')).toBe('26/11/2026');
    expect(formatDateTime('2026-11-26T03:59:00Z')).toBe('25/11/2026, 23:59');
    expect(() => formatDate('no es una fecha')).toThrow(RangeError);
    expect(() => intlDate.format(new Date('no es una fecha'))).toThrow(RangeError);
  });
});
