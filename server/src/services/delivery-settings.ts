// The home-delivery fees per zone (docs/product/last-mile.md#delivery), set by the administrator.
// Read with getDeliveryFees (queries/delivery.ts).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { appSettings } from '../db/schema';
import { writeAuditEntry } from '../audit/audit-context';
import { DELIVERY_FEES_KEY, getDeliveryFees, type DeliveryFees } from '../queries/delivery';

/**
 * The administrator's change, in USD cents. app_settings has no audit trigger on purpose (it
 * also holds the file-link secret), so the entry is written by hand like setStorageSettings'.
 */
export async function setDeliveryFees(tx: DbOrTx, next: DeliveryFees): Promise<DeliveryFees> {
  const [existing] = await tx
    .select({ key: appSettings.key })
    .from(appSettings)
    .where(eq(appSettings.key, DELIVERY_FEES_KEY))
    .for('update');
  const before = await getDeliveryFees(tx);
  const after: DeliveryFees = { caracas: next.caracas, central: next.central, interior: next.interior };
  const value = JSON.stringify(after);
  await tx
    .insert(appSettings)
    .values({ key: DELIVERY_FEES_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
  await writeAuditEntry(tx, {
    entity: 'app_settings',
    entityId: DELIVERY_FEES_KEY,
    operation: existing ? 'update' : 'insert',
    before: existing ? { value: before } : null,
    after: existing ? { value: after } : { key: DELIVERY_FEES_KEY, value: after },
  });
  return after;
}
