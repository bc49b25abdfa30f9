// The workbook writer's cells (docs/product/formats.md#csv): what a CSV cell becomes in Excel,
// and text Excel could not store (XML's forbidden characters, more than a cell holds) made safe.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvMoment } from './business-clock';
import { csvNumber } from './csv';
import { writeXlsx, xlsxCell, xlsxHeader } from './xlsx';
import { readXlsx } from '../test/xlsx';

describe('xlsxCell', () => {
  it('writes the CSV numbers as numbers with their decimals, whole numbers as integers', () => {
    expect(xlsxCell(csvNumber(1234.5, 2))).toMatchObject({ value: 1234.5, numFmt: '#,##0.00' });
    expect(xlsxCell(csvNumber(-63.6, 1))).toMatchObject({ value: -63.6, numFmt: '#,##0.0' });
    expect(xlsxCell(csvNumber(12))).toMatchObject({ value: 12, numFmt: '#,##0' });
    expect(xlsxCell(7)).toMatchObject({ value: 7, numFmt: '#,##0' });
    expect(xlsxCell(10n)).toMatchObject({ value: 10, numFmt: '#,##0' });
    // No NaN in a spreadsheet: an empty cell, as in the CSV.
    expect(xlsxCell(csvNumber(Number.NaN, 2)).value).toBeNull();
    expect(xlsxCell(Number.POSITIVE_INFINITY).value).toBeNull();
  });

  it("writes a moment as a date cell on the business's clock (Caracas, UTC-4)", () => {
    const cell = xlsxCell(csvMoment(new Date('2026-01-31T02:15:00Z')));
    expect(cell.value).toEqual(new Date('2026-01-30T22:15:00Z'));
    expect(cell.numFmt).toBe('dd/mm/yyyy hh:mm');
  });

  it('keeps text as it is, but for characters XML cannot carry and what a cell cannot hold', () => {
    expect(xlsxCell('=1+1').value).toBe('=1+1');
    expect(xlsxCell('a\u0000b\u0007c\td\ne\uD800f😀').value).toBe('abc\td\nef😀');
    const long = xlsxCell('x'.repeat(40_000)).value as string;
    expect(long).toHaveLength(32_767);
    expect(long.endsWith('…')).toBe(true);
  });

  it("drops the CSV's number convention from the headers", () => {
    expect(xlsxHeader('Peso (kg, punto decimal)')).toBe('Peso (kg)');
    expect(xlsxHeader('Piezas (punto decimal)')).toBe('Piezas');
    expect(xlsxHeader('Cliente')).toBe('Cliente');
  });
});

describe('writeXlsx', () => {
  it('writes sheets whose text stays text and whose columns fit their content, within bounds', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const rows = await writeXlsx(out, [
      {
        sheet: 'Hoja: con [signos]?',
        headers: ['Id', 'Nota', 'Monto (USD, punto decimal)'],
        batches: [
          [
            ['1', '@SUM(A1:A2)', csvNumber(5, 2)],
            ['2', 'y'.repeat(200), csvNumber(1234567.891, 2)],
          ],
          [['3', '+cmd', null]],
        ],
      },
    ]);
    expect(rows).toBe(3);
    const workbook = await readXlsx(Buffer.concat(chunks));
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Hoja con signos');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Id', 'Nota', 'Monto (USD)']);
    expect(sheet.getRow(2).getCell(2).value).toBe('@SUM(A1:A2)');
    expect(sheet.getRow(3).getCell(3).value).toBe(1234567.89);
    expect(sheet.getRow(4).getCell(2).value).toBe('+cmd');
    expect(sheet.getColumn(1).width).toBe(8);
    expect(sheet.getColumn(2).width).toBe(60);
    // '1.234.567,89' is 12 characters, and a margin of 2.
    expect(sheet.getColumn(3).width).toBe(14);
  });

  it('stops reading batches when the download is cancelled', async () => {
    const out = new PassThrough();
    out.resume();
    let read = 0;
    let stopped = false;
    async function* batches() {
      try {
        for (;;) {
          read += 1;
          if (read === 3) out.destroy();
          yield [[String(read)]];
        }
      } finally {
        stopped = true;
      }
    }
    const rows = await writeXlsx(out, [{ sheet: 'Hoja', headers: ['N'], batches: batches() }]);
    expect(stopped).toBe(true);
    expect(read).toBe(3);
    expect(rows).toBe(2);
  });
});
