// Reading a manifest (docs/product/warehouse-intake.md#manifest-import): whatever its delimiter,
// headers and decimal commas, each row checked field by field with the Spanish error of its line
// and column, before anyone looks in the database.
import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES as M, NUMBER_MESSAGES, TRACKING_MESSAGES } from '@casillero/shared';
import { parseManifest } from './parse';

describe('reading the file', () => {
  it('semicolons, a BOM, Spanish headers with accents, decimal commas and blank lines', () => {
    const csv =
      '\uFEFFNúmero de tracking;Transportista;Casillero;Descripción;Peso (kg);Dimensiones\r\n\r\n1z 999 aa1 0123456784;ups;mv-1;Zapatos;1,5;30 x 20 x 15\r\n;;;;;\r\n9400111899223100000001;USPS;;Libros;2.25;\r\n';
    const m = parseManifest(csv);
    expect(m.errors).toEqual([]);
    expect(m.delimiter).toBe(';');
    expect(m.weightUnit).toBe('kg');
    expect(m.rows.map((r) => [r.line, r.key, r.carrier, r.mailboxCode, r.weightKg, r.dimensionsCm])).toEqual([
      [3, '1Z999AA10123456784', 'UPS', 'MV-1', 1.5, '30x20x15'],
      [5, '9400111899223100000001', 'USPS', null, 2.25, null],
    ]);
  });

  it('commas, English headers, separate sides, pounds converted to kg, and an unknown column ignored', () => {
    const csv = 'tracking,carrier,weight (lb),length,width,height,notes\nTBA123456789012,,2,10,"12,5",8,fragile\n';
    const m = parseManifest(csv);
    expect(m.errors).toEqual([]);
    expect(m.delimiter).toBe(',');
    expect(m.weightUnit).toBe('lb');
    expect(m.ignoredColumns).toEqual(['notes']);
    expect(m.rows[0]).toMatchObject({ line: 2, carrier: 'Amazon', weightKg: 0.91, dimensionsCm: '10x12.5x8' });
  });

  it('every error in Spanish with its line and column', () => {
    const csv = [
      'guia;peso;dimensiones;casillero',
      ';1;;',
      'AB123;cero;;',
      'AB124;0;;',
      'AB125;2;30x20;',
      'AB126;2;;;;extra',
      'AB127;1500;;',
      '9.40011E+21;1;;',
    ].join('\n');
    const m = parseManifest(csv);
    expect(m.errors).toEqual([
      { line: 2, column: 'guia', message: M.trackingRequired },
      { line: 3, column: 'peso', message: M.weightNotNumber('cero') },
      { line: 4, column: 'peso', message: M.weightNotPositive },
      { line: 5, column: 'dimensiones', message: M.dimensionsInvalid('30x20') },
      { line: 6, column: null, message: M.wrongFieldCount(6, 4) },
      { line: 7, column: 'peso', message: M.weightTooLarge },
      { line: 8, column: 'guia', message: M.trackingScientific },
    ]);
    expect(m.rows.every((r) => r.hasError)).toBe(true);
  });

  it('a tracking number keeps the one rule of every number: formulas, markup and paths are refused', () => {
    const csv = [
      'guia;peso',
      '=1+1ABCDEF;1',
      '<img src=x onerror=alert(1)>;1',
      '../../etc/passwd;1',
      'AB1;1',
      `${'A'.repeat(51)};1`,
      'tba 3058 1274 5000;1',
    ].join('\n');
    const m = parseManifest(csv);
    expect(m.errors).toEqual([
      { line: 2, column: 'guia', message: TRACKING_MESSAGES.trackingNumberPattern },
      { line: 3, column: 'guia', message: TRACKING_MESSAGES.trackingNumberPattern },
      { line: 4, column: 'guia', message: TRACKING_MESSAGES.trackingNumberPattern },
      { line: 5, column: 'guia', message: TRACKING_MESSAGES.trackingNumberMin },
      { line: 6, column: 'guia', message: TRACKING_MESSAGES.trackingNumberMax },
    ]);
    // A number with spaces, as a scanner or a spreadsheet writes it, is the same number without them.
    expect(m.rows.at(-1)).toMatchObject({ trackingNumber: 'TBA305812745000', hasError: false });
  });

  it('reads numbers as every number field does: thousands dots, a unit; what could be read two ways is refused', () => {
    const csv = [
      'guia;peso;dimensiones',
      'AB001;2,5 kg;30,5x20x15',
      'AB002;1.234,5;',
      'AB003;2.500;',
      'AB004;1,2,3;',
      'AB005;2;1.500x20x15',
    ].join('\n');
    const m = parseManifest(csv);
    expect(m.rows.slice(0, 2).map((r) => [r.weightKg, r.dimensionsCm])).toEqual([
      [2.5, '30.5x20x15'],
      [null, null],
    ]);
    expect(m.errors).toEqual([
      { line: 3, column: 'peso', message: M.weightTooLarge },
      { line: 4, column: 'peso', message: NUMBER_MESSAGES.ambiguous('2.500', '2500', '2,5') },
      { line: 5, column: 'peso', message: M.weightNotNumber('1,2,3') },
      { line: 6, column: 'dimensiones', message: NUMBER_MESSAGES.ambiguous('1.500', '1500', '1,5') },
    ]);
  });

  it('a file without the tracking or weight column, or with more than 10,000 rows, is refused whole', () => {
    expect(parseManifest('nombre;precio\nx;1\n').errors.map((e) => e.message)).toEqual([
      M.missingTrackingColumn,
      M.missingWeightColumn,
    ]);
    const big = ['tracking,peso', ...Array.from({ length: 10_001 }, (_, i) => `N${i},1`)].join('\n');
    expect(parseManifest(big).errors).toEqual([{ line: null, column: null, message: M.tooManyRows(10_001) }]);
  });
});
