// Reads of problem parcels (docs/product/problem-parcels.md): the settings, the customer's open
// problems (their own only) and a parcel's problem for staff.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  PROBLEM_CHOICES_BY_REASON,
  PROBLEM_DEFAULTS,
  type ProblemSettings,
  type ProblemState,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { appSettings, invoices, packageProblems, packages } from '../db/schema';

export const PROBLEM_SETTINGS_KEY = 'problem_parcels';

export async function getProblemSettings(db: DbOrTx): Promise<ProblemSettings> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, PROBLEM_SETTINGS_KEY));
  if (!row) return { ...PROBLEM_DEFAULTS };
  try {
    const parsed = JSON.parse(row.value) as Partial<ProblemSettings>;
    return {
      abandonDays: Number.isInteger(parsed.abandonDays) ? parsed.abandonDays! : PROBLEM_DEFAULTS.abandonDays,
      returnFeeUsdCents: Number.isInteger(parsed.returnFeeUsdCents)
        ? parsed.returnFeeUsdCents!
        : PROBLEM_DEFAULTS.returnFeeUsdCents,
    };
  } catch {
    return { ...PROBLEM_DEFAULTS };
  }
}

export const problemState = (p: {
  abandonedAt: Date | null;
  resolvedAt: Date | null;
  choice: string | null;
}): ProblemState =>
  p.abandonedAt ? 'abandoned' : p.resolvedAt ? 'resolved' : p.choice ? 'awaiting_staff' : 'awaiting_customer';

/** What a parcel is shown with: its warehouse receipt, else its tracking number, else its description. */
export const packageLabel = sql<string>`coalesce(${packages.warehouseReceipt}, ${packages.trackingNumber}, ${packages.packageDescription})`;

const problemColumns = {
  id: packageProblems.id,
  packageId: packageProblems.packageId,
  label: packageLabel,
  packageDescription: packages.packageDescription,
  reason: packageProblems.reason,
  note: packageProblems.note,
  extraChargeUsdCents: packageProblems.extraChargeUsdCents,
  abandonOn: packageProblems.abandonOn,
  createdAt: packageProblems.createdAt,
  choice: packageProblems.choice,
  decidedAt: packageProblems.decidedAt,
  invoiceNumber: invoices.number,
  completedAt: packageProblems.completedAt,
  resolvedAt: packageProblems.resolvedAt,
  abandonedAt: packageProblems.abandonedAt,
};

/** Acción requerida: the customer's parcels waiting for their decision, the nearest deadline first. */
export async function listMyProblems(db: DbOrTx, userId: string) {
  const { returnFeeUsdCents } = await getProblemSettings(db);
  const rows = await db
    .select(problemColumns)
    .from(packageProblems)
    .innerJoin(packages, eq(packages.id, packageProblems.packageId))
    .leftJoin(invoices, eq(invoices.id, packageProblems.invoiceId))
    .where(and(eq(packages.userId, userId), isNull(packageProblems.resolvedAt), isNull(packageProblems.choice)))
    .orderBy(packageProblems.abandonOn, packageProblems.createdAt);
  return rows.map((r) => ({ ...r, choices: PROBLEM_CHOICES_BY_REASON[r.reason], returnFeeUsdCents }));
}

/** Staff: a parcel's problems, the newest first (the open one, if any, and the closed ones kept as record). */
export async function problemsOfPackage(db: DbOrTx, packageId: string) {
  const rows = await db
    .select(problemColumns)
    .from(packageProblems)
    .innerJoin(packages, eq(packages.id, packageProblems.packageId))
    .leftJoin(invoices, eq(invoices.id, packageProblems.invoiceId))
    .where(eq(packageProblems.packageId, packageId))
    .orderBy(desc(packageProblems.createdAt));
  return rows.map((r) => ({ ...r, state: problemState(r) }));
}

/** The open problems of the given parcels (for the ship refusals). */
export async function openProblemsOf(db: DbOrTx, packageIds: string[]) {
  if (packageIds.length === 0) return [];
  return db
    .select({ packageId: packageProblems.packageId, label: packageLabel })
    .from(packageProblems)
    .innerJoin(packages, eq(packages.id, packageProblems.packageId))
    .where(and(inArray(packageProblems.packageId, packageIds), isNull(packageProblems.resolvedAt)));
}

/** True while the parcel has an open problem: it cannot be shipped (docs/product/problem-parcels.md#held). */
export const onHoldByProblem = sql<boolean>`exists (select 1 from ${packageProblems} pp where pp.package_id = ${packages.id} and pp.resolved_at is null)`;
