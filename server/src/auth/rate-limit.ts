// Throttling counted in the database (docs/decisions/007): every instance shares the
// counts, and each call of a batch is one event, so a batch of 20 calls counts as 20.
import { and, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import { rateLimitEvents } from '../db/schema';
import { DomainError } from '../lib/domain-error';

export type LimitWindow = {
  key: string;
  max: number;
  windowMs: number;
  /** The text to answer with when the window is full; gets the minutes left. */
  message: (minutesLeft: number) => string;
};

/** How full a window is once this attempt counted: what the API's RateLimit field reports. */
export type WindowUsage = { key: string; max: number; windowMs: number; used: number; resetMs: number };

export type LimitHit = {
  eventIds: number[];
  exceeded: (LimitWindow & { retryAfterMs: number }) | null;
  /** Each window's count, this attempt included (when refused, as it stands). */
  usage: WindowUsage[];
};

/** The refusal of a full window: its message with the minutes left, and when to try again. */
export function tooMany(exceeded: NonNullable<LimitHit['exceeded']>): DomainError {
  return new DomainError('TOO_MANY', exceeded.message(Math.ceil(exceeded.retryAfterMs / 60_000)), {
    retryAfter: Math.ceil(exceeded.retryAfterMs / 1000),
  });
}

/**
 * Counts what each key already has in its window and, when every window has room, records
 * this attempt. Per-key advisory locks make concurrent attempts take turns, on PGlite and
 * on a PostgreSQL server alike, so a batch of 20 calls is counted as 20.
 */
export async function hitLimits(db: Db, windows: LimitWindow[]): Promise<LimitHit> {
  const keys = [...new Set(windows.map((w) => w.key))].sort();
  if (keys.length === 0) return { eventIds: [], exceeded: null, usage: [] };
  return db.transaction(async (tx) => {
    for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const usage: WindowUsage[] = [];
    for (const w of windows) {
      const now = Date.now();
      const since = new Date(now - w.windowMs);
      const [row] = await tx
        .select({ n: count(), oldest: sql<string | null>`min(${rateLimitEvents.createdAt})` })
        .from(rateLimitEvents)
        .where(and(eq(rateLimitEvents.key, w.key), gt(rateLimitEvents.createdAt, since)));
      const used = Number(row.n);
      // The window frees its first place when its oldest event leaves it; empty, a whole window ahead.
      const resetMs = row.oldest ? Math.max(0, new Date(row.oldest).getTime() + w.windowMs - now) : w.windowMs;
      const { key, max, windowMs } = w;
      if (used >= w.max) {
        const retryAfterMs = await msUntilFree(tx, w);
        usage.push({ key, max, windowMs, used, resetMs: retryAfterMs });
        return { eventIds: [], exceeded: { ...w, retryAfterMs }, usage };
      }
      usage.push({ key, max, windowMs, used: used + 1, resetMs });
    }
    const inserted = await tx
      .insert(rateLimitEvents)
      .values(keys.map((key) => ({ key, createdAt: new Date() })))
      .returning({ id: rateLimitEvents.id });
    return { eventIds: inserted.map((r) => r.id), exceeded: null, usage };
  });
}

/** When the oldest counted event leaves the window, the key has room again. */
async function msUntilFree(db: DbOrTx, w: LimitWindow): Promise<number> {
  const since = new Date(Date.now() - w.windowMs);
  // The event whose leaving brings the count under the limit again.
  const rows = await db
    .select({ createdAt: rateLimitEvents.createdAt })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, w.key), gt(rateLimitEvents.createdAt, since)))
    .orderBy(desc(rateLimitEvents.createdAt))
    .limit(w.max);
  const freeing = rows[rows.length - 1]?.createdAt ?? new Date();
  return Math.max(1000, freeing.getTime() + w.windowMs - Date.now());
}

/**
 * Runs `action` unless `key` already ran it within the window, recording the run in the same
 * transaction: once per window, however many instances and concurrent calls ask.
 */
export async function onceIn(
  db: Db,
  key: string,
  windowMs: number,
  action: (tx: Tx) => Promise<unknown>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const since = new Date(Date.now() - windowMs);
    const [row] = await tx
      .select({ n: count() })
      .from(rateLimitEvents)
      .where(and(eq(rateLimitEvents.key, key), gt(rateLimitEvents.createdAt, since)));
    if (Number(row.n) > 0) return false;
    await tx.insert(rateLimitEvents).values({ key, createdAt: new Date() });
    await action(tx);
    return true;
  });
}

/** How many events `key` has within its window (the attempts a limit has counted so far). */
export async function countEvents(db: DbOrTx, key: string, windowMs: number): Promise<number> {
  const since = new Date(Date.now() - windowMs);
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, key), gt(rateLimitEvents.createdAt, since)));
  return Number(row.n);
}

export async function forgetEvents(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, ids));
}

/** Nothing reads events older than a day; the server prunes them now and then. */
export async function pruneEvents(db: DbOrTx, olderThanMs = 24 * 60 * 60 * 1000): Promise<void> {
  await db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, new Date(Date.now() - olderThanMs)));
}
