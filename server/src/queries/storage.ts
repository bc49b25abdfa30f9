// The storage clock's reads: the settings (free days, fee per day) kept in
// app_settings, and each parcel's days on our shelves counted in calendar days of Caracas. The
// changes (the settings, the reminders, the fee frozen into a shipment) are services/storage.ts.
import { eq } from 'drizzle-orm';
import { STORAGE_CLOCK_STATUSES, STORAGE_DEFAULTS, storageClock, type StorageSettings } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { appSettings } from '../db/schema';
import { businessToday } from '../lib/business-clock';

/** One app_settings row holds both values as JSON, so a change is one row and one audit entry. */
export const STORAGE_SETTINGS_KEY = 'storage';

export async function getStorageSettings(db: DbOrTx): Promise<StorageSettings> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, STORAGE_SETTINGS_KEY));
  if (!row) return { ...STORAGE_DEFAULTS };
  try {
    const parsed = JSON.parse(row.value) as Partial<StorageSettings>;
    return {
      freeDays: Number.isInteger(parsed.freeDays) ? parsed.freeDays! : STORAGE_DEFAULTS.freeDays,
      feePerDayUsd: typeof parsed.feePerDayUsd === 'number' ? parsed.feePerDayUsd : STORAGE_DEFAULTS.feePerDayUsd,
    };
  } catch {
    return { ...STORAGE_DEFAULTS };
  }
}

/** A reception time as a day in Caracas (YYYY-MM-DD). */
export const receivedDay = (receivedDate: Date) => businessToday(receivedDate);

/**
 * A package's clock, or null when it does not run: not yet received, or no longer on our shelves
 * (in a shipment, shipped).
 */
export function packageStorageClock(
  p: { status: string; receivedDate: Date | null },
  settings: StorageSettings,
  today = businessToday(),
) {
  if (!p.receivedDate || !(STORAGE_CLOCK_STATUSES as readonly string[]).includes(p.status)) return null;
  return storageClock(receivedDay(p.receivedDate), today, settings);
}
