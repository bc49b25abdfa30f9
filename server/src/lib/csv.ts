// CSV that spreadsheets open correctly with Spanish text: UTF-8 with a byte-order mark,
// comma separated, CRLF line ends, every field quoted with quotes doubled.

const BOM = '\uFEFF';

export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '""';
  const text = value instanceof Date ? value.toISOString() : String(value);
  // A leading = + - @ would run as a formula in a spreadsheet: keep it as text.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [headers, ...rows].map((cells) => cells.map(csvField).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/**
 * Several tables in one file (a report's sections), each with its own header row, separated
 * by an empty line; one byte-order mark at the start.
 */
export function toCsvSections(sections: readonly { headers: readonly string[]; rows: readonly (readonly unknown[])[] }[]): string {
  return `${BOM}${sections.map((s) => toCsv(s.headers, s.rows).slice(BOM.length)).join('\r\n')}`;
}
