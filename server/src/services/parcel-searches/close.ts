// Closing a search (docs/product/first-mile.md#delivered-but-not-received): reception receiving a
// parcel of the searched number closes it as found in the receiving transaction; the warehouse
// closes one by hand with the WR the parcel was received under (it came under another number),
// or adds a note. parcel_searches has no audit trigger, so each staff step writes its entry
// (audit/audit-context.ts's writeAuditEntry, which writes nothing outside a staff procedure).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { parcelSearchCustomerLink, PARCEL_SEARCH_MESSAGES as M } from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../../db/client';
import { packages, parcelSearches, prealerts } from '../../db/schema';
import { writeAuditEntry } from '../../audit/audit-context';
import { DomainError } from '../../lib/domain-error';
import { OPEN_PREALERT_STATUSES, findByWarehouseReceipt } from '../../queries/reception';
import { notifyUser } from '../notify';

type Options = { appUrl?: string; now?: Date };
type Found = { id: string; user_id: string; tracking_number: string };

async function tellFound(tx: DbOrTx, s: Found, warehouseReceipt: string | null, options: Options) {
  await notifyUser(
    tx,
    s.user_id,
    {
      title: M.foundTitle,
      message: M.found(s.tracking_number, warehouseReceipt),
      type: 'package',
      link: parcelSearchCustomerLink(s.id),
    },
    { kind: 'status_changed', email: 'default', appUrl: options.appUrl, dedupeKey: `parcel-search:${s.id}:found` },
  );
}

/**
 * Reception's hook (services/reception.ts, in its transaction): the open searches of this key
 * become found by the staff member who scanned it. Returns how many closed.
 */
export async function closeSearchesOnReceipt(
  tx: DbOrTx,
  key: string,
  receipt: { staffUserId: string; trackingId: string | null; warehouseReceipt: string },
  options: Options = {},
) {
  const now = options.now ?? new Date();
  const closed = rowsOf<Found>(
    await tx.execute(sql`
      update parcel_searches s set status = 'found', found_tracking_id = ${receipt.trackingId},
             closed_at = ${now.toISOString()}::timestamptz, closed_by = ${receipt.staffUserId},
             updated_at = ${now.toISOString()}::timestamptz
      from carrier_shipments cs, prealerts p
      where cs.id = s.carrier_shipment_id and p.id = s.prealert_id and s.status = 'open' and cs.tracking_key = ${key}
      returning s.id, s.user_id, p.tracking_number`),
  );
  for (const s of closed) {
    await writeAuditEntry(tx, {
      entity: 'parcel_searches',
      entityId: s.id,
      operation: 'update',
      before: { status: 'open', warehouseReceipt: null },
      after: { status: 'found', warehouseReceipt: receipt.warehouseReceipt },
    });
    await tellFound(tx, s, receipt.warehouseReceipt, options);
  }
  return closed.length;
}

async function lockOpenSearch(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(parcelSearches).where(eq(parcelSearches.id, id)).for('update');
  if (!row) throw new DomainError('NOT_FOUND', M.searchNotFound);
  if (row.status !== 'open') throw new DomainError('CONFLICT', M.notOpen);
  return row;
}

const appendNote = (notes: string | null, line: string) => (notes ? `${notes}\n${line}` : line);

/**
 * The warehouse found it under a WR (received under another number): the search closes as found,
 * the pre-alert is converted to that package, the customer is told.
 */
export async function markSearchFound(
  tx: DbOrTx,
  staff: { id: string; name: string },
  input: { id: string; warehouseReceipt: string },
  options: Options = {},
) {
  const now = options.now ?? new Date();
  const search = await lockOpenSearch(tx, input.id);
  const wr = input.warehouseReceipt.trim().toUpperCase();
  const found = await findByWarehouseReceipt(tx, wr);
  if (!found) throw new DomainError('BAD_INPUT', M.receiptNotFound(wr));
  if (found.kind === 'intake') {
    if (found.intake.status === 'unclaimed') throw new DomainError('BAD_INPUT', M.receiptUnclaimed);
    throw new DomainError('BAD_INPUT', M.receiptNotFound(wr));
  }
  const [pkg] = await tx
    .select({ userId: packages.userId, trackingId: packages.trackingId, receivedDate: packages.receivedDate })
    .from(packages)
    .where(eq(packages.id, found.packageId));
  if (!pkg?.receivedDate) throw new DomainError('BAD_INPUT', M.receiptNotFound(wr));
  if (pkg.userId !== search.userId) throw new DomainError('BAD_INPUT', M.receiptOtherCustomer);

  const notes = appendNote(search.notes, `${M.markedFound(wr)} (${staff.name})`);
  await tx
    .update(parcelSearches)
    .set({ status: 'found', foundTrackingId: pkg.trackingId, closedAt: now, closedBy: staff.id, notes, updatedAt: now })
    .where(eq(parcelSearches.id, search.id));
  await tx
    .update(prealerts)
    .set({ status: 'converted', convertedAt: now, convertedPackageId: found.packageId, updatedAt: now })
    .where(and(eq(prealerts.id, search.prealertId), inArray(prealerts.status, [...OPEN_PREALERT_STATUSES])));
  await writeAuditEntry(tx, {
    entity: 'parcel_searches',
    entityId: search.id,
    operation: 'update',
    before: { status: search.status, notes: search.notes, warehouseReceipt: null },
    after: { status: 'found', warehouseReceipt: wr, notes },
  });
  const [prealert] = await tx
    .select({ trackingNumber: prealerts.trackingNumber })
    .from(prealerts)
    .where(eq(prealerts.id, search.prealertId));
  await tellFound(
    tx,
    { id: search.id, user_id: search.userId, tracking_number: prealert?.trackingNumber ?? wr },
    wr,
    options,
  );
  return { message: M.markedFound(wr) };
}

/** A note of the warehouse on a search (where it looked, whom it asked), kept with its author. */
export async function addSearchNote(
  tx: DbOrTx,
  staff: { id: string; name: string },
  input: { id: string; note: string },
  options: Options = {},
) {
  const now = options.now ?? new Date();
  const [search] = await tx.select().from(parcelSearches).where(eq(parcelSearches.id, input.id)).for('update');
  if (!search) throw new DomainError('NOT_FOUND', M.searchNotFound);
  const notes = appendNote(search.notes, `${input.note} (${staff.name})`);
  await tx.update(parcelSearches).set({ notes, updatedAt: now }).where(eq(parcelSearches.id, search.id));
  await writeAuditEntry(tx, {
    entity: 'parcel_searches',
    entityId: search.id,
    operation: 'update',
    before: { notes: search.notes },
    after: { notes },
  });
  return { message: M.noteSaved };
}
