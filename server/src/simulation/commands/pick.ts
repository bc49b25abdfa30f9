// What a step may act on, read when it runs: ids in a deterministic order (a replay of the same
// sequence on a fresh copy of the world picks the same things), with their owner when they have one.
import type { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import type { World } from '../world';

/** The `id` column of a query. */
export async function ids(world: World, query: ReturnType<typeof sql>): Promise<string[]> {
  return rowsOf<{ id: string }>(await world.db.execute(query)).map((r) => r.id);
}

/** The `id` and `owner` (a user id) columns of a query. */
export async function owned(world: World, query: ReturnType<typeof sql>): Promise<{ id: string; owner: string }[]> {
  return rowsOf<{ id: string; owner: string }>(await world.db.execute(query));
}
