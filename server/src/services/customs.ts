// The customs rules' changes (docs/product/customs.md#the-rules-as-versions): a new version from
// now on or from a coming day, with the source of its figures, and the cancellation of one not yet
// in effect. Audited by their table's trigger.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { CUSTOMS_MESSAGES as M, caracasDay, caracasDayStart, type CustomsRules } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { customsRuleVersions } from '../db/schema';
import { isUniqueViolation } from '../lib/database-errors';
import { DomainError } from '../lib/domain-error';
import { findCustomsVersion, listCustomsVersions } from '../queries/customs';

const DAY_MS = 24 * 3600 * 1000;
/** A version may be scheduled at most this many days ahead (as the travel rules). */
const MAX_DAYS_AHEAD = 366;

export async function createCustomsVersion(
  tx: DbOrTx,
  input: { startDay: string | null; note: string; rules: CustomsRules; createdBy: string },
  now = new Date(),
) {
  if (input.startDay !== null) {
    if (input.startDay <= caracasDay(now)) throw new DomainError('BAD_INPUT', M.startInPast);
    if (input.startDay > caracasDay(new Date(now.getTime() + MAX_DAYS_AHEAD * DAY_MS)))
      throw new DomainError('BAD_INPUT', M.tooFar);
  }
  const effectiveAt = input.startDay === null ? now : caracasDayStart(input.startDay);
  // One writer at a time: the number and the same-start check hold.
  await tx.execute(sql`lock table "customs_rule_versions" in share row exclusive mode`);
  const versions = await listCustomsVersions(tx);
  const iso = effectiveAt.toISOString();
  if (versions.some((v) => !v.cancelledAt && v.effectiveAt === iso))
    throw new DomainError('CONFLICT', M.sameStart(iso));
  const number = Math.max(0, ...versions.map((v) => v.number)) + 1;
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
  const version = await findCustomsVersion(tx, id);
  if (!version) throw new DomainError('NOT_FOUND', M.notFound);
  if (version.cancelledAt) throw new DomainError('CONFLICT', M.alreadyCancelled);
  if (new Date(version.effectiveAt).getTime() <= now.getTime()) throw new DomainError('CONFLICT', M.alreadyInEffect);
  const updated = await tx
    .update(customsRuleVersions)
    .set({ cancelledAt: now, cancelledBy })
    .where(and(eq(customsRuleVersions.id, id), isNull(customsRuleVersions.cancelledAt)))
    .returning({ id: customsRuleVersions.id });
  if (updated.length === 0) throw new DomainError('CONFLICT', M.alreadyCancelled);
  return { message: M.cancelledOk(version.number) };
}
