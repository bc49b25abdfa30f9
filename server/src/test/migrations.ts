// A database migrated up to one migration, for the tests of the migration after it: they fill
// it as the old schema held data, then run `database.migrate()` and read what became of it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, openPglite, rowsOf, type Database } from '../db/client';

/** A copy of the migrations folder that stops at `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
  const last = journal.entries.findIndex((e: { tag: string }) => e.tag === lastTag);
  if (last < 0) throw new Error(`No migration named ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  for (const entry of journal.entries) {
    fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  }
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  return dir;
}

export type Row = Record<string, unknown>;

/** For a test file: a fresh PGlite migrated up to `lastTag` before its tests, closed after them. */
export function useDatabaseMigratedUpTo(lastTag: string) {
  let database: Database;
  let folder: string;
  beforeAll(async () => {
    database = await openPglite();
    folder = migrationsUpTo(lastTag);
    // Every migration from scratch, on a machine that may be busy.
    await migrate(database.db as never, { migrationsFolder: folder });
  }, 300_000);
  afterAll(async () => {
    await database.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });
  return {
    database: () => database,
    query: async (text: ReturnType<typeof sql>) => rowsOf<Row>(await database.db.execute(text)),
  };
}
