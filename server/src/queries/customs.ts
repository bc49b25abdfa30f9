// The customs rules' reads (docs/product/customs.md): the versions, and the one in effect at a
// moment (shared customsRulesInEffect). The changes are services/customs.ts.
import { asc, eq } from 'drizzle-orm';
import { CUSTOMS_RULES_V1, CUSTOMS_RULES_V1_AT, CUSTOMS_RULES_V1_NOTE, customsRulesInEffect } from '@casillero/shared';
import type { CustomsRulesNow, CustomsRulesVersion } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { customsRuleVersions, users } from '../db/schema';
import { todayRate } from './billing';

const columns = {
  id: customsRuleVersions.id,
  number: customsRuleVersions.number,
  effectiveAt: customsRuleVersions.effectiveAt,
  note: customsRuleVersions.note,
  rules: customsRuleVersions.rules,
  cancelledAt: customsRuleVersions.cancelledAt,
};

const toRow = <R extends { effectiveAt: Date; cancelledAt: Date | null }>(r: R) => ({
  ...r,
  effectiveAt: r.effectiveAt.toISOString(),
  cancelledAt: r.cancelledAt ? r.cancelledAt.toISOString() : null,
});

/** Every version, cancelled ones included, the earliest start first. A few rows a year. */
export async function listCustomsVersions(db: DbOrTx): Promise<CustomsRulesVersion[]> {
  const rows = await db
    .select(columns)
    .from(customsRuleVersions)
    .orderBy(asc(customsRuleVersions.effectiveAt), asc(customsRuleVersions.number));
  return rows.map(toRow);
}

/**
 * The version in effect at `at` (now by default): what an estimate is computed with. Version 1's
 * figures when none was ever written (the migration writes it).
 */
export async function currentCustomsVersion(
  db: DbOrTx,
  at: Date = new Date(),
): Promise<Omit<CustomsRulesVersion, 'cancelledAt'>> {
  const version = customsRulesInEffect(await listCustomsVersions(db), at);
  if (version)
    return {
      id: version.id,
      number: version.number,
      effectiveAt: version.effectiveAt,
      note: version.note,
      rules: version.rules,
    };
  return { id: '', number: 1, effectiveAt: CUSTOMS_RULES_V1_AT, note: CUSTOMS_RULES_V1_NOTE, rules: CUSTOMS_RULES_V1 };
}

/**
 * What an estimate is computed with (docs/product/customs.md#where-the-estimate-is-shown): the
 * version in effect and the latest exchange rate recorded (today's, or the last before it), so the
 * estimate is shown in Bs. too; null when no rate was ever recorded.
 */
export async function customsRulesNow(
  db: DbOrTx,
  at: Date = new Date(),
): Promise<Omit<CustomsRulesVersion, 'cancelledAt'> & CustomsRulesNow> {
  const [version, { rate }] = await Promise.all([currentCustomsVersion(db, at), todayRate(db, at)]);
  return { ...version, rate: rate ? { vesPerUsd: rate.vesPerUsd, rateDate: rate.rateDate } : null };
}

/** One version by id, or null. */
export async function findCustomsVersion(db: DbOrTx, id: string): Promise<CustomsRulesVersion | null> {
  const [row] = await db.select(columns).from(customsRuleVersions).where(eq(customsRuleVersions.id, id));
  return row ? toRow(row) : null;
}

/** The administrator's page: every version with who created it. */
export async function adminCustomsVersions(db: DbOrTx) {
  const rows = await db
    .select({ ...columns, createdAt: customsRuleVersions.createdAt, createdByEmail: users.email })
    .from(customsRuleVersions)
    .leftJoin(users, eq(users.id, customsRuleVersions.createdBy))
    .orderBy(asc(customsRuleVersions.effectiveAt), asc(customsRuleVersions.number));
  return rows.map((r) => ({ ...toRow(r), createdAt: r.createdAt.toISOString() }));
}
