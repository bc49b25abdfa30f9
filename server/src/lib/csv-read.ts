// Reading CSV files people upload (carrier manifests, bank statements): exported from a
// spreadsheet with ',' or ';', headers in Spanish or English with accents and units.
import { parse } from 'csv-parse/sync';

/** The delimiter of the first line that has one: ';' when it has more of them than ',' (outside quotes). */
export function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
    else if (!quoted && ch === '\n' && commas + semicolons > 0) break;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * A header as it is compared: lower case, no accents, letters and digits only, without what is
 * in brackets and without the `unit` suffix the file may add ("Peso (kg)", "Monto Bs").
 */
export function headerKey(header: string, unit: RegExp): string {
  return header
    .replace(/\(.*?\)|\[.*?\]/g, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .replace(unit, '');
}

/** A record of an uploaded CSV, with the line it starts on (a quoted field may span lines). */
export type CsvRecord = { line: number; fields: string[] };

/**
 * The records of an uploaded CSV (its delimiter detected, fields trimmed, blank lines and records
 * with no field left out) and the lines that could not be read, each with csv-parse's error code
 * (`…QUOTE…` for a broken quote). One unreadable line does not stop the others.
 */
export function readCsvRecords(text: string, delimiter: ',' | ';' = detectDelimiter(text)) {
  type Parsed = { info: { lines: number }; record: string[] };
  let parsed: Parsed[] = [];
  const unreadable: { line: number; code: string }[] = [];
  try {
    parsed = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      trim: true,
      info: true,
      on_skip: (err) => {
        if (err) unreadable.push({ line: Number(err.lines) || 0, code: err.code });
        return undefined;
      },
    }) as unknown as Parsed[];
  } catch (err) {
    const e = err as { code?: string; lines?: number };
    unreadable.push({ line: Number(e.lines) || 0, code: e.code ?? 'CSV_UNKNOWN_ERROR' });
  }
  const records: CsvRecord[] = parsed
    .filter((r) => r.record.some((f) => f !== ''))
    .map((r) => ({
      line: r.info.lines - r.record.reduce((n, f) => n + (f.match(/\n/g)?.length ?? 0), 0),
      fields: r.record,
    }));
  return { records, unreadable };
}
