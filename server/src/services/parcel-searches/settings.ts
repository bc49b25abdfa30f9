// The administrator's settings of the searches (docs/product/first-mile.md#delivered-but-not-received):
// one app_settings row, its change locked and audited (audit/app-settings.ts).
import { eq } from 'drizzle-orm';
import { PARCEL_SEARCH_DEFAULTS, type ParcelSearchSettings } from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { appSettings } from '../../db/schema';
import { saveAuditedSetting } from '../../audit/app-settings';

export const PARCEL_SEARCH_SETTINGS_KEY = 'parcel_searches';

const wholeOr = (v: unknown, fallback: number) => (Number.isInteger(v) && (v as number) > 0 ? (v as number) : fallback);

export async function getParcelSearchSettings(db: DbOrTx): Promise<ParcelSearchSettings> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, PARCEL_SEARCH_SETTINGS_KEY));
  if (!row) return { ...PARCEL_SEARCH_DEFAULTS };
  try {
    const parsed = JSON.parse(row.value) as Partial<ParcelSearchSettings>;
    return {
      openAfterBusinessHours: wholeOr(parsed.openAfterBusinessHours, PARCEL_SEARCH_DEFAULTS.openAfterBusinessHours),
      notFoundAfterDays: wholeOr(parsed.notFoundAfterDays, PARCEL_SEARCH_DEFAULTS.notFoundAfterDays),
    };
  } catch {
    return { ...PARCEL_SEARCH_DEFAULTS };
  }
}

export async function setParcelSearchSettings(tx: DbOrTx, next: ParcelSearchSettings): Promise<ParcelSearchSettings> {
  const after: ParcelSearchSettings = {
    openAfterBusinessHours: next.openAfterBusinessHours,
    notFoundAfterDays: next.notFoundAfterDays,
  };
  await saveAuditedSetting(tx, PARCEL_SEARCH_SETTINGS_KEY, after, () => getParcelSearchSettings(tx));
  return after;
}
