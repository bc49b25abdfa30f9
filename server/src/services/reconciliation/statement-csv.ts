// Reading a bank's statement (docs/product/admin-payments-and-billing.md#reconciliation): the CSV
// as banks and spreadsheets write it, checked line by line with Spanish errors, and the reference
// key every comparison uses. Nothing here touches the database.
import { cutToCharacters, RECONCILIATION_MESSAGES as M, STATEMENT_MAX_LINES, parseDecimal } from '@casillero/shared';
import { headerKey, readCsvRecords } from '../../lib/csv-read';

/**
 * A reference as it is compared: letters and digits only, upper case, without leading zeros
 * (banks pad references with zeros; customers type them with dashes or spaces). The SQL twin is
 * referenceKeySql in db/schema/payments.ts (the unique index on approved references uses it too).
 */
export function referenceKey(reference: string): string {
  return reference
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .replace(/^0+/, '');
}

type StatementField = 'date' | 'reference' | 'description' | 'amount';

/** Header names as they are compared: lower case, no accents, letters only, no unit ("Monto (Bs.)"). */
function headerName(header: string): string {
  return headerKey(header, /(bs|ves)$/).replace(/en$/, '');
}

/** The names each column goes by in Spanish and English statements (compared by headerName). */
const HEADER_NAMES: Record<StatementField, string[]> = {
  date: [
    'fecha',
    'date',
    'fechavalor',
    'fechaoperacion',
    'fechadeoperacion',
    'fechamovimiento',
    'fechadelmovimiento',
    'transactiondate',
    'valuedate',
  ],
  reference: [
    'referencia',
    'reference',
    'ref',
    'nroreferencia',
    'nrodereferencia',
    'numeroreferencia',
    'numerodereferencia',
    'nreferencia',
    'referencenumber',
    'documento',
    'nrodocumento',
  ],
  description: ['descripcion', 'description', 'concepto', 'detalle', 'details'],
  amount: ['monto', 'amount', 'importe'],
};
const FIELD_BY_NAME = new Map(
  Object.entries(HEADER_NAMES).flatMap(([field, names]) => names.map((n) => [n, field as StatementField])),
);
const FIELDS: StatementField[] = ['date', 'reference', 'description', 'amount'];

/**
 * "05/03/2026", "5/3/2026" or "2026-03-05" (a time after it, as some banks write, is ignored) →
 * "2026-03-05"; null when it is not a real day.
 */
export function parseStatementDate(value: string): string | null {
  const text = value.trim().replace(/[ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?$/, '');
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const [y, m, d] = dmy ? [dmy[3], dmy[2], dmy[1]] : ymd ? [ymd[1], ymd[2], ymd[3]] : [];
  if (!y || !m || !d) return null;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < 2000 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * An amount in Bs. to signed céntimos: "1.234,56", "1234,56", "1234.56", "1,234.56", "-150,00",
 * "Bs. 1.234,56". With both separators the last one is the decimal one; with one kind only, it
 * is decimal when followed by one or two digits and groups thousands when followed by three.
 * Null when it is not such a number.
 */
export function parseVesAmount(value: string): number | null {
  let text = value.trim().replace(/\s+/g, '');
  let negative = false;
  const parenthesised = /^\((.*)\)$/.exec(text);
  if (parenthesised) {
    negative = true;
    text = parenthesised[1]!;
  }
  text = text.replace(/^(bs\.?|ves)/i, '');
  if (/^[-+]/.test(text)) {
    negative = negative !== (text[0] === '-');
    text = text.slice(1);
  } else if (/-$/.test(text)) {
    negative = !negative;
    text = text.slice(0, -1);
  }
  text = text.replace(/^(bs\.?|ves)/i, '');
  // The number itself as every number field reads it (docs/decisions/005); a bank writes at most two
  // decimals, so a lone separator before three digits groups thousands there ("1.234").
  const reading = parseDecimal(text, { decimals: 2, threeDigitsGroupThousands: true });
  if (reading.status !== 'number' || reading.digits.startsWith('-')) return null;
  const [integer, decimals = ''] = reading.digits.split('.');
  const centimos = Number(integer) * 100 + Number(decimals.padEnd(2, '0'));
  return negative && centimos !== 0 ? -centimos : centimos;
}

/** A credit of the statement, as read and checked. */
export type StatementLine = {
  line: number;
  movementDate: string;
  reference: string;
  referenceKey: string;
  description: string;
  vesCentimos: number;
};

export type ParsedStatement = {
  lines: StatementLine[];
  /** Negative amounts: money that left the account, never a customer's payment. */
  ignoredDebits: number;
  /** Spanish messages, each with its line and column when it has one. */
  errors: string[];
};

const MAX_DESCRIPTION = 300;
const MAX_REFERENCE = 60;

/**
 * Reads the statement: the delimiter (',' or ';'), a byte order mark, the headers of the first
 * line (Spanish or English, any case and accents), then every line, checked. Blank lines are
 * skipped; line numbers are the file's. Credits are kept, debits counted and ignored.
 */
export function parseStatement(csv: string): ParsedStatement {
  const result: ParsedStatement = { lines: [], ignoredDebits: 0, errors: [] };
  const errors = result.errors;
  const text = csv.replace(/^\uFEFF/, '');
  if (text.trim() === '') {
    errors.push(M.empty);
    return result;
  }

  const { records, unreadable } = readCsvRecords(text);
  for (const { line } of unreadable) errors.push(M.unreadableLine(line));

  const [header, ...data] = records;
  if (!header) {
    if (errors.length === 0) errors.push(M.empty);
    return result;
  }

  const columns: Partial<Record<StatementField, { index: number; header: string }>> = {};
  for (const [index, raw] of header.fields.entries()) {
    const field = FIELD_BY_NAME.get(headerName(raw));
    // The first of two columns for the same thing wins ("Fecha" before "Fecha valor").
    if (!field || columns[field]) continue;
    columns[field] = { index, header: raw };
  }
  if (FIELDS.some((f) => !columns[f])) {
    errors.push(M.missingColumns);
    return result;
  }
  if (data.length === 0) {
    errors.push(M.empty);
    return result;
  }
  if (data.length > STATEMENT_MAX_LINES) {
    errors.push(M.tooManyLines);
    return result;
  }

  for (const r of data) {
    const line = r.line;
    const get = (field: StatementField) => (r.fields[columns[field]!.index] ?? '').trim();
    const fail = (field: StatementField, problem: string) =>
      errors.push(M.lineError(line, columns[field]!.header, problem));

    const movementDate = parseStatementDate(get('date'));
    if (!movementDate) fail('date', M.badDate);
    const reference = get('reference');
    const key = referenceKey(reference);
    if (key === '') fail('reference', M.badReference);
    else if (reference.length > MAX_REFERENCE) fail('reference', M.referenceTooLong);
    const vesCentimos = parseVesAmount(get('amount'));
    if (vesCentimos === null) fail('amount', M.badAmount);

    if (!movementDate || key === '' || reference.length > MAX_REFERENCE || vesCentimos === null) continue;
    if (vesCentimos <= 0) {
      result.ignoredDebits++;
      continue;
    }
    result.lines.push({
      line,
      movementDate,
      reference,
      referenceKey: key,
      description: cutToCharacters(get('description'), MAX_DESCRIPTION),
      vesCentimos,
    });
  }
  if (errors.length === 0 && result.lines.length === 0) errors.push(M.noCredits);
  return result;
}
