import { describe, expect, it } from 'vitest';
import { findForeignNumbers } from './format-check';
import { formatCount, formatDate, formatKg, formatMeasures, formatPercent, formatUsd, formatVes } from './format';

describe('findForeignNumbers: what the tests refuse on a page (docs/product/formats.md)', () => {
  it.each([
    ['$38.50', '$38.50'],
    ['Total: $0.5 hoy', '$0.5'],
    ['Peso: 343.11 kg', '343.11 kg'],
    ['2.5kg', '2.5kg'],
    ['Bs. 6560,00', 'Bs. 6560'],
    ['Bs. 456.25', 'Bs. 456.25'],
    ['1234,50\u00a0US$', 'US$'],
    ['Pagó 25 USD', '5 USD'],
    ['Total 1,234.50', '1,234.50'],
    ['12.5 %', '12.5 %'],
    ['38,50 $', '38,50 $'],
    ['12500 paquetes', '12500 paquetes'],
  ])('refuses %j', (text, match) => {
    expect(findForeignNumbers(text).map((f) => f.match)).toContain(match);
  });

  it.each([
    formatUsd(38.5),
    formatUsd(1234.5),
    formatUsd(-3),
    formatVes(6560),
    formatVes(1234567.89),
    formatKg(343.11),
    formatKg(1250),
    formatMeasures('30.5x20x10'),
    formatPercent(12.5),
    formatCount(12500),
    formatDate('2026-03-05'),
    'WR-2026-1000123',
    'ENV-2026-0042 · F-2026-000123',
    '1Z999AA10123456784 · TBA123456789012',
    '+58 412-555.1234',
    'Versión 1.2.3 · 10:30 · 192.168.1.10',
    'Bs. 36,5214 por USD',
    'Valor declarado (USD)',
    'Tasa: Bs. 36,50 por USD',
  ])('accepts %j', (text) => {
    expect(findForeignNumbers(text)).toEqual([]);
  });
});
