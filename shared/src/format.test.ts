import { describe, expect, it } from 'vitest';
import { LIST_DEEP_PAGES_NOTE, LIST_MAX_OFFSET } from './list-params';
import { formatDate, formatUsd, groupThousands, onFirstUse } from './format';

describe('formatters built on first use', () => {
  it('builds the value once, when first asked for, and returns the same one after', () => {
    let builds = 0;
    const value = onFirstUse(() => ({ n: ++builds }));
    expect(builds).toBe(0);
    const first = value();
    expect(value()).toBe(first);
    expect(builds).toBe(1);
  });

  it('format as before: es-ES dates and USD', () => {
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
    expect(formatUsd(1234.5)).toBe(
      new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(1234.5),
    );
  });
});

describe('groupThousands', () => {
  it('writes whole numbers as es-ES does: four digits together, groups of three from five', () => {
    for (const n of [0, 7, 999, 1000, 5000, 9999, 10_000, 12_345, 100_000, 1_234_567, 9_876_543_210, -25_000]) {
      expect(groupThousands(n), String(n)).toBe(n.toLocaleString('es-ES'));
    }
    expect(groupThousands(10_000)).toBe('10.000');
  });

  it('is what the deep-pages note shows', () => {
    expect(LIST_DEEP_PAGES_NOTE).toContain(`primeros ${groupThousands(LIST_MAX_OFFSET)} resultados`);
    expect(LIST_DEEP_PAGES_NOTE).toContain('10.000');
  });
});

describe('formatUsd and formatDate write what Intl writes', () => {
  const intlUsd = new Intl.NumberFormat('es-ES', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const intlDate = new Intl.DateTimeFormat('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric' });

  it('for amounts of every size and sign, the ones ICU rounds up included (1.005, 2.675)', () => {
    const edges = [
      0,
      -0,
      0.001,
      -0.001,
      0.005,
      0.004999,
      1.005,
      2.675,
      1.115,
      9.995,
      99.995,
      999.995,
      9999.995,
      1234.5,
      12345.678,
      -98765.4321,
      1e9,
      123456789012.34,
      1e-7,
      1e21,
      5e21,
      '1234.50',
      '0.10',
      '-7',
    ];
    // A fixed pseudo-random series, so a failure can be reproduced.
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const series = Array.from({ length: 5000 }, (_, i) => {
      const scale = 10 ** Math.floor(random() * 9);
      const value = Math.round(random() * scale * 10 ** (i % 5)) / 10 ** (i % 5);
      return i % 3 === 0 ? -value : value;
    });
    for (const amount of [...edges, ...series])
      expect(formatUsd(amount), String(amount)).toBe(intlUsd.format(Number(amount)));
    for (const odd of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
      expect(formatUsd(odd)).toBe(intlUsd.format(odd));
  });

  it('for dates across years, months and times of day, and refuse an invalid one as Intl does', () => {
    let t = Date.UTC(1950, 0, 1);
    while (t < Date.UTC(2100, 0, 1)) {
      const d = new Date(t);
      expect(formatDate(d), d.toISOString()).toBe(intlDate.format(d));
      t += 37 * 3_600_000 + 17 * 60_000;
    }
    expect(formatDate('2026-11-26T03:59:00Z')).toBe(intlDate.format(new Date('2026-11-26T03:59:00Z')));
    expect(() => formatDate('no es una fecha')).toThrow(RangeError);
    expect(() => intlDate.format(new Date('no es una fecha'))).toThrow(RangeError);
  });
});
