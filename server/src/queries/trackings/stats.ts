// The admin trackings panel's stat cards and counters (docs/product/admin-trackings.md#stat-cards-and-system-state):
// prepared statements over the trigger-kept counters, one small range scan and one count over a
// small partial index, so the cards cost the same however many trackings there are.
import { and, eq, sql } from 'drizzle-orm';
import { TRACKING_STATUSES, TRACKING_STATUSES_IN_TRANSIT, type TrackingStatus } from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../../db/client';
import { trackingHistory, trackingStatusCounts, trackings } from '../../db/schema';
import { preparedCache } from '../../lib/list';
import { BUSINESS_TZ_SQL as TZ } from '../../lib/business-clock';

const countsStatement = preparedCache<ReturnType<ReturnType<typeof buildStatusCountsQuery>['prepare']>>();

export function buildStatusCountsQuery(db: DbOrTx) {
  return db
    .select({ status: trackingStatusCounts.status, count: trackingStatusCounts.count })
    .from(trackingStatusCounts);
}

/** Every status with its count (zero when none), from the trigger-kept counters. */
export async function trackingStatusCountsOf(db: DbOrTx): Promise<Record<TrackingStatus, number>> {
  const rows = await countsStatement(db, 'tracking_status_counts', (name) =>
    buildStatusCountsQuery(db).prepare(name),
  ).execute();
  const counts = Object.fromEntries(TRACKING_STATUSES.map((s) => [s, 0])) as Record<TrackingStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

export type TrackingStats = {
  total: number;
  byStatus: Record<TrackingStatus, number>;
  /** in_transit + arrived + in_warehouse (docs/product/admin-trackings.md#stat-cards-and-system-state). */
  inTransit: number;
  needsRepack: number;
  readyToShip: number;
  /** Ready to ship and still waiting for the customer's shipping payment to be approved. */
  awaitingPayment: number;
  /** Ready to ship with the payment approved: the warehouse may dispatch them. */
  dispatchAuthorized: number;
  problems: number;
  /** Trackings that became ready to ship today and still are (an approval is not a change of status). */
  readyToday: number;
  /** Shipped or delivered over all, in percent with one decimal. */
  successRate: number;
  /** Waiting for or done with a repack, over all, in percent with one decimal. */
  repackShare: number;
};

const readyTodayStatement = preparedCache<ReturnType<ReturnType<typeof buildReadyTodayQuery>['prepare']>>();

/**
 * Today's 'ready_to_ship' history rows of trackings still ready, by the (status, created_at)
 * index. The row an approval writes (stamped with the very instant it stores in
 * dispatch_authorized_at) is not a change of status, so it does not count: a parcel ready
 * since yesterday and paid today is not 'ready today'.
 */
export function buildReadyTodayQuery(db: DbOrTx) {
  return db
    .select({ n: sql<number>`count(distinct ${trackingHistory.trackingId})::int` })
    .from(trackingHistory)
    .innerJoin(trackings, eq(trackings.id, trackingHistory.trackingId))
    .where(
      and(
        eq(trackingHistory.status, 'ready_to_ship'),
        eq(trackings.status, 'ready_to_ship'),
        sql`${trackingHistory.createdAt} is distinct from ${trackings.dispatchAuthorizedAt}`,
        sql`${trackingHistory.createdAt} >= (date_trunc('day', now() at time zone ${TZ}) at time zone ${TZ})`,
      ),
    );
}

const authorisedStatement = preparedCache<ReturnType<ReturnType<typeof buildAuthorisedQuery>['prepare']>>();

/**
 * Ready to ship with dispatch authorised: an index-only count over the partial index
 * trackings_dispatch_authorized_ready_idx, which holds only those few rows. The predicate is
 * spelled as the index's, with a literal status (a placeholder would not prove it in a generic
 * plan).
 */
export function buildAuthorisedQuery(db: DbOrTx) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(trackings)
    .where(sql`${trackings.status} = 'ready_to_ship' and ${trackings.dispatchAuthorizedAt} is not null`);
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/**
 * The stat cards, the state badges and the analytics tab, from ten counters, one small range
 * scan and one count over a small partial index (awaiting payment = ready − authorised).
 */
export async function getTrackingStats(db: DbOrTx): Promise<TrackingStats> {
  const [byStatus, [ready], [authorised]] = await Promise.all([
    trackingStatusCountsOf(db),
    readyTodayStatement(db, 'trackings_ready_today', (name) => buildReadyTodayQuery(db).prepare(name)).execute(),
    authorisedStatement(db, 'trackings_dispatch_authorized', (name) =>
      buildAuthorisedQuery(db).prepare(name),
    ).execute(),
  ]);
  const dispatchAuthorized = Math.min(Number(authorised?.n ?? 0), byStatus.ready_to_ship);
  const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
  const inTransit = TRACKING_STATUSES_IN_TRANSIT.reduce((n, s) => n + byStatus[s], 0);
  return {
    total,
    byStatus,
    inTransit,
    needsRepack: byStatus.needs_reempaque,
    readyToShip: byStatus.ready_to_ship,
    awaitingPayment: byStatus.ready_to_ship - dispatchAuthorized,
    dispatchAuthorized,
    problems: byStatus.problem,
    readyToday: Number(ready?.n ?? 0),
    successRate: percent(byStatus.shipped + byStatus.delivered, total),
    repackShare: percent(byStatus.needs_reempaque + byStatus.reempacado, total),
  };
}

/**
 * The carriers that occur in the data, for the filter: a loose index scan over
 * (carrier, created_at) that visits one index entry per carrier, not every row.
 */
export async function listTrackingCarriers(db: DbOrTx): Promise<string[]> {
  const rows = rowsOf<{ carrier: string }>(
    await db.execute(sql`
    with recursive c as (
      (select carrier from trackings order by carrier limit 1)
      union all
      select (select t.carrier from trackings t where t.carrier > c.carrier order by t.carrier limit 1)
      from c where c.carrier is not null
    )
    select carrier from c where carrier is not null`),
  );
  return rows.map((r) => r.carrier);
}
