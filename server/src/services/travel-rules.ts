// The travel rules' changes (docs/product/travel-rules.md): a new version from now on or from a
// coming day, and the cancellation of one not yet in effect. Audited by their table's trigger.
import { and, eq, isNull } from 'drizzle-orm';
import { TRAVEL_RULES_MESSAGES as M, type TravelRules } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { travelRuleVersions } from '../db/schema';
import { isUniqueViolation } from '../lib/database-errors';
import { DomainError } from '../lib/domain-error';
import { cancellable, nextVersionNumber, versionStart } from './rule-versions';
import { findTravelRuleVersion, listTravelRuleVersions } from '../queries/travel-rules';

export async function createTravelRuleVersion(
  tx: DbOrTx,
  input: { startDay: string | null; rules: TravelRules; createdBy: string },
  now = new Date(),
) {
  const effectiveAt = versionStart(input.startDay, now, M);
  const number = await nextVersionNumber(tx, 'travel_rule_versions', listTravelRuleVersions, effectiveAt, M);
  const iso = effectiveAt.toISOString();
  try {
    const [row] = await tx
      .insert(travelRuleVersions)
      .values({ number, effectiveAt, rules: input.rules, createdBy: input.createdBy })
      .returning({ id: travelRuleVersions.id, number: travelRuleVersions.number });
    return { ...row, effectiveAt: iso, message: M.created(row.number, iso) };
  } catch (err) {
    if (isUniqueViolation(err, 'travel_rule_versions_live_at_key')) throw new DomainError('CONFLICT', M.sameStart(iso));
    throw err;
  }
}

/** A scheduled version, cancelled before it starts: it stays in the history and never applies. */
export async function cancelTravelRuleVersion(tx: DbOrTx, id: string, cancelledBy: string, now = new Date()) {
  const version = cancellable(await findTravelRuleVersion(tx, id), now, M);
  const updated = await tx
    .update(travelRuleVersions)
    .set({ cancelledAt: now, cancelledBy })
    .where(and(eq(travelRuleVersions.id, id), isNull(travelRuleVersions.cancelledAt)))
    .returning({ id: travelRuleVersions.id });
  if (updated.length === 0) throw new DomainError('CONFLICT', M.alreadyCancelled);
  return { message: M.cancelledOk(version.number) };
}
