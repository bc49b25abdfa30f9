// The manifest import (docs/product/warehouse-intake.md#manifest-import): a carrier's manifest or a spreadsheet exported as CSV,
// read, checked and, on "Importar", received in one transaction. The dry run and the import run
// the same code: parse (parse.ts), check every row, find each number's owner with the ownership
// rules of reception (server/src/queries/reception.ts: already received → pending package →
// pre-alerts of exactly one customer → tracking → casillero code → "sin dueño"), but set-based: two
// queries per batch of 1,000 rows, and one INSERT … SELECT statement per batch to receive them
// (apply.ts). After each batch the caller is told how far it got ("Comprobando filas… 2.000 de
// 10.000"), which the admin's page shows while the file is checked.
import { createHash } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import {
  IMPORT_MESSAGES as M,
  type ImportError,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportRowAction,
  type ImportSummary,
  type ParcelImportInput,
  type ReportProgress,
} from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../../db/client';
import { parcelImports } from '../../db/schema';
import { OPEN_PREALERT_STATUSES_SQL } from '../../queries/reception';
import { parseManifest, type ManifestRow, type ParsedManifest } from './parse';

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

export const jsonParam = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

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

/** Rows looked up and decided per batch: the check reports its progress after each one. */
export const CHECK_BATCH_ROWS = 1000;

/** Parses, checks and decides every row: the dry run's whole answer, and what the import acts on. */
export async function checkManifest(db: DbOrTx, csv: string, report?: ReportProgress): Promise<ManifestCheck> {
  const parsed = parseManifest(csv);
  const errors = [...parsed.errors];
  const actions = new Map<number, ImportRowAction>();
  const planned: PlannedRow[] = [];
  const codeColumn = parsed.columns.mailboxCode?.header ?? null;
  const total = parsed.rows.length;
  await report?.({ phase: 'checking', done: 0, total });
  // In batches of the file's rows, in file order: two queries a batch, whatever its rows.
  for (let start = 0; start < total; start += CHECK_BATCH_ROWS) {
    const candidates: ManifestRow[] = [];
    for (const row of parsed.rows.slice(start, start + CHECK_BATCH_ROWS)) {
      if (row.hasError) actions.set(row.line, { kind: 'error' });
      else if (row.duplicateOf !== null) actions.set(row.line, { kind: 'duplicate', firstLine: row.duplicateOf });
      else candidates.push(row);
    }
    planned.push(...(await decideRows(db, candidates, { codeColumn, errors, actions })));
    await report?.({ phase: 'checking', done: Math.min(start + CHECK_BATCH_ROWS, total), total });
  }
  errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { parsed, actions, planned, errors };
}

/** Each candidate row's owner (or none), its error or its action; answers the rows to receive. */
async function decideRows(
  db: DbOrTx,
  candidates: ManifestRow[],
  into: { codeColumn: string | null; errors: ImportError[]; actions: Map<number, ImportRowAction> },
): Promise<PlannedRow[]> {
  const { codeColumn, errors, actions } = into;
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
  return planned;
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
export async function previewImport(
  db: DbOrTx,
  input: ParcelImportInput,
  report?: ReportProgress,
): Promise<ImportPreview> {
  const check = await checkManifest(db, input.csv, report);
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
