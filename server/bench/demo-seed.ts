// What a first start with the demo costs (docs/decisions/027-demo-start-up-speed.md): the
// statements `seedDemo` sends and its CPU time, on a fresh embedded database each run.
// Run: npm run bench:seed [-- runs] (default 4)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type Db, MIGRATIONS_FOLDER } from '../src/db/client';
import * as schema from '../src/db/schema';
import { seedDemo } from '../src/demo';
import { createFileStore } from '../src/files/file-store';

const runs = Number(process.argv[2] ?? 4);

async function once(): Promise<{ statements: number; cpuMs: number }> {
  const client = await PGlite.create({ extensions: { pg_trgm, btree_gin } });
  let statements = 0;
  const db = drizzle(client, { schema, logger: { logQuery: () => void statements++ } }) as unknown as Db;
  await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-seed-'));
  statements = 0;
  const before = process.cpuUsage();
  await seedDemo(db, { fileStore: createFileStore({ storageDir: dir, s3: null }) });
  const used = process.cpuUsage(before);
  await client.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return { statements, cpuMs: (used.user + used.system) / 1000 };
}

const results = [];
for (let i = 0; i < runs; i++) results.push(await once());
const cpu = results.map((r) => r.cpuMs).sort((a, b) => a - b);
const median = (cpu[Math.floor((cpu.length - 1) / 2)] + cpu[Math.ceil((cpu.length - 1) / 2)]) / 2;
console.log(
  `seedDemo: ${results[0].statements} statements, CPU ${(median / 1000).toFixed(2)} s (median of ${runs}; runs ${cpu.map((c) => (c / 1000).toFixed(2)).join(', ')} s)`,
);
