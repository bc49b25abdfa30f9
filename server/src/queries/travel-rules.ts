// The travel rules' reads (docs/product/travel-rules.md): the versions, the one in effect at a
// moment (shared travelRulesInEffect), what the public FAQ shows, and the flags of a parcel or a
// pre-alert under the rules in effect. The changes are services/travel-rules.ts.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  PACKAGE_STATUSES_SHIPPABLE,
  TRAVEL_RULES_V1,
  checkTravel,
  travelRulesInEffect,
  type TravelCheckInput,
  type TravelRules,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { packages, prealerts, travelRuleVersions, users } from '../db/schema';

export type TravelRulesRow = {
  id: string;
  number: number;
  effectiveAt: string;
  rules: TravelRules;
  cancelledAt: string | null;
};

const columns = {
  id: travelRuleVersions.id,
  number: travelRuleVersions.number,
  effectiveAt: travelRuleVersions.effectiveAt,
  rules: travelRuleVersions.rules,
  cancelledAt: travelRuleVersions.cancelledAt,
};

const toRow = (
  r: { effectiveAt: Date; cancelledAt: Date | null } & Omit<TravelRulesRow, 'effectiveAt' | 'cancelledAt'>,
) => ({
  ...r,
  effectiveAt: r.effectiveAt.toISOString(),
  cancelledAt: r.cancelledAt ? r.cancelledAt.toISOString() : null,
});

/** Every version, cancelled ones included, the earliest start first. A few rows a year. */
export async function listTravelRuleVersions(db: DbOrTx): Promise<TravelRulesRow[]> {
  const rows = await db
    .select(columns)
    .from(travelRuleVersions)
    .orderBy(asc(travelRuleVersions.effectiveAt), asc(travelRuleVersions.number));
  return rows.map(toRow);
}

/** The rules in effect at `at` (now by default); version 1's when none was ever written. */
export async function getTravelRulesInEffect(db: DbOrTx, at: Date = new Date()): Promise<TravelRules> {
  return travelRulesInEffect(await listTravelRuleVersions(db), at)?.rules ?? TRAVEL_RULES_V1;
}

/** One version by id, or null. */
export async function findTravelRuleVersion(db: DbOrTx, id: string): Promise<TravelRulesRow | null> {
  const [row] = await db.select(columns).from(travelRuleVersions).where(eq(travelRuleVersions.id, id));
  return row ? toRow(row) : null;
}

/** The administrator's page: every version with who created it. */
export async function adminTravelRuleVersions(db: DbOrTx) {
  const rows = await db
    .select({ ...columns, createdAt: travelRuleVersions.createdAt, createdByEmail: users.email })
    .from(travelRuleVersions)
    .leftJoin(users, eq(users.id, travelRuleVersions.createdBy))
    .orderBy(asc(travelRuleVersions.effectiveAt), asc(travelRuleVersions.number));
  return rows.map((r) => ({ ...toRow(r), createdAt: r.createdAt.toISOString(), createdByEmail: r.createdByEmail }));
}

/** What the public FAQ shows: the rules in effect, without ids. */
export async function publicTravelRules(db: DbOrTx) {
  const rules = await getTravelRulesInEffect(db);
  return {
    categories: rules.categories.map(({ name, kind, modes, reason }) => ({ name, kind, modes, reason })),
    limits: rules.limits,
    commercialQuantity: rules.commercialQuantity,
  };
}

/** A checker bound to the rules in effect: for the lists that flag many rows at once. */
export async function travelChecker(db: DbOrTx, at: Date = new Date()) {
  const rules = await getTravelRulesInEffect(db, at);
  return (input: TravelCheckInput) => checkTravel(rules, input);
}

/** The columns a parcel is checked with: its own, and the quantity of the pre-alert it came from. */
const parcelCheckColumns = {
  packageId: packages.id,
  userId: packages.userId,
  warehouseReceipt: packages.warehouseReceipt,
  trackingNumber: packages.trackingNumber,
  packageDescription: packages.packageDescription,
  weightKg: packages.weightKg,
  estimatedValueUsdCents: packages.estimatedValueUsdCents,
  quantity: sql<
    number | null
  >`(select max(${prealerts.quantityItems}) from ${prealerts} where ${prealerts.convertedPackageId} = ${packages.id})`,
  /** What a price change is measured on: the measures and the warehouse it came to. */
  dimensionsCm: packages.dimensionsCm,
  location: sql<string | null>`(select m.location from mailboxes m where m.id = ${packages.mailboxId})`,
};
type ParcelCheckRow = {
  packageId: string;
  warehouseReceipt: string | null;
  trackingNumber: string | null;
  packageDescription: string;
  weightKg: number | null;
  estimatedValueUsdCents: number | null;
  quantity: number | null;
};

export const parcelLabel = (r: Pick<ParcelCheckRow, 'warehouseReceipt' | 'trackingNumber' | 'packageId'>) =>
  r.warehouseReceipt ?? r.trackingNumber ?? r.packageId.slice(0, 8);

export const parcelCheckInput = (r: ParcelCheckRow): TravelCheckInput => ({
  description: r.packageDescription,
  weightKg: r.weightKg,
  declaredValueUsdCents: r.estimatedValueUsdCents,
  quantity: r.quantity,
});

/** The parcels still in the warehouse (in no shipment), of one customer or of everyone. */
export function parcelsInWarehouse(db: DbOrTx, userId?: string) {
  return db
    .select(parcelCheckColumns)
    .from(packages)
    .where(
      and(
        userId ? eq(packages.userId, userId) : undefined,
        inArray(packages.status, [...PACKAGE_STATUSES_SHIPPABLE]),
        sql`not exists (select 1 from shipment_packages sp where sp.package_id = ${packages.id})`,
      ),
    )
    .orderBy(asc(packages.receivedDate), asc(packages.id));
}

/**
 * Acción requerida: the customer's parcels in the warehouse that the rules in effect let travel by
 * no mode, each with the rules' reasons and what the customer can do.
 */
export async function listTravelBlocked(db: DbOrTx, userId: string) {
  const check = await travelChecker(db);
  const rows = await parcelsInWarehouse(db, userId);
  return rows.flatMap((r) => {
    const flags = check(parcelCheckInput(r)).filter((f) => f.level === 'block');
    return flags.length
      ? [{ packageId: r.packageId, label: parcelLabel(r), packageDescription: r.packageDescription, flags }]
      : [];
  });
}

/** Staff's package detail: the same flags the customer sees, under the rules in effect. */
export async function packageTravelFlags(db: DbOrTx, packageId: string) {
  const [row] = await db.select(parcelCheckColumns).from(packages).where(eq(packages.id, packageId));
  if (!row) return [];
  return (await travelChecker(db))(parcelCheckInput(row));
}

// The pre-alert's check input lives in shared: the customer's form checks as the customer types.
export { prealertCheckInput } from '@casillero/shared';
