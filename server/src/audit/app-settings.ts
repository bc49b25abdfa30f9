// The administrator's settings: one app_settings row per key, its value JSON. The table has no
// audit trigger on purpose (it also holds the file-link secret, which must never reach the log),
// so a change of a setting writes its entry here by hand, shaped like the triggers': an insert
// has no before and the whole row after; an update has the value on both sides.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { appSettings } from '../db/schema';
import { writeAuditEntry } from './audit-context';

/**
 * Stores `after` as the setting's value and writes its audit entry. The row is locked first, so
 * two changes of one setting queue; `before` gives the value as it was, as the entry shows it,
 * and is read under that lock, only when the row exists.
 */
export async function saveAuditedSetting(
  tx: DbOrTx,
  key: string,
  after: unknown,
  before: () => Promise<unknown>,
): Promise<void> {
  const [existing] = await tx
    .select({ key: appSettings.key })
    .from(appSettings)
    .where(eq(appSettings.key, key))
    .for('update');
  const previous = existing ? { value: await before() } : null;
  const value = JSON.stringify(after);
  await tx
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
  await writeAuditEntry(tx, {
    entity: 'app_settings',
    entityId: key,
    operation: existing ? 'update' : 'insert',
    before: previous,
    after: existing ? { value: after } : { key, value: after },
  });
}
