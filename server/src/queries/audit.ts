// Reads of the audit log (/admin/auditoria and each entity's history): newest first, filtered
// by person, action, entity and a range of days on the business's clock, on the list engine.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { AuditFilters, AuditListParams } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { auditLog, userProfiles, users } from '../db/schema';
import { byTime, defineList, indexOrder } from '../lib/list-engine';
import { BUSINESS_TZ_SQL as TZ } from '../lib/business-clock';

const entryColumns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  actorId: auditLog.actorId,
  actorName: userProfiles.fullName,
  actorEmail: users.email,
  actorRole: auditLog.actorRole,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  operation: auditLog.operation,
  before: auditLog.before,
  after: auditLog.after,
  ip: auditLog.ip,
  userAgent: auditLog.userAgent,
  requestId: auditLog.requestId,
};

/** Who made the change: the user and profile of the actor (none for the system's own changes). */
function withActor<T extends PgSelect>(query: T) {
  return query
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(userProfiles, eq(userProfiles.userId, auditLog.actorId));
}

type EntryRow = { createdAt: Date };
const present = <R extends EntryRow>(rows: R[]) => rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));

const auditList = defineList<AuditListParams>()({
  name: 'audit',
  table: auditLog,
  columns: { id: auditLog.id, createdAt: auditLog.createdAt },
  sorts: { createdAt: byTime('createdAt') },
  defaultSort: 'createdAt',
  filters: {
    actorId: auditLog.actorId,
    action: auditLog.action,
    entity: auditLog.entity,
    entityId: auditLog.entityId,
    // Whole days on the business's clock, both ends included.
    from: { where: (day) => sql`${auditLog.createdAt} >= (${day}::date)::timestamp at time zone ${TZ}` },
    to: { where: (day) => sql`${auditLog.createdAt} < (${day}::date + 1)::timestamp at time zone ${TZ}` },
  },
  rows: {
    pageIds: (db, page) =>
      withActor(db.select(entryColumns).from(page).innerJoin(auditLog, eq(auditLog.id, page.pageId)).$dynamic()),
  },
  present,
});

export const listAuditEntries = (db: DbOrTx, input: AuditListParams) => auditList.page(db, input);
export const countAuditEntries = (db: DbOrTx, filters: AuditFilters) => auditList.count(db, filters);
export type AuditEntry = Awaited<ReturnType<typeof listAuditEntries>>['rows'][number];

/**
 * Every entry of the filtered set in the list's order, a batch at a time (the CSV export): a
 * keyset on (created_at, id) after the last row, so no batch re-reads the rows before it. The
 * created_at travels as text, as a JavaScript Date drops its microseconds.
 */
type BatchIds = SubqueryWithSelection<{ pageId: PgColumn }, 'batch'>;

export async function* exportAuditBatches(db: DbOrTx, filters: AuditFilters, batchSize: number) {
  const { values } = auditList.plan(filters);
  let after: { createdAt: string; id: number } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after
      ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after.createdAt}::timestamptz, ${after.id})`
      : undefined;
    const batch = auditList
      .orderedIds(db, filters, 'createdAt', 'desc', keyset)
      .limit(batchSize)
      .as('batch') as unknown as BatchIds;
    const query = db
      .select({ ...entryColumns, createdAtKey: sql<string>`${auditLog.createdAt}::text` })
      .from(batch)
      .innerJoin(auditLog, eq(auditLog.id, batch.pageId));
    const rows = await withActor(query.$dynamic())
      .orderBy(...auditList.orderBy('createdAt', 'desc'))
      .execute(values as Record<string, unknown>);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAtKey, id: last.id };
  }
}

export async function getAuditEntry(db: DbOrTx, id: number) {
  const [row] = await withActor(db.select(entryColumns).from(auditLog).$dynamic()).where(eq(auditLog.id, id));
  return row ? present([row])[0]! : null;
}

/** The tables whose entries make up an entity's history: a client is its user and its profile. */
const HISTORY_TABLES: Record<string, string[]> = {
  trackings: ['trackings'],
  packages: ['packages'],
  payment_transactions: ['payment_transactions'],
  users: ['users', 'user_profiles'],
};

/** The newest 100 entries about one entity (its details drawer). */
export async function listEntityHistory(db: DbOrTx, entity: string, entityId: string) {
  const rows = await withActor(db.select(entryColumns).from(auditLog).$dynamic())
    .where(and(inArray(auditLog.entity, HISTORY_TABLES[entity] ?? [entity]), eq(auditLog.entityId, entityId)))
    .orderBy(indexOrder(auditLog.createdAt, 'desc'), indexOrder(auditLog.id, 'desc'))
    .limit(100);
  return present(rows);
}

/** The people who appear in the log, for its filter: every staff member, active or not. */
export function listAuditActors(db: DbOrTx) {
  return db
    .select({ id: users.id, email: users.email, fullName: userProfiles.fullName, role: users.role })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(sql`${users.role} <> 'user'`)
    .orderBy(userProfiles.fullName, users.email);
}
