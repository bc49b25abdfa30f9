// The first mile on the administrator's dashboard (docs/product/first-mile.md#delivered-but-not-received):
// per carrier, the hours from the carrier's "delivered" to our WR (the intake of that number)
// over the parcels received in the last 30 days, median and 90th percentile, and how many
// searches are open now.
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../db/client';

export type FirstMileCarrierTimes = { carrier: string; parcels: number; medianHours: number; p90Hours: number };

export async function firstMileDashboard(db: DbOrTx, now = new Date()) {
  const rows = rowsOf<{ carrier: string; parcels: number; median: number | string; p90: number | string }>(
    await db.execute(sql`
      select coalesce(cs.carrier, 'Sin dato') as carrier, count(*)::int as parcels,
             percentile_cont(0.5) within group (order by h.hours) as median,
             percentile_cont(0.9) within group (order by h.hours) as p90
      from carrier_shipments cs
      join parcel_intakes i on i.tracking_key = cs.tracking_key
      cross join lateral (select extract(epoch from (i.received_at - cs.delivered_at)) / 3600.0 as hours) h
      where cs.delivered_at is not null and i.received_at >= cs.delivered_at
        and i.received_at > ${now.toISOString()}::timestamptz - interval '30 days'
      group by 1
      order by parcels desc, carrier`),
  );
  const [open] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from parcel_searches where status = 'open'`),
  );
  const round = (v: number | string) => Math.round(Number(v) * 10) / 10;
  return {
    carriers: rows.map(
      (r): FirstMileCarrierTimes => ({
        carrier: r.carrier,
        parcels: Number(r.parcels),
        medianHours: round(r.median),
        p90Hours: round(r.p90),
      }),
    ),
    openSearches: Number(open?.n ?? 0),
  };
}
