// Migrates one database for the whole run; each test file then gets its own copy
// (a PGlite loaded from a dump, or a PostgreSQL database created from a template).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    pgTemplateDatabase: string;
  }
}

export function templateName(url: string) {
  return `${new URL(url).pathname.slice(1)}_tpl`;
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = templateName(url);
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS "${template}"`);
    await admin.unsafe(`CREATE DATABASE "${template}"`);
    const database = openPostgres(withDatabase(url, template), { max: 1 });
    await database.migrate();
    await database.close();
    project.provide('pgTemplateDatabase', template);
    project.provide('pgliteDumpPath', '');
    return async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openPglite();
  await database.migrate();
  const dump = await database.pglite!.dumpDataDir('none');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-test-'));
  const dumpPath = path.join(dir, 'migrated.tar');
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDumpPath', dumpPath);
  project.provide('pgTemplateDatabase', '');
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
