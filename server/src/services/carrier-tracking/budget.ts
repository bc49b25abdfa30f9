// The day's requests to the tracking provider (docs/product/first-mile.md#polling-and-the-days-budget):
// the administrator's budget (an app_settings row, audited) and the count of today's requests,
// one row per Caracas day and provider that every server instance adds to in one statement, so
// two instances together never pass the budget.
import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_DAILY_REQUEST_BUDGET,
  MAX_DAILY_REQUEST_BUDGET,
  type FirstMileSettings,
  type TrackingProviderName,
} from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../../db/client';
import { appSettings, carrierProviderUsage } from '../../db/schema';
import { saveAuditedSetting } from '../../audit/app-settings';
import { businessToday } from '../../lib/business-clock';

export const FIRST_MILE_SETTINGS_KEY = 'first_mile';

export async function getFirstMileSettings(db: DbOrTx): Promise<FirstMileSettings> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, FIRST_MILE_SETTINGS_KEY));
  const fallback = { dailyRequestBudget: DEFAULT_DAILY_REQUEST_BUDGET };
  if (!row) return fallback;
  try {
    const budget = (JSON.parse(row.value) as Partial<FirstMileSettings>).dailyRequestBudget;
    return Number.isInteger(budget) && budget! >= 0 && budget! <= MAX_DAILY_REQUEST_BUDGET
      ? { dailyRequestBudget: budget! }
      : fallback;
  } catch {
    return fallback;
  }
}

/** The administrator's change, locked and audited (audit/app-settings.ts). */
export async function setFirstMileSettings(tx: DbOrTx, next: FirstMileSettings): Promise<FirstMileSettings> {
  const after = { dailyRequestBudget: next.dailyRequestBudget };
  await saveAuditedSetting(tx, FIRST_MILE_SETTINGS_KEY, after, () => getFirstMileSettings(tx));
  return after;
}

/** Requests made today (Caracas) to the provider. */
export async function requestsToday(db: DbOrTx, provider: TrackingProviderName, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ requests: carrierProviderUsage.requests })
    .from(carrierProviderUsage)
    .where(and(eq(carrierProviderUsage.day, businessToday(now)), eq(carrierProviderUsage.provider, provider)));
  return row?.requests ?? 0;
}

/**
 * Takes one request from today's budget: true when it was still under the budget (and is now
 * counted), false when the day's requests are spent. One statement: the conflicting row is
 * locked and its count re-read, so instances asking at once are granted one by one.
 */
export async function takeRequest(
  db: DbOrTx,
  provider: TrackingProviderName,
  budget: number,
  now = new Date(),
): Promise<boolean> {
  if (budget <= 0) return false;
  const granted = rowsOf<{ requests: number }>(
    await db.execute(sql`
      insert into ${carrierProviderUsage} as u (day, provider, requests)
      values (${businessToday(now)}, ${provider}, 1)
      on conflict (day, provider) do update set requests = u.requests + 1 where u.requests < ${budget}
      returning u.requests`),
  );
  return granted.length === 1;
}
