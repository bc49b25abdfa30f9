// Table exports as Excel workbooks (docs/product/formats.md#csv), from the same cells the CSV
// takes: a bold header row that stays in view (frozen), column widths from the content, numbers as
// numbers with a number format (so a Spanish-locale Excel shows '1.234,50' and sums them), dates as
// date cells, and text as text: a cell is only ever a string, a number or a date, never a formula.
// Written with exceljs's streaming writer a batch at a time; exceljs loads on the first download.
import type { Writable } from 'node:stream';
import { CSV_NUMBER_CONVENTION } from '@casillero/shared';
import { businessWallClock } from './business-clock';
import { CsvDate, CsvNumber } from './csv';

/** The number and date formats; the separators shown are the reader's locale's. */
export const XLSX_FORMATS = {
  integer: '#,##0',
  date: 'dd/mm/yyyy',
  dateTime: 'dd/mm/yyyy hh:mm',
} as const;

/** `#,##0.00` for 2 decimals. */
export const xlsxDecimalFormat = (fractionDigits: number) =>
  fractionDigits > 0 ? `#,##0.${'0'.repeat(fractionDigits)}` : XLSX_FORMATS.integer;

/** One sheet: its header and its rows, a batch at a time (an array is one batch). */
export type XlsxTable = {
  sheet: string;
  headers: readonly string[];
  batches: AsyncIterable<readonly (readonly unknown[])[]> | Iterable<readonly (readonly unknown[])[]>;
  /** A last row in bold, after the batches: the totals. */
  totals?: readonly unknown[];
};

type XlsxCell = { value: string | number | Date | null; numFmt?: string; width: number };

/** Excel's limit for a cell's text; beyond it Excel reports the file as damaged. */
const MAX_CELL_TEXT = 32_767;
/** Characters XML 1.0 cannot carry (control characters but tab and line ends, lone surrogates, U+FFFE/F). */
const NOT_XML = /(?![\t\n\r])[\p{Cc}\p{Cs}\uFFFE\uFFFF]/gu;
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;

/** The CSV header's "punto decimal" is the CSV's convention, not the workbook's. */
export function xlsxHeader(header: string): string {
  return header.replace(`, ${CSV_NUMBER_CONVENTION})`, ')').replace(` (${CSV_NUMBER_CONVENTION})`, '');
}

function text(value: string): XlsxCell {
  const clean = value.replace(NOT_XML, '');
  const shown = clean.length > MAX_CELL_TEXT ? `${clean.slice(0, MAX_CELL_TEXT - 1)}…` : clean;
  const longestLine = Math.max(...shown.split('\n').map((l) => l.length));
  return { value: shown, width: longestLine };
}

function number(value: number, fractionDigits: number | undefined): XlsxCell {
  if (!Number.isFinite(value)) return { value: null, width: 0 };
  const digits = fractionDigits ?? (Number.isInteger(value) ? 0 : undefined);
  // Digits, thousands separators, sign and decimals as Excel shows them.
  const whole = Math.trunc(Math.abs(value)).toString().length;
  const width = whole + Math.floor((whole - 1) / 3) + (value < 0 ? 1 : 0) + (digits ? digits + 1 : 0);
  return digits === undefined
    ? { value, width: String(value).length }
    : { value, numFmt: xlsxDecimalFormat(digits), width };
}

/** One cell of the CSV's description as the workbook writes it. */
export function xlsxCell(value: unknown): XlsxCell {
  if (value === null || value === undefined) return { value: null, width: 0 };
  if (value instanceof CsvNumber)
    return value.text === '' ? { value: null, width: 0 } : number(Number(value.text), value.fractionDigits);
  if (typeof value === 'number') return number(value, undefined);
  if (typeof value === 'bigint') return number(Number(value), 0);
  if (value instanceof CsvDate)
    return value.withTime
      ? { value: value.wallClock, numFmt: XLSX_FORMATS.dateTime, width: 16 }
      : { value: value.wallClock, numFmt: XLSX_FORMATS.date, width: 10 };
  if (value instanceof Date) return { value: businessWallClock(value), numFmt: XLSX_FORMATS.dateTime, width: 16 };
  return text(String(value));
}

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ], no apostrophe at either end. */
const sheetName = (name: string) =>
  name
    .replace(/[:\\/?*[\]']/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 31)
    .trim() || 'Hoja';

const widthOf = (chars: number) => Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, chars + 2));

/** A row of typed cells; an empty value leaves its cell empty. */
function addRow(sheet: import('exceljs').Worksheet, cells: readonly XlsxCell[]) {
  const row = sheet.addRow([]);
  cells.forEach((c, i) => {
    if (c.value === null) return;
    const cell = row.getCell(i + 1);
    cell.value = c.value;
    if (c.numFmt) cell.numFmt = c.numFmt;
  });
  return row;
}

/** Resolves when `out` may take more, or is gone. */
function drained(out: Writable) {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * Writes the workbook into `out`, one sheet per table, a batch of rows at a time, waiting while
 * `out` is full. The column widths come from the header and the first batch (a streamed sheet
 * sets them before its first row). Stops when `out` is closed early (a cancelled download).
 * Returns how many rows it wrote.
 */
export async function writeXlsx(out: Writable, tables: readonly XlsxTable[]): Promise<number> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  let written = 0;
  for (const table of tables) {
    const headers = table.headers.map(xlsxHeader);
    const iterator = (
      Symbol.asyncIterator in table.batches ? table.batches[Symbol.asyncIterator]() : table.batches[Symbol.iterator]()
    ) as AsyncIterator<readonly (readonly unknown[])[]>;
    let next = await iterator.next();
    const first = next.done ? [] : next.value.map((row) => row.map(xlsxCell));
    const sized = table.totals ? [...first, table.totals.map(xlsxCell)] : first;
    const widths = headers.map((h, i) => widthOf(Math.max(h.length, ...sized.map((row) => row[i]?.width ?? 0))));
    const sheet = workbook.addWorksheet(sheetName(table.sheet), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(1, headers.length) } };
    sheet.columns = widths.map((width) => ({ width }));
    const head = sheet.addRow(headers);
    head.font = { bold: true };
    head.commit();
    let cells = first;
    while (!next.done) {
      if (out.destroyed) {
        await iterator.return?.();
        return written;
      }
      for (const rowCells of cells) addRow(sheet, rowCells).commit();
      written += cells.length;
      await drained(out);
      next = await iterator.next();
      cells = next.done ? [] : next.value.map((row) => row.map(xlsxCell));
    }
    if (table.totals) {
      const row = addRow(sheet, table.totals.map(xlsxCell));
      row.font = { bold: true };
      row.commit();
    }
    sheet.commit();
  }
  await workbook.commit();
  return written;
}
