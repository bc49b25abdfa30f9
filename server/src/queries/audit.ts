// Reads of the audit log (/admin/auditoria and each entity's history): newest first, filtered
// by person, action, entity and a range of days on the business's clock, or searched by a
// person, a customer, an entity's number or an action in words, on the list engine. Each entry
// names its entity as people know it ('Paquete WR-2026-1000123') and says which page opens it.
import { and, eq, ilike, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgSelect, SubqueryWithSelection } from 'drizzle-orm/pg-core';
import {
  AUDIT_ACTION_LABELS,
  claimCode,
  foldSearchText,
  type AuditFilters,
  type AuditListParams,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import {
  auditLog,
  claims,
  invoices,
  mailboxes,
  packages,
  paymentTransactions,
  prealerts,
  shipments,
  staffInvitations,
  trackings,
  userProfiles,
  users,
} from '../db/schema';
import { defineList, type Bind } from '../lib/list-engine';
import { armsCondition, type SearchArm } from '../lib/list-search-arms';
import { byTime, indexOrder } from '../lib/list-sorts';
import { BUSINESS_TZ_SQL as TZ } from '../lib/business-clock';
import { cedulaDigitsLike, digitsBind, foldedLike, phoneDigitsLike } from '../lib/search-text';

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

/** The page an entity opens in (`?ver=<id>`): the client turns it into a link when the reader may read it. */
export type AuditEntityLink = {
  page: 'packages' | 'trackings' | 'prealerts' | 'shipments' | 'payments' | 'clients';
  id: string;
};
type EntityName = { ref: string | null; link: AuditEntityLink | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * For each kind of entity: its number as people know it, read from the entity as it is now (a
 * package gets its WR after its first entry), and the page that opens it.
 */
export const ENTITY_NAMES: Record<
  string,
  (db: DbOrTx, ids: string[]) => Promise<{ id: string; ref: string | null; link: AuditEntityLink | null }[]>
> = {
  packages: async (db, ids) =>
    (
      await db
        .select({
          id: packages.id,
          ref: sql<string | null>`coalesce(${packages.warehouseReceipt}, ${packages.trackingNumber})`,
        })
        .from(packages)
        .where(inArray(packages.id, ids))
    ).map((r) => ({ ...r, link: { page: 'packages', id: r.id } })),
  trackings: async (db, ids) =>
    (
      await db
        .select({ id: trackings.id, ref: trackings.trackingNumber })
        .from(trackings)
        .where(inArray(trackings.id, ids))
    ).map((r) => ({ ...r, link: { page: 'trackings', id: r.id } })),
  prealerts: async (db, ids) =>
    (
      await db
        .select({ id: prealerts.id, ref: prealerts.trackingNumber })
        .from(prealerts)
        .where(inArray(prealerts.id, ids))
    ).map((r) => ({ ...r, link: { page: 'prealerts', id: r.id } })),
  shipments: async (db, ids) =>
    (
      await db
        .select({ id: shipments.id, ref: shipments.shipmentCode })
        .from(shipments)
        .where(inArray(shipments.id, ids))
    ).map((r) => ({ ...r, link: { page: 'shipments', id: r.id } })),
  payment_transactions: async (db, ids) =>
    (
      await db
        .select({ id: paymentTransactions.id, ref: paymentTransactions.paymentReference })
        .from(paymentTransactions)
        .where(inArray(paymentTransactions.id, ids))
    ).map((r) => ({ ...r, link: { page: 'payments', id: r.id } })),
  invoices: async (db, ids) =>
    (await db.select({ id: invoices.id, ref: invoices.number }).from(invoices).where(inArray(invoices.id, ids))).map(
      (r) => ({ ...r, link: null }),
    ),
  mailboxes: async (db, ids) =>
    (
      await db
        .select({ id: mailboxes.id, ref: mailboxes.mailboxCode, userId: mailboxes.userId })
        .from(mailboxes)
        .where(inArray(mailboxes.id, ids))
    ).map((r) => ({ id: r.id, ref: r.ref, link: { page: 'clients', id: r.userId } })),
  users: (db, ids) => people(db, ids),
  user_profiles: (db, ids) => people(db, ids),
  claims: async (db, ids) =>
    (await db.select({ id: claims.id, number: claims.number }).from(claims).where(inArray(claims.id, ids))).map(
      (r) => ({
        id: r.id,
        ref: claimCode(r.number),
        link: null,
      }),
    ),
  staff_invitations: async () => [],
};

/** A user (customer or staff) by name or e-mail; a customer opens in Clientes. */
async function people(db: DbOrTx, ids: string[]) {
  const rows = await db
    .select({ id: users.id, name: userProfiles.fullName, email: users.email, role: users.role })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(inArray(users.id, ids));
  return rows.map((r) => ({
    id: r.id,
    ref: r.name ?? r.email,
    link: r.role === 'user' ? ({ page: 'clients', id: r.id } as const) : null,
  }));
}

/** The fields of an entry's own before and after that name its entity when it is gone. */
const NAME_FIELDS = [
  'warehouse_receipt',
  'tracking_number',
  'shipment_code',
  'payment_reference',
  'number',
  'mailbox_code',
  'full_name',
  'email',
  'title',
];

type EntryRow = {
  createdAt: Date;
  entity: string;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** Each entry with its time as ISO text and its entity's name and page (`entityRef`, `entityLink`). */
async function present<R extends EntryRow>(rows: R[], db: DbOrTx) {
  const byEntity = new Map<string, Set<string>>();
  for (const r of rows) {
    if (!ENTITY_NAMES[r.entity] || !UUID.test(r.entityId)) continue;
    const ids = byEntity.get(r.entity) ?? new Set<string>();
    byEntity.set(r.entity, ids.add(r.entityId));
  }
  const names = new Map<string, EntityName>();
  await Promise.all(
    [...byEntity].map(async ([entity, ids]) => {
      const lookup = ENTITY_NAMES[entity];
      for (const n of lookup ? await lookup(db, [...ids]) : []) names.set(`${entity}:${n.id}`, n);
    }),
  );
  return rows.map((r) => {
    const found = names.get(`${r.entity}:${r.entityId}`);
    const recorded = NAME_FIELDS.map((f) => r.after?.[f] ?? r.before?.[f]).find((v) => typeof v === 'string' && v);
    return {
      ...r,
      createdAt: r.createdAt.toISOString(),
      entityRef: found?.ref ?? (recorded as string | undefined) ?? null,
      entityLink: found?.link ?? null,
    };
  });
}

/** The procedures whose words (or recorded name) hold the search text, joined by commas. */
function actionsMatching(term: string): string | undefined {
  const folded = foldSearchText(term);
  const found = Object.entries(AUDIT_ACTION_LABELS)
    .filter(([action, label]) => foldSearchText(label).includes(folded) || action.toLowerCase().includes(folded))
    .map(([action]) => action);
  return found.length ? found.join(',') : undefined;
}

/**
 * The entries of one kind of entity whose id is among the subquery's (the (entity, entity_id)
 * index). The entity is written into the statement (a name of ours, never the user's), so its
 * plan follows that entity's own statistics.
 */
type SearchedEntity =
  | 'users'
  | 'user_profiles'
  | 'packages'
  | 'trackings'
  | 'prealerts'
  | 'shipments'
  | 'payment_transactions'
  | 'invoices'
  | 'mailboxes'
  | 'staff_invitations';
const entityArm = (entity: SearchedEntity, ids: SQLWrapper): SearchArm => ({
  values: sql`array(${ids})`,
  match: (id) => sql`(${auditLog.entity} = ${sql.raw(`'${entity}'`)} and ${auditLog.entityId} = ${id})`,
});

/**
 * An entry by its person (staff by name or e-mail), the customer it is about (name without
 * accents, e-mail, and phone or cédula by their digits), its entity's number (WR, tracking,
 * shipment code, payment reference, invoice number, mailbox code) or its action in words. Each
 * arm's values come from an indexed lookup, and each arm reads the audit log through its actor,
 * action or (entity, entity_id) index in the log's order (list-search-arms.ts), so a page reads
 * only the newest entries of each value found.
 */
function auditArms(db: DbOrTx, p: Bind, has: (name: string) => boolean): SearchArm[] {
  const pattern = p('pattern');
  const exact = p('exact');
  const staff = db
    .select({ id: users.id })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(
      and(sql`${users.role} <> 'user'`, or(foldedLike(userProfiles.fullName, pattern), ilike(users.email, pattern))),
    );
  const peopleByName = db
    .select({ id: sql`${userProfiles.userId}::text` })
    .from(userProfiles)
    .where(foldedLike(userProfiles.fullName, pattern));
  const peopleByEmail = db
    .select({ id: sql`${users.id}::text` })
    .from(users)
    .where(ilike(users.email, pattern));
  const peopleByDigits = has('digits')
    ? db
        .select({ id: sql`${userProfiles.userId}::text` })
        .from(userProfiles)
        .where(or(phoneDigitsLike(userProfiles.phone, p('digits')), cedulaDigitsLike(userProfiles.cedula, p('digits'))))
    : null;
  // A staff member's or an action's entries run to many thousands: read value by value.
  const arms: SearchArm[] = [
    { values: sql`array(${staff})`, match: (id) => sql`${auditLog.actorId} = ${id}`, eachValue: true },
  ];
  for (const entity of ['users', 'user_profiles'] as const) {
    arms.push(entityArm(entity, peopleByName), entityArm(entity, peopleByEmail));
    if (peopleByDigits) arms.push(entityArm(entity, peopleByDigits));
  }
  arms.push(
    entityArm(
      'packages',
      db
        .select({ id: sql`${packages.id}::text` })
        .from(packages)
        .where(or(eq(packages.warehouseReceipt, exact), ilike(packages.trackingNumber, pattern))),
    ),
    entityArm(
      'trackings',
      db
        .select({ id: sql`${trackings.id}::text` })
        .from(trackings)
        .where(ilike(trackings.trackingNumber, pattern)),
    ),
    entityArm(
      'prealerts',
      db
        .select({ id: sql`${prealerts.id}::text` })
        .from(prealerts)
        .where(sql`tracking_key(${prealerts.trackingNumber}) = tracking_key(${exact})`),
    ),
    entityArm(
      'shipments',
      db
        .select({ id: sql`${shipments.id}::text` })
        .from(shipments)
        .where(ilike(shipments.shipmentCode, pattern)),
    ),
    entityArm(
      'payment_transactions',
      db
        .select({ id: sql`${paymentTransactions.id}::text` })
        .from(paymentTransactions)
        .where(ilike(paymentTransactions.paymentReference, pattern)),
    ),
    entityArm(
      'invoices',
      db
        .select({ id: sql`${invoices.id}::text` })
        .from(invoices)
        .where(eq(invoices.number, exact)),
    ),
    entityArm(
      'mailboxes',
      db
        .select({ id: sql`${mailboxes.id}::text` })
        .from(mailboxes)
        .where(ilike(mailboxes.mailboxCode, pattern)),
    ),
    entityArm(
      'staff_invitations',
      db
        .select({ id: sql`${staffInvitations.id}::text` })
        .from(staffInvitations)
        .where(ilike(staffInvitations.email, pattern)),
    ),
  );
  if (has('actions'))
    arms.push({
      values: sql`string_to_array(${p('actions')}, ',')`,
      match: (action) => sql`${auditLog.action} = ${action}`,
    });
  return arms;
}

const auditList = defineList<AuditListParams>()({
  name: 'audit',
  table: auditLog,
  columns: { id: auditLog.id, createdAt: auditLog.createdAt },
  sorts: { createdAt: byTime('createdAt') },
  defaultSort: 'createdAt',
  search: {
    where: (db, p, has) => armsCondition(auditArms(db, p, has)),
    arms: auditArms,
    bind: (term) => {
      const actions = actionsMatching(term);
      return {
        exact: term.replace(/\s+/g, '').toUpperCase(),
        ...digitsBind(term),
        ...(actions ? { actions } : {}),
      };
    },
  },
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
      .orderedIds(db, filters, 'createdAt', 'desc', keyset, batchSize)
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
  const [entry] = row ? await present([row], db) : [];
  return entry ?? null;
}

/** The tables whose entries make up an entity's history: a client is its user and its profile. */
const HISTORY_TABLES: Record<string, string[]> = {
  trackings: ['trackings'],
  // A parcel's problems are logged under the parcel's id (migration 0023), so its history shows them.
  packages: ['packages', 'package_problems'],
  payment_transactions: ['payment_transactions'],
  users: ['users', 'user_profiles'],
};

/** The newest 100 entries about one entity (its details drawer). */
export async function listEntityHistory(db: DbOrTx, entity: string, entityId: string) {
  const rows = await withActor(db.select(entryColumns).from(auditLog).$dynamic())
    .where(and(inArray(auditLog.entity, HISTORY_TABLES[entity] ?? [entity]), eq(auditLog.entityId, entityId)))
    .orderBy(indexOrder(auditLog.createdAt, 'desc'), indexOrder(auditLog.id, 'desc'))
    .limit(100);
  return present(rows, db);
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
