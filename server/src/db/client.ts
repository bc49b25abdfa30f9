// One `db` over two drivers (docs/decisions/003): PGlite in DATA_DIR when DATABASE_URL is
// unset, postgres.js when it is set. Same schema, queries and migrations on both.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { REPO_ROOT } from '../env';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as the db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the committed drizzle-kit migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The raw PGlite instance, when embedded (tests clone or dump it). */
  pglite?: PGlite;
  /** postgres.js: the pool size and the application_name its connections carry (/metrics finds them in pg_stat_activity). */
  pool?: { max: number; applicationName: string };
};

export const MIGRATIONS_FOLDER = path.join(REPO_ROOT, 'server/drizzle');

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm, btree_gin },
  });
  return wrapPglite(client);
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

/** Any fixed number, the same in every instance: the advisory lock migrations run under. */
const MIGRATION_LOCK_KEY = 7_190_003;

/**
 * Replicas starting together would each apply the same migrations (and one would crash): one
 * takes the lock on a connection of its own and migrates, the others wait, then find nothing
 * left to do. Closing that connection releases the lock, whatever happened.
 */
async function migrateLocked(url: string, migrate: () => Promise<void>): Promise<void> {
  const lock = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migrate();
  } finally {
    await lock.end({ timeout: 5 });
  }
}

/** How long opening a connection to PostgreSQL may take. */
const CONNECT_TIMEOUT_SECONDS = 5;

export function openPostgres(url: string, options: { max?: number } = {}): Database {
  const max = options.max ?? 10;
  // A name of its own per pool: several instances share the database and the role.
  const applicationName = `casillero-${process.pid}-${randomBytes(4).toString('hex')}`;
  const client = postgres(url, {
    max,
    onnotice: () => {},
    connection: { application_name: applicationName },
    // A server that accepts and never answers (a network that hangs) fails a query after this
    // many seconds, answered 503 (lib/database-errors.ts), rather than after postgres.js's 30.
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
  });
  const db = drizzlePostgres(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    pool: { max, applicationName },
    migrate: () => migrateLocked(url, () => migratePostgres(db as never, { migrationsFolder: MIGRATIONS_FOLDER })),
    close: () => client.end({ timeout: 5 }),
  };
}

export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
}

/** `db.execute()` answers an array on postgres.js and `{ rows }` on PGlite. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
