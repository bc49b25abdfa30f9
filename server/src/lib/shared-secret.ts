// Secrets that every instance must agree on without being configured: one is generated on first
// use and kept in app_settings under its key (the first writer wins), then read by everyone.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { appSettings } from '../db/schema';
import type { Config } from '../env';

/** Per database handle and key, so tests with their own database get their own secret. */
const cache = new WeakMap<object, Map<string, string>>();

export async function sharedSecret(db: DbOrTx, key: string): Promise<string> {
  const known = cache.get(db)?.get(key);
  if (known) return known;
  await db
    .insert(appSettings)
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: appSettings.key });
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  const forDb = cache.get(db) ?? new Map<string, string>();
  forDb.set(key, row.value);
  cache.set(db, forDb);
  return row.value;
}

/**
 * The key every app secret derives from (file links, known-device cookies): APP_SECRET when
 * set, otherwise a shared one kept in app_settings under the name of its first use, the file
 * links: renamed, every signed link and remembered device would be forgotten.
 */
export const APP_SECRET_SETTING = 'file_link_secret';

export async function appSecret(db: DbOrTx, config: Pick<Config, 'appSecret'>): Promise<string> {
  return config.appSecret || sharedSecret(db, APP_SECRET_SETTING);
}
