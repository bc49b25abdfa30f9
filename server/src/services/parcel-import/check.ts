// The manifest import (docs/product/warehouse-intake.md#manifest-import): a carrier's manifest or a spreadsheet exported as CSV,
// read, checked and, on "Importar", received in one transaction. The dry run and the import run
// the same code: parse, check every row, find each number's owner with the ownership rules of
// reception (server/src/queries/reception.ts: already received → pending package → pre-alerts of
// exactly one customer → tracking → casillero code → "sin dueño"), but set-based: two queries for
// the whole file, whatever its size, and one INSERT … SELECT statement to receive it.
import { createHash, randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { desc, eq, sql } from 'drizzle-orm';
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
  type ImportPreview,
  type ImportPreviewRow,
  type ImportResult,
  type ImportRowAction,
  type ImportSummary,
  type ParcelImportInput,
  formatDecimal,
} from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../../db/client';
import { parcelImports } from '../../db/schema';
import { OPEN_PREALERT_STATUSES_SQL } from '../../queries/reception';
import { CUSTOMER_WAREHOUSE_PATH } from '../prealerts';
import { notifyEach } from '../notify';
import { nextWarehouseReceiptSql } from '../warehouse-receipt';
import { detectDelimiter, headerKey } from '../../lib/csv-read';
import { toCsv } from '../../lib/csv';
import { DomainError } from '../../lib/domain-error';

// --- Reading the file ----------------------------------------------------------------------------

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

  type Parsed = { info: { lines: number }; record: string[] };
  let records: Parsed[] = [];
  const skipped: { line: number; code: string }[] = [];
  try {
    records = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      trim: true,
      info: true,
      on_skip: (err) => {
        if (err) skipped.push({ line: Number(err.lines) || 0, code: err.code });
        return undefined;
      },
    }) as unknown as Parsed[];
  } catch (err) {
    const e = err as { code?: string; lines?: number };
    skipped.push({ line: Number(e.lines) || 0, code: e.code ?? 'CSV_UNKNOWN_ERROR' });
  }
  for (const s of skipped) {
    const quotes = /QUOTE/.test(s.code);
    errors.push({ line: s.line || null, column: null, message: quotes ? M.badQuotes : M.unreadableLine });
  }

  // The line a record starts on (a quoted field may span lines).
  const startLine = (r: Parsed) => r.info.lines - r.record.reduce((n, f) => n + (f.match(/\n/g)?.length ?? 0), 0);
  const nonBlank = records.filter((r) => r.record.some((f) => f !== ''));
  const [header, ...data] = nonBlank;
  if (!header) {
    errors.push({ line: null, column: null, message: M.fileEmpty });
    return result;
  }

  const headers = header.record;
  result.headers = headers;
  for (const [index, raw] of headers.entries()) {
    const field = FIELD_BY_NAME.get(headerName(raw));
    if (!field) {
      if (raw !== '') result.ignoredColumns.push(raw);
      continue;
    }
    if (result.columns[field]) {
      errors.push({ line: startLine(header), column: raw, message: M.duplicateColumn(raw) });
      continue;
    }
    result.columns[field] = { index, header: raw };
    if (field === 'weight' && POUNDS_HEADER.test(raw)) result.weightUnit = 'lb';
  }
  const cols = result.columns;
  if (!cols.tracking) errors.push({ line: startLine(header), column: null, message: M.missingTrackingColumn });
  if (!cols.weight) errors.push({ line: startLine(header), column: null, message: M.missingWeightColumn });
  const sides = [cols.length, cols.width, cols.height].filter(Boolean).length;
  if (sides > 0 && sides < 3 && !cols.dimensions)
    errors.push({ line: startLine(header), column: null, message: M.partialDimensionColumns });
  if (errors.some((e) => e.line === startLine(header))) return result;

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
    const line = startLine(r);
    const fields = r.record;
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

// --- Who each number belongs to ------------------------------------------------------------------

/** What the database says about one row's number and casillero code. */
type Found = {
  line: number;
  receivedWr: string | null;
  received: boolean;
  pendingPackageId: string | null;
  pendingUserId: string | null;
  pendingMailboxId: string | null;
  pendingDescription: string | null;
  pendingSender: string | null;
  pendingTrackingId: string | null;
  prealertOwners: number;
  prealertUserId: string | null;
  prealertMailboxId: string | null;
  prealertDescription: string | null;
  prealertSender: string | null;
  trackingId: string | null;
  trackingUserId: string | null;
  trackingMailboxId: string | null;
  trackingDescription: string | null;
  trackingSender: string | null;
  codeMailboxId: string | null;
  codeUserId: string | null;
  codeActive: boolean | null;
};

/** The package a claimed row becomes, or the "sin dueño" intake of an unclaimed one. */
export type PlannedRow = {
  row: ManifestRow;
  source: 'package' | 'prealert' | 'tracking' | 'mailbox' | null;
  userId: string | null;
  mailboxId: string | null;
  mailboxCode: string | null;
  customerName: string | null;
  pendingPackageId: string | null;
  trackingId: string | null;
  description: string;
  senderName: string | null;
};

export type ManifestCheck = {
  parsed: ParsedManifest;
  /** Per line: what happens. */
  actions: Map<number, ImportRowAction>;
  /** The rows to receive, in file order. */
  planned: PlannedRow[];
  errors: ImportError[];
};

const jsonParam = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Rules 1–5 for every candidate row in one query: lateral lookups through the tracking_key()
 * expression indexes, and the casillero codes by the mailbox_code unique index (codes are stored
 * in upper case, as activeMailboxByCode reads them).
 */
async function lookUp(db: DbOrTx, rows: ManifestRow[]): Promise<Map<number, Found>> {
  if (rows.length === 0) return new Map();
  const input = rows.map((r) => ({ line: r.line, key: r.key, code: r.mailboxCode }));
  const found = rowsOf<Found>(
    await db.execute(sql`
      select i.line,
        rcv.wr as "receivedWr", coalesce(rcv.found, false) as "received",
        pend.id as "pendingPackageId", pend.user_id as "pendingUserId", pend.mailbox_id as "pendingMailboxId",
        pend.package_description as "pendingDescription", pend.sender_name as "pendingSender", pend.tracking_id as "pendingTrackingId",
        (select count(distinct p.user_id)::int from prealerts p
           where tracking_key(p.tracking_number) = i.key and p.status in ${OPEN_PREALERT_STATUSES_SQL}) as "prealertOwners",
        pa.user_id as "prealertUserId", pa.mailbox_id as "prealertMailboxId", pa.description as "prealertDescription",
        pa.sender_name as "prealertSender",
        tr.id as "trackingId", tr.user_id as "trackingUserId", tr.mailbox_id as "trackingMailboxId",
        tr.description as "trackingDescription", tr.sender_name as "trackingSender",
        mb.id as "codeMailboxId", mb.user_id as "codeUserId", (mb.status = 'active') as "codeActive"
      from jsonb_to_recordset(${jsonParam(input)}) as i(line int, key text, code text)
      left join lateral (
        select true as found, x.wr from (
          select pi.warehouse_receipt as wr, 1 as o, pi.received_at as at from parcel_intakes pi where pi.tracking_key = i.key
          union all
          select p.warehouse_receipt, 2, p.received_date from packages p
            where tracking_key(p.tracking_number) = i.key and p.received_date is not null
        ) x order by x.o, x.at desc limit 1
      ) rcv on true
      left join lateral (
        select p.id, p.user_id, p.mailbox_id, p.package_description, p.sender_name, p.tracking_id from packages p
        where tracking_key(p.tracking_number) = i.key and p.received_date is null and p.status = 'pending'
        order by p.created_at desc, p.id desc limit 1
      ) pend on true
      left join lateral (
        select p.user_id, p.mailbox_id, p.description, p.sender_name from prealerts p
        where tracking_key(p.tracking_number) = i.key and p.status in ${OPEN_PREALERT_STATUSES_SQL}
        order by p.created_at, p.id limit 1
      ) pa on true
      left join lateral (
        select t.id, t.user_id, t.mailbox_id, t.description, t.sender_name from trackings t
        where tracking_key(t.tracking_number) = i.key
        order by t.created_at desc, t.id desc limit 1
      ) tr on true
      left join mailboxes mb on mb.mailbox_code = i.code
    `),
  );
  return new Map(found.map((f) => [f.line, f]));
}

/** Per owner: the casillero it goes to, the customer's name and their tracking of the number. */
type OwnerDetails = {
  line: number;
  mailboxId: string | null;
  mailboxCode: string | null;
  customerName: string | null;
  linkedTrackingId: string | null;
};

async function ownerDetails(
  db: DbOrTx,
  owners: { line: number; userId: string; preferredMailboxId: string | null; key: string }[],
) {
  if (owners.length === 0) return new Map<number, OwnerDetails>();
  const rows = rowsOf<OwnerDetails>(
    await db.execute(sql`
      select o.line, mb.id as "mailboxId", mb.mailbox_code as "mailboxCode",
        coalesce(up.full_name, u.email) as "customerName", tr.id as "linkedTrackingId"
      from jsonb_to_recordset(${jsonParam(owners)}) as o(line int, "userId" uuid, "preferredMailboxId" uuid, key text)
      join users u on u.id = o."userId"
      left join user_profiles up on up.user_id = u.id
      left join lateral (
        select m.id, m.mailbox_code from mailboxes m where m.user_id = o."userId"
        order by (m.id = o."preferredMailboxId") is true desc, (m.status = 'active') desc, m.created_at, m.id limit 1
      ) mb on true
      left join lateral (
        select t.id from trackings t
        where t.user_id = o."userId" and (
          tracking_key(t.tracking_number) = o.key
          or t.prealert_id in (select p.id from prealerts p where p.user_id = o."userId"
                                 and tracking_key(p.tracking_number) = o.key and p.status in ${OPEN_PREALERT_STATUSES_SQL})
        )
        order by t.created_at desc, t.id desc limit 1
      ) tr on true
    `),
  );
  return new Map(rows.map((r) => [r.line, r]));
}

/** Parses, checks and decides every row: the dry run's whole answer, and what the import acts on. */
export async function checkManifest(db: DbOrTx, csv: string): Promise<ManifestCheck> {
  const parsed = parseManifest(csv);
  const errors = [...parsed.errors];
  const actions = new Map<number, ImportRowAction>();
  const candidates: ManifestRow[] = [];
  for (const row of parsed.rows) {
    if (row.hasError) actions.set(row.line, { kind: 'error' });
    else if (row.duplicateOf !== null) actions.set(row.line, { kind: 'duplicate', firstLine: row.duplicateOf });
    else candidates.push(row);
  }

  const found = await lookUp(db, candidates);
  type Decided = {
    row: ManifestRow;
    source: PlannedRow['source'];
    userId: string | null;
    preferredMailboxId: string | null;
    pendingPackageId: string | null;
    trackingId: string | null;
    description: string | null;
    senderName: string | null;
  };
  const decided: Decided[] = [];
  const codeColumn = parsed.columns.mailboxCode?.header ?? null;
  for (const row of candidates) {
    const f = found.get(row.line)!;
    // A code that names no active casillero is a mistake in the file, whoever the owner is.
    if (row.mailboxCode && !f.codeMailboxId) {
      errors.push({ line: row.line, column: codeColumn, message: M.mailboxUnknown(row.mailboxCode) });
      actions.set(row.line, { kind: 'error' });
      continue;
    }
    if (row.mailboxCode && !f.codeActive) {
      errors.push({ line: row.line, column: codeColumn, message: M.mailboxInactive(row.mailboxCode) });
      actions.set(row.line, { kind: 'error' });
      continue;
    }
    if (f.received) {
      actions.set(row.line, { kind: 'alreadyReceived', warehouseReceipt: f.receivedWr });
      continue;
    }
    const base = { row, pendingPackageId: null, trackingId: null, description: null, senderName: null };
    if (f.pendingPackageId) {
      decided.push({
        ...base,
        source: 'package',
        userId: f.pendingUserId,
        preferredMailboxId: f.pendingMailboxId,
        pendingPackageId: f.pendingPackageId,
        trackingId: f.pendingTrackingId,
        description: f.pendingDescription,
        senderName: f.pendingSender,
      });
    } else if (f.prealertOwners > 1) {
      decided.push({ ...base, source: null, userId: null, preferredMailboxId: null });
    } else if (f.prealertOwners === 1) {
      decided.push({
        ...base,
        source: 'prealert',
        userId: f.prealertUserId,
        preferredMailboxId: f.prealertMailboxId,
        description: f.prealertDescription,
        senderName: f.prealertSender,
      });
    } else if (f.trackingId) {
      decided.push({
        ...base,
        source: 'tracking',
        userId: f.trackingUserId,
        preferredMailboxId: f.trackingMailboxId,
        trackingId: f.trackingId,
        description: f.trackingDescription,
        senderName: f.trackingSender,
      });
    } else if (f.codeMailboxId) {
      decided.push({ ...base, source: 'mailbox', userId: f.codeUserId, preferredMailboxId: f.codeMailboxId });
    } else {
      decided.push({ ...base, source: null, userId: null, preferredMailboxId: null });
    }
  }

  const details = await ownerDetails(
    db,
    decided
      .filter((d) => d.userId)
      .map((d) => ({ line: d.row.line, userId: d.userId!, preferredMailboxId: d.preferredMailboxId, key: d.row.key })),
  );
  const planned: PlannedRow[] = [];
  for (const d of decided) {
    const o = d.userId ? details.get(d.row.line) : undefined;
    // A customer without any casillero cannot own a package: the parcel waits "sin dueño".
    const owned = Boolean(o?.mailboxId);
    const p: PlannedRow = {
      row: d.row,
      source: owned ? d.source : null,
      userId: owned ? d.userId : null,
      mailboxId: owned ? o!.mailboxId : null,
      mailboxCode: owned ? o!.mailboxCode : null,
      customerName: owned ? o!.customerName : null,
      pendingPackageId: owned ? d.pendingPackageId : null,
      trackingId: owned ? (d.trackingId ?? o!.linkedTrackingId) : null,
      description: (owned ? d.description : null) ?? d.row.description ?? M.defaultDescription(d.row.carrier),
      senderName: owned ? d.senderName : null,
    };
    planned.push(p);
    actions.set(
      d.row.line,
      p.userId
        ? { kind: 'receive', source: p.source!, customerName: p.customerName!, mailboxCode: p.mailboxCode! }
        : { kind: 'unclaimed' },
    );
  }
  errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { parsed, actions, planned, errors };
}

function summaryOf(actions: Iterable<ImportRowAction>): ImportSummary {
  const s: ImportSummary = { receive: 0, unclaimed: 0, alreadyReceived: 0, duplicates: 0, errors: 0 };
  for (const a of actions) {
    if (a.kind === 'receive') s.receive++;
    else if (a.kind === 'unclaimed') s.unclaimed++;
    else if (a.kind === 'alreadyReceived') s.alreadyReceived++;
    else if (a.kind === 'duplicate') s.duplicates++;
    else s.errors++;
  }
  return s;
}

export const fileSha256 = (csv: string) =>
  createHash('sha256')
    .update(csv.replace(/^\uFEFF/, ''), 'utf8')
    .digest('hex');

/** The dry run: per row what will happen, every error, the counts. Changes nothing. */
export async function previewImport(db: DbOrTx, input: ParcelImportInput): Promise<ImportPreview> {
  const check = await checkManifest(db, input.csv);
  const rows: ImportPreviewRow[] = check.parsed.rows.map((r) => ({
    line: r.line,
    trackingNumber: r.trackingNumber,
    carrier: r.carrier,
    mailboxCode: r.mailboxCode,
    description: r.description,
    weightKg: r.weightKg,
    dimensionsCm: r.dimensionsCm,
    action: check.actions.get(r.line) ?? { kind: 'error' },
  }));
  const [before] = await db
    .select({ at: parcelImports.createdAt })
    .from(parcelImports)
    .where(eq(parcelImports.fileSha256, fileSha256(input.csv)))
    .orderBy(desc(parcelImports.createdAt))
    .limit(1);
  const summary = summaryOf(rows.map((r) => r.action));
  // A file-level error (no header, too many rows) counts as one error even without rows.
  if (summary.errors === 0 && check.errors.length > 0) summary.errors = 1;
  return {
    fileName: input.fileName,
    delimiter: check.parsed.delimiter,
    weightUnit: check.parsed.weightUnit,
    ignoredColumns: check.parsed.ignoredColumns,
    rows,
    errors: check.errors,
    summary,
    importedBefore: before ? before.at.toISOString() : null,
  };
}

// --- The import ----------------------------------------------------------------------------------

type Created = {
  userId: string | null;
  wr: string | null;
  weightKg: number | null;
  mailboxCode: string | null;
  unclaimed: number | null;
  inserted: number | null;
};

/**
 * The rows that were not imported because of their errors, as a CSV to correct and import
 * again: the file's headers and an 'Errores' column; a line that could not be read as CSV is
 * given as written, in the first column.
 */
function rejectedRowsCsv(check: ManifestCheck): string {
  const messages = new Map<number, string[]>();
  for (const e of check.errors) {
    if (e.line === null) continue;
    const text = e.column ? `${e.column}: ${e.message}` : e.message;
    messages.set(e.line, [...(messages.get(e.line) ?? []), text]);
  }
  const width = check.parsed.headers.length;
  const byLine = new Map(check.parsed.rows.map((r) => [r.line, r]));
  const rows = [...messages].map(([line, texts]) => {
    const row = byLine.get(line);
    const fields = row ? row.fields.slice(0, width) : [check.parsed.lines[line - 1] ?? ''];
    while (fields.length < width) fields.push('');
    return [...fields, texts.join(' · ')];
  });
  return toCsv([...check.parsed.headers, M.rejectedErrorsColumn], rows);
}

/**
 * Re-reads and re-checks the file (never the client's dry run). With errors it refuses the file
 * whole, unless asked to import the good rows only (`skipErrors`): then the rows with errors stay
 * out and come back as a file to correct; an error of the whole file (no headers, too many rows)
 * still refuses it. It receives every other row in the caller's transaction (the audited one of the
 * staff mutation) with ONE statement: the intakes are inserted ON CONFLICT (tracking_key) DO
 * NOTHING, and only the rows actually inserted become packages (or receive the pending package),
 * convert their pre-alerts and count. So a number received meanwhile by a scan or another import
 * (both commit first: the unique key makes this insert wait, then skip) is skipped, never doubled.
 * Then one notification per customer, and its e-mail through the outbox, in two bulk inserts.
 */
export async function applyImport(
  tx: DbOrTx,
  input: ParcelImportInput,
  actor: { userId: string },
  config: { appUrl: string },
): Promise<ImportResult> {
  const check = await checkManifest(tx, input.csv);
  const fileLevel = check.errors.some((e) => e.line === null) || check.parsed.headers.length === 0;
  const rejectedLines = new Set(check.errors.flatMap((e) => (e.line === null ? [] : [e.line])));
  if (check.errors.length > 0 && (!input.skipErrors || fileLevel || check.planned.length === 0)) {
    throw new DomainError('BAD_INPUT', M.hasErrors(check.errors.length), {
      details: { errorCount: check.errors.length },
    });
  }

  const importId = randomUUID();
  const plan = check.planned.map((p, ord) => ({
    ord,
    tracking_number: p.row.trackingNumber,
    key: p.row.key,
    carrier: p.row.carrier,
    user_id: p.userId,
    mailbox_id: p.mailboxId,
    code_read: p.userId ? null : p.row.mailboxCode,
    description: p.description,
    sender: p.senderName,
    weight_kg: p.row.weightKg,
    dimensions_cm: p.row.dimensionsCm,
    tracking_id: p.trackingId,
    pending_package_id: p.pendingPackageId,
  }));
  // The rejected rows are not the import's: its counts are of the rows it took.
  const rowCount = check.parsed.rows.filter((r) => !r.hasError && !rejectedLines.has(r.line)).length;

  // Every foreign key between these rows (intake → package, package ← pre-alert, intake →
  // import) is checked at the end of the statement, when all of them exist. The CTEs that
  // change rows run to completion whether or not the final SELECT reads them.
  const created = rowsOf<Created>(
    await tx.execute(sql`
      with plan as materialized (
        select p.*, ${nextWarehouseReceiptSql} as wr,
          case when p.user_id is not null then coalesce(p.pending_package_id, gen_random_uuid()) end as package_id
        from jsonb_to_recordset(${jsonParam(plan)}) as p(
          ord int, tracking_number text, key text, carrier text, user_id uuid, mailbox_id uuid, code_read text,
          description text, sender text, weight_kg numeric, dimensions_cm text, tracking_id uuid, pending_package_id uuid)
        order by p.ord
      ),
      intakes as (
        insert into parcel_intakes (tracking_number, tracking_key, carrier, warehouse_receipt, status, package_id, mailbox_id,
          mailbox_code_read, description, weight_kg, dimensions_cm, import_id, received_by, claimed_by, claimed_at)
        select tracking_number, key, carrier, wr, case when user_id is null then 'unclaimed' else 'claimed' end, package_id, mailbox_id,
          code_read, description, weight_kg, dimensions_cm, ${importId}::uuid, ${actor.userId}::uuid,
          case when user_id is not null then ${actor.userId}::uuid end, case when user_id is not null then now() end
        from plan order by ord
        on conflict (tracking_key) do nothing
        returning tracking_key, status
      ),
      received as (
        select p.* from plan p join intakes i on i.tracking_key = p.key where p.user_id is not null
      ),
      new_packages as (
        insert into packages (id, user_id, mailbox_id, tracking_number, package_description, sender_name, weight_kg, dimensions_cm,
          status, received_date, warehouse_receipt, tracking_id)
        select package_id, user_id, mailbox_id, tracking_number, description, sender, weight_kg, dimensions_cm,
          'received', now(), wr, tracking_id
        from received where pending_package_id is null
        returning user_id, mailbox_id, warehouse_receipt, weight_kg
      ),
      pending_packages as (
        update packages pk set status = 'received', received_date = now(), warehouse_receipt = r.wr, weight_kg = r.weight_kg,
          dimensions_cm = coalesce(r.dimensions_cm, pk.dimensions_cm), tracking_id = coalesce(pk.tracking_id, r.tracking_id),
          updated_at = now()
        from received r where r.pending_package_id is not null and pk.id = r.pending_package_id
        returning pk.user_id, pk.mailbox_id, pk.warehouse_receipt, pk.weight_kg
      ),
      converted as (
        update prealerts pa set status = 'converted', converted_at = now(), updated_at = now(), converted_package_id = r.package_id
        from received r
        where pa.user_id = r.user_id and tracking_key(pa.tracking_number) = r.key and pa.status in ${OPEN_PREALERT_STATUSES_SQL}
        returning pa.id
      ),
      import_row as (
        insert into parcel_imports (id, file_name, file_sha256, row_count, received_count, unclaimed_count, skipped_count, created_by)
        select ${importId}::uuid, ${input.fileName}, ${fileSha256(input.csv)}, ${rowCount}::int,
          (select count(*) from intakes where status = 'claimed')::int,
          (select count(*) from intakes where status = 'unclaimed')::int,
          ${rowCount}::int - (select count(*) from intakes)::int,
          ${actor.userId}::uuid
        returning id
      ),
      changed as (
        select * from new_packages union all select * from pending_packages
      )
      select c.user_id as "userId", c.warehouse_receipt as "wr", c.weight_kg::float8 as "weightKg", m.mailbox_code as "mailboxCode",
        null::int as "unclaimed", null::int as "inserted"
      from changed c join mailboxes m on m.id = c.mailbox_id
      union all
      select null, null, null, null, (select count(*)::int from intakes where status = 'unclaimed'),
        (select count(*)::int from intakes)
    `),
  );

  const totals = created.find((c) => c.inserted !== null)!;
  const packagesMade = created.filter((c) => c.userId !== null);
  const customersNotified = await notifyCustomers(tx, packagesMade, config);
  return {
    importId,
    received: packagesMade.length,
    unclaimed: totals.unclaimed ?? 0,
    skipped: rowCount - (totals.inserted ?? 0),
    customersNotified,
    rejected: rejectedLines.size,
    rejectedCsv: rejectedLines.size > 0 ? rejectedRowsCsv(check) : null,
  };
}

/** Receipts as a message lists them: the first few, then how many more. */
function receiptList(wrs: string[]): string {
  const shown = wrs.slice(0, 5).join(', ');
  return wrs.length > 5 ? `${shown} y ${wrs.length - 5} más` : shown;
}

const CHUNK = 2000;
const chunks = <T>(xs: T[]) =>
  Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, i) => xs.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * One notification per customer, however many of their parcels the file held ("Recibimos N
 * paquetes en tu casillero …"), with its e-mail and WhatsApp as the customer chose, as notifyUser
 * would write them, but in bulk inserts instead of statements per customer.
 */
async function notifyCustomers(tx: DbOrTx, made: Created[], config: { appUrl: string }): Promise<number> {
  const byUser = new Map<string, { codes: Set<string>; wrs: string[]; kg: number }>();
  for (const c of made) {
    const entry = byUser.get(c.userId!) ?? { codes: new Set<string>(), wrs: [], kg: 0 };
    entry.codes.add(c.mailboxCode!);
    entry.wrs.push(c.wr!);
    entry.kg += c.weightKg ?? 0;
    byUser.set(c.userId!, entry);
  }
  if (byUser.size === 0) return 0;
  const messages = [...byUser].map(([userId, e]) => ({
    userId,
    title: M.notificationTitle(e.wrs.length),
    message: M.notification(
      e.wrs.length,
      [...e.codes].join(', '),
      receiptList(e.wrs),
      formatDecimal(e.kg, { decimals: 2 }),
    ),
    type: 'package' as const,
    link: CUSTOMER_WAREHOUSE_PATH,
  }));
  // Their e-mail and WhatsApp as each customer chose for parcels received (Configuración).
  for (const chunk of chunks(messages)) {
    await notifyEach(
      tx,
      chunk.map(({ userId, ...n }) => ({ userId, n })),
      { kind: 'package_received', email: 'default', appUrl: config.appUrl },
    );
  }
  return byUser.size;
}
