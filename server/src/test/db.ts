import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../db/client';
import { withDatabase } from './global-setup';

/**
 * A fresh, migrated database for one test file: PGlite by default, or a database of its own
 * on the PostgreSQL server named by TEST_DATABASE_URL. close() drops what it made.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = inject('pgTemplateDatabase');
    const name = `${new URL(url).pathname.slice(1)}_${randomBytes(5).toString('hex')}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    // Parallel copies of one template can collide ("being accessed by other users"): retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        break;
      } catch (err) {
        if (attempt >= 20 || !String(err).includes('being accessed')) throw err;
        await new Promise((r) => setTimeout(r, 200 + Math.random() * 300));
      }
    }
    const database = openPostgres(withDatabase(url, name), { max: 10 });
    return {
      ...database,
      async close() {
        await database.close();
        await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteDumpPath'));
  return openPglite({ loadDataDir: new Blob([dump]) });
}
