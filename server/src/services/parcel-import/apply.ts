// The import of a checked manifest (docs/product/warehouse-intake.md#manifest-import): on
// "Importar" the file is read and checked again (check.ts), and its rows are received in the
// caller's transaction with one INSERT … SELECT statement per batch of 1,000 (after each one the
// caller is told how far it got: "Aplicando… 3.000 de 10.000"); then each customer is told once.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  IMPORT_MESSAGES as M,
  formatDecimal,
  type ImportResult,
  type ParcelImportInput,
  type ReportProgress,
} from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../../db/client';
import { OPEN_PREALERT_STATUSES_SQL } from '../../queries/reception';
import { CUSTOMER_WAREHOUSE_PATH } from '../prealerts';
import { notifyEach } from '../notify';
import { nextWarehouseReceiptSql } from '../warehouse-receipt';
import { toCsv } from '../../lib/csv';
import { DomainError } from '../../lib/domain-error';
import { checkManifest, fileSha256, jsonParam, type ManifestCheck } from './check';

/** Rows received per statement: the import reports its progress after each one. */
export const APPLY_BATCH_ROWS = 1000;

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
 * staff mutation), nothing until the check passed, with one statement per batch: the intakes are inserted ON CONFLICT (tracking_key) DO
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
  report?: ReportProgress,
): Promise<ImportResult> {
  const check = await checkManifest(tx, input.csv, report);
  const fileLevel = check.errors.some((e) => e.line === null) || check.parsed.headers.length === 0;
  const rejectedLines = new Set(check.errors.flatMap((e) => (e.line === null ? [] : [e.line])));
  if (check.errors.length > 0 && (!input.skipErrors || fileLevel || check.planned.length === 0)) {
    throw new DomainError('BAD_INPUT', M.hasErrors(check.errors.length), {
      details: { errorCount: check.errors.length },
    });
  }

  const importId = randomUUID();
  const plan: PlanRow[] = check.planned.map((p, ord) => ({
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

  const total = plan.length;
  const claimed = plan.filter((p) => p.user_id !== null).length;
  // The import's row first, with the counts of every planned row received: the batches' intakes
  // refer to it. A number received meanwhile (skipped below) corrects them at the end.
  await tx.execute(sql`
    insert into parcel_imports (id, file_name, file_sha256, row_count, received_count, unclaimed_count, skipped_count, created_by)
    values (${importId}::uuid, ${input.fileName}, ${fileSha256(input.csv)}, ${rowCount}::int, ${claimed}::int,
      ${total - claimed}::int, ${rowCount - total}::int, ${actor.userId}::uuid)`);
  await report?.({ phase: 'applying', done: 0, total });
  const packagesMade: Created[] = [];
  let inserted = 0;
  let unclaimed = 0;
  for (let start = 0; start < total; start += APPLY_BATCH_ROWS) {
    const created = rowsOf<Created>(
      await tx.execute(receiveBatch(plan.slice(start, start + APPLY_BATCH_ROWS), importId, actor)),
    );
    const totals = created.find((c) => c.inserted !== null)!;
    packagesMade.push(...created.filter((c) => c.userId !== null));
    inserted += totals.inserted ?? 0;
    unclaimed += totals.unclaimed ?? 0;
    await report?.({ phase: 'applying', done: Math.min(start + APPLY_BATCH_ROWS, total), total });
  }
  if (inserted !== total) {
    await tx.execute(sql`
      update parcel_imports set received_count = ${inserted - unclaimed}::int, unclaimed_count = ${unclaimed}::int,
        skipped_count = ${rowCount - inserted}::int
      where id = ${importId}::uuid`);
  }

  const customersNotified = await notifyCustomers(tx, packagesMade, config);
  return {
    importId,
    received: packagesMade.length,
    unclaimed,
    skipped: rowCount - inserted,
    customersNotified,
    rejected: rejectedLines.size,
    rejectedCsv: rejectedLines.size > 0 ? rejectedRowsCsv(check) : null,
  };
}

type PlanRow = {
  ord: number;
  tracking_number: string;
  key: string;
  carrier: string | null;
  user_id: string | null;
  mailbox_id: string | null;
  code_read: string | null;
  description: string;
  sender: string | null;
  weight_kg: number | null;
  dimensions_cm: string | null;
  tracking_id: string | null;
  pending_package_id: string | null;
};

/**
 * One batch of planned rows received with ONE statement. Every foreign key between these rows
 * (intake → package, package ← pre-alert) is checked at the end of the statement, when all of
 * them exist; the import's row exists already. The CTEs that change rows run to completion
 * whether or not the final SELECT reads them. Answers the packages made or received, and one
 * last row with the batch's counts.
 */
function receiveBatch(plan: PlanRow[], importId: string, actor: { userId: string }) {
  return sql`
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
      -- In the warehouse: the carrier's leg is followed no more (docs/product/first-mile.md).
      stopped as (
        update carrier_shipments cs set stopped_at = now(), next_poll_at = null, updated_at = now()
        from received r where cs.tracking_key = r.key and cs.stopped_at is null
        returning cs.id
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
  `;
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
