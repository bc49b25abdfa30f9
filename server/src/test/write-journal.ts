// "A refused call changes nothing" (docs/product/security.md#fuzzed-procedures) is checked with a
// journal of writes kept by triggers that a test adds to its own database copy: every inserted,
// deleted or actually changed row of every table in `public` (one added later included) adds an
// entry, in the same transaction, so a write rolled back leaves none. Reading the journal's last id
// costs the same however large the tables grow (a hash of every row did not: broadcasts to every
// customer make them large).
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Db } from '../db/client';

/** Writes after a position, by table and operation. */
export type Write = { table: string; operation: string; count: number };

/** Bookkeeping any call may write on purpose: throttling counts refused attempts. */
const IGNORED_TABLES = new Set(['rate_limit_events']);
/** Columns any request may touch before the procedure runs (session validation). */
const IGNORED_COLUMNS = new Set(['users.last_active_at', 'sessions.expires_at']);
/**
 * Writes a refusal makes on purpose, by procedure and error code: a sign-in refused for too many
 * failures on an account warns its owner by e-mail (docs/decisions/007).
 */
export const REFUSAL_WRITES: Record<string, { code: string; tables: string[] }> = {
  'auth.signIn': { code: 'TOO_MANY_REQUESTS', tables: ['email_outbox'] },
  // Too many wrong current passwords close the session that typed them and warn the owner.
  'auth.changePassword': { code: 'UNAUTHORIZED', tables: ['sessions', 'email_outbox'] },
};

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Installs the journal and its triggers; answers the tables it watches. */
export async function installWriteJournal(database: Database): Promise<string[]> {
  const run = (statement: string) => database.db.execute(sql.raw(statement));
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await database.db.execute(sql`
      select c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`),
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns) {
    if (IGNORED_TABLES.has(table)) continue;
    const watched = byTable.get(table) ?? [];
    if (!IGNORED_COLUMNS.has(`${table}.${column}`)) watched.push(column);
    byTable.set(table, watched);
  }
  await run('create schema fuzz');
  await run('create table fuzz.writes (id bigserial primary key, table_name text not null, operation text not null)');
  await run(`create function fuzz.note_write() returns trigger language plpgsql as $$
    begin
      insert into fuzz.writes (table_name, operation) values (tg_table_name, tg_op);
      return null;
    end $$`);
  for (const [table, watched] of byTable) {
    const t = ident(table);
    await run(
      `create trigger fuzz_insert_delete after insert or delete on ${t} for each row execute function fuzz.note_write()`,
    );
    // An update counts only when a watched column really changes (compared as text: json has no "=").
    const side = (row: 'old' | 'new') => `row(${watched.map((c) => `${row}.${ident(c)}::text`).join(', ')})`;
    await run(
      `create trigger fuzz_update after update on ${t} for each row when (${side('old')} is distinct from ${side('new')}) execute function fuzz.note_write()`,
    );
  }
  return [...byTable.keys()];
}

/** The journal's last entry. */
export async function journalPosition(db: Db): Promise<number> {
  const [row] = rowsOf<{ id: string }>(await db.execute(sql`select coalesce(max(id), 0)::text as id from fuzz.writes`));
  return Number(row!.id);
}

/** What was written after a position, e.g. "email_outbox INSERT ×1". */
export async function writesSince(db: Db, position: number): Promise<Write[]> {
  const rows = rowsOf<{ table_name: string; operation: string; n: number }>(
    await db.execute(sql`
      select table_name, operation, count(*)::int as n from fuzz.writes where id > ${position}
      group by table_name, operation order by table_name, operation`),
  );
  return rows.map((r) => ({ table: r.table_name, operation: r.operation, count: r.n }));
}

export const describeWrites = (writes: Write[]) => writes.map((w) => `${w.table} ${w.operation} ×${w.count}`);
