// Reads of the admin trackings panel (docs/product/admin-trackings.md). Every query names its columns; the
// hot ones (list page, count, stats) are prepared statements cached per query shape, and none
// reads or counts more than a bounded number of rows (docs/decisions/008).
import { and, asc, desc, eq, fillPlaceholders, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, SubqueryWithSelection } from 'drizzle-orm/pg-core';
import {
  TRACKING_STATUSES,
  TRACKING_STATUSES_IN_TRANSIT,
  type TrackingFilters,
  type TrackingListParams,
  type TrackingSort,
  type TrackingStatus,
  type SortDirection,
} from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../../db/client';
import {
  mailboxes,
  prealerts,
  trackingHistory,
  trackingStatusCounts,
  trackings,
  userProfiles,
  users,
} from '../../db/schema';
import { containsPattern, preparedCache, searchTerm, type BoundedCount } from '../../lib/list';
import { foldedLike } from '../../lib/search-text';
import { defineList } from '../../lib/list-engine';
import { byGroup, byTime, byUnique } from '../../lib/list-sorts';
import { withCustomer, withCustomerAndMailbox } from '../../lib/joins';
import { BUSINESS_TZ_SQL as TZ } from '../../lib/business-clock';
import { isoTimestamp } from '../../lib/timestamps';
import { customerArms, mailboxCodeArm } from '../search-arms';

const ph = sql.placeholder;

/** What the list, the CSV and the details show of a tracking. */
const rowColumns = {
  id: trackings.id,
  trackingNumber: trackings.trackingNumber,
  status: trackings.status,
  carrier: trackings.carrier,
  priority: trackings.priority,
  estimatedWeight: trackings.estimatedWeight,
  actualWeight: trackings.actualWeight,
  estimatedValueUsdCents: trackings.estimatedValueUsdCents,
  needsReempaque: trackings.needsReempaque,
  /** Set when an approved shipping payment authorised the dispatch ('Pago aprobado'). */
  dispatchAuthorizedAt: trackings.dispatchAuthorizedAt,
  createdAt: trackings.createdAt,
  updatedAt: trackings.updatedAt,
  userId: trackings.userId,
  clientName: userProfiles.fullName,
  clientEmail: users.email,
  mailboxId: trackings.mailboxId,
  mailboxCode: mailboxes.mailboxCode,
};

/** A tracking's client and mailbox: what the list, the CSV and the details join to each row. */
const withClientAndMailbox = <T extends PgSelect>(query: T) =>
  withCustomerAndMailbox(query, trackings.userId, trackings.mailboxId);

/**
 * The list (docs/product/admin-trackings.md#the-list; decision 008). The search matches the tracking number, the
 * client's name or e-mail, or the mailbox code: each arm an indexed lookup, fenced so its
 * matches are sorted instead of the planner walking the created_at index. Ties of the grouped
 * sorts fall back to the creation order reversed with the direction: the (column, created_at
 * desc) indexes read forwards or backwards.
 */
const trackingsList = defineList<TrackingListParams>()({
  name: 'trackings',
  table: trackings,
  columns: {
    id: trackings.id,
    createdAt: trackings.createdAt,
    trackingNumber: trackings.trackingNumber,
    status: trackings.status,
    priority: trackings.priority,
    carrier: trackings.carrier,
  },
  sorts: {
    createdAt: byTime('createdAt'),
    trackingNumber: byUnique('trackingNumber'),
    status: byGroup('status', 'createdAt'),
    priority: byGroup('priority', 'createdAt'),
    carrier: byGroup('carrier', 'createdAt'),
  },
  defaultSort: 'createdAt',
  filters: { status: trackings.status, priority: trackings.priority, carrier: trackings.carrier },
  search: {
    fenced: true,
    where: (db, p) =>
      or(
        ilike(trackings.trackingNumber, p('pattern')),
        ...customerArms(db, trackings.userId, p('pattern')),
        mailboxCodeArm(db, trackings.mailboxId, p('pattern')),
      )!,
  },
  rows: {
    // The list's columns with its timestamps as the ISO strings the browser receives (no Date
    // built per value only to be turned back into text).
    pageIds: (db, page) => {
      const rows = db
        .select({
          ...rowColumns,
          dispatchAuthorizedAt: isoTimestamp(trackings.dispatchAuthorizedAt),
          createdAt: isoTimestamp(trackings.createdAt),
          updatedAt: isoTimestamp(trackings.updatedAt),
        })
        .from(page)
        .innerJoin(trackings, eq(trackings.id, page.pageId));
      return withClientAndMailbox(rows.$dynamic());
    },
  },
});

export const listTrackings = (db: DbOrTx, input: TrackingListParams) => trackingsList.page(db, input);
export type TrackingListRow = Awaited<ReturnType<typeof listTrackings>>['rows'][number];

const countsStatement = preparedCache<ReturnType<ReturnType<typeof buildStatusCountsQuery>['prepare']>>();

function buildStatusCountsQuery(db: DbOrTx) {
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

export type TrackingCount = BoundedCount & { total: number };

/**
 * 'N de M trackings': N matches the filters (exact from the counters when only the status
 * filters, otherwise counted up to the cap), M is every tracking.
 */
export async function countTrackings(db: DbOrTx, filters: TrackingFilters): Promise<TrackingCount> {
  const counts = await trackingStatusCountsOf(db);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  if (searchTerm(filters.q) === null && !filters.priority && !filters.carrier) {
    return { count: filters.status ? counts[filters.status] : total, isCapped: false, total };
  }
  return { ...(await trackingsList.count(db, filters)), total };
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
function buildReadyTodayQuery(db: DbOrTx) {
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
function buildAuthorisedQuery(db: DbOrTx) {
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

/** How many rows the CSV export reads per query. */
export const TRACKING_EXPORT_BATCH_SIZE = 2000;

/** The sorts whose order is (column, created_at, id): many rows share a column value. */
const isGroupedSort = (sort: TrackingSort): sort is 'status' | 'priority' | 'carrier' =>
  sort === 'status' || sort === 'priority' || sort === 'carrier';

/**
 * Which batch a query reads: the first; the rest of the last row's group (or simply the rows
 * after it when the order has no groups); the groups after the last row's.
 */
type ExportStep = 'first' | 'within' | 'beyond';

/**
 * The keyset condition of a step, as index ranges of the list's order:
 * - createdAt: `(created_at, id) < (c, i)` on the (created_at desc, id desc) index, read
 *   either way;
 * - trackingNumber (unique): `tracking_number > t`;
 * - status / priority / carrier: the order mixes directions (column asc, then created_at and
 *   id desc), which one row comparison cannot say, so it is two ranges read one after the
 *   other: the rest of the group (`column = v and (created_at, id) < (c, i)`), then the groups
 *   after it (`column > v`). Each is a range of the (column, created_at desc) index, so every
 *   batch starts where the last ended instead of skipping the rows already written.
 * The created_at travels as text: a JavaScript Date would drop its microseconds.
 */
function keysetOf(sort: TrackingSort, dir: SortDirection, step: ExportStep): SQL | undefined {
  if (step === 'first') return undefined;
  const after = (d: SortDirection) => sql.raw(d === 'asc' ? '>' : '<');
  const value = ph('afterValue');
  const position = sql`(${ph('afterCreatedAt')}::timestamptz, ${ph('afterId')}::uuid)`;
  const byTime = sql`(${trackings.createdAt}, ${trackings.id})`;
  if (sort === 'createdAt') return sql`${byTime} ${after(dir)} ${position}`;
  if (sort === 'trackingNumber') return sql`${trackings.trackingNumber} ${after(dir)} ${value}`;
  const column = trackings[sort];
  if (step === 'beyond') return sql`${column} ${after(dir)} ${value}`;
  return sql`${column} = ${value} and ${byTime} ${after(dir === 'asc' ? 'desc' : 'asc')} ${position}`;
}

/** A batch of the CSV: the list's row, and its created_at to the microsecond for the keyset. */
function buildExportQuery(
  db: DbOrTx,
  input: TrackingFilters,
  sort: TrackingSort,
  dir: SortDirection,
  step: ExportStep,
) {
  const batch = trackingsList
    .orderedIds(db, input, sort, dir, keysetOf(sort, dir, step))
    .limit(ph('limit'))
    .as('batch') as unknown as BatchIds;
  const rows = db
    .select({ ...rowColumns, createdAtKey: sql<string>`${trackings.createdAt}::text` })
    .from(batch)
    .innerJoin(trackings, eq(trackings.id, batch.pageId));
  return withClientAndMailbox(rows.$dynamic()).orderBy(...trackingsList.orderBy(sort, dir));
}

type BatchIds = SubqueryWithSelection<{ pageId: PgColumn }, 'batch'>;

const exportStatements = preparedCache<ReturnType<ReturnType<typeof buildExportQuery>['prepare']>>();

export type TrackingExportRow = Awaited<ReturnType<typeof buildExportQuery>>[number];

/**
 * The CSV's rows: the whole filtered set in the list's order, `batchSize` rows per query, each
 * batch resuming by keyset after the last row of the one before (docs/decisions/008). Memory
 * holds one batch; each query is an index range, so the export reads the set once however
 * large it is. Batches are separate statements (no transaction holds PGlite's only connection
 * or a pooled one meanwhile): a tracking changed during the export may be written where it
 * was or where it went.
 */
export async function* exportTrackingBatches(
  db: DbOrTx,
  input: TrackingListParams,
  batchSize = TRACKING_EXPORT_BATCH_SIZE,
): AsyncGenerator<TrackingExportRow[], void, undefined> {
  const { key, values } = trackingsList.plan(input);
  const { sort, dir } = trackingsList.orderOf(input);
  const grouped = isGroupedSort(sort);
  let step: ExportStep = 'first';
  let last: TrackingExportRow | undefined;
  for (;;) {
    const statement = exportStatements(db, `trackings_export_${key}_${sort}_${dir}_${step}`, (name) =>
      buildExportQuery(db, input, sort, dir, step).prepare(name),
    );
    const cursor = last
      ? { afterValue: sort === 'createdAt' ? null : last[sort], afterCreatedAt: last.createdAtKey, afterId: last.id }
      : {};
    const rows = await statement.execute({ ...values, ...cursor, fence: 0, limit: batchSize });
    if (rows.length > 0) {
      last = rows[rows.length - 1];
      yield rows;
    }
    if (rows.length === batchSize) step = 'within';
    // A short batch ends the set, unless it only ended the last row's group.
    else if (grouped && step === 'within') step = 'beyond';
    else return;
  }
}

/**
 * One tracking with its client and mailbox, and the customer's pre-alert it was matched to when
 * created (null when none matched); null when there is no such tracking.
 */
export async function findTracking(db: DbOrTx, id: string) {
  const query = db
    .select({
      ...rowColumns,
      description: trackings.description,
      senderName: trackings.senderName,
      originCountry: trackings.originCountry,
      reempaqueReason: trackings.reempaqueReason,
      notes: trackings.notes,
      prealertId: trackings.prealertId,
      clientPhone: userProfiles.phone,
      mailboxCountry: mailboxes.country,
      mailboxStatus: mailboxes.status,
      prealert: {
        id: prealerts.id,
        trackingNumber: prealerts.trackingNumber,
        senderName: prealerts.senderName,
        description: prealerts.description,
        carrier: prealerts.carrier,
        quantityItems: prealerts.quantityItems,
        amountSpentUsdCents: prealerts.amountSpentUsdCents,
        estimatedValueUsdCents: prealerts.estimatedValueUsdCents,
        status: prealerts.status,
        estadoTracking: prealerts.estadoTracking,
        createdAt: prealerts.createdAt,
      },
    })
    .from(trackings)
    .$dynamic();
  const [tracking] = await withClientAndMailbox(query)
    .leftJoin(prealerts, eq(prealerts.id, trackings.prealertId))
    .where(eq(trackings.id, id));
  return tracking ?? null;
}

/** The tracking of `findTracking` with its history, newest first, with who made each change. */
export async function getTrackingDetail(db: DbOrTx, id: string) {
  const tracking = await findTracking(db, id);
  if (!tracking) return null;
  const author = sql<
    string | null
  >`(select ${userProfiles.fullName} from ${userProfiles} where ${userProfiles.userId} = ${trackingHistory.createdBy})`;
  const history = await db
    .select({
      id: trackingHistory.id,
      status: trackingHistory.status,
      message: trackingHistory.message,
      createdAt: trackingHistory.createdAt,
      createdByName: author,
    })
    .from(trackingHistory)
    .where(eq(trackingHistory.trackingId, id))
    .orderBy(desc(trackingHistory.createdAt), desc(trackingHistory.id));
  return { ...tracking, history };
}

export type TrackingDetail = NonNullable<Awaited<ReturnType<typeof getTrackingDetail>>>;

/**
 * The create form's client picker: customers' active mailboxes (docs/product/admin-trackings.md#create-form), by name,
 * searchable by name, e-mail or mailbox code, at most 50 at a time.
 */
export async function listTrackingClients(db: DbOrTx, q: string | undefined) {
  const term = searchTerm(q);
  const pattern = term === null ? null : containsPattern(term);
  return selectActiveMailboxes(
    db,
    pattern === null
      ? undefined
      : or(
          foldedLike(userProfiles.fullName, pattern),
          ilike(users.email, pattern),
          ilike(mailboxes.mailboxCode, pattern),
        ),
  )
    .orderBy(asc(userProfiles.fullName), asc(mailboxes.mailboxCode))
    .limit(50);
}

/** The active mailbox a new tracking goes to, with its owner; null when there is none. */
export async function findActiveMailbox(db: DbOrTx, mailboxId: string) {
  const [row] = await selectActiveMailboxes(db, eq(mailboxes.id, mailboxId));
  return row ?? null;
}

/** Customers' active mailboxes with their owner: the only ones a tracking can go to. */
function selectActiveMailboxes(db: DbOrTx, condition: SQL | undefined) {
  const rows = db
    .select({
      mailboxId: mailboxes.id,
      mailboxCode: mailboxes.mailboxCode,
      country: mailboxes.country,
      userId: users.id,
      email: users.email,
      fullName: userProfiles.fullName,
    })
    .from(mailboxes)
    .$dynamic();
  return withCustomer(rows, mailboxes.userId, users.id).where(
    and(eq(mailboxes.status, 'active'), eq(users.role, 'user'), condition),
  );
}

/** The customer's pending pre-alert announcing this tracking number, if any. */
export async function findPendingPrealert(db: DbOrTx, userId: string, trackingNumber: string) {
  const [row] = await db
    .select({ id: prealerts.id })
    .from(prealerts)
    .where(
      and(
        eq(prealerts.userId, userId),
        eq(prealerts.trackingNumber, trackingNumber),
        inArray(prealerts.status, ['pending']),
      ),
    )
    .limit(1);
  return row ?? null;
}

export type SqlText = { sql: string; params: unknown[] };

function sqlOf(query: { toSQL(): { sql: string; params: unknown[] } }, values: Record<string, unknown>): SqlText {
  const { sql: text, params } = query.toSQL();
  return { sql: text, params: fillPlaceholders(params, values) };
}

/**
 * The exact SQL and parameters the list, the count and the stats run, for `npm run bench`
 * (which replays the list's SQL without tRPC and prints the plans).
 */
export function trackingQueriesSql(db: DbOrTx) {
  return {
    list: (input: TrackingListParams): SqlText => trackingsList.sqlText(db, 'page', input),
    count: (filters: TrackingFilters): SqlText => trackingsList.sqlText(db, 'count', filters),
    statusCounts: (): SqlText => sqlOf(buildStatusCountsQuery(db), {}),
    readyToday: (): SqlText => sqlOf(buildReadyTodayQuery(db), {}),
    dispatchAuthorized: (): SqlText => sqlOf(buildAuthorisedQuery(db), {}),
  };
}
