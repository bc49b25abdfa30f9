// The travel rules' changes (docs/product/travel-rules.md): a new version from now on or from a
// coming day, and the cancellation of one not yet in effect. Audited by their table's trigger.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { TRAVEL_RULES_MESSAGES as M, caracasDay, caracasDayStart, type TravelRules } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { travelRuleVersions } from '../db/schema';
import { isUniqueViolation } from '../lib/database-errors';
import { DomainError } from '../lib/domain-error';
import { findTravelRuleVersion, listTravelRuleVersions } from '../queries/travel-rules';

const DAY_MS = 24 * 3600 * 1000;
/** A version may be scheduled at most this many days ahead. */
const MAX_DAYS_AHEAD = 366;

export async function createTravelRuleVersion(
  tx: DbOrTx,
  input: { startDay: string | null; rules: TravelRules; createdBy: string },
  now = new Date(),
) {
  if (input.startDay !== null) {
    if (input.startDay <= caracasDay(now)) throw new DomainError('BAD_INPUT', M.startInPast);
    if (input.startDay > caracasDay(new Date(now.getTime() + MAX_DAYS_AHEAD * DAY_MS)))
      throw new DomainError('BAD_INPUT', M.tooFar);
  }
  const effectiveAt = input.startDay === null ? now : caracasDayStart(input.startDay);
  // One writer at a time: the number and the same-start check hold.
  await tx.execute(sql`lock table "travel_rule_versions" in share row exclusive mode`);
  const versions = await listTravelRuleVersions(tx);
  const iso = effectiveAt.toISOString();
  if (versions.some((v) => !v.cancelledAt && v.effectiveAt === iso))
    throw new DomainError('CONFLICT', M.sameStart(iso));
  const number = Math.max(0, ...versions.map((v) => v.number)) + 1;
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
  const version = await findTravelRuleVersion(tx, id);
  if (!version) throw new DomainError('NOT_FOUND', M.notFound);
  if (version.cancelledAt) throw new DomainError('CONFLICT', M.alreadyCancelled);
  if (new Date(version.effectiveAt).getTime() <= now.getTime()) throw new DomainError('CONFLICT', M.alreadyInEffect);
  const updated = await tx
    .update(travelRuleVersions)
    .set({ cancelledAt: now, cancelledBy })
    .where(and(eq(travelRuleVersions.id, id), isNull(travelRuleVersions.cancelledAt)))
    .returning({ id: travelRuleVersions.id });
  if (updated.length === 0) throw new DomainError('CONFLICT', M.alreadyCancelled);
  return { message: M.cancelledOk(version.number) };
}
