// The secret that signs file links: the app's secret (lib/shared-secret.ts), which several
// instances agree on: APP_SECRET when set, otherwise one generated on first use and kept in
// app_settings.
import type { DbOrTx } from '../db/client';
import type { Config } from '../env';
import { APP_SECRET_SETTING, appSecret } from '../lib/shared-secret';

export const FILE_LINK_SECRET_KEY = APP_SECRET_SETTING;

export async function getFileLinkSecret(db: DbOrTx, config: Pick<Config, 'appSecret'>): Promise<string> {
  return appSecret(db, config);
}
