import { describe, expect, it } from 'vitest';
import { formatDecimal, parseDecimal, type DecimalRules } from '../format';
import { NUMBER_MESSAGES as M } from './messages';
import {
  NUMBER_FIELDS,
  confirmImplausibleQuestion,
  formatNumberField,
  implausibleValues,
  plausibleRateRange,
  readNumberField,
  writeNumber,
  type NumberKind,
} from './fields';

const two: DecimalRules = { decimals: 2 };
const readValue = (text: string, rules = two) => {
  const r = parseDecimal(text, rules);
  return r.status === 'number' ? r.value : r.status;
};
const messageOf = (text: string, rules = two) => {
  const r = parseDecimal(text, rules);
  return r.status === 'refused' ? r.message : `read as ${r.status === 'number' ? r.value : 'empty'}`;
};

describe('parseDecimal reads a number however its text arrives', () => {
  it.each([
    ['2,5', 2.5],
    ['2.5', 2.5],
    ['2,50', 2.5],
    ['2.50', 2.5],
    [' 2,5 ', 2.5],
    ['25', 25],
    ['0,5', 0.5],
    [',5', 0.5],
    ['.5', 0.5],
    ['5,', 5],
    ['0,250', 0.25],
    ['0.125', 'refused'],
    ['1.234,5', 1234.5],
    ['1,234.5', 1234.5],
    ['1.234.567', 1234567],
    ['1,234,567', 1234567],
    ['1.234.567,89', 1234567.89],
    ['12.345,6', 12345.6],
    ['1250,5', 1250.5],
    ['-3,75', -3.75],
    ['\u22123,75', -3.75],
    ['-0', 0],
    ['007', 7],
    ['36,5214', 'refused'],
    ['', 'empty'],
    ['   ', 'empty'],
  ] as const)('%j → %s', (text, expected) => {
    expect(readValue(text)).toBe(expected);
  });

  it('keeps the exact digits for fields that cannot go through a double (rates)', () => {
    expect(parseDecimal('9.999.999,12345678', { decimals: 8 })).toEqual({
      status: 'number',
      value: 9999999.12345678,
      digits: '9999999.12345678',
    });
    expect(parseDecimal('36,52140000', { decimals: 8 })).toMatchObject({ digits: '36.5214' });
  });

  it('refuses what could be read two ways, saying both readings', () => {
    expect(messageOf('1.500')).toBe(M.ambiguous('1.500', '1500', '1,5'));
    expect(messageOf('2,500')).toBe(M.ambiguous('2,500', '2500', '2,5'));
    expect(messageOf('36,521', { decimals: 8 })).toBe(M.ambiguous('36,521', '36521', '36,521'));
    // A bank writes at most two decimals: there "1.234" is 1234.
    expect(readValue('1.234', { decimals: 2, threeDigitsGroupThousands: true })).toBe(1234);
  });

  it.each([
    '1,2,3',
    '2.5.5',
    '12,34,5',
    '1.2,5',
    '1,234,5.6',
    '1.234,5,6',
    'abc',
    '2,5a',
    '2 5',
    '2,5 lb',
    '--2',
    '.',
    ',',
    '1e3',
    '0x10',
    'NaN',
    '∞',
    '12345678901234',
  ])('refuses %j as unreadable', (text) => {
    expect(messageOf(text)).toBe(M.unreadable(text.trim()));
  });

  it('refuses more decimals than the field keeps instead of rounding them away', () => {
    expect(messageOf('2,5555')).toBe(M.tooManyDecimals(2));
    expect(messageOf('0,125')).toBe(M.tooManyDecimals(2));
    expect(messageOf('2,5', { decimals: 0 })).toBe(M.wholeOnly);
    expect(messageOf('12,25', { decimals: 1 })).toBe(M.tooManyDecimals(1));
    expect(readValue('12,20', { decimals: 1 })).toBe(12.2);
  });

  it('ignores the unit or currency sign of its field, and only those', () => {
    expect(readNumberField('weightKg', '2,5 kg')).toMatchObject({ value: 2.5 });
    expect(readNumberField('amountUsd', '$38,50')).toMatchObject({ value: 38.5 });
    expect(readNumberField('amountUsd', '-$3,00')).toMatchObject({ value: -3 });
    expect(readNumberField('amountUsd', '1234,50\u00a0US$')).toMatchObject({ value: 1234.5 });
    expect(readNumberField('amountVes', 'Bs. 6.560,00')).toMatchObject({ value: 6560 });
    expect(readNumberField('weightKg', '2,5 lb').status).toBe('refused');
    expect(readNumberField('count', '3')).toMatchObject({ value: 3 });
    expect(readNumberField('count', '1,2').status).toBe('refused');
  });
});

describe('formatDecimal writes es-VE', () => {
  it('with a decimal comma and dots from four digits', () => {
    expect(formatDecimal(1250.5, { decimals: 2 })).toBe('1.250,5');
    expect(formatDecimal(2.5, { decimals: 2 })).toBe('2,5');
    expect(formatDecimal(38.5, { decimals: 2, fixed: true })).toBe('38,50');
    expect(formatDecimal(6560, { decimals: 2, fixed: true })).toBe('6.560,00');
    expect(formatDecimal(1.005, { decimals: 2 })).toBe('1,01');
    expect(formatDecimal(-0.001, { decimals: 2 })).toBe('0');
    for (const n of [0.5, 2.5, 1250.5, 1234567.89, 6560]) {
      expect(formatDecimal(n, { decimals: 2, fixed: true })).toBe(
        new Intl.NumberFormat('es-VE', { minimumFractionDigits: 2 }).format(n),
      );
    }
  });

  it('what a field shows once left reads back as the same number', () => {
    const kinds = Object.keys(NUMBER_FIELDS) as NumberKind[];
    for (const kind of kinds) {
      for (const n of [0, 0.5, 2.5, 25, 36.521, 1500, 1250.5, 1234567, 12.3456789]) {
        const rounded = Number(n.toFixed(NUMBER_FIELDS[kind].decimals));
        for (const value of [rounded, -rounded]) {
          for (const shown of [formatNumberField(kind, value), formatNumberField(kind, value, { withSign: true })]) {
            expect(readNumberField(kind, shown), `${kind} ${shown}`).toMatchObject({
              status: 'number',
              value: value === 0 ? 0 : value,
            });
          }
        }
      }
    }
    expect(formatNumberField('weightKg', 1500)).toBe('1500');
    expect(formatNumberField('amountUsd', 1500)).toBe('1.500,00');
    expect(formatNumberField('exchangeRate', 36.521)).toBe('36,5210');
    expect(formatNumberField('amountUsd', -3, { withSign: true })).toBe('-$3,00');
    expect(formatNumberField('amountVes', 6560, { withSign: true })).toBe('Bs. 6.560,00');
  });
});

describe('plausible values', () => {
  it('asks about values far outside their field’s usual range, written as Venezuelans write them', () => {
    expect(implausibleValues([{ kind: 'weightKg', value: 250 }])).toEqual(['250 kg']);
    expect(implausibleValues([{ kind: 'weightKg', value: 1250.5 }])).toEqual(['1.250,5 kg']);
    expect(confirmImplausibleQuestion(implausibleValues([{ kind: 'weightKg', value: 1250.5 }]))).toBe(
      '¿Confirmas 1.250,5 kg?',
    );
    expect(confirmImplausibleQuestion(['250 kg', '300 cm', '$9.000,00'])).toBe(
      '¿Confirmas 250 kg, 300 cm y $9.000,00?',
    );
    expect(implausibleValues([{ kind: 'amountUsd', value: -9000 }])).toEqual(['-$9.000,00']);
    expect(writeNumber('amountVes', 6560)).toBe('Bs. 6.560,00');
  });

  it('leaves alone usual values, zero, empty fields and text the schema refuses', () => {
    const usual = [
      { kind: 'weightKg', value: 2.5 },
      { kind: 'weightKg', value: 70 },
      { kind: 'dimensionCm', value: 45 },
      { kind: 'amountUsd', value: 38.5 },
      { kind: 'amountUsd', value: -120 },
      { kind: 'weightKg', value: 0 },
      { kind: 'weightKg', value: '' },
      { kind: 'weightKg', value: '2,5,5' },
    ] as const;
    expect(implausibleValues(usual)).toEqual([]);
  });

  it('a new rate is plausible near the last one recorded', () => {
    const range = plausibleRateRange('36.5');
    expect(implausibleValues([{ kind: 'exchangeRate', value: 38, range }])).toEqual([]);
    expect(implausibleValues([{ kind: 'exchangeRate', value: 365, range }])).toEqual(['Bs. 365 por USD']);
    expect(plausibleRateRange(null)).toEqual(NUMBER_FIELDS.exchangeRate.plausible);
  });
});
