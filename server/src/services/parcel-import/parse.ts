// Reading a manifest (docs/product/warehouse-intake.md#manifest-import): the CSV as carriers and
// spreadsheets write it, its headers in Spanish or English, every row checked field by field.
// Nothing here looks in the database; check.ts decides each row's owner.
import {
  CARRIERS,
  IMPORT_MAX_DECIMALS,
  IMPORT_MAX_DIMENSION_CM,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_WEIGHT_KG,
  IMPORT_MESSAGES as M,
  detectCarrier,
  cleanTrackingNumber,
  parseDecimal,
  trackingKey,
  trackingNumberProblem,
  type ImportError,
  type ImportField,
} from '@casillero/shared';
import { detectDelimiter, headerKey, readCsvRecords } from '../../lib/csv-read';

/** Header names as they are compared: lower case, no accents, letters and digits only, no unit. */
function headerName(header: string): string {
  return headerKey(header, /(kgs?|lbs?|libras|cm|en)$/);
}

/** The names each column goes by in Spanish and English manifests (compared by headerName). */
const HEADER_NAMES: Record<ImportField, string[]> = {
  tracking: [
    'tracking',
    'trackingnumber',
    'trackingno',
    'trackingnum',
    'tracking#',
    'numerodetracking',
    'numerotracking',
    'nrotracking',
    'nrodetracking',
    'ndetracking',
    'notracking',
    'guia',
    'numerodeguia',
    'numeroguia',
    'nguia',
    'nrodeguia',
    'nroguia',
    'trackingid',
  ],
  carrier: ['carrier', 'transportista', 'courier', 'transportadora', 'empresadetransporte'],
  mailboxCode: [
    'casillero',
    'codigodecasillero',
    'codigocasillero',
    'codcasillero',
    'nrocasillero',
    'mailbox',
    'mailboxcode',
    'suite',
    'locker',
  ],
  description: ['descripcion', 'description', 'contenido', 'content', 'contents', 'desc'],
  weight: ['peso', 'weight', 'pesoreal', 'actualweight'],
  dimensions: ['dimensiones', 'dimensions', 'medidas', 'dims', 'dimension', 'dimensionslxwxh', 'dimensioneslxaxh'],
  length: ['largo', 'length', 'longitud'],
  width: ['ancho', 'width'],
  height: ['alto', 'height', 'altura'],
};
const FIELD_BY_NAME = new Map(
  Object.entries(HEADER_NAMES).flatMap(([field, names]) => names.map((n) => [n, field as ImportField])),
);

/** A weight column whose header names pounds is converted (Miami manifests often weigh in lb). */
const POUNDS_HEADER = /\b(lbs?|libras?|pounds?)\b|(lbs?|libras)$/i;
const KG_PER_LB = 0.45359237;

/**
 * "1,5", "1.5", "1.234,5", "2 kg" read as every number field reads them (docs/decisions/005): the
 * number, or why not. `notANumber` is the column's own text for what is no number at all; a
 * number that could be read two ways ("1.500") or has too many decimals says so.
 */
function readNumber(value: string, notANumber: string): { value: number } | { error: string } {
  const reading = parseDecimal(value, { decimals: IMPORT_MAX_DECIMALS, affixes: ['kgs', 'kg', 'cm'] });
  if (reading.status === 'number') return { value: reading.value };
  return { error: reading.status === 'refused' && reading.reason !== 'unreadable' ? reading.message : notANumber };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const cm = (n: number) => String(round2(n));

/** A row as read and checked, before anyone looks in the database. */
export type ManifestRow = {
  line: number;
  trackingNumber: string;
  key: string;
  carrier: string | null;
  mailboxCode: string | null;
  description: string | null;
  weightKg: number | null;
  dimensionsCm: string | null;
  /** Its errors are in the file's list; the row is shown and never imported. */
  hasError: boolean;
  /** The line where the same number first appeared in the file. */
  duplicateOf: number | null;
  /** The row's fields as the file has them (for the file of rejected rows). */
  fields: string[];
};

export type ParsedManifest = {
  delimiter: ',' | ';' | null;
  weightUnit: 'kg' | 'lb';
  ignoredColumns: string[];
  rows: ManifestRow[];
  errors: ImportError[];
  /** Where each field's column is, and its header as written (for the error's column). */
  columns: Partial<Record<ImportField, { index: number; header: string }>>;
  /** The first line's headers as written. */
  headers: string[];
  /** The file's lines as written, for the lines that could not be read as CSV. */
  lines: string[];
};

/**
 * Reads the CSV: the delimiter (',' or ';'), the headers of the first line (Spanish or English,
 * any case and accents), then every row, checked field by field. Blank lines, and lines whose
 * fields are all empty (spreadsheets write ";;;"), are skipped; the line numbers are the file's.
 */
export function parseManifest(csv: string): ParsedManifest {
  const errors: ImportError[] = [];
  const text = csv.replace(/^\uFEFF/, '');
  const result: ParsedManifest = {
    delimiter: null,
    weightUnit: 'kg',
    ignoredColumns: [],
    rows: [],
    errors,
    columns: {},
    headers: [],
    lines: [],
  };
  if (text.trim() === '') {
    errors.push({ line: null, column: null, message: M.fileEmpty });
    return result;
  }
  const delimiter = detectDelimiter(text);
  result.delimiter = delimiter;
  result.lines = text.split(/\r?\n/);

  const { records, unreadable } = readCsvRecords(text, delimiter);
  for (const s of unreadable) {
    const quotes = /QUOTE/.test(s.code);
    errors.push({ line: s.line || null, column: null, message: quotes ? M.badQuotes : M.unreadableLine });
  }

  const [header, ...data] = records;
  if (!header) {
    errors.push({ line: null, column: null, message: M.fileEmpty });
    return result;
  }

  const headers = header.fields;
  result.headers = headers;
  for (const [index, raw] of headers.entries()) {
    const field = FIELD_BY_NAME.get(headerName(raw));
    if (!field) {
      if (raw !== '') result.ignoredColumns.push(raw);
      continue;
    }
    if (result.columns[field]) {
      errors.push({ line: header.line, column: raw, message: M.duplicateColumn(raw) });
      continue;
    }
    result.columns[field] = { index, header: raw };
    if (field === 'weight' && POUNDS_HEADER.test(raw)) result.weightUnit = 'lb';
  }
  const cols = result.columns;
  if (!cols.tracking) errors.push({ line: header.line, column: null, message: M.missingTrackingColumn });
  if (!cols.weight) errors.push({ line: header.line, column: null, message: M.missingWeightColumn });
  const sides = [cols.length, cols.width, cols.height].filter(Boolean).length;
  if (sides > 0 && sides < 3 && !cols.dimensions)
    errors.push({ line: header.line, column: null, message: M.partialDimensionColumns });
  if (errors.some((e) => e.line === header.line)) return result;

  if (data.length === 0) {
    errors.push({ line: null, column: null, message: M.noRowsInFile });
    return result;
  }
  if (data.length > IMPORT_MAX_ROWS) {
    errors.push({ line: null, column: null, message: M.tooManyRows(data.length) });
    return result;
  }

  const firstLineOf = new Map<string, number>();
  for (const r of data) {
    const line = r.line;
    const fields = r.fields;
    let hasError = false;
    const fail = (field: ImportField | null, message: string) => {
      hasError = true;
      errors.push({ line, column: field ? (cols[field]?.header ?? null) : null, message });
    };
    // A spreadsheet's trailing empty fields are harmless; any other count is a broken line.
    const expected = headers.length;
    const found = fields.length > expected && fields.slice(expected).every((f) => f === '') ? expected : fields.length;
    if (found !== expected) fail(null, M.wrongFieldCount(found, expected));
    const get = (field: ImportField) => {
      const col = cols[field];
      return col ? (fields[col.index] ?? '').trim() : '';
    };
    if (fields.some((f) => f.includes('\uFFFD'))) fail(null, M.invalidCharacter);

    const rawTracking = get('tracking');
    const trackingNumber = cleanTrackingNumber(rawTracking);
    const key = trackingKey(trackingNumber);
    const trackingProblem = trackingNumberProblem(trackingNumber);
    if (rawTracking === '') fail('tracking', M.trackingRequired);
    else if (/^\d+([.,]\d+)?E\+\d+$/i.test(rawTracking)) fail('tracking', M.trackingScientific);
    else if (trackingProblem) fail('tracking', trackingProblem);

    const rawWeight = get('weight');
    let weightKg: number | null = null;
    if (rawWeight === '') fail('weight', M.weightRequired);
    else {
      const read = readNumber(rawWeight, M.weightNotNumber(rawWeight));
      if ('error' in read) fail('weight', read.error);
      else {
        const kg = round2(result.weightUnit === 'lb' ? read.value * KG_PER_LB : read.value);
        if (kg <= 0) fail('weight', M.weightNotPositive);
        else if (kg > IMPORT_MAX_WEIGHT_KG) fail('weight', M.weightTooLarge);
        else weightKg = kg;
      }
    }

    let dimensionsCm: string | null = null;
    const rawDims = get('dimensions');
    if (rawDims !== '') {
      const m = /^([\d.,]+)\s*[x×*]\s*([\d.,]+)\s*[x×*]\s*([\d.,]+)\s*(cm)?$/i.exec(rawDims);
      const sides = m
        ? [m[1]!, m[2]!, m[3]!].map((v) => readNumber(v, M.dimensionsInvalid(rawDims)))
        : [{ error: M.dimensionsInvalid(rawDims) }];
      const refusal = sides.find((r): r is { error: string } => 'error' in r);
      const sizes = sides.flatMap((r) => ('value' in r ? [r.value] : []));
      if (refusal) fail('dimensions', refusal.error);
      else if (sizes.some((s) => !(s > 0))) fail('dimensions', M.dimensionsInvalid(rawDims));
      else if (sizes.some((s) => s > IMPORT_MAX_DIMENSION_CM)) fail('dimensions', M.dimensionTooLarge);
      else dimensionsCm = sizes.map(cm).join('x');
    } else if (cols.length && cols.width && cols.height) {
      const sides3 = (['length', 'width', 'height'] as const).map((f) => ({ f, raw: get(f) }));
      const given = sides3.filter((s) => s.raw !== '');
      if (given.length > 0 && given.length < 3) fail(sides3.find((s) => s.raw === '')!.f, M.dimensionsIncomplete);
      else if (given.length === 3) {
        const sizes: number[] = [];
        for (const s of sides3) {
          const read = readNumber(s.raw, M.dimensionNotNumber(s.raw));
          if ('error' in read) fail(s.f, read.error);
          else if (!(read.value > 0)) fail(s.f, M.dimensionNotNumber(s.raw));
          else if (read.value > IMPORT_MAX_DIMENSION_CM) fail(s.f, M.dimensionTooLarge);
          else sizes.push(read.value);
        }
        if (sizes.length === 3) dimensionsCm = sizes.map(cm).join('x');
      }
    }

    const rawCarrier = get('carrier');
    if (rawCarrier.length > 50) fail('carrier', M.carrierTooLong);
    const carrier = rawCarrier
      ? (CARRIERS.find((c) => c.toLowerCase() === rawCarrier.toLowerCase()) ?? rawCarrier)
      : detectCarrier(trackingNumber);
    const mailboxCode = get('mailboxCode').toUpperCase() || null;
    if (mailboxCode && mailboxCode.length > 50) fail('mailboxCode', M.mailboxCodeTooLong);
    const description = get('description') || null;
    if (description && description.length > 500) fail('description', M.descriptionTooLong);

    let duplicateOf: number | null = null;
    if (key !== '') {
      const first = firstLineOf.get(key);
      if (first === undefined) firstLineOf.set(key, line);
      else duplicateOf = first;
    }
    result.rows.push({
      line,
      trackingNumber,
      key,
      carrier: carrier && carrier.length <= 50 ? carrier : null,
      mailboxCode: mailboxCode && mailboxCode.length <= 50 ? mailboxCode : null,
      description: description && description.length <= 500 ? description : null,
      weightKg,
      dimensionsCm,
      hasError,
      duplicateOf,
      fields,
    });
  }
  return result;
}
