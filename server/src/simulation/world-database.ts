// Where the simulated day runs: one database built once with the world (staff, customers, rates,
// settings), then a fresh copy of it for every run, so that a run and each of its shrinking
// replays starts from the same morning. PGlite by default (a copy is the world's dump loaded
// again); a database of its own on the PostgreSQL server of TEST_DATABASE_URL (a copy is
// CREATE DATABASE … TEMPLATE the world's). Copies are dropped when their run ends.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../db/client';
import { withDatabase } from '../test/global-setup';
import { createTestDatabase } from '../test/db';

export type WorldDatabases<T> = {
  /** What `build` answered on the world's database: ids and sessions valid in every copy. */
  world: T;
  /** A fresh copy of the world, for one run. */
  copy(): Promise<Database>;
  close(): Promise<void>;
};

/** Builds the world once with `build`, then hands out copies of it. */
export async function worldDatabases<T>(build: (database: Database) => Promise<T>): Promise<WorldDatabases<T>> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? onPostgres(url, build) : onPglite(build);
}

async function onPglite<T>(build: (database: Database) => Promise<T>): Promise<WorldDatabases<T>> {
  const database = await createTestDatabase();
  const world = await build(database);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  return {
    world,
    copy: () => openPglite({ loadDataDir: dump }),
    close: async () => {},
  };
}

async function onPostgres<T>(url: string, build: (database: Database) => Promise<T>): Promise<WorldDatabases<T>> {
  const base = `${new URL(url).pathname.slice(1)}_sim_${randomBytes(4).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const made: string[] = [];
  const create = async (name: string, template: string) => {
    made.push(name);
    await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  };
  const worldName = `${base}_world`;
  await create(worldName, inject('pgTemplateDatabase'));
  const building = openPostgres(withDatabase(url, worldName), { max: 4 });
  const world = await build(building);
  // A template must have no connections while it is copied.
  await building.close();
  let runs = 0;
  return {
    world,
    async copy() {
      const name = `${base}_${++runs}`;
      await create(name, worldName);
      const database = openPostgres(withDatabase(url, name), { max: 4 });
      return {
        ...database,
        async close() {
          await database.close();
          await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        },
      };
    },
    async close() {
      for (const name of made) await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
