// CSV that spreadsheets open correctly with Spanish text: UTF-8 with a byte-order mark,
// comma separated, CRLF line ends, every field quoted with quotes doubled.

/** The byte-order mark that tells a spreadsheet the file is UTF-8. */
export const CSV_BOM = '\uFEFF';

export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '""';
  const text = value instanceof Date ? value.toISOString() : String(value);
  // A leading = + - @ would run as a formula in a spreadsheet: keep it as text.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
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
export function toCsvSections(sections: readonly { headers: readonly string[]; rows: readonly (readonly unknown[])[] }[]): string {
  return `${CSV_BOM}${sections.map((s) => toCsv(s.headers, s.rows).slice(CSV_BOM.length)).join('\r\n')}`;
}
