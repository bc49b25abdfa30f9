// The price list's changes (docs/product/price-lists.md): a new version from a day after today, the
// cancellation of one not yet in effect, the honoured-price days, and the signed quote a ship
// request carries so that the price the customer saw is kept for those days. The versions are
// audited by their table's trigger; the setting (app_settings has no trigger) by hand.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { PRICE_LIST_MESSAGES as M, caracasDay, priceListInEffect, type PriceList } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { priceListVersions, priceQuotesSeen } from '../db/schema';
import { saveAuditedSetting } from '../audit/app-settings';
import { isUniqueViolation } from '../lib/database-errors';
import { DomainError } from '../lib/domain-error';
import { sharedSecret } from '../lib/shared-secret';
import {
  PRICE_SETTINGS_KEY,
  findPriceVersion,
  getPriceHonourDays,
  getPricesInEffect,
  listPriceVersions,
  type PricesInEffect,
} from '../queries/prices';

const DAY_MS = 24 * 3600 * 1000;
/** A version may be scheduled at most this many days ahead. */
const MAX_DAYS_AHEAD = 366;

export async function createPriceVersion(
  tx: DbOrTx,
  input: { effectiveFrom: string; prices: PriceList; createdBy: string },
  now = new Date(),
) {
  const today = caracasDay(now);
  if (input.effectiveFrom <= today) throw new DomainError('BAD_INPUT', M.startInPast);
  if (input.effectiveFrom > caracasDay(new Date(now.getTime() + MAX_DAYS_AHEAD * DAY_MS)))
    throw new DomainError('BAD_INPUT', M.tooFar);
  // One writer at a time: the number and the same-start check hold.
  await tx.execute(sql`lock table "price_list_versions" in share row exclusive mode`);
  const versions = await listPriceVersions(tx);
  if (versions.some((v) => !v.cancelledAt && v.effectiveFrom === input.effectiveFrom))
    throw new DomainError('CONFLICT', M.sameStart(input.effectiveFrom));
  const number = Math.max(0, ...versions.map((v) => v.number)) + 1;
  try {
    const [row] = await tx
      .insert(priceListVersions)
      .values({ number, effectiveFrom: input.effectiveFrom, prices: input.prices, createdBy: input.createdBy })
      .returning({ id: priceListVersions.id, number: priceListVersions.number });
    return { ...row, message: M.created(row.number, input.effectiveFrom) };
  } catch (err) {
    if (isUniqueViolation(err, 'price_list_versions_live_from_key'))
      throw new DomainError('CONFLICT', M.sameStart(input.effectiveFrom));
    throw err;
  }
}

/** A scheduled version, cancelled before it starts: it stays in the history and never applies. */
export async function cancelPriceVersion(tx: DbOrTx, id: string, cancelledBy: string, now = new Date()) {
  const version = await findPriceVersion(tx, id);
  if (!version) throw new DomainError('NOT_FOUND', M.notFound);
  if (version.cancelledAt) throw new DomainError('CONFLICT', M.alreadyCancelled);
  if (version.effectiveFrom <= caracasDay(now)) throw new DomainError('CONFLICT', M.alreadyInEffect);
  const updated = await tx
    .update(priceListVersions)
    .set({ cancelledAt: now, cancelledBy })
    .where(and(eq(priceListVersions.id, id), isNull(priceListVersions.cancelledAt)))
    .returning({ id: priceListVersions.id });
  if (updated.length === 0) throw new DomainError('CONFLICT', M.alreadyCancelled);
  return { message: M.cancelled_ok(version.number) };
}

/** The days a quoted price is honoured, locked and audited like the other app settings. */
export async function setPriceHonourDays(tx: DbOrTx, honourDays: number) {
  await saveAuditedSetting(tx, PRICE_SETTINGS_KEY, { honourDays }, async () => ({
    honourDays: await getPriceHonourDays(tx),
  }));
  return { honourDays, message: M.honourSaved };
}

// --- The price a customer saw ----------------------------------------------------------------

const QUOTE_SECRET_KEY = 'price_quote_secret';

const signature = (secret: string, userId: string, versionId: string, quotedAtMs: number) =>
  createHmac('sha256', secret).update(`quote:${userId}.${versionId}.${quotedAtMs}`).digest('base64url');

/**
 * The token a ship request's quote carries: the version it priced with and when, signed for that
 * customer, so the confirmation can honour it and nobody can claim a price they never saw.
 */
export async function signQuote(db: DbOrTx, userId: string, versionId: string, quotedAt: Date) {
  const secret = await sharedSecret(db, QUOTE_SECRET_KEY);
  const ms = quotedAt.getTime();
  return `${versionId}.${ms}.${signature(secret, userId, versionId, ms)}`;
}

/** A quote token's version and time, when it is signed for this customer; otherwise null. */
export async function readQuote(db: DbOrTx, userId: string, token: string) {
  const [versionId, msText, sig, ...rest] = token.split('.');
  const ms = Number(msText);
  if (rest.length || !versionId || !sig || !Number.isSafeInteger(ms)) return null;
  const secret = await sharedSecret(db, QUOTE_SECRET_KEY);
  const expected = Buffer.from(signature(secret, userId, versionId, ms));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { versionId, quotedAt: new Date(ms) };
}

/** The quote the customer last saw in a ship request (recorded by rememberQuoteSeen), or null. */
async function lastQuoteSeen(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ versionId: priceQuotesSeen.priceListVersionId, quotedAt: priceQuotesSeen.quotedAt })
    .from(priceQuotesSeen)
    .where(eq(priceQuotesSeen.userId, userId));
  return row ?? null;
}

/**
 * Records the version a customer was just quoted, from the first time they saw it: a later quote
 * without the dialog's token (another day, another device, the API) honours it as the token would.
 */
export async function rememberQuoteSeen(db: DbOrTx, userId: string, versionId: string, quotedAt: Date) {
  await db
    .insert(priceQuotesSeen)
    .values({ userId, priceListVersionId: versionId, quotedAt })
    .onConflictDoUpdate({
      target: priceQuotesSeen.userId,
      set: { priceListVersionId: versionId, quotedAt },
      setWhere: sql`${priceQuotesSeen.priceListVersionId} <> excluded.price_list_version_id`,
    });
}

/**
 * The prices a ship request is confirmed with: those in effect now, unless the customer's quote
 * (its signed token, or else the last quote they saw, on any device) was made under an earlier
 * version no more than the honoured days ago; then that version's. A token older than that, under
 * a version no longer in effect, is refused so the customer sees the new price first (while only
 * quoting, the new price is quoted instead); a remembered quote past its days simply gives way to
 * the prices in effect. With a token not ours, the prices in effect now.
 */
export async function pricesForShipRequest(
  db: DbOrTx,
  userId: string,
  quoteToken: string | null | undefined,
  { now = new Date(), confirming = false }: { now?: Date; confirming?: boolean } = {},
): Promise<PricesInEffect & { quotedAt: Date; inEffect?: PricesInEffect }> {
  const current = await getPricesInEffect(db, now);
  const signed = quoteToken ? await readQuote(db, userId, quoteToken) : null;
  if (quoteToken && !signed) return { ...current, quotedAt: now };
  const quote = signed ?? (await lastQuoteSeen(db, userId));
  if (!quote || quote.quotedAt.getTime() > now.getTime()) return { ...current, quotedAt: now };
  if (quote.versionId === current.id) return { ...current, quotedAt: quote.quotedAt };
  const honourDays = await getPriceHonourDays(db);
  const versions = await listPriceVersions(db);
  const then = priceListInEffect(versions, quote.quotedAt);
  const within = now.getTime() - quote.quotedAt.getTime() <= honourDays * DAY_MS;
  if (!then || then.id !== quote.versionId || !within) {
    // While the dialog is open the new price is simply shown; confirming an old token is refused.
    if (!confirming || !signed) return { ...current, quotedAt: now };
    throw new DomainError('CONFLICT', M.quoteExpired);
  }
  return {
    id: then.id,
    number: then.number,
    effectiveFrom: then.effectiveFrom,
    prices: then.prices,
    quotedAt: quote.quotedAt,
    // The caller compares: a price honoured is a ceiling, never a surcharge over today's.
    inEffect: current,
  };
}
