// Reading a bank's statement (docs/product/admin-payments-and-billing.md#reconciliation): amounts
// in Bs. and days as banks and spreadsheets write them, the reference key every comparison uses,
// and the columns it needs, before anything is stored.
import { describe, expect, it } from 'vitest';
import { RECONCILIATION_MESSAGES as M } from '@casillero/shared';
import { parseStatement, parseStatementDate, parseVesAmount, referenceKey } from './statement-csv';

describe('reading the statement', () => {
  it('reads amounts in Bs. as banks and spreadsheets write them', () => {
    expect(parseVesAmount('1.234,56')).toBe(123456);
    expect(parseVesAmount('1234,56')).toBe(123456);
    expect(parseVesAmount('1234.56')).toBe(123456);
    expect(parseVesAmount('1,234.56')).toBe(123456);
    expect(parseVesAmount('1.234.567,8')).toBe(123456780);
    expect(parseVesAmount('1.234')).toBe(123400);
    expect(parseVesAmount('Bs. 399,60')).toBe(39960);
    expect(parseVesAmount('-150,00')).toBe(-15000);
    expect(parseVesAmount('250')).toBe(25000);
    expect(parseVesAmount('2,5')).toBe(250);
    expect(parseVesAmount('(1.234,50)')).toBe(-123450);
    for (const bad of ['', 'abc', '12,345,6', '1.2.3', '12,3456', '1,2,3', '2.5.5', '1.2,5'])
      expect(parseVesAmount(bad), bad).toBeNull();
  });

  it('reads dd/mm/aaaa and aaaa-mm-dd days, and refuses days that do not exist', () => {
    expect(parseStatementDate('05/03/2026')).toBe('2026-03-05');
    expect(parseStatementDate('5/3/2026')).toBe('2026-03-05');
    expect(parseStatementDate('2026-03-05')).toBe('2026-03-05');
    expect(parseStatementDate('05/03/2026 14:32')).toBe('2026-03-05');
    for (const bad of ['31/02/2026', '2026-13-01', '03-05-2026', 'ayer', ''])
      expect(parseStatementDate(bad), bad).toBeNull();
  });

  it('compares references by their letters and digits, upper case, without leading zeros', () => {
    expect(referenceKey('0001-2345 ab')).toBe('12345AB');
    expect(referenceKey('000')).toBe('');
  });

  it('takes English headers, commas, a byte order mark; ignores debits and says how many', () => {
    const parsed = parseStatement(
      '\uFEFFDate,Reference,Description,Amount\n2026-03-05,000777,"Transfer, Ana",1234.50\n2026-03-05,888,Fee,-15.00\n',
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.ignoredDebits).toBe(1);
    expect(parsed.lines).toEqual([
      {
        line: 2,
        movementDate: '2026-03-05',
        reference: '000777',
        referenceKey: '777',
        description: 'Transfer, Ana',
        vesCentimos: 123450,
      },
    ]);
  });

  it('names the columns it needs when one is missing; of two for the same thing, reads the first', () => {
    expect(parseStatement('fecha;referencia;monto\n05/03/2026;1;10,00\n').errors).toEqual([M.missingColumns]);
    const parsed = parseStatement(
      'Fecha;Fecha valor;Referencia;Concepto;Monto;Saldo\n05/03/2026;06/03/2026;77;Pago;10,00;500,00\n',
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.lines).toMatchObject([
      { movementDate: '2026-03-05', referenceKey: '77', description: 'Pago', vesCentimos: 1000 },
    ]);
  });
});
