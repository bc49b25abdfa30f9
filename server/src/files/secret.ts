// The secret that signs file links. Several instances must agree on it: APP_SECRET when set,
// otherwise one generated on first use and kept in app_settings (the first writer wins).
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { Config } from '../env';
import { appSettings } from '../db/schema';

export const FILE_LINK_SECRET_KEY = 'file_link_secret';

/** Per database handle, so tests with their own database get their own secret. */
const cache = new WeakMap<object, string>();

export async function getFileLinkSecret(db: DbOrTx, config: Pick<Config, 'appSecret'>): Promise<string> {
  if (config.appSecret) return config.appSecret;
  const cached = cache.get(db);
  if (cached) return cached;
  await db
    .insert(appSettings)
    .values({ key: FILE_LINK_SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: appSettings.key });
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, FILE_LINK_SECRET_KEY));
  cache.set(db, row.value);
  return row.value;
}
