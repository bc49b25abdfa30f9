// Reading our CSV files back as a spreadsheet would, for the export tests: the cells of each
// line, and whether a cell would open as a formula. Written apart from server/src/lib/csv.ts on
// purpose, so the tests do not check the export with its own rule.
import { expect } from 'vitest';

/** The rows of a CSV file (BOM, every field quoted, quotes doubled, CRLF), as cell texts. */
export function csvRows(body: string): string[][] {
  expect(body.charCodeAt(0)).toBe(0xfeff);
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 1;
  while (i < body.length) {
    if (body.startsWith('\r\n', i)) {
      rows.push(row);
      row = [];
      i += 2;
      continue;
    }
    if (body[i] === ',') {
      i++;
      continue;
    }
    expect(body[i], `a quoted field at ${i}`).toBe('"');
    let cell = '';
    i++;
    for (;;) {
      const quote = body.indexOf('"', i);
      expect(quote, 'an unterminated field').toBeGreaterThanOrEqual(0);
      cell += body.slice(i, quote);
      if (body[quote + 1] === '"') {
        cell += '"';
        i = quote + 2;
      } else {
        i = quote + 1;
        break;
      }
    }
    row.push(cell);
  }
  expect(row, 'the file ends with CRLF').toEqual([]);
  return rows;
}

/** A plain decimal: what a spreadsheet reads as a number and sums. */
export const isSpreadsheetNumber = (cell: string) => /^-?\d+(\.\d+)?$/.test(cell);

// What Excel, LibreOffice Calc and Google Sheets may start a formula with (OWASP CSV Injection,
// plus the full-width and small forms East Asian locales read as the ASCII ones).
const FORMULA_CHARACTERS = new Set(['=', '+', '-', '@', '＝', '＋', '－', '＠', '﹦', '﹢', '﹣', '﹫', '−']);

/** Whether a spreadsheet could run the cell: a formula character first, even after blanks, or a control character first. */
export function opensAsFormula(cell: string): boolean {
  if (isSpreadsheetNumber(cell)) return false;
  if (cell.length > 0 && cell.charCodeAt(0) < 0x20) return true;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: blanks and control characters a spreadsheet skips
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: the joiners are listed one by one, on purpose
  const first = [...cell].find((ch) => !/[\s\u200b\u200c\u200d\u2060\ufeff\u0000-\u001f]/.test(ch));
  return first !== undefined && FORMULA_CHARACTERS.has(first);
}
