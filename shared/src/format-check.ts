// What the tests look for in a rendered page, an e-mail or a PDF: numbers written in another
// convention than es-VE (docs/product/formats.md). Not used by the app; kept here so the browser
// walk and the server's tests read text with the same rules.

/**
 * One rule: a name saying what is wrong, and a pattern precise enough that a WR number
 * (WR-2026-1000123), a tracking number, a date (05/03/2026), a time, a phone number or a grouped
 * es-VE number ("1.250 kg", "$1.234,50") never matches.
 */
export type ForeignNumberRule = { name: string; pattern: RegExp };

/** A number not preceded by another digit, separator or letter (not the tail of a code). */
const START = String.raw`(?<![\p{L}\d.,\-/])`;

export const FOREIGN_NUMBER_RULES: readonly ForeignNumberRule[] = [
  { name: 'US$ (es-ES); es-VE writes $38,50', pattern: /US\$|\d[ \u00a0]?USD\b/gu },
  // "$38.50", "$0.5": a decimal point after the dollar sign (a grouped "$1.234,50" has 3 digits after it).
  { name: 'dólares con punto decimal', pattern: /\$[ \u00a0]?\d+\.(?:\d{1,2}|\d{4,})(?![\d.,])/gu },
  // "38,50 $" or "38,50$": the sign after the amount.
  { name: 'signo $ después del monto', pattern: new RegExp(`${START}\\d+(?:[.,]\\d+)*[ \\u00a0]?\\$(?!\\{)`, 'gu') },
  // "Bs. 6560,00" (no thousands dot) and "Bs. 456.25" (decimal point).
  { name: 'Bs. sin punto de miles', pattern: /Bs\.?[ \u00a0]?\d{4,}(?!\d)/gu },
  { name: 'Bs. con punto decimal', pattern: /Bs\.?[ \u00a0]?\d{1,3}(?:\.\d{3})*\.\d{2}(?!\d)/gu },
  // "343.11 kg", "2.5 lb", "12.5 %", "30.5 cm": a decimal point before a unit.
  {
    name: 'punto decimal antes de la unidad',
    pattern: new RegExp(`${START}\\d+\\.(?:\\d{1,2}|\\d{4,})[ \\u00a0]?(?:kg|lb|cm|%|ft³|CBM)(?![\\p{L}\\d])`, 'gu'),
  },
  // "1,234.50": English thousands with a decimal point.
  { name: 'miles en inglés (1,234.50)', pattern: new RegExp(`${START}\\d{1,3}(?:,\\d{3})+\\.\\d{1,2}(?!\\d)`, 'gu') },
  // "5000 kg", "12345 Bs": a figure of five digits or more with a unit and no thousands dot.
  {
    name: 'cifra sin punto de miles',
    pattern: new RegExp(
      `${START}\\d{5,}(?:,\\d+)?[ \\u00a0]?(?:kg|lb|%|paquetes|envíos|trackings)(?![\\p{L}\\d])`,
      'gu',
    ),
  },
];

export type ForeignNumber = { rule: string; match: string; context: string };

/** Every number in `text` written in another convention, with 30 characters around it. */
export function findForeignNumbers(text: string): ForeignNumber[] {
  const found: ForeignNumber[] = [];
  for (const { name, pattern } of FOREIGN_NUMBER_RULES) {
    for (const m of text.matchAll(pattern)) {
      const at = m.index ?? 0;
      const context = text.slice(Math.max(0, at - 30), at + m[0].length + 30).replace(/\s+/g, ' ');
      found.push({ rule: name, match: m[0], context });
    }
  }
  return found;
}
