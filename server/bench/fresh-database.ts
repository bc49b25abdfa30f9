// A database of its own for a measurement on the PostgreSQL server a URL names: created empty,
// migrated, handed to the measurement with a second pool (a second server), dropped after.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openPostgres, type Database } from '../src/db/client';

export async function withFreshPostgres<T>(
  serverUrl: string,
  prefix: string,
  measure: (first: Database, second: Database, name: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = '/postgres';
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const first = openPostgres(url.toString(), { max: 10 });
  const second = openPostgres(url.toString(), { max: 10 });
  try {
    await first.migrate();
    return await measure(first, second, name);
  } finally {
    await second.close();
    await first.close();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
  }
}
