// The ids an audit entry recorded (a package's user_id, a shipment's recipient_id, who reviewed a
// payment), named as people know what they point at (docs/product/staff-and-audit.md#audit-log):
// 'María González', 'SH2026000123', 'WR-2026-1000123'. The details show the name, never the id.
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { agencies, allies, departures, recipients, storedFiles } from '../db/schema';
import { ENTITY_NAMES, getAuditEntry, listEntityHistory } from './audit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Names = (db: DbOrTx, ids: string[]) => Promise<{ id: string; ref: string | null }[]>;

/** What an id may point at besides the entities the log names (ENTITY_NAMES). */
const MORE_NAMES: Names[] = [
  (db, ids) =>
    db.select({ id: recipients.id, ref: recipients.fullName }).from(recipients).where(inArray(recipients.id, ids)),
  async (db, ids) =>
    (
      await db
        .select({ id: agencies.id, carrier: agencies.carrier, name: agencies.name })
        .from(agencies)
        .where(inArray(agencies.id, ids))
    ).map((a) => ({ id: a.id, ref: `${a.carrier} ${a.name}` })),
  (db, ids) =>
    db.select({ id: departures.id, ref: departures.code }).from(departures).where(inArray(departures.id, ids)),
  (db, ids) => db.select({ id: allies.id, ref: allies.name }).from(allies).where(inArray(allies.id, ids)),
  (db, ids) =>
    db
      .select({ id: storedFiles.id, ref: storedFiles.originalName })
      .from(storedFiles)
      .where(inArray(storedFiles.id, ids)),
];

/** Every id recorded in the entries' before and after. */
function recordedIds(entries: { before: Record<string, unknown> | null; after: Record<string, unknown> | null }[]) {
  const ids = new Set<string>();
  for (const e of entries)
    for (const value of [...Object.values(e.before ?? {}), ...Object.values(e.after ?? {})])
      if (typeof value === 'string' && UUID.test(value)) ids.add(value.toLowerCase());
  return [...ids];
}

/**
 * The name of each id the entries recorded, by id. An id is unique across tables, so each is
 * looked up where it may be; one found nowhere (a row deleted since) keeps no name.
 */
export async function auditReferences(
  db: DbOrTx,
  entries: { before: Record<string, unknown> | null; after: Record<string, unknown> | null }[],
): Promise<Record<string, string>> {
  const ids = recordedIds(entries);
  if (ids.length === 0) return {};
  const lookups: Names[] = [
    ...Object.entries(ENTITY_NAMES)
      // A profile's id is its user's: the users' lookup names it.
      .filter(([entity]) => entity !== 'user_profiles')
      .map(([, lookup]) => lookup),
    ...MORE_NAMES,
  ];
  const names: Record<string, string> = {};
  for (const lookup of lookups)
    for (const found of await lookup(db, ids)) if (found.ref) names[found.id.toLowerCase()] = found.ref;
  return names;
}

/** One entry for its details drawer, with the names of the ids it recorded. */
export async function getAuditEntryWithNames(db: DbOrTx, id: number) {
  const entry = await getAuditEntry(db, id);
  return entry ? { ...entry, references: await auditReferences(db, [entry]) } : null;
}

/** An entity's history, with the names of the ids its entries recorded (one map for them all). */
export async function entityHistoryWithNames(db: DbOrTx, entity: string, entityId: string) {
  const entries = await listEntityHistory(db, entity, entityId);
  return { entries, references: await auditReferences(db, entries) };
}
