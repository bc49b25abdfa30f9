// Reads of the searches (docs/product/first-mile.md#delivered-but-not-received): the warehouse's
// list at /admin/busquedas (open first) with its 90-day counts per carrier and per store, and the
// customer's own searches beside her pre-alerts (scoped to her in the statement).
import { sql, type SQL } from 'drizzle-orm';
import { claimCode, type FirstMileCarrier } from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../db/client';
import type { ParcelSearchStatus } from '../db/schema';

/** A search as the list shows it. */
export type ParcelSearchRow = {
  id: string;
  number: number;
  status: ParcelSearchStatus;
  customerName: string;
  mailboxCode: string | null;
  trackingNumber: string;
  carrier: FirstMileCarrier | null;
  store: string | null;
  deliveredAt: string;
  deliveredLocation: string | null;
  proofSignedBy: string | null;
  proofPhotoUrl: string | null;
  /** Wall-clock hours from the carrier's delivery to now (open) or to the closing. */
  hoursSinceDelivered: number;
  openedAt: string;
  closedAt: string | null;
  warehouseReceipt: string | null;
  claimCode: string | null;
  notes: string | null;
  /** The pre-alert searched for (the customer's page highlights it when the search is closed). */
  prealertId: string;
};

type Raw = Omit<ParcelSearchRow, 'deliveredAt' | 'openedAt' | 'closedAt' | 'claimCode' | 'hoursSinceDelivered'> & {
  deliveredAt: Date | string;
  openedAt: Date | string;
  closedAt: Date | string | null;
  claimNumber: number | null;
};

const iso = (d: Date | string) => new Date(d).toISOString();

function present(r: Raw, now: Date): ParcelSearchRow {
  const { claimNumber, ...rest } = r;
  const end = r.closedAt ? new Date(r.closedAt) : now;
  return {
    ...rest,
    number: Number(r.number),
    deliveredAt: iso(r.deliveredAt),
    openedAt: iso(r.openedAt),
    closedAt: r.closedAt ? iso(r.closedAt) : null,
    hoursSinceDelivered: Math.max(0, Math.floor((end.getTime() - new Date(r.deliveredAt).getTime()) / 3_600_000)),
    claimCode: claimNumber == null ? null : claimCode(Number(claimNumber)),
  };
}

async function selectSearches(db: DbOrTx, where: SQL, limit: number) {
  return rowsOf<Raw>(
    await db.execute(sql`
      select s.id, s.number, s.status, coalesce(up.full_name, u.email) as "customerName",
             m.mailbox_code as "mailboxCode", p.tracking_number as "trackingNumber", cs.carrier,
             p.sender_name as store, coalesce(cs.delivered_at, cs.state_at, s.created_at) as "deliveredAt",
             cs.delivered_location as "deliveredLocation", cs.proof_signed_by as "proofSignedBy",
             cs.proof_photo_url as "proofPhotoUrl", s.created_at as "openedAt", s.closed_at as "closedAt",
             coalesce(
               (select i.warehouse_receipt from parcel_intakes i where i.tracking_key = cs.tracking_key),
               (select pk.warehouse_receipt from packages pk where pk.id = p.converted_package_id)
             ) as "warehouseReceipt",
             c.number as "claimNumber", s.notes, s.prealert_id as "prealertId"
      from parcel_searches s
      join carrier_shipments cs on cs.id = s.carrier_shipment_id
      join prealerts p on p.id = s.prealert_id
      join users u on u.id = s.user_id
      left join user_profiles up on up.user_id = s.user_id
      left join mailboxes m on m.id = coalesce(p.mailbox_id,
        (select mb.id from mailboxes mb where mb.user_id = s.user_id order by (mb.status = 'active') desc, mb.created_at limit 1))
      left join claims c on c.id = s.claim_id
      where ${where}
      order by (s.status = 'open') desc, coalesce(cs.delivered_at, cs.state_at, s.created_at) asc, s.number desc
      limit ${limit}`),
  );
}

/** The warehouse's list: every open search, then the closed ones of the last 90 days. */
export async function listParcelSearches(
  db: DbOrTx,
  status: ParcelSearchStatus | 'all',
  now = new Date(),
): Promise<ParcelSearchRow[]> {
  const recent = sql`(s.status = 'open' or s.created_at > ${now.toISOString()}::timestamptz - interval '90 days')`;
  const where = status === 'all' ? recent : sql`${recent} and s.status = ${status}`;
  return (await selectSearches(db, where, 500)).map((r) => present(r, now));
}

/** The customer's own searches (her pre-alerts'), newest first. */
export async function listMyParcelSearches(db: DbOrTx, userId: string, now = new Date()) {
  const rows = await selectSearches(db, sql`s.user_id = ${userId}`, 100);
  return rows.map((r) => {
    const full = present(r, now);
    return {
      id: full.id,
      status: full.status,
      trackingNumber: full.trackingNumber,
      carrier: full.carrier,
      deliveredAt: full.deliveredAt,
      deliveredLocation: full.deliveredLocation,
      proofSignedBy: full.proofSignedBy,
      proofPhotoUrl: full.proofPhotoUrl,
      warehouseReceipt: full.warehouseReceipt,
      claimCode: full.claimCode,
      prealertId: full.prealertId,
    };
  });
}

export type SearchStat = { name: string; opened: number; found: number; notFound: number };

/** Searches opened in the last 90 days, per carrier and per store, with how each ended so far. */
export async function parcelSearchStats(db: DbOrTx, now = new Date()) {
  const since = sql`${now.toISOString()}::timestamptz - interval '90 days'`;
  const grouped = async (by: SQL) =>
    rowsOf<{ name: string; opened: number; found: number; notFound: number }>(
      await db.execute(sql`
        select coalesce(${by}, 'Sin dato') as name, count(*)::int as opened,
               count(*) filter (where s.status = 'found')::int as found,
               count(*) filter (where s.status = 'not_found')::int as "notFound"
        from parcel_searches s
        join carrier_shipments cs on cs.id = s.carrier_shipment_id
        join prealerts p on p.id = s.prealert_id
        where s.created_at > ${since}
        group by 1
        order by opened desc, name`),
    );
  return { byCarrier: await grouped(sql`cs.carrier`), byStore: await grouped(sql`nullif(trim(p.sender_name), '')`) };
}
