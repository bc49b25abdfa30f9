// The price list's reads (docs/product/price-lists.md): the versions, the one in effect at a
// moment (shared priceListInEffect, on Caracas days), and the days a quoted price is honoured.
// The changes are services/prices.ts.
import { asc, eq } from 'drizzle-orm';
import {
  PRICE_HONOUR_DAYS_DEFAULT,
  PRICE_LIST_V1,
  nextPriceList,
  priceListInEffect,
  type PriceList,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { appSettings, priceListVersions, users } from '../db/schema';

export type PriceListRow = {
  id: string;
  number: number;
  effectiveFrom: string;
  prices: PriceList;
  cancelledAt: string | null;
};

/** What the callers need of the version they priced with. */
export type PricesInEffect = { id: string | null; number: number; effectiveFrom: string; prices: PriceList };

const columns = {
  id: priceListVersions.id,
  number: priceListVersions.number,
  effectiveFrom: priceListVersions.effectiveFrom,
  prices: priceListVersions.prices,
  cancelledAt: priceListVersions.cancelledAt,
};

const toRow = (r: { cancelledAt: Date | null } & Omit<PriceListRow, 'cancelledAt'>): PriceListRow => ({
  ...r,
  cancelledAt: r.cancelledAt ? r.cancelledAt.toISOString() : null,
});

/** Every version, cancelled ones included, the earliest start first. A few rows a year. */
export async function listPriceVersions(db: DbOrTx): Promise<PriceListRow[]> {
  const rows = await db
    .select(columns)
    .from(priceListVersions)
    .orderBy(asc(priceListVersions.effectiveFrom), asc(priceListVersions.number));
  return rows.map(toRow);
}

/**
 * The version in effect at `at` (now by default). The migration seeds version 1, so there is
 * always one; a database without any (never migrated) prices with version 1's figures.
 */
export async function getPricesInEffect(db: DbOrTx, at: Date = new Date()): Promise<PricesInEffect> {
  const chosen = priceListInEffect(await listPriceVersions(db), at);
  return chosen ?? { id: null, number: 1, effectiveFrom: '2026-11-27', prices: PRICE_LIST_V1 };
}

/** One version by id, or null. */
export async function findPriceVersion(db: DbOrTx, id: string): Promise<PriceListRow | null> {
  const [row] = await db.select(columns).from(priceListVersions).where(eq(priceListVersions.id, id));
  return row ? toRow(row) : null;
}

/**
 * What the public calculators need: the version in effect now and the next one scheduled, with
 * its start, so a page open across midnight in Caracas switches by itself (the client picks with
 * priceListInEffect) and never shows a price the server would not charge.
 */
export async function publicPrices(db: DbOrTx, at: Date = new Date()) {
  const versions = await listPriceVersions(db);
  const live = versions.filter((v) => !v.cancelledAt);
  const current = priceListInEffect(live, at);
  const next = nextPriceList(live, at);
  const strip = (v: PriceListRow | null) =>
    v ? { id: v.id, number: v.number, effectiveFrom: v.effectiveFrom, prices: v.prices, cancelledAt: null } : null;
  return { current: strip(current), next: strip(next) };
}

/** The administrator's page: every version with who created it. */
export async function adminPriceVersions(db: DbOrTx) {
  const rows = await db
    .select({ ...columns, createdAt: priceListVersions.createdAt, createdByEmail: users.email })
    .from(priceListVersions)
    .leftJoin(users, eq(users.id, priceListVersions.createdBy))
    .orderBy(asc(priceListVersions.effectiveFrom), asc(priceListVersions.number));
  return rows.map((r) => ({ ...toRow(r), createdAt: r.createdAt.toISOString(), createdByEmail: r.createdByEmail }));
}

/** app_settings key of the days a quoted price is honoured. */
export const PRICE_SETTINGS_KEY = 'price_list';

export async function getPriceHonourDays(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, PRICE_SETTINGS_KEY));
  if (!row) return PRICE_HONOUR_DAYS_DEFAULT;
  try {
    const parsed = JSON.parse(row.value) as { honourDays?: unknown };
    return Number.isInteger(parsed.honourDays) ? (parsed.honourDays as number) : PRICE_HONOUR_DAYS_DEFAULT;
  } catch {
    return PRICE_HONOUR_DAYS_DEFAULT;
  }
}
