// Reading the customs broker's file (docs/product/customs.md#settled-against-what-customs-charged):
// a CSV with the guía (or the shipment's code) and what customs charged it in USD. Each line is
// checked with a Spanish error naming it; a guía twice in the file is an error (each guía is settled
// once). Nothing here touches the database.
import { CUSTOMS_SETTLEMENT_MESSAGES as M, SETTLEMENT_MAX_LINES, parseDecimal } from '@casillero/shared';
import { headerKey, readCsvRecords } from '../../lib/csv-read';

type Field = 'guia' | 'amount';

/** The names each column goes by (compared without accents, case, units or punctuation). */
const HEADER_NAMES: Record<Field, string[]> = {
  guia: ['guia', 'nroguia', 'numeroguia', 'guiaaerea', 'awb', 'hawb', 'envio', 'shipment', 'codigo', 'tracking'],
  amount: [
    'montousd',
    'monto',
    'pagado',
    'pagadousd',
    'impuestos',
    'impuestosusd',
    'total',
    'totalusd',
    'amount',
    'usd',
  ],
};
const FIELD_BY_NAME = new Map(
  Object.entries(HEADER_NAMES).flatMap(([field, names]) => names.map((n) => [n, field as Field])),
);

/** A guía as it is compared: letters and digits only, upper case ("sh-0012 " → "SH0012"). */
export const guiaKey = (guia: string) => guia.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

/** "12,34", "12.34", "1.234,56", "$ 12,34" → 1234 cents; null when not an amount ≥ 0 with at most two decimals. */
export function parseUsdAmount(value: string): number | null {
  const text = value
    .trim()
    .replace(/\s+/g, '')
    .replace(/^(us)?\$|^usd/i, '');
  const reading = parseDecimal(text, { decimals: 2, threeDigitsGroupThousands: true });
  if (reading.status !== 'number' || reading.digits.startsWith('-')) return null;
  const [integer, decimals = ''] = reading.digits.split('.');
  const cents = Number(integer) * 100 + Number(decimals.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

export type BrokerLine = { line: number; guia: string; key: string; paidUsdCents: number };
export type ParsedBrokerFile = { lines: BrokerLine[]; errors: string[] };

export function parseBrokerFile(csv: string): ParsedBrokerFile {
  const result: ParsedBrokerFile = { lines: [], errors: [] };
  const { errors } = result;
  const text = csv.replace(/^\uFEFF/, '');
  if (text.trim() === '') return { lines: [], errors: [M.empty] };
  const { records, unreadable } = readCsvRecords(text);
  for (const { line } of unreadable) errors.push(M.unreadableLine(line));
  const [header, ...data] = records;
  if (!header) return { lines: [], errors: errors.length ? errors : [M.empty] };
  const columns: Partial<Record<Field, number>> = {};
  for (const [index, raw] of header.fields.entries()) {
    // "Monto (USD)", "monto_usd", "Monto USD": the name as written, else without its unit.
    const name = headerKey(raw, /$^/);
    const f = FIELD_BY_NAME.get(name) ?? FIELD_BY_NAME.get(name.replace(/usd$/, ''));
    if (f && columns[f] === undefined) columns[f] = index;
  }
  if (columns.guia === undefined || columns.amount === undefined) return { lines: [], errors: [M.missingColumns] };
  if (data.length === 0) return { lines: [], errors: [...errors, M.empty] };
  if (data.length > SETTLEMENT_MAX_LINES) return { lines: [], errors: [M.tooManyLines] };
  const firstLine = new Map<string, number>();
  for (const r of data) {
    const guia = (r.fields[columns.guia] ?? '').trim();
    const rawAmount = (r.fields[columns.amount] ?? '').trim();
    const key = guiaKey(guia);
    if (key === '') {
      errors.push(M.badGuia(r.line));
      continue;
    }
    const paidUsdCents = parseUsdAmount(rawAmount);
    if (paidUsdCents === null) {
      errors.push(M.badAmount(r.line, rawAmount));
      continue;
    }
    const first = firstLine.get(key);
    if (first !== undefined) {
      errors.push(M.duplicated(r.line, guia, first));
      continue;
    }
    firstLine.set(key, r.line);
    result.lines.push({ line: r.line, guia, key, paidUsdCents });
  }
  return result;
}
