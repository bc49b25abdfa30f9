// The warehouse's "Esperados hoy / mañana" (docs/product/first-mile.md): parcels the carrier has
// out for delivery, says it delivered, or expects to deliver today or tomorrow (Caracas days),
// that the warehouse has not received yet, with whose casillero each is for.
import { sql } from 'drizzle-orm';
import { caracasDay, caracasDayStart, type CarrierTrackingState, type FirstMileCarrier } from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../db/client';
import { OPEN_PREALERT_STATUSES_SQL } from './reception';

/** At most this many rows: a day's expected parcels, with room to spare. */
const EXPECTED_LIMIT = 300;

type ExpectedRow = {
  tracking_number: string;
  carrier: FirstMileCarrier | null;
  state: CarrierTrackingState | null;
  state_at: Date | string | null;
  expected_delivery_at: Date | string | null;
  mailbox_codes: string[] | null;
};

export type ExpectedParcel = {
  trackingNumber: string;
  carrier: FirstMileCarrier | null;
  state: CarrierTrackingState | null;
  stateAt: string | null;
  expectedDeliveryAt: string | null;
  /** The casilleros whose open pre-alerts name it (more than one: customers disagree, the door decides). */
  mailboxCodes: string[];
};

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** The next calendar day of a YYYY-MM-DD. */
const nextDay = (day: string) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/**
 * The parcels expected at the warehouse: followed (not stopped), not received at the door
 * (no intake and no received package with its key), and either out for delivery, delivered, or expected today or
 * tomorrow in Caracas. Delivered first (they are here somewhere), then out for delivery,
 * then by the expected time.
 */
export async function listExpectedParcels(db: DbOrTx, now = new Date()): Promise<ExpectedParcel[]> {
  const today = caracasDay(now);
  const endOfTomorrow = caracasDayStart(nextDay(nextDay(today)));
  const rows = rowsOf<ExpectedRow>(
    await db.execute(sql`
      select cs.tracking_number, cs.carrier, cs.state, cs.state_at, cs.expected_delivery_at,
             array(select distinct m.mailbox_code
                     from prealerts p join mailboxes m on m.id = p.mailbox_id
                    where tracking_key(p.tracking_number) = cs.tracking_key
                      and p.status in ${OPEN_PREALERT_STATUSES_SQL}
                    order by m.mailbox_code) as mailbox_codes
        from carrier_shipments cs
       where cs.stopped_at is null
         and (cs.state in ('out_for_delivery', 'delivered')
              or (cs.state in ('info_received', 'in_transit')
                  and cs.expected_delivery_at >= ${caracasDayStart(today).toISOString()}::timestamptz
                  and cs.expected_delivery_at < ${endOfTomorrow.toISOString()}::timestamptz))
         and not exists (select 1 from parcel_intakes i where i.tracking_key = cs.tracking_key)
         and not exists (select 1 from packages pk
                          where tracking_key(pk.tracking_number) = cs.tracking_key and pk.received_date is not null)
       order by case cs.state when 'delivered' then 0 when 'out_for_delivery' then 1 else 2 end,
                cs.expected_delivery_at nulls last, cs.state_at desc nulls last, cs.tracking_key
       limit ${EXPECTED_LIMIT}
    `),
  );
  return rows.map((r) => ({
    trackingNumber: r.tracking_number,
    carrier: r.carrier,
    state: r.state,
    stateAt: iso(r.state_at),
    expectedDeliveryAt: iso(r.expected_delivery_at),
    mailboxCodes: r.mailbox_codes ?? [],
  }));
}
