// CSV that spreadsheets open correctly with Spanish text: UTF-8 with a byte-order mark,
// comma separated, CRLF line ends, every field quoted with quotes doubled.
//
// Every CSV the server writes goes through csvField, which is also the one guard against
// formula injection (OWASP "CSV Injection"): a text cell that a spreadsheet would run as a
// formula goes out with a leading apostrophe. Only numbers the export itself writes (a
// JavaScript number or bigint, or a CsvNumber with fixed decimals) go out as they are, so
// they stay numbers a spreadsheet can sum; a number already turned into text is text.

/** The byte-order mark that tells a spreadsheet the file is UTF-8. */
export const CSV_BOM = '\uFEFF';

/**
 * A number the export writes with a fixed count of decimals ("1.50", "-63.6"): a numeric cell,
 * never escaped. Built only from a number, so no text can pass for one.
 */
export class CsvNumber {
  readonly text: string;
  constructor(
    value: number | bigint,
    /** Also the decimals the Excel file shows (xlsx.ts). */
    readonly fractionDigits?: number,
  ) {
    if (typeof value === 'bigint')
      this.text = fractionDigits ? `${value}.${'0'.repeat(fractionDigits)}` : value.toString();
    // A spreadsheet has no NaN or Infinity: an empty cell rather than a word.
    else if (!Number.isFinite(value)) this.text = '';
    else this.text = fractionDigits === undefined ? String(value) : value.toFixed(fractionDigits);
  }
}

/**
 * A date or a moment: the CSV writes `text` (as the business reads it), the Excel file a date
 * cell holding `wallClock`, the same day and time on the business's clock written as UTC (Excel's
 * dates have no time zone). Built by business-clock.ts.
 */
export class CsvDate {
  constructor(
    readonly text: string,
    readonly wallClock: Date,
    readonly withTime: boolean,
  ) {}
}

/** A numeric cell with fixed decimals: `csvNumber(1.5, 2)` is written "1.50". */
export const csvNumber = (value: number | bigint, fractionDigits?: number) => new CsvNumber(value, fractionDigits);

/** What a row may hold: text (neutralised when needed), numbers (written as numbers), dates, or nothing. */
export type CsvCell = string | number | bigint | CsvNumber | CsvDate | Date | null | undefined;

/**
 * The first characters of a formula: = + - @ and their full-width and small forms (Excel and
 * Calc in East Asian locales read them as the ASCII ones) and the minus sign, after any
 * leading whitespace or invisible characters, which spreadsheets skip.
 */
const FORMULA_START = /^[\s\p{Cc}\p{Cf}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B\u2212]/u;
/** A cell may not begin with a control character either: tab, CR, LF, NUL (OWASP, ASVS 1.2.10). */
const CONTROL_START = /^\p{Cc}/u;

/** Text as a spreadsheet must show it: a would-be formula gets a leading apostrophe. */
export function neutraliseFormula(text: string): string {
  return CONTROL_START.test(text) || FORMULA_START.test(text) ? `'${text}` : text;
}

function cellText(value: unknown): string {
  if (value instanceof CsvNumber) return value.text;
  if (value instanceof CsvDate) return value.text;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return neutraliseFormula(value instanceof Date ? value.toISOString() : String(value));
}

/** One quoted field. Anything that is not a number is text, and text is never a formula. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '""';
  return `"${cellText(value).replace(/"/g, '""')}"`;
}

/** One CSV line with its CRLF, for files written a batch at a time (streamed exports). */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

export function toCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [headers, ...rows].map((cells) => cells.map(csvField).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/**
 * Several tables in one file (a report's sections), each with its own header row, separated
 * by an empty line; one byte-order mark at the start.
 */
export function toCsvSections(
  sections: readonly { headers: readonly string[]; rows: readonly (readonly unknown[])[] }[],
): string {
  return `${CSV_BOM}${sections.map((s) => toCsv(s.headers, s.rows).slice(CSV_BOM.length)).join('\r\n')}`;
}
