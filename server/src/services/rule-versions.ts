// What the rule books dated to the instant share (the travel rules, the customs rules): a new
// version starts now or at 00:00 Caracas of a coming day within a year; one writer at a time
// numbers it and refuses a second live version with the same start; a version is cancelled only
// before it starts. Each book keeps its own table, texts and audit trigger.
import { sql } from 'drizzle-orm';
import { caracasDay, caracasDayStart } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { DomainError } from '../lib/domain-error';

const DAY_MS = 24 * 3600 * 1000;
/** A version may be scheduled at most this many days ahead. */
const MAX_DAYS_AHEAD = 366;

/** The texts each book words these refusals in. */
export type VersionBookMessages = {
  startInPast: string;
  tooFar: string;
  sameStart: (iso: string) => string;
  notFound: string;
  alreadyCancelled: string;
  alreadyInEffect: string;
};

type Listed = { number: number; effectiveAt: string; cancelledAt: string | null };

/** When a version asked to start on `startDay` (null: now) starts; refused in the past or too far ahead. */
export function versionStart(startDay: string | null, now: Date, M: VersionBookMessages): Date {
  if (startDay === null) return now;
  if (startDay <= caracasDay(now)) throw new DomainError('BAD_INPUT', M.startInPast);
  if (startDay > caracasDay(new Date(now.getTime() + MAX_DAYS_AHEAD * DAY_MS)))
    throw new DomainError('BAD_INPUT', M.tooFar);
  return caracasDayStart(startDay);
}

/**
 * Locks the book's table (one writer at a time: the number and the same-start check hold until
 * the transaction ends) and gives the next version's number; a live version with the same start
 * is refused.
 */
export async function nextVersionNumber(
  tx: DbOrTx,
  table: 'travel_rule_versions' | 'customs_rule_versions',
  list: (tx: DbOrTx) => Promise<Listed[]>,
  effectiveAt: Date,
  M: VersionBookMessages,
): Promise<number> {
  await tx.execute(sql.raw(`lock table "${table}" in share row exclusive mode`));
  const versions = await list(tx);
  const iso = effectiveAt.toISOString();
  if (versions.some((v) => !v.cancelledAt && v.effectiveAt === iso))
    throw new DomainError('CONFLICT', M.sameStart(iso));
  return Math.max(0, ...versions.map((v) => v.number)) + 1;
}

/** The version to cancel, refused when missing, cancelled already or already in effect. */
export function cancellable<V extends Listed>(version: V | null, now: Date, M: VersionBookMessages): V {
  if (!version) throw new DomainError('NOT_FOUND', M.notFound);
  if (version.cancelledAt) throw new DomainError('CONFLICT', M.alreadyCancelled);
  if (new Date(version.effectiveAt).getTime() <= now.getTime()) throw new DomainError('CONFLICT', M.alreadyInEffect);
  return version;
}
