// The secret that signs file links. Several instances must agree on it: APP_SECRET when set,
// otherwise one generated on first use and kept in app_settings (lib/shared-secret.ts).
import type { DbOrTx } from '../db/client';
import type { Config } from '../env';
import { sharedSecret } from '../lib/shared-secret';

export const FILE_LINK_SECRET_KEY = 'file_link_secret';

export async function getFileLinkSecret(db: DbOrTx, config: Pick<Config, 'appSecret'>): Promise<string> {
  return config.appSecret || sharedSecret(db, FILE_LINK_SECRET_KEY);
}
