// Reads of the admin trackings panel (docs/product/admin-trackings.md): the list, its count and its
// CSV here, the stat cards' counters in stats.ts, one tracking and the create form's reads in
// detail.ts. Every query names its columns; the hot ones (list page, count, stats) are prepared
// statements cached per query shape, and none reads or counts more than a bounded number of rows
// (docs/decisions/008).
import { eq, fillPlaceholders, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { TrackingFilters, TrackingListParams, TrackingSort, SortDirection } from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { mailboxes, trackings, userProfiles, users } from '../../db/schema';
import { preparedCache, searchTerm, type BoundedCount } from '../../lib/list';
import { defineList } from '../../lib/list-engine';
import { byGroup, byTime, byUnique } from '../../lib/list-sorts';
import { withCustomerAndMailbox } from '../../lib/joins';
import { isoTimestamp } from '../../lib/timestamps';
import { customerArms, mailboxCodeArm } from '../search-arms';
import { buildAuthorisedQuery, buildReadyTodayQuery, buildStatusCountsQuery, trackingStatusCountsOf } from './stats';

const ph = sql.placeholder;

/** What the list, the CSV and the details show of a tracking. */
export const rowColumns = {
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
export const withClientAndMailbox = <T extends PgSelect>(query: T) =>
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
