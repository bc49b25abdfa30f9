// Reading the customs broker's file (docs/product/customs.md#settled-against-what-customs-charged):
// its columns by their names in Spanish or English, amounts in dollars as spreadsheets write them,
// and each bad line refused with its number.
import { describe, expect, it } from 'vitest';
import { CUSTOMS_SETTLEMENT_MESSAGES as M } from '@casillero/shared';
import { guiaKey, parseBrokerFile, parseUsdAmount } from './parse';

describe('the broker’s file', () => {
  it('reads dollars as spreadsheets write them, to integer cents', () => {
    expect(parseUsdAmount('12,34')).toBe(1234);
    expect(parseUsdAmount('12.34')).toBe(1234);
    expect(parseUsdAmount('1.234,56')).toBe(123456);
    expect(parseUsdAmount('1,234.56')).toBe(123456);
    expect(parseUsdAmount('$ 7')).toBe(700);
    expect(parseUsdAmount('USD 0,5')).toBe(50);
    expect(parseUsdAmount('-3')).toBeNull();
    expect(parseUsdAmount('12,345')).toBe(1234500);
    expect(parseUsdAmount('1.2.3,4,5')).toBeNull();
    expect(parseUsdAmount('')).toBeNull();
  });

  it('finds its columns by name (any case, accents, units) and compares guías without case or dashes', () => {
    const parsed = parseBrokerFile('\uFEFFGuía;Monto (USD);Nota\nawb-001 ;12,34;x\nSH0002;0;\n');
    expect(parsed.errors).toEqual([]);
    expect(parsed.lines).toEqual([
      { line: 2, guia: 'awb-001', key: 'AWB001', paidUsdCents: 1234 },
      { line: 3, guia: 'SH0002', key: 'SH0002', paidUsdCents: 0 },
    ]);
    expect(guiaKey(' sh-00 12 ')).toBe('SH0012');
  });

  it('refuses each bad line with its number, a guía twice, and a file without its columns', () => {
    const parsed = parseBrokerFile('envio,monto_usd\nA1,1\n,2\nA2,abc\na-1,3\n');
    expect(parsed.errors).toEqual([M.badGuia(3), M.badAmount(4, 'abc'), M.duplicated(5, 'a-1', 2)]);
    expect(parseBrokerFile('guia,peso\nA1,1\n').errors).toEqual([M.missingColumns]);
    expect(parseBrokerFile('').errors).toEqual([M.empty]);
    expect(parseBrokerFile('guia,monto\n').errors).toEqual([M.empty]);
  });
});
