// The storage clock's reads: the settings (free days, fee per day) kept in
// app_settings, and each parcel's days on our shelves counted in calendar days of Caracas. The
// changes (the settings, the reminders, the fee frozen into a shipment) are services/storage.ts.
import { eq, sql } from 'drizzle-orm';
import {
  STORAGE_CLOCK_STATUSES,
  STORAGE_DEFAULTS,
  STORAGE_ENDING_LIST_DAYS,
  storageClock,
  type PriceList,
  type StorageSettings,
} from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../db/client';
import { appSettings } from '../db/schema';
import { BUSINESS_TZ_SQL, businessToday } from '../lib/business-clock';
import { getPricesInEffect } from './prices';

/** One app_settings row holds both values as JSON, so a change is one row and one audit entry. */
export const STORAGE_SETTINGS_KEY = 'storage';

/**
 * The free days (this row) and the fee per day after them: the price list's in effect
 * (docs/product/price-lists.md), or the one given (a ship request honouring a quoted version).
 */
export async function getStorageSettings(db: DbOrTx, prices?: PriceList): Promise<StorageSettings> {
  const feePerDayUsdCents = (prices ?? (await getPricesInEffect(db)).prices).storageFeePerDayUsdCents;
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, STORAGE_SETTINGS_KEY));
  if (!row) return { freeDays: STORAGE_DEFAULTS.freeDays, feePerDayUsdCents };
  try {
    const parsed = JSON.parse(row.value) as Partial<StorageSettings>;
    return {
      freeDays: Number.isInteger(parsed.freeDays) ? parsed.freeDays! : STORAGE_DEFAULTS.freeDays,
      feePerDayUsdCents,
    };
  } catch {
    return { freeDays: STORAGE_DEFAULTS.freeDays, feePerDayUsdCents };
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

export type StorageEndingRow = {
  packageId: string;
  /** What the customer knows the parcel by: its WR, else its tracking number, else its description. */
  label: string;
  userId: string;
  customerName: string;
  customerEmail: string;
  /** Free days left: 0 on the last free day. */
  daysLeft: number;
  /** The last free day (YYYY-MM-DD, Caracas). */
  freeUntil: string;
  /** When the customer was last reminded of this parcel's storage, by the daily job or by staff. */
  lastRemindedAt: Date | null;
};

/**
 * The parcels on our shelves whose free storage ends within STORAGE_ENDING_LIST_DAYS days, the
 * nearest end first (staff's "Almacenaje por vencer"). Parcels past their free days are not in
 * it: their fee already runs, and Almacén shows it.
 */
export async function storageEndingSoon(
  db: DbOrTx,
  today = businessToday(),
  onlyPackageId?: string,
): Promise<StorageEndingRow[]> {
  const { freeDays } = await getStorageSettings(db);
  const statuses = sql.join(
    STORAGE_CLOCK_STATUSES.map((s) => sql`${s}::package_status`),
    sql`, `,
  );
  const rows = rowsOf<
    Omit<StorageEndingRow, 'lastRemindedAt' | 'daysLeft'> & {
      daysLeft: number | string;
      lastRemindedAt: string | Date | null;
    }
  >(
    await db.execute(sql`
      select p.id as "packageId", coalesce(p.warehouse_receipt, p.tracking_number, p.package_description) as label,
             p.user_id as "userId", coalesce(up.full_name, u.email) as "customerName", u.email as "customerEmail",
             ((p.received_date at time zone ${BUSINESS_TZ_SQL})::date + ${freeDays}::int) - ${today}::date as "daysLeft",
             to_char((p.received_date at time zone ${BUSINESS_TZ_SQL})::date + ${freeDays}::int, 'YYYY-MM-DD') as "freeUntil",
             greatest(
               (select max(r.created_at) from storage_reminders r where r.package_id = p.id),
               (select max(n.created_at) from notifications n
                 where n.user_id = p.user_id and n.dedupe_key like 'storage:' || p.id::text || ':%')
             ) as "lastRemindedAt"
      from packages p
      join users u on u.id = p.user_id
      left join user_profiles up on up.user_id = p.user_id
      where p.status in (${statuses}) and p.received_date is not null
        ${onlyPackageId ? sql`and p.id = ${onlyPackageId}` : sql``}
        and (p.received_date at time zone ${BUSINESS_TZ_SQL})::date
            between ${today}::date - ${freeDays}::int and ${today}::date - ${freeDays}::int + ${STORAGE_ENDING_LIST_DAYS}::int
      order by "daysLeft", label
      limit 500`),
  );
  return rows.map((r) => ({
    ...r,
    daysLeft: Number(r.daysLeft),
    lastRemindedAt: r.lastRemindedAt ? new Date(r.lastRemindedAt) : null,
  }));
}
