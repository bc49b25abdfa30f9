// The searches' scheduled work (docs/product/first-mile.md#delivered-but-not-received): opening a
// search for each open pre-alert whose number the carrier delivered at our warehouse more than
// the setting's business hours ago with nothing received under its key, and closing as "not
// found" the searches open longer than the setting's days, offering the customer the claim.
// Both are safe to run twice at once: a search is inserted against the partial unique index
// (one open per pre-alert) and closed by a conditional update, and only the run whose statement
// did it tells the customer.
import { sql } from 'drizzle-orm';
import { OPEN_PREALERT_STATUSES_SQL } from '../../queries/reception';
import { parcelSearchCustomerLink, PARCEL_SEARCH_MESSAGES as M, deliveredAtOurWarehouse } from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../../db/client';
import { businessHoursBetween } from '../../lib/business-clock';
import { notifyUser } from '../notify';
import { getParcelSearchSettings } from './settings';

/** Deliveries older than this are history, not searches (the claim's own window is 30 days). */
const LOOK_BACK_DAYS = 30;

type Options = { now?: Date; appUrl?: string };

type Candidate = {
  prealert_id: string;
  user_id: string;
  tracking_number: string;
  carrier_shipment_id: string;
  carrier: string | null;
  delivered_at: Date | string;
  delivered_location: string | null;
  mailbox_location: string | null;
};

/** The open pre-alerts delivered (by the carrier) long enough ago, with nothing received and never searched. */
async function candidates(tx: DbOrTx, now: Date, hours: number) {
  // Business hours are never more than the hours on the wall: the SQL takes the wall's, the
  // business clock filters after.
  return rowsOf<Candidate>(
    await tx.execute(sql`
      select p.id as prealert_id, p.user_id, p.tracking_number, cs.id as carrier_shipment_id, cs.carrier,
             coalesce(cs.delivered_at, cs.state_at) as delivered_at, cs.delivered_location,
             m.location::text as mailbox_location
      from carrier_shipments cs
      join prealerts p on tracking_key(p.tracking_number) = cs.tracking_key and p.status in ${OPEN_PREALERT_STATUSES_SQL}
      left join mailboxes m on m.id = p.mailbox_id
      where cs.state = 'delivered'
        and coalesce(cs.delivered_at, cs.state_at) <= ${now.toISOString()}::timestamptz - make_interval(hours => ${hours})
        and coalesce(cs.delivered_at, cs.state_at) > ${now.toISOString()}::timestamptz - make_interval(days => ${LOOK_BACK_DAYS})
        and not exists (select 1 from parcel_intakes i where i.tracking_key = cs.tracking_key)
        and not exists (select 1 from packages pk where tracking_key(pk.tracking_number) = cs.tracking_key
                          and pk.received_date is not null)
        and not exists (select 1 from parcel_searches s where s.prealert_id = p.id)
      order by coalesce(cs.delivered_at, cs.state_at), p.id`),
  );
}

/** Opens the due searches and tells each customer once. */
export async function openDueSearches(tx: DbOrTx, options: Options = {}) {
  const now = options.now ?? new Date();
  const { openAfterBusinessHours } = await getParcelSearchSettings(tx);
  let opened = 0;
  for (const c of await candidates(tx, now, openAfterBusinessHours)) {
    if (!deliveredAtOurWarehouse(c.delivered_location, c.mailbox_location)) continue;
    if (businessHoursBetween(new Date(c.delivered_at), now) < openAfterBusinessHours) continue;
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into parcel_searches (carrier_shipment_id, prealert_id, user_id, created_at, updated_at)
        values (${c.carrier_shipment_id}, ${c.prealert_id}, ${c.user_id}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        on conflict (prealert_id) where status = 'open' do nothing
        returning id`),
    );
    if (!row) continue;
    opened++;
    await notifyUser(
      tx,
      c.user_id,
      {
        title: M.openedTitle,
        message: M.opened(c.tracking_number, c.carrier),
        type: 'package',
        link: parcelSearchCustomerLink(row.id),
      },
      { kind: 'status_changed', email: 'default', appUrl: options.appUrl, dedupeKey: `parcel-search:${row.id}:open` },
    );
  }
  return { opened };
}

/** Closes as "not found" the searches open for the setting's days; the customer is offered the claim. */
export async function closeSearchesNotFound(tx: DbOrTx, options: Options = {}) {
  const now = options.now ?? new Date();
  const { notFoundAfterDays } = await getParcelSearchSettings(tx);
  const closed = rowsOf<{ id: string; user_id: string; tracking_number: string }>(
    await tx.execute(sql`
      update parcel_searches s set status = 'not_found', closed_at = ${now.toISOString()}::timestamptz,
             updated_at = ${now.toISOString()}::timestamptz
      from prealerts p
      where p.id = s.prealert_id and s.status = 'open'
        and s.created_at <= ${now.toISOString()}::timestamptz - make_interval(days => ${notFoundAfterDays})
      returning s.id, s.user_id, p.tracking_number`),
  );
  for (const s of closed) {
    await notifyUser(
      tx,
      s.user_id,
      {
        title: M.notFoundTitle,
        message: M.notFound(s.tracking_number),
        type: 'package',
        link: parcelSearchCustomerLink(s.id),
      },
      {
        kind: 'status_changed',
        email: 'default',
        appUrl: options.appUrl,
        dedupeKey: `parcel-search:${s.id}:not-found`,
      },
    );
  }
  return { notFound: closed.length };
}

/**
 * The safety net: an open search whose parcel arrived by another way than a scan (a pre-alert
 * converted by hand, an imported manifest) is closed as found, with nobody as its closer.
 */
export async function closeSearchesReceivedElsewhere(tx: DbOrTx, options: Options = {}) {
  const now = options.now ?? new Date();
  const closed = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update parcel_searches s set status = 'found', closed_at = ${now.toISOString()}::timestamptz,
             updated_at = ${now.toISOString()}::timestamptz
      from carrier_shipments cs, prealerts p
      where cs.id = s.carrier_shipment_id and p.id = s.prealert_id and s.status = 'open'
        and (p.status not in ${OPEN_PREALERT_STATUSES_SQL}
          or exists (select 1 from parcel_intakes i where i.tracking_key = cs.tracking_key)
          or exists (select 1 from packages pk where tracking_key(pk.tracking_number) = cs.tracking_key
                       and pk.received_date is not null))
      returning s.id`),
  );
  return { foundElsewhere: closed.length };
}

/** One run of the job: what arrived by another way, what was not found, what opened. */
export async function runParcelSearches(tx: DbOrTx, options: Options = {}) {
  const elsewhere = await closeSearchesReceivedElsewhere(tx, options);
  const notFound = await closeSearchesNotFound(tx, options);
  const open = await openDueSearches(tx, options);
  return { ...open, ...notFound, ...elsewhere };
}
