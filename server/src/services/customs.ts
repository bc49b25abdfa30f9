// The customs rules' changes (docs/product/customs.md#the-rules-as-versions): a new version from
// now on or from a coming day, with the source of its figures, and the cancellation of one not yet
// in effect. Audited by their table's trigger.
import { and, eq, isNull } from 'drizzle-orm';
import { CUSTOMS_MESSAGES as M, CUSTOMS_SETTLEMENT_MESSAGES, type CustomsRules } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { customsRuleVersions, customsSettlementSettings } from '../db/schema';
import { isUniqueViolation } from '../lib/database-errors';
import { DomainError } from '../lib/domain-error';
import { cancellable, nextVersionNumber, versionStart } from './rule-versions';
import { findCustomsVersion, listCustomsVersions } from '../queries/customs';

export async function createCustomsVersion(
  tx: DbOrTx,
  input: { startDay: string | null; note: string; rules: CustomsRules; createdBy: string },
  now = new Date(),
) {
  const effectiveAt = versionStart(input.startDay, now, M);
  const number = await nextVersionNumber(tx, 'customs_rule_versions', listCustomsVersions, effectiveAt, M);
  const iso = effectiveAt.toISOString();
  try {
    const [row] = await tx
      .insert(customsRuleVersions)
      .values({ number, effectiveAt, note: input.note, rules: input.rules, createdBy: input.createdBy })
      .returning({ id: customsRuleVersions.id, number: customsRuleVersions.number });
    return { ...row, effectiveAt: iso, message: M.created(row.number, iso) };
  } catch (err) {
    if (isUniqueViolation(err, 'customs_rule_versions_live_at_key'))
      throw new DomainError('CONFLICT', M.sameStart(iso));
    throw err;
  }
}

/** A scheduled version, cancelled before it starts: it stays in the history and never applies. */
export async function cancelCustomsVersion(tx: DbOrTx, id: string, cancelledBy: string, now = new Date()) {
  const version = cancellable(await findCustomsVersion(tx, id), now, M);
  const updated = await tx
    .update(customsRuleVersions)
    .set({ cancelledAt: now, cancelledBy })
    .where(and(eq(customsRuleVersions.id, id), isNull(customsRuleVersions.cancelledAt)))
    .returning({ id: customsRuleVersions.id });
  if (updated.length === 0) throw new DomainError('CONFLICT', M.alreadyCancelled);
  return { message: M.cancelledOk(version.number) };
}

/** The administrator's settlement threshold (docs/product/customs.md#settled-against-what-customs-charged), audited by its trigger. */
export async function setSettlementThreshold(tx: DbOrTx, thresholdUsdCents: number, updatedBy: string) {
  await tx
    .insert(customsSettlementSettings)
    .values({ id: 1, thresholdUsdCents, updatedBy })
    .onConflictDoUpdate({
      target: customsSettlementSettings.id,
      set: { thresholdUsdCents, updatedBy, updatedAt: new Date() },
    });
  return { thresholdUsdCents, message: CUSTOMS_SETTLEMENT_MESSAGES.thresholdSaved(thresholdUsdCents) };
}
