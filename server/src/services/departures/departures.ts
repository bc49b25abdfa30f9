import { asc, eq, sql } from 'drizzle-orm';
import {
  DEPARTURE_MESSAGES as M,
  DEPARTURE_MODE_LABELS,
  DEPARTURE_ORIGIN_LABELS,
  ORIGIN_OF_MAILBOX_LOCATION,
  SHIP_REQUEST_MESSAGES,
  type DepartureMode,
  type departureCreateInput,
  type departureUpdateInput,
  type z,
} from '@casillero/shared';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import { departures, invoices, shipments } from '../../db/schema';
import { invoiceRemaining } from '../billing/ledger';
import { DomainError } from '../../lib/domain-error';
import { lockShipment } from '../shipment-lock';
import { isUniqueViolation } from '../auth';
import { closedDepartureError } from './milestone-effects';

import { replanDeparture } from './plan';

const CODE_ATTEMPTS = 20;

// --- Creating and editing -------------------------------------------------------------------------

const codePrefix = (mode: DepartureMode, origin: string, day: string) =>
  `${mode === 'aereo' ? 'AER' : 'MAR'}-${origin === 'miami' ? 'MIA' : 'CHN'}-${day.slice(2).replaceAll('-', '')}`;

export async function createDeparture(db: Db, staffId: string, input: z.output<typeof departureCreateInput>) {
  return db.transaction(async (tx) => {
    const prefix = codePrefix(input.mode, input.origin, input.plannedDeparture);
    const [{ n }] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from departures where code like ${`${prefix}-%`}`),
    );
    let row: { id: string; code: string } | undefined;
    for (let attempt = 1; !row; attempt++) {
      const code = `${prefix}-${Number(n) + attempt}`;
      try {
        // A savepoint: a code taken meanwhile must not abort the transaction.
        [row] = await tx.transaction((sp) =>
          sp
            .insert(departures)
            .values({ ...input, code, createdBy: staffId })
            .returning({ id: departures.id, code: departures.code }),
        );
      } catch (err) {
        if (!isUniqueViolation(err, 'departures_code_key') || attempt >= CODE_ATTEMPTS) throw err;
      }
    }
    await replanDeparture(tx, row.id);
    return row;
  });
}

export async function updateDeparture(db: Db, input: z.output<typeof departureUpdateInput>) {
  return db.transaction(async (tx) => {
    const current = await lockDeparture(tx, input.id);
    const { id, ...values } = input;
    await tx
      .update(departures)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(departures.id, id));
    await replanDeparture(tx, id);
    return { id, code: current.code };
  });
}

export async function lockDeparture(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(departures).where(eq(departures.id, id)).for('update');
  if (!row) throw new DomainError('NOT_FOUND', M.notFound);
  return row;
}

// --- Shipments in a departure ---------------------------------------------------------------------

/**
 * The shipment a scanned code means: a shipment code, or a WR number (or carrier tracking) of a
 * parcel in a shipment. Returns its id, or throws the Spanish reason.
 */
export async function shipmentForScan(tx: DbOrTx, code: string): Promise<string> {
  const [byCode] = await tx
    .select({ id: shipments.id })
    .from(shipments)
    .where(sql`upper(${shipments.shipmentCode}) = ${code}`)
    .limit(1);
  if (byCode) return byCode.id;
  const found = rowsOf<{ shipment_id: string | null; wr: string | null }>(
    await tx.execute(sql`
      select sp.shipment_id, p.warehouse_receipt as wr
      from packages p left join shipment_packages sp on sp.package_id = p.id
      where upper(p.warehouse_receipt) = ${code}
         or tracking_key(p.tracking_number) = tracking_key(${code})
      order by (upper(p.warehouse_receipt) = ${code}) desc nulls last
      limit 1`),
  );
  if (found.length === 0) throw new DomainError('NOT_FOUND', M.scanNotFound(code));
  if (!found[0].shipment_id) throw new DomainError('CONFLICT', M.packageNotInShipment(found[0].wr ?? code));
  return found[0].shipment_id;
}

export async function addShipmentByScan(db: Db, departureId: string, code: string) {
  return db.transaction(async (tx) => addShipment(tx, departureId, await shipmentForScan(tx, code)));
}

/** Puts a shipment in an open departure of its own mode and origin, if it is in no other. */
export async function addShipmentToDeparture(db: Db, departureId: string, shipmentId: string) {
  return db.transaction((tx) => addShipment(tx, departureId, shipmentId));
}

async function addShipment(tx: DbOrTx, departureId: string, shipmentId: string) {
  // The departure first, then the shipment: every addition locks in this order.
  const departure = await lockDeparture(tx, departureId);
  if (departure.status === 'closed') throw await closedDepartureError(tx, departure);
  const shipment = await lockShipment(tx, shipmentId, M.shipmentNotFound);
  if (shipment.departureId === departureId) throw new DomainError('CONFLICT', M.alreadyHere(shipment.shipmentCode));
  if (shipment.requestedByCustomer) await refuseUnpaidRequest(tx, shipment.id, shipment.shipmentCode);
  if (shipment.departureId) {
    const [other] = await tx
      .select({ code: departures.code })
      .from(departures)
      .where(eq(departures.id, shipment.departureId));
    throw new DomainError('CONFLICT', M.inOtherDeparture(shipment.shipmentCode, other?.code ?? ''));
  }
  if (shipment.shippingMethod !== departure.mode)
    throw new DomainError(
      'BAD_INPUT',
      M.wrongMode(shipment.shipmentCode, DEPARTURE_MODE_LABELS[shipment.shippingMethod]),
    );
  const origins = new Set(
    rowsOf<{ location: string }>(
      await tx.execute(sql`
        select distinct m.location::text as location
        from shipment_packages sp
        join packages p on p.id = sp.package_id
        join mailboxes m on m.id = p.mailbox_id
        where sp.shipment_id = ${shipmentId}`),
    ).map((r) => ORIGIN_OF_MAILBOX_LOCATION[r.location] ?? null),
  );
  if (origins.size === 0 || origins.has(null)) throw new DomainError('BAD_INPUT', M.noOrigin(shipment.shipmentCode));
  if (origins.size > 1 || !origins.has(departure.origin)) {
    const other = [...origins].find((o) => o !== departure.origin) ?? departure.origin;
    throw new DomainError('BAD_INPUT', M.wrongOrigin(shipment.shipmentCode, DEPARTURE_ORIGIN_LABELS[other]));
  }
  await tx.update(shipments).set({ departureId, updatedAt: new Date() }).where(eq(shipments.id, shipmentId));
  const [customer] = rowsOf<{ name: string }>(
    await tx.execute(sql`
      select coalesce(nullif(trim(p.full_name), ''), u.email) as name
      from users u left join user_profiles p on p.user_id = u.id where u.id = ${shipment.userId}`),
  );
  return { departureId, shipmentId, shipmentCode: shipment.shipmentCode, customer: customer?.name ?? '' };
}

/**
 * A shipment the customer asked for from Almacén (docs/product/last-mile.md#the-ship-request) is
 * released to a departure only once the invoice issued with it is paid; a voided invoice (the
 * request cancelled) releases nothing either.
 */
async function refuseUnpaidRequest(tx: DbOrTx, shipmentId: string, code: string) {
  const [invoice] = await tx
    .select({ id: invoices.id, number: invoices.number, voidedAt: invoices.voidedAt })
    .from(invoices)
    .where(eq(invoices.shipmentId, shipmentId))
    .orderBy(asc(invoices.createdAt))
    .limit(1);
  if (!invoice || invoice.voidedAt || (await invoiceRemaining(tx, invoice.id)) > 0)
    throw new DomainError('CONFLICT', SHIP_REQUEST_MESSAGES.unpaidForDeparture(code, invoice?.number ?? ''));
}

export async function removeShipmentFromDeparture(db: Db, departureId: string, shipmentId: string) {
  return db.transaction(async (tx) => {
    const departure = await lockDeparture(tx, departureId);
    if (departure.status === 'closed') throw await closedDepartureError(tx, departure);
    const shipment = await lockShipment(tx, shipmentId, M.shipmentNotFound);
    if (shipment.departureId !== departureId)
      throw new DomainError('CONFLICT', M.notInDeparture(shipment.shipmentCode));
    await tx.update(shipments).set({ departureId: null, updatedAt: new Date() }).where(eq(shipments.id, shipmentId));
    return { departureId, shipmentId, shipmentCode: shipment.shipmentCode };
  });
}

/** Closes a departure: it takes no more shipments (its manifest is final). */
export async function closeDeparture(db: Db, id: string) {
  return db.transaction(async (tx) => {
    const departure = await lockDeparture(tx, id);
    if (departure.status === 'closed') throw new DomainError('CONFLICT', M.alreadyClosed(departure.code));
    const [{ n }] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from shipments where departure_id = ${id}`),
    );
    if (Number(n) === 0) throw new DomainError('BAD_INPUT', M.closeEmpty);
    await tx
      .update(departures)
      .set({ status: 'closed', closedAt: new Date(), updatedAt: new Date() })
      .where(eq(departures.id, id));
    return { id, code: departure.code, status: 'closed' as const };
  });
}

/** Every customer with a shipment or a parcel in the departure, once each. */
export async function departureRecipients(tx: DbOrTx, departureId: string): Promise<string[]> {
  return rowsOf<{ user_id: string }>(
    await tx.execute(sql`
      select s.user_id from shipments s where s.departure_id = ${departureId}
      union
      select p.user_id from shipments s
        join shipment_packages sp on sp.shipment_id = s.id
        join packages p on p.id = sp.package_id
      where s.departure_id = ${departureId}`),
  ).map((r) => r.user_id);
}
