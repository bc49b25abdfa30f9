// The customs settlement's reads (docs/product/customs.md#settled-against-what-customs-charged):
// the administrator's threshold, each shipment of a departure with the estimate it is settled
// against (the one its invoice shows), the departure's settlements, and the estimate's measured
// error (docs/product/customs.md#measured-and-honest). Staff reads: no customer filter.
import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import {
  ACCURACY_MIN_SHIPMENTS,
  ACCURACY_WINDOW_DAYS,
  CUSTOMS_CATEGORIES,
  DEFAULT_SETTLEMENT_THRESHOLD_USD_CENTS,
  categorizeItem,
  errorStats,
  type CustomsCategory,
  type EstimateAccuracy,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import {
  customsSettlementSettings,
  customsSettlements,
  departures,
  invoices,
  shipments,
  userProfiles,
  users,
  type InvoiceLine,
} from '../db/schema';
import { currentCustomsVersion, listCustomsVersions } from './customs';
import { invoiceGuiaEstimate, parcelsOfShipments } from './customs-estimates';

/** The administrator's threshold in USD cents (the default until one is saved). */
export async function settlementThreshold(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ cents: customsSettlementSettings.thresholdUsdCents })
    .from(customsSettlementSettings)
    .where(eq(customsSettlementSettings.id, 1));
  return row?.cents ?? DEFAULT_SETTLEMENT_THRESHOLD_USD_CENTS;
}

export type ShipmentForSettlement = {
  shipmentId: string;
  shipmentCode: string;
  trackingNumber: string | null;
  userId: string;
  customer: string;
  /**
   * What was collected for customs: the invoice's frozen estimate (its `import_taxes` line marked
   * customsEstimate); for an invoice issued before the estimate was charged, the estimate it shows
   * (null: no parcels to estimate).
   */
  estimateUsdCents: number | null;
  /** The category of its largest declared value. */
  category: CustomsCategory;
};

/** The category of the largest declared value among the parcels ('Otros' for none). */
function mainCategory(parcels: { description: string | null; valueUsdCents: number | null }[]): CustomsCategory {
  const byCategory = new Map<CustomsCategory, number>();
  for (const p of parcels) {
    const c = categorizeItem(p.description ?? '');
    byCategory.set(c, (byCategory.get(c) ?? 0) + (p.valueUsdCents ?? 0));
  }
  let best: CustomsCategory = 'other';
  let bestValue = -1;
  for (const c of CUSTOMS_CATEGORIES) {
    const v = byCategory.get(c);
    if (v !== undefined && v > bestValue) [best, bestValue] = [c, v];
  }
  return best;
}

/**
 * The customs estimate an invoice collected: its `import_taxes` lines that are the frozen estimate
 * (docs/product/customs.md#the-invoice); null for an invoice without one (issued before, or not a
 * ship request's).
 */
export function collectedEstimate(lines: InvoiceLine[]): number | null {
  const frozen = lines.filter((l) => l.kind === 'import_taxes' && l.customsEstimate);
  return frozen.length ? frozen.reduce((a, l) => a + l.usdCents, 0) : null;
}

/**
 * Every shipment of the departure with what it is settled against: what its (latest, not voided)
 * invoice collected as the customs estimate (collectedEstimate); for an invoice issued before the
 * estimate was charged, the estimate it shows the customer (queries/customs-estimates.ts,
 * invoiceGuiaEstimate); without an invoice, the shipment's freight and the rules in effect when it
 * was created.
 */
export async function departureShipmentsForSettlement(
  db: DbOrTx,
  departureId: string,
): Promise<ShipmentForSettlement[]> {
  const rows = await db
    .select({
      shipmentId: shipments.id,
      shipmentCode: shipments.shipmentCode,
      trackingNumber: shipments.trackingNumber,
      userId: shipments.userId,
      email: users.email,
      fullName: userProfiles.fullName,
      shippingCostUsdCents: shipments.shippingCostUsdCents,
      createdAt: shipments.createdAt,
    })
    .from(shipments)
    .innerJoin(users, eq(users.id, shipments.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, shipments.userId))
    .where(eq(shipments.departureId, departureId))
    .orderBy(asc(shipments.shipmentCode));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.shipmentId);
  const [versions, fallback, parcels, bills] = await Promise.all([
    listCustomsVersions(db),
    currentCustomsVersion(db),
    parcelsOfShipments(db, ids),
    db
      .select({
        shipmentId: invoices.shipmentId,
        lines: invoices.lines,
        vesPerUsd: invoices.vesPerUsd,
        rateDate: invoices.rateDate,
        createdAt: invoices.createdAt,
      })
      .from(invoices)
      .where(and(inArray(invoices.shipmentId, ids), isNull(invoices.voidedAt)))
      .orderBy(desc(invoices.createdAt)),
  ]);
  return rows.map((r) => {
    const inside = parcels.filter((p) => p.shipmentId === r.shipmentId);
    const bill = bills.find((b) => b.shipmentId === r.shipmentId) ?? {
      lines: [{ description: '', usdCents: r.shippingCostUsdCents, kind: 'shipping' as const }],
      vesPerUsd: null,
      rateDate: null,
      createdAt: r.createdAt,
    };
    const collected = collectedEstimate(bill.lines);
    const guia = collected === null ? invoiceGuiaEstimate(versions, fallback, bill, inside) : null;
    return {
      shipmentId: r.shipmentId,
      shipmentCode: r.shipmentCode,
      trackingNumber: r.trackingNumber,
      userId: r.userId,
      customer: r.fullName?.trim() || r.email,
      estimateUsdCents: collected ?? (guia ? guia.estimate.usdCents.total : null),
      category: mainCategory(inside),
    };
  });
}

/** The departure's settlements, by shipment code, for its screen. */
export async function departureSettlements(db: DbOrTx, departureId: string) {
  const rows = await db
    .select({
      id: customsSettlements.id,
      shipmentCode: shipments.shipmentCode,
      customer: sql<string>`coalesce(nullif(trim(${userProfiles.fullName}), ''), ${users.email})`,
      guia: customsSettlements.guia,
      estimateUsdCents: customsSettlements.estimateUsdCents,
      paidUsdCents: customsSettlements.paidUsdCents,
      differenceUsdCents: customsSettlements.differenceUsdCents,
      outcome: customsSettlements.outcome,
      createdAt: customsSettlements.createdAt,
    })
    .from(customsSettlements)
    .innerJoin(shipments, eq(shipments.id, customsSettlements.shipmentId))
    .innerJoin(users, eq(users.id, customsSettlements.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, customsSettlements.userId))
    .where(eq(customsSettlements.departureId, departureId))
    .orderBy(asc(shipments.shipmentCode));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Every settled shipment's error, with its departure and category (since `since` when given). */
async function settledErrors(db: DbOrTx, since?: Date) {
  return db
    .select({
      departureId: customsSettlements.departureId,
      departureCode: departures.code,
      category: customsSettlements.category,
      ape: customsSettlements.apeBasisPoints,
    })
    .from(customsSettlements)
    .innerJoin(departures, eq(departures.id, customsSettlements.departureId))
    .where(since ? gte(customsSettlements.createdAt, since) : sql`true`);
}

type ErrorRow = Awaited<ReturnType<typeof settledErrors>>[number];

function grouped<K extends string>(rows: ErrorRow[], keyOf: (r: ErrorRow) => K) {
  const groups = new Map<K, ErrorRow[]>();
  for (const r of rows) groups.set(keyOf(r), [...(groups.get(keyOf(r)) ?? []), r]);
  return [...groups].map(([key, rs]) => ({
    key,
    ...errorStats(rs.flatMap((r) => (r.ape === null ? [] : [r.ape]))),
    // Nothing paid but something estimated: no percentage, counted apart.
    withoutPaid: rs.filter((r) => r.ape === null).length,
  }));
}

/** The administrator's report: per departure and per category, count, median and p90 of the error. */
export async function accuracyReport(db: DbOrTx) {
  const rows = await settledErrors(db);
  const codes = new Map(rows.map((r) => [r.departureId, r.departureCode]));
  return {
    all: grouped(rows, () => 'all')[0] ?? null,
    byDeparture: grouped(rows, (r) => r.departureId)
      .map((g) => ({ ...g, departureCode: codes.get(g.key) ?? '' }))
      .sort((a, b) => b.departureCode.localeCompare(a.departureCode)),
    byCategory: grouped(rows, (r) => r.category as CustomsCategory).sort(
      (a, b) => CUSTOMS_CATEGORIES.indexOf(a.key) - CUSTOMS_CATEGORIES.indexOf(b.key),
    ),
  };
}

/** The calculators' line: the error over the last 90 days; null with fewer than ACCURACY_MIN_SHIPMENTS. */
export async function publicAccuracy(db: DbOrTx, now = new Date()): Promise<EstimateAccuracy | null> {
  const since = new Date(now.getTime() - ACCURACY_WINDOW_DAYS * 86_400_000);
  const rows = await settledErrors(db, since);
  const stats = errorStats(rows.flatMap((r) => (r.ape === null ? [] : [r.ape])));
  return stats.count >= ACCURACY_MIN_SHIPMENTS ? { ...stats, days: ACCURACY_WINDOW_DAYS } : null;
}
