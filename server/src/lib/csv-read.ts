// Reading CSV files people upload (carrier manifests, bank statements): exported from a
// spreadsheet with ',' or ';', headers in Spanish or English with accents and units.

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
